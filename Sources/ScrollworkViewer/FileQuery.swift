import Scrollwork
import ScrollworkFiles

/// `scrollwork open FILE --filter … --output FILE`: a ``ViewRecipe`` carried out on a table
/// file without a terminal, by the same filters, sort, counts and save the viewer uses, and the
/// result written as CSV, TSV or JSON Lines.
public enum FileQuery {
    /// Carries out `recipe` on `viewer`'s file (indexed to its end first) and writes the result
    /// to `path` (`-`: standard output) in the format its name says, using `loop`'s cores.
    /// Returns the rows written.
    ///
    /// - Throws: ``OpenFile/Failure``: status 64 for a recipe or output name that is wrong (a
    ///   filter that does not parse, a column no one has), 1 when the file cannot be read or
    ///   the result cannot be written.
    public static func write(_ viewer: FileViewer, recipe: ViewRecipe, to path: String, concurrently loop: ConcurrentLoop = .serial) throws(OpenFile.Failure) -> Int {
        var viewer = viewer
        let format: ExportFormat
        do {
            try recipe.validate()
            format = try ExportFormat(path: path)
        } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
        do { try viewer.indexToEnd() } catch { throw OpenFile.Failure(description: "\(error)") }
        let result: Result<Int, OpenFile.Failure>
        switch viewer.fileRows {
        case let .delimited(rows): result = write(rows, of: viewer, recipe: recipe, format: format, to: path, loop: loop)
        case let .json(rows): result = write(rows, of: viewer, recipe: recipe, format: format, to: path, loop: loop)
        }
        return try result.get()
    }

    private static func write<Rows: InPlaceRows>(_ rows: Rows, of viewer: FileViewer, recipe: ViewRecipe, format: ExportFormat, to path: String,
                                                 loop: ConcurrentLoop) -> Result<Int, OpenFile.Failure> {
        let titles = viewer.fieldTitles
        let names = ColumnNames(titles)
        let view: ExploredView<Rows>
        do {
            view = try ExploredView(rows, columns: viewer.table.columns, recipe: recipe, names: names, missing: viewer.missing, loop: loop)
        } catch {
            return .failure(OpenFile.Failure(description: "\(error)", status: 64))
        }
        do {
            let output = try OutputFile(path: path)
            if let field = view.frequencyField {
                guard let table = FrequencyTable.counting(field: field, of: rows, within: view.rows, missing: viewer.missing, concurrently: loop) else { return .success(0) }
                let written = try TableExport.write(table.rows, order: .all(count: table.rows.count), columns: [0, 1, 2], titles: FrequencyTable.titles,
                                                    numeric: [false, true, true], format: format, to: output)
                return .success(written ?? 0)
            }
            if recipe.summary {
                let chosen = view.columns
                guard let summaries = ColumnSummary.summarizing(rows, titles: titles, within: view.rows, missing: viewer.missing, concurrently: loop) else { return .success(0) }
                let table = ColumnSummary.rows(chosen.map { summaries[$0] })
                let written = try TableExport.write(table, order: .all(count: table.count), columns: Array(ColumnSummary.titles.indices), titles: ColumnSummary.titles,
                                                    numeric: ColumnSummary.titles.map { !["column", "type", "min", "max"].contains($0) }, format: format, to: output)
                return .success(written ?? 0)
            }
            let numeric = view.columns.map { viewer.fieldKinds.indices.contains($0) && viewer.fieldKinds[$0] != .text }
            let written = try TableExport.write(rows, order: view.rows, columns: view.columns, titles: view.columns.map { titles[$0] }, numeric: numeric,
                                                format: format, missing: viewer.missing, to: output, concurrently: loop)
            return .success(written ?? 0)
        } catch {
            return .failure(OpenFile.Failure(description: "\(error)"))
        }
    }
}

/// A view of a file's rows made from a recipe: the rows its filters keep, in its sort's order,
/// and the columns it shows.
struct ExploredView<Rows: InPlaceRows> {
    /// The file's row numbers in the view, in order.
    var rows: RowSet
    /// The fields shown.
    var columns: [Int]
    /// The field a frequency table counts, if one was asked for.
    var frequencyField: Int?

    /// Filters `base` by `recipe`'s filters, sorts what is kept by its sort keys with `columns`
    /// (the viewer's: `#`, then a column a field) and finds its columns, all among `names`.
    ///
    /// - Throws: ``ExploreError`` for a filter, sort key or column that is wrong.
    init(_ base: Rows, columns tableColumns: [TableColumn<DelimitedRecord>], recipe: ViewRecipe, names: ColumnNames, missing: MissingValues,
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
            rows = .rows(try Self.sorted(AnyRowSource(RowSubset(base: base, rows: kept)), columns: tableColumns, order: order, loop: loop).map { kept[Int($0)] })
        } else {
            rows = .rows(try Self.sorted(AnyRowSource(base), columns: tableColumns, order: order, loop: loop))
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
