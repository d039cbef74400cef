import Scrollwork
import ScrollworkFiles

/// Rows read in place (a table file's, a sheet's held in memory) as a `TableSource`: filters
/// matched on their fields in place, sorts by the table's own typed columns (what a heading
/// click sorts by), counts and saves read on `loop`'s cores. A file's viewer and a sheet hand
/// their rows to the same passes through it.
struct RowsTable<Rows: InPlaceRows>: TableSource {
    let rows: Rows
    /// The table's columns, typed as the table typed them: a field's column has the field's
    /// number as its identity (others, such as a file's `#`, are not fields).
    let tableColumns: [TableColumn<DelimitedRecord>]
    let columnTitles: [String]
    let missing: MissingValues
    /// Whether each field holds numbers.
    let numeric: [Bool]
    let readFiles: Set<FileIdentity>
    let title: String
    let loop: ConcurrentLoop

    /// `rows`, shown in `columns`, their fields named `titles` (numbers where `numeric` says),
    /// read from `readFiles`.
    init(_ rows: Rows, columns: [TableColumn<DelimitedRecord>], titles: [String], numeric: [Bool], missing: MissingValues = .common,
         readFiles: Set<FileIdentity> = [], title: String, concurrently loop: ConcurrentLoop) {
        self.rows = rows
        tableColumns = columns
        columnTitles = titles
        self.missing = missing
        self.numeric = numeric
        self.readFiles = readFiles
        self.title = title
        self.loop = loop
    }

    func isNumeric(_ column: Int) -> Bool { numeric.indices.contains(column) && numeric[column] }

    /// The rows `filters` keep (all of them for none), in the file's order.
    private func kept(_ filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> [UInt32]? {
        guard !filters.isEmpty else { return nil }
        do {
            guard let kept = try RowFilter.rows(of: rows, passing: filters, missing: missing, concurrently: loop, progress: progress) else { throw TableSourceError.cancelled }
            return kept
        } catch let error as TableSourceError {
            throw error
        } catch {
            throw .unsupported("\(error)")
        }
    }

    func frequency(ofColumn column: Int, where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> FrequencyTable {
        let within = try kept(filters, progress: progress).map { RowSet.rows($0) }
        guard let table = FrequencyTable.counting(field: column, of: rows, within: within, missing: missing, concurrently: loop, progress: progress) else {
            throw .cancelled
        }
        return table
    }

    func summary(where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> [ColumnSummary] {
        let within = try kept(filters, progress: progress).map { RowSet.rows($0) }
        guard let summaries = ColumnSummary.summarizing(rows, titles: columnTitles, within: within, missing: missing, concurrently: loop, progress: progress) else {
            throw .cancelled
        }
        return summaries
    }

    func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
               progress: (Double) -> Bool) throws(TableSourceError) -> Int {
        let kept = try kept(filters, progress: progress)
        var shown: RowSet = kept.map { .rows($0) } ?? .all(count: rows.count)
        if !order.isEmpty {
            let sorts = order.map { SortOrder(columnID: "\($0.column)", ascending: $0.ascending) }
            let sorted = kept.map { AnyRowSource(RowSubset(base: rows, rows: $0)) } ?? AnyRowSource(rows)
            let positions = try Self.sorted(sorted, columns: tableColumns, order: sorts, loop: loop)
            shown = .rows(kept.map { kept in positions.map { kept[Int($0)] } } ?? positions)
        }
        do {
            guard let written = try TableExport.write(rows, order: shown, columns: columns, titles: columns.map { columnTitles[$0] }, numeric: columns.map(isNumeric),
                                                      format: format, missing: missing, to: output, concurrently: loop, progress: progress) else { throw TableSourceError.cancelled }
            return written
        } catch let error as TableSourceError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
    }

    /// The positions of `source`'s rows in `order`, sorted by the table's own sort.
    private static func sorted(_ source: AnyRowSource<DelimitedRecord>, columns: [TableColumn<DelimitedRecord>], order: [SortOrder],
                               loop: ConcurrentLoop) throws(TableSourceError) -> [UInt32] {
        var table = TableState(rows: source, columns: columns)
        if let result = table.sortJob(for: order).run(concurrently: loop) {
            do { try table.apply(result) } catch { throw .failed("the sort could not be applied: \(error)") }
        }
        return (0..<source.count).map { UInt32(table.list.sourceRow(at: IndexPath(row: $0))?.row ?? $0) }
    }
}

extension RowsTable where Rows == FileRows {
    /// The rows of `viewer`'s file, as far as it is indexed; its hidden columns sort too.
    init(_ viewer: FileViewer, concurrently loop: ConcurrentLoop) {
        self.init(viewer.fileRows, columns: viewer.table.columns + viewer.hiddenColumns.map(\.column), titles: viewer.fieldTitles, numeric: viewer.numeric(Array(viewer.fieldTitles.indices)),
                  missing: viewer.missing, readFiles: viewer.readFiles, title: viewer.name, concurrently: loop)
    }
}
