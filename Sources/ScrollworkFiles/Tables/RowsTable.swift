import Scrollwork

/// Rows read in place (a table file's, a sheet's held in memory) as a ``TableSource``: filters
/// matched on their fields in place, sorts by the table's own typed columns (what a heading
/// click sorts by), counts and saves read on `loop`'s cores. A file's viewer, a sheet, and any
/// source without an engine of its own (through ``TableSource/rowsInMemory(progress:concurrently:)``) hand
/// their rows to the same passes through it.
public struct RowsTable<Rows: InPlaceRows>: TableSource {
    /// The rows.
    public let rows: Rows
    /// The table's columns, typed as the table typed them: a field's column has the field's
    /// number as its identity (others, such as a file's `#`, are not fields).
    public let tableColumns: [TableColumn<DelimitedRecord>]
    /// The fields' names.
    public let columnTitles: [String]
    /// The words that mean a value is missing.
    public let missing: MissingValues
    /// Whether each field holds numbers.
    public let numeric: [Bool]
    /// The files the rows are read from.
    public let readFiles: Set<FileIdentity>
    /// What messages call the table.
    public let title: String
    /// The cores the passes run on.
    public let loop: ConcurrentLoop

    /// `rows`, shown in `columns`, their fields named `titles` (numbers where `numeric` says),
    /// read from `readFiles`.
    public init(_ rows: Rows, columns: [TableColumn<DelimitedRecord>], titles: [String], numeric: [Bool], missing: MissingValues = .common,
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

    /// True when field `column` holds numbers.
    public func isNumeric(_ column: Int) -> Bool { numeric.indices.contains(column) && numeric[column] }

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

    /// The frequency table, counted over the rows in place.
    public func frequency(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        try checkColumns([column])
        let within = try kept(filters, progress: progress.report).map { RowSet.rows($0) }
        guard let table = FrequencyTable.counting(field: column, of: rows, within: within, missing: missing, concurrently: loop, progress: progress.report) else {
            throw .cancelled
        }
        return table
    }

    /// The summary, read over the rows in place.
    public func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        let within = try kept(filters, progress: progress.report).map { RowSet.rows($0) }
        guard let summaries = ColumnSummary.summarizing(rows, titles: columnTitles, within: within, missing: missing, concurrently: loop, progress: progress.report) else {
            throw .cancelled
        }
        return summaries
    }

    /// The rows kept, sorted by the table's typed columns, written.
    public func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
               progress: TableProgress) throws(TableSourceError) -> Int {
        try checkColumns(columns + order.map(\.column))
        return try export(try arranged(where: filters, orderedBy: order, progress: progress.report), columns: columns, format: format, to: output, progress: progress)
    }

    /// Writes `columns` of rows `shown` from their bytes in place.
    private func export(_ shown: RowSet, columns: [Int], format: ExportFormat, to output: OutputFile, progress: TableProgress) throws(TableSourceError) -> Int {
        do {
            guard let written = try TableExport.write(rows, order: shown, columns: columns, titles: columns.map { columnTitles[$0] }, numeric: columns.map(isNumeric),
                                                      format: format, missing: missing, to: output, concurrently: loop, progress: progress.report) else { throw TableSourceError.cancelled }
            return written
        } catch let error as TableSourceError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
    }

    /// The rows a view shows, written in place: those `names` name in that order (the file's
    /// own bytes, as a batch run writes them), or the rows `filters` keep in `order`.
    public func write(names: RowOrder?, count: Int, where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat,
                      to output: OutputFile, progress: TableProgress) throws(TableSourceError) -> Int {
        guard let names else { return try write(where: filters, orderedBy: order, columns: columns, format: format, to: output, progress: progress) }
        try checkColumns(columns)
        // A name that is not a row (a row gone since) is left out rather than written empty.
        let shown = try names.names(in: 0..<Swift.max(0, count)).compactMap { (0..<rows.count).contains($0) ? UInt32(truncatingIfNeeded: $0) : nil }
        return try export(.rows(shown), columns: columns, format: format, to: output, progress: progress)
    }

    /// The rows `filters` keep in `order`: filtered in place, then sorted by the table's typed
    /// columns (ties in the rows' own order).
    private func arranged(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: (Double) -> Bool) throws(TableSourceError) -> RowSet {
        let kept = try kept(filters, progress: progress)
        guard !order.isEmpty else { return kept.map { .rows($0) } ?? .all(count: rows.count) }
        let sorts = order.map { SortOrder(columnID: "\($0.column)", ascending: $0.ascending) }
        let sorted = kept.map { AnyRowSource(RowSubset(base: rows, rows: $0)) } ?? AnyRowSource(rows)
        let positions = try Self.sorted(sorted, columns: tableColumns, order: sorts, loop: loop)
        return .rows(kept.map { kept in positions.map { kept[Int($0)] } } ?? positions)
    }

    /// The number of rows.
    public func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { rows.count }

    /// Rows `positions`, each field's value as its column reads it (text where no column does).
    public func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try rows(named: Array(positions.clamped(to: 0..<rows.count)), progress: progress)
    }

    /// The rows at positions `names`, each field's value as its column reads it.
    public func rows(named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try progress.check()
        let byField = Dictionary(tableColumns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let fields = columnTitles.indices.map { byField["\($0)"] }
        return names.map { name in
            guard (0..<rows.count).contains(name) else { return Array(repeating: .missing("(deleted)"), count: fields.count) }
            let record = rows.row(at: name)
            return fields.indices.map { i in fields[i].map { $0.value(record) } ?? record[i].map(TableValue.string) ?? .empty }
        }
    }

    /// The rows `filters` keep, in `order`: filtered in place and sorted on the rows' cores.
    public func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder {
        try checkColumns(order.map(\.column))
        switch try arranged(where: filters, orderedBy: order, progress: { progress.report($0) }) {
        case let .all(count): return RowOrder(run: 0..<Swift.max(0, count))
        case let .rows(kept): return RowOrder(narrow: kept)
        }
    }

    /// The positions of `source`'s rows in `order`, sorted by the table's own sort.
    private static func sorted(_ source: AnyRowSource<DelimitedRecord>, columns: [TableColumn<DelimitedRecord>], order: [SortOrder],
                               loop: ConcurrentLoop) throws(TableSourceError) -> [UInt32] {
        let sorted: [UInt32]?
        do {
            sorted = try TableState.sortedIndexes(of: source, columns: columns, order: order, as: UInt32.self, concurrently: loop)
        } catch { throw .failed("the sort could not be applied: \(error)") }
        // Its progress never says stop: only a host's loop that left a piece out stops it.
        guard let sorted else { throw .cancelled }
        return sorted
    }
}
