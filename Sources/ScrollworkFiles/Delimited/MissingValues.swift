/// The words data files use for "no value": a field holding one of them is a missing value
/// (`TableValue.missing`), shown as written, sorted after every present value in
/// either direction, and not counted when a column's type is decided, so a column of numbers
/// with gaps still sorts as numbers.
public struct MissingValues: Sendable, Hashable {
    /// The words, compared exactly (an empty field is always missing).
    public var words: Set<String>

    /// What R, pandas, spreadsheet and database exports write most: `NA`, `N/A`, `null`,
    /// `NULL`, `-`, and `\N` (PostgreSQL's `COPY` text and MySQL's tab dumps).
    public static let common = MissingValues(words: ["NA", "N/A", "null", "NULL", "-", "\\N"])

    /// No word: only an empty value is missing. For rows whose source marks its own nulls
    /// (Parquet, a database), where the text `NA` is a value like any other.
    public static let none = MissingValues(words: [])

    /// Missing values named by `words`.
    public init(words: Set<String>) { self.words = words }

    /// True when `field` is empty or one of the words.
    public func contains(_ field: String) -> Bool { field.isEmpty || words.contains(field) }
}

/// The missing words as bytes, with their first bytes and the longest one's length: most
/// fields are told apart from every word by these alone.
struct MissingBytes: Sendable, Hashable {
    let words: [[UInt8]]
    let starts: [Bool]
    let longest: Int

    init(_ missing: MissingValues) {
        words = missing.words.map { Array($0.utf8) }
        var starts = [Bool](repeating: false, count: 256)
        for word in words { if let first = word.first { starts[Int(first)] = true } }
        self.starts = starts
        longest = words.map(\.count).max() ?? 0
    }

    /// True when `bytes` (not empty) are one of the words.
    func contain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count <= longest && starts[Int(bytes[0])] && words.contains { $0.count == bytes.count && $0.elementsEqual(bytes) }
    }
}
