import Scrollwork
import ScrollworkFiles

/// A view of a file as the command line writes it (`--filter`, `--sort`, `--columns`,
/// `--frequency`, `--summary`), so that a script reproduces what a person made in the viewer.
public struct ViewRecipe: Sendable, Hashable {
    /// Filters, each `COLUMN=VALUE` and the like (see `RowFilter`); every one must hold.
    public var filters: [String] = []
    /// Sort keys, most significant first: a column's name, `-` before it for descending.
    public var sorts: [String] = []
    /// The columns shown, comma-separated; nil for all.
    public var columns: String? = nil
    /// The column whose frequency table is the result.
    public var frequency: String? = nil
    /// True when the result is the summary of the columns.
    public var summary = false

    /// An empty recipe: the file as it is.
    public init(filters: [String] = [], sorts: [String] = [], columns: String? = nil, frequency: String? = nil, summary: Bool = false) {
        self.filters = filters
        self.sorts = sorts
        self.columns = columns
        self.frequency = frequency
        self.summary = summary
    }

    /// The filters, their columns found among `names`.
    ///
    /// - Throws: `ExploreError` for a filter that does not parse or names no column.
    func parsedFilters(_ names: ColumnNames) throws(ExploreError) -> [RowFilter] {
        var parsed: [RowFilter] = []
        for text in filters { parsed.append(try RowFilter(parsing: text, columns: names)) }
        return parsed
    }

    /// The sort keys as fields (from 0) and directions, their columns found among `names`: a
    /// name is tried as written first, so a column titled `-x` is found before `x` descending.
    ///
    /// - Throws: `ExploreError` for a name no column has.
    func parsedSorts(_ names: ColumnNames) throws(ExploreError) -> [(field: Int, ascending: Bool)] {
        var keys: [(field: Int, ascending: Bool)] = []
        for text in sorts {
            if !names.titles.contains(text), text.hasPrefix("-") || text.hasPrefix("+") {
                keys.append((try names.index(of: String(text.dropFirst())), !text.hasPrefix("-")))
            } else {
                keys.append((try names.index(of: text), true))
            }
        }
        return keys
    }

    /// The fields shown, in order: all of `names`' columns when no list was given.
    ///
    /// - Throws: `ExploreError` for a name no column has.
    func parsedColumns(_ names: ColumnNames) throws(ExploreError) -> [Int] {
        guard let columns else { return Array(names.titles.indices) }
        return try names.indexes(ofList: columns)
    }

    /// The columns among `names` whose types the result written in `format` depends on: those
    /// the filters, sorts and frequency table read, and the columns written where the format
    /// writes a number apart from text (JSON Lines, Parquet). Nil where every column's type
    /// counts (a summary, a filter on every column) or a name is not found among `names` (the
    /// run says so once the table is read).
    func columnsTyped(_ names: ColumnNames, writing format: ExportFormat) -> [Int]? {
        guard !summary else { return nil }
        do {
            let filters = try parsedFilters(names)
            guard filters.allSatisfy({ $0.column != nil }) else { return nil }
            var read = filters.compactMap(\.column) + (try parsedSorts(names)).map(\.field)
            if let frequency { read.append(try names.index(of: frequency)) }
            if frequency == nil, format == .jsonLines || format == .parquet { read += try parsedColumns(names) }
            return Set(read).sorted()
        } catch {
            return nil
        }
    }

    /// Checks that the options go together: a frequency table and a summary are each a result
    /// of their own, and a frequency table has its own columns.
    func validate() throws(ExploreError) {
        if frequency != nil && summary { throw ExploreError("--frequency and --summary each make a table of their own; give one of them") }
        if frequency != nil && columns != nil { throw ExploreError("--columns chooses the columns of rows or of a summary; a frequency table's are value, count and percent") }
    }
}
