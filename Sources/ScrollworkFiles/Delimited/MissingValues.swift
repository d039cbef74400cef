/// The words data files use for "no value": a field holding one of them is a missing value
/// (`TableValue.missing`), shown as written, sorted after every present value in
/// either direction, and not counted when a column's type is decided, so a column of numbers
/// with gaps still sorts as numbers.
public struct MissingValues: Sendable, Hashable {
    /// The words, compared exactly (an empty field is always missing).
    public var words: Set<String>

    /// What R, pandas and spreadsheet exports write most: `NA`, `N/A`, `null`, `NULL` and `-`.
    public static let common = MissingValues(words: ["NA", "N/A", "null", "NULL", "-"])

    /// Missing values named by `words`.
    public init(words: Set<String>) { self.words = words }

    /// True when `field` is empty or one of the words.
    public func contains(_ field: String) -> Bool { field.isEmpty || words.contains(field) }
}
