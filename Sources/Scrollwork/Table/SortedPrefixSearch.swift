/// Type-ahead in rows sorted by a column of text byte by byte (the order of a file's text
/// columns, and of every database's with `COLLATE "C"`): the rows whose text starts with one
/// spelling of a prefix ("tr", "Tr", "tR", "TR") lie together, so each spelling's run is found by
/// binary search, a row read a step, and any row of any number of rows is reached.
public enum SortedPrefixSearch {
    /// What a row holds, as the search reads it.
    public enum Key: Sendable, Hashable {
        /// Text, as UTF-8.
        case text([UInt8])
        /// No value: sorted after every text, in either direction.
        case missing
        /// A value that is not text (a number): the column is not searched so.
        case other
    }

    /// What a search found.
    public enum Outcome: Sendable, Hashable {
        /// The first row, in the order shown, whose text starts with the prefix.
        case found(Int)
        /// No row's text starts with it.
        case notFound
        /// The rows cannot be searched so: the prefix has more than ``mostSpellings`` spellings,
        /// or a row read holds a value that is not text. Scan them instead.
        case unsearchable
    }

    /// What `value` is to a search: text, missing, or other. Where a column may sort text that
    /// reads as numbers as numbers (``TableColumn/sortsNumericTextAsNumbers``), text that starts
    /// like a number (a digit, a sign or a point) is other: its place is not its bytes'.
    public static func key(_ value: TableValue, numericTextSortsAsNumbers: Bool) -> Key {
        if value.isMissing { return .missing }
        guard case let .string(text) = value else { return .other }
        if numericTextSortsAsNumbers, let first = text.utf8.first, (0x30...0x39).contains(first) || first == 0x2B || first == 0x2D || first == 0x2E {
            return .other
        }
        return .text(Array(text.utf8))
    }

    /// The most spellings of a prefix searched (a letter has two, a character without case one).
    public static let mostSpellings = 64

    /// The first of `count` rows (clamped at 0), sorted by their text byte by byte, ascending or
    /// not (rows without a value last either way), whose text starts with `prefix` in any mix of
    /// upper and lower case; `key` reads row `i` of the order shown (a caller whose reads cost
    /// keeps what it read) and may throw, which ends the search with its error. O(log count) reads a spelling, and spellings after the first
    /// found are not searched.
    public static func firstRow<E: Error>(startingWith prefix: String, count: Int, ascending: Bool,
                                          key: (Int) throws(E) -> Key) throws(E) -> Outcome {
        guard let spellings = spellings(of: prefix) else { return .unsearchable }
        let count = Swift.max(0, count)
        // The spellings' runs lie in the byte order of the spellings (of one length, none the
        // start of another): the first run shown is the first spelling, in the order shown, that
        // any row starts with, and each search starts where the one before ended.
        let ordered = spellings.map { Array($0.utf8) }.sorted { ascending ? bytesPrecede($0, $1) : bytesPrecede($1, $0) }
        var low = 0
        for bytes in ordered {
            // The first row at or past the run: ascending, the first text not before the
            // spelling; descending, the first that starts with it or comes before it.
            var high = count
            while low < high {
                let middle = low + (high - low) / 2
                let past: Bool
                switch try key(middle) {
                case .other: return .unsearchable
                case .missing: past = true
                case let .text(text): past = ascending ? !bytesPrecede(text, bytes) : (text.starts(with: bytes) || bytesPrecede(text, bytes))
                }
                if past { high = middle } else { low = middle + 1 }
            }
            if low < count, case let .text(text) = try key(low), text.starts(with: bytes) { return .found(low) }
        }
        return .notFound
    }

    /// Every spelling of `prefix` in upper and lower case, one a character without case; nil
    /// past ``mostSpellings`` or for an empty prefix.
    static func spellings(of prefix: String) -> [String]? {
        guard !prefix.isEmpty else { return nil }
        var spellings = [""]
        for character in prefix {
            // Only forms that read back as the character ignoring case ("SS" is not one of "ß").
            let folded = character.lowercased()
            var forms = [String(character)]
            for form in [folded, character.uppercased()] where !forms.contains(form) && form.lowercased() == folded { forms.append(form) }
            guard spellings.count * forms.count <= mostSpellings else { return nil }
            spellings = spellings.flatMap { start in forms.map { start + $0 } }
        }
        return spellings
    }
}
