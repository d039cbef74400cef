import Scrollwork
import ScrollworkFiles

/// `scrollwork open FILE --filter … --output FILE`: a ``ViewRecipe`` carried out on a table
/// file without a terminal, by the same filters, sort, counts and save the viewer uses, and the
/// result written as CSV, TSV or JSON Lines.
public enum FileQuery {
    /// Carries out `recipe` on `viewer`'s file (indexed to its end first) and writes the result
    /// to `path` (`-`: standard output) in the format its name says, using `loop`'s cores.
    /// Returns the rows written. A file at `path` is replaced only when `replacingExisting`, and
    /// never when it is the file read.
    ///
    /// - Throws: ``OpenFile/Failure``: status 64 for a recipe or output name that is wrong (a
    ///   filter that does not parse, a column no one has), 1 when the file cannot be read (its
    ///   compressed data damaged or cut short included: nothing is written then), the target
    ///   exists and may not be replaced, or the result cannot be written.
    public static func write(_ viewer: FileViewer, recipe: ViewRecipe, to path: String, replacingExisting: Bool = false,
                             concurrently loop: ConcurrentLoop = .serial) throws(OpenFile.Failure) -> Int {
        var viewer = viewer
        let format: ExportFormat
        do {
            try recipe.validate()
            format = try ExportFormat(path: path)
        } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
        do { try viewer.indexToEnd() } catch { throw OpenFile.Failure(description: "\(error)") }
        // The rows after damage are not there, and the last one read may be cut: no count or
        // save from them is true.
        if let damage = viewer.file.damage { throw OpenFile.Failure(description: "\(viewer.name): \(damage); nothing was written") }
        let rows = viewer.fileRows, titles = viewer.fieldTitles
        let view: ExploredView
        do {
            view = try ExploredView(rows, columns: viewer.table.columns, recipe: recipe, names: ColumnNames(titles), missing: viewer.missing, loop: loop)
        } catch {
            throw OpenFile.Failure(description: "\(error)", status: 64)
        }
        do {
            let output = try OutputFile(path: path, replacingExisting: replacingExisting, protecting: viewer.readFiles)
            let written: Int?
            if let field = view.frequencyField {
                guard let table = FrequencyTable.counting(field: field, of: rows, within: view.rows, missing: viewer.missing, concurrently: loop) else { return 0 }
                written = try TableExport.write(table.rows, titles: FrequencyTable.titles, numeric: FrequencyTable.numeric, format: format, to: output)
            } else if recipe.summary {
                guard let summaries = ColumnSummary.summarizing(rows, titles: titles, within: view.rows, missing: viewer.missing, concurrently: loop) else { return 0 }
                written = try TableExport.write(ColumnSummary.rows(view.columns.map { summaries[$0] }), titles: ColumnSummary.titles, numeric: ColumnSummary.numeric,
                                                format: format, to: output)
            } else {
                written = try TableExport.write(rows, order: view.rows, columns: view.columns, titles: view.columns.map { titles[$0] }, numeric: viewer.numeric(view.columns),
                                                format: format, missing: viewer.missing, to: output, concurrently: loop)
            }
            return written ?? 0
        } catch {
            throw OpenFile.Failure(description: "\(error)")
        }
    }
}

/// A view of a file's rows made from a recipe: the rows its filters keep, in its sort's order,
/// and the columns it shows.
struct ExploredView {
    /// The file's row numbers in the view, in order.
    var rows: RowSet
    /// The fields shown.
    var columns: [Int]
    /// The field a frequency table counts, if one was asked for.
    var frequencyField: Int?

    /// Filters `base` by `recipe`'s filters, sorts what is kept by its sort keys with `columns`
    /// (the viewer's: `#`, then a column a field) and finds its columns, all among `names`.
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong.
    init(_ base: FileRows, columns tableColumns: [TableColumn<DelimitedRecord>], recipe: ViewRecipe, names: ColumnNames, missing: MissingValues,
         loop: ConcurrentLoop) throws(ExploreError) {
        let filters = try recipe.parsedFilters(names)
        let sorts = try recipe.parsedSorts(names)
        columns = try recipe.parsedColumns(names)
        frequencyField = try recipe.frequency.map { name throws(ExploreError) in try names.index(of: name) }
        var kept: [UInt32]? = nil
        if !filters.isEmpty {
            kept = try RowFilter.rows(of: base, passing: filters, missing: missing, concurrently: loop)
        }
        rows = kept.map { .rows($0) } ?? .all(count: base.count)
        guard !sorts.isEmpty, frequencyField == nil, !recipe.summary else { return }
        let order = sorts.map { SortOrder(columnID: tableColumns[$0.field + 1].id, ascending: $0.ascending) }
        if let kept {
            rows = .rows(try Self.sorted(base.subset(kept), columns: tableColumns, order: order, loop: loop).map { kept[Int($0)] })
        } else {
            rows = .rows(try Self.sorted(base.rowSource, columns: tableColumns, order: order, loop: loop))
        }
    }

    /// The positions of `source`'s rows in `order`, sorted by the table's own sort.
    private static func sorted(_ source: AnyRowSource<DelimitedRecord>, columns: [TableColumn<DelimitedRecord>], order: [SortOrder],
                               loop: ConcurrentLoop) throws(ExploreError) -> [UInt32] {
        var table = TableState(rows: source, columns: columns)
        if let result = table.sortJob(for: order).run(concurrently: loop) {
            do { try table.apply(result) } catch { throw ExploreError("the sort could not be applied: \(error)") }
        }
        return (0..<source.count).map { UInt32(table.list.sourceRow(at: IndexPath(row: $0))?.row ?? $0) }
    }
}
