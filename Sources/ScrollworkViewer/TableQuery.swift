import Scrollwork
import ScrollworkFiles

/// A ``ViewRecipe`` carried out on any `TableSource` without a terminal: the one pipeline of
/// every batch run (`scrollwork open … --filter … --output FILE`), whatever holds the table.
/// The recipe's names are found among the source's columns, and the source does the work.
public enum TableQuery {
    /// `source` with every row found (``TableSource/readToEnd(typing:progress:)``), so that a
    /// batch run reads every row, typed where `recipe`'s result written in `format` depends on
    /// a column's type (``ViewRecipe/columnsTyped(_:writing:)``).
    ///
    /// - Throws: ``OpenFile/Failure`` when the source stops before then, or cannot trust its rows.
    static func whole(_ source: any TableSource, for recipe: ViewRecipe, writing format: ExportFormat) throws(OpenFile.Failure) -> any TableSource {
        let typed = recipe.columnsTyped(ColumnNames(source.columnTitles), writing: format)
        do { return try source.readToEnd(typing: typed, progress: .unwatched) } catch { throw OpenFile.Failure(description: "\(source.title): \(error)") }
    }

    /// Carries out `recipe` on `source` and writes the result to `path` (`-`: standard output)
    /// in the format its name says. Returns the rows written. A file at `path` is replaced only
    /// when `replacingExisting`, and never when the source reads it.
    ///
    /// - Throws: ``OpenFile/Failure``: status 64 for a recipe or output name that is wrong (a
    ///   filter that does not parse, a column no one has, an order the source cannot make), 1
    ///   when the source cannot be read, the target exists and may not be replaced, or the
    ///   result cannot be written.
    public static func write(_ source: any TableSource, recipe: ViewRecipe, to path: String, replacingExisting: Bool = false) throws(OpenFile.Failure) -> Int {
        let format: ExportFormat
        do {
            // Before any row is read: a wrong recipe or name is said at once, however big the table.
            try recipe.validate()
            format = try ExportFormat(path: path)
        } catch {
            throw OpenFile.Failure(description: "\(error)", status: 64)
        }
        let source = try whole(source, for: recipe, writing: format)
        let names = ColumnNames(source.columnTitles)
        let filters: [RowFilter], order: [ColumnOrder], columns: [Int], frequency: Int?
        do {
            filters = try recipe.parsedFilters(names)
            order = try recipe.parsedSorts(names).map { ColumnOrder(column: $0.field, ascending: $0.ascending) }
            columns = try recipe.parsedColumns(names)
            frequency = try recipe.frequency.map { name throws(ExploreError) in try names.index(of: name) }
        } catch {
            throw OpenFile.Failure(description: "\(error)", status: 64)
        }
        let output: OutputFile
        do { output = try OutputFile(path: path, replacingExisting: replacingExisting, protecting: source.readFiles) } catch {
            throw OpenFile.Failure(description: "\(error)")
        }
        let going = TableProgress.unwatched
        do {
            if let frequency {
                let table = try source.frequency(ofColumn: frequency, where: filters, progress: going)
                return try written { () throws(FileError) in
                    try TableExport.write(table.rows, titles: FrequencyTable.titles, numeric: FrequencyTable.numeric, format: format, to: output)
                }
            }
            if recipe.summary {
                let summaries = try source.summary(where: filters, progress: going)
                return try written { () throws(FileError) in
                    try TableExport.write(ColumnSummary.rows(columns.compactMap { summaries.indices.contains($0) ? summaries[$0] : nil }),
                                          titles: ColumnSummary.titles, numeric: ColumnSummary.numeric, format: format, to: output)
                }
            }
            return try source.write(where: filters, orderedBy: order, columns: columns, format: format, to: output, progress: going)
        } catch let TableSourceError.unsupported(message) {
            throw OpenFile.Failure(description: message, status: 64)
        } catch {
            throw OpenFile.Failure(description: "\(error)")
        }
    }

    /// What `body` wrote, its failure a `TableSourceError`.
    private static func written(_ body: () throws(FileError) -> Int) throws(TableSourceError) -> Int {
        do { return try body() } catch { throw .failed("\(error)") }
    }
}
