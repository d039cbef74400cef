extension DelimitedDialect {
    /// The separators a sample is tried with, most likely first.
    public static let candidates: [UInt8] = [0x2C, 0x09, 0x3B, 0x7C]

    /// The dialect a sample of the file's first bytes suggests, as table viewers guess it:
    ///
    /// - **Separator**: the one that splits the sampled records into the same number of fields
    ///   (more than one) most often, ties going to the one tried first (the name's hint, then
    ///   `,`, tab, `;` and `|`, in ``candidates``' order). A sample with one field a record reads
    ///   as one column.
    /// - **Quote**: `"`, unless some field is enclosed in `'` (opened at the field's start, closed
    ///   just before a separator or the line's end), none in `"`, and `'` splits the records at
    ///   least as evenly: LibreOffice's export with `'` as its string delimiter.
    /// - **Header**: when the first record has no number in it while a column below it holds
    ///   numbers, or when its fields are all distinct and none is empty.
    ///
    /// - Parameters:
    ///   - sample: the file's first bytes (64 KB is plenty).
    ///   - hint: the file's name extension, if any: `tsv` and `tab` prefer tabs, `csv` commas and
    ///     `psv` pipes, when another separator splits the records as well.
    ///   - known: the separator when it is known (a person's `--separator`, Excel's `sep=`
    ///     line): only the quote and the header are guessed. A quote, CR or LF counts as `,`.
    public static func detect(sample: [UInt8], hint: String? = nil, separator known: UInt8? = nil) -> DelimitedDialect {
        // The name's hint first: a tie goes to the separator tried first.
        let hinted: UInt8? = switch hint?.lowercased() {
        case "tsv", "tab": 0x09
        case "csv": 0x2C
        case "psv": 0x7C
        default: nil
        }
        let order = known.map { [usable(separator: $0, quote: 0x22).separator] }
            ?? hinted.map { h in [h] + candidates.filter { $0 != h } } ?? candidates
        let double = Guess(sample: sample, order: order, quote: 0x22)
        // A known separator `'` leaves `"` the only quote.
        let single = order == [0x27] ? nil : Guess(sample: sample, order: order, quote: 0x27)
        let guess = single.flatMap { $0.enclosed > 0 && double.enclosed == 0 && $0.score >= double.score ? $0 : nil } ?? double
        let (separator, quote) = (guess.separator, guess.quote)
        let rows = guess.records.map { RecordParser.fields(of: $0, separator: separator, quote: quote) }
        guard let head = rows.first else { return DelimitedDialect(separator: separator, quote: quote, hasHeader: false) }
        let numeric = { (s: String) -> Bool in Double(s.trimmingSpaces) != nil }
        let headHasNumbers = head.contains(where: numeric)
        let numbersBelow = head.indices.contains { c in rows.dropFirst().contains { $0.indices.contains(c) && numeric($0[c]) } }
        let distinct = Set(head).count == head.count && !head.contains("")
        return DelimitedDialect(separator: separator, quote: quote, hasHeader: !headHasNumbers && (numbersBelow || distinct))
    }

    /// The separator that splits a sample best with one quote, and how well.
    private struct Guess {
        var separator: UInt8
        let quote: UInt8
        /// How many sampled records have the first record's number of fields (0: none has more than one).
        var score = 0
        /// The sampled records, as the separator and quote find them.
        var records: [[UInt8]] = []
        /// How many of their fields are wholly enclosed in the quote.
        var enclosed = 0

        init(sample: [UInt8], order: [UInt8], quote: UInt8) {
            self.quote = quote
            separator = order[0]
            records = DelimitedDialect.records(in: sample, separator: separator, quote: quote, limit: 50)
            for candidate in order {
                let found = DelimitedDialect.records(in: sample, separator: candidate, quote: quote, limit: 50)
                let counts = found.map { RecordParser.fieldCount(of: $0, separator: candidate, quote: quote) }
                guard let first = counts.first, first > 1 else { continue }
                let agreeing = counts.filter { $0 == first }.count
                if agreeing > score { (separator, score, records) = (candidate, agreeing, found) }
            }
            enclosed = records.reduce(0) { $0 + Self.enclosedFields(in: $1, separator: separator, quote: quote) }
        }

        /// The fields of `record` that the quote opens at their start and closes just before a
        /// separator or the line ending (LF, CRLF or the sample's end).
        static func enclosedFields(in record: [UInt8], separator: UInt8, quote: UInt8) -> Int {
            var count = 0
            var state = DelimitedState.fieldStart
            for (i, byte) in record.enumerated() {
                let closed = state == .quoteInQuoted
                let (after, action) = state.next(byte, separator: separator, quote: quote)
                let lineEnd = byte == 0x0D && i + 2 == record.count && record[i + 1] == 0x0A
                if closed && (action == .endField || action == .endRecord || lineEnd) { count += 1 }
                state = action == .endRecord ? .unquoted : after
            }
            return state == .quoteInQuoted ? count + 1 : count
        }
    }

    /// Up to `limit` whole records from the start of `sample`, as `separator` and `quote` split
    /// them (the last, cut short, is left out unless it is the only one).
    public static func records(in sample: [UInt8], separator: UInt8 = 0x2C, quote: UInt8 = 0x22, limit: Int) -> [[UInt8]] {
        var starts: [Int] = [0]
        // A first screen's records take a few kilobytes: a longer prefix is scanned only while
        // fewer than `limit` records end in the one scanned (the sample is 64 KB, scanned for
        // each separator tried before the first frame).
        var scanned = Swift.min(sample.count, 8 << 10)
        while true {
            starts = [0]
            var scanner = RecordScanner(separator: separator, quote: quote)
            // Safe: the sample is lent for the call, cut to the bytes scanned, which are at most
            // its count.
            unsafe sample.withUnsafeBufferPointer { bytes in unsafe scanner.scan(UnsafeBufferPointer(rebasing: bytes.prefix(scanned))) { starts.append(Int($0)) } }
            if starts.count > limit || scanned == sample.count { break }
            scanned = Swift.min(sample.count, scanned * 4)
        }
        var records: [[UInt8]] = []
        for (i, start) in starts.enumerated() where records.count < limit {
            let end = i + 1 < starts.count ? starts[i + 1] : sample.count
            guard end > start else { continue }
            if i + 1 == starts.count && !records.isEmpty { break }
            records.append(Array(sample[start..<end]))
        }
        return records
    }
}
