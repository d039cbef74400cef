/// The words data files use for "no value": a field holding one of them is a missing value
/// (`TableValue.missing`), shown as written, sorted after every present value in
/// either direction, and not counted when a column's type is decided, so a column of numbers
/// with gaps still sorts as numbers.
public struct MissingValues: Sendable, Hashable {
    /// The words, compared exactly.
    public var words: Set<String>
    /// True when an empty value is missing (a file's empty field); false for rows whose source
    /// marks its own nulls, where an empty text is a value and only a null (a field the row
    /// reads as absent) is missing.
    public var emptyIsMissing: Bool

    /// What R, pandas, spreadsheet and database exports write most: `NA`, `N/A`, `null`,
    /// `NULL`, `-`, and `\N` (PostgreSQL's `COPY` text and MySQL's tab dumps).
    public static let common = MissingValues(words: ["NA", "N/A", "null", "NULL", "-", "\\N"])

    /// Nothing but a null: for rows whose source marks its own nulls (Parquet, a database),
    /// where an empty text and the text `NA` are values like any other, as DuckDB and
    /// PostgreSQL count them.
    public static let none = MissingValues(words: [], emptyIsMissing: false)

    /// The words the person named (`--null`), which hold in JSON too; the others are a
    /// convention of delimited text, where nothing else can say "no value".
    public var named: Set<String>

    /// Missing values named by `words`, and an empty value when `emptyIsMissing`; `named` of
    /// them (and only those) were the person's own.
    public init(words: Set<String>, emptyIsMissing: Bool = true, named: Set<String> = []) {
        self.words = words.union(named)
        self.emptyIsMissing = emptyIsMissing
        self.named = named
    }

    /// These for rows whose format marks its own nulls (JSON's `null`): only a null and the
    /// words the person named are missing (an empty text too when they named it); `NA` and
    /// an empty text are text.
    public var withOwnNulls: MissingValues { MissingValues(words: named, emptyIsMissing: named.contains(""), named: named) }

    /// True where a null is told apart from an empty text: the rows' source marks its own nulls
    /// and nobody said an empty text is missing. A frequency table then counts the nulls on a
    /// line of their own, and a field a row does not have is a null; else it reads empty.
    public var nullsApart: Bool { !emptyIsMissing }

    /// True when `field` is one of the words, or empty where an empty value is missing.
    public func contains(_ field: String) -> Bool { field.isEmpty ? emptyIsMissing : words.contains(field) }
}

/// The missing words as bytes, with their first bytes and the longest one's length: most
/// fields are told apart from every word by these alone.
struct MissingBytes: Sendable, Hashable {
    let words: [[UInt8]]
    let starts: [Bool]
    let longest: Int
    let emptyIsMissing: Bool

    init(_ missing: MissingValues) {
        emptyIsMissing = missing.emptyIsMissing
        words = missing.words.map { Array($0.utf8) }
        var starts = [Bool](repeating: false, count: 256)
        for word in words { if let first = word.first { starts[Int(first)] = true } }
        self.starts = starts
        longest = words.map(\.count).max() ?? 0
    }

    /// True where a null is told apart from an empty text (``MissingValues/nullsApart``).
    var nullsApart: Bool { !emptyIsMissing }

    /// True for no value: a field the row does not have (nil: a null), an empty one where that
    /// is missing, or one of the words.
    @inline(__always)
    func isMissing(_ bytes: UnsafeBufferPointer<UInt8>?) -> Bool {
        // Safe: the caller's bytes, read inside their count.
        guard let bytes = unsafe bytes else { return true }
        return unsafe bytes.isEmpty ? emptyIsMissing : contain(bytes)
    }

    /// True when `bytes` are one of the words (empty bytes are none: whether they are missing is
    /// ``isMissing(_:)``'s question).
    func contain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Safe: the caller's bytes, their first read only once they are known to have one.
        guard let first = unsafe bytes.first else { return false }
        return bytes.count <= longest && starts[Int(first)] && words.contains { unsafe $0.count == bytes.count && $0.elementsEqual(bytes) }
    }
}
