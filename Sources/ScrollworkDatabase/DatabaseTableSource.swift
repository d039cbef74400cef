import Scrollwork
import ScrollworkFiles

/// A database table or view as a `TableSource`: every filter, count, summary and order
/// pushed down to the engine (its `WHERE`, `GROUP BY` and `ORDER BY`, with the file's reading of
/// numbers), the rows written as they come, a batch at a time.
public struct DatabaseTableSource: TableSource {
    /// The table.
    public let table: any DatabaseTable
    /// What messages call it: the database's title and the table's name.
    public let title: String
    /// The database's file, for SQLite, which a save never replaces.
    public let readFiles: Set<FileIdentity>
    /// The rows read from the engine at once while writing.
    static let batch = 10_000

    /// `table` of the database called `database` (a path, or a URL without its password),
    /// read from the files `readFiles`.
    public init(_ table: any DatabaseTable, in database: String, readFiles: Set<FileIdentity> = []) {
        self.table = table
        title = database + " · " + table.name
        self.readFiles = readFiles
    }

    /// The table's column names.
    public var columnTitles: [String] { table.columns }

    /// True when the engine says column `column` holds numbers.
    public func isNumeric(_ column: Int) -> Bool { table.columns.indices.contains(column) && table.isNumeric(column) }

    /// `filters` as the engine's.
    private func pushed(_ filters: [RowFilter]) -> [DatabaseFilter] { filters.map { DatabaseFilter(column: $0.column, test: $0.test) } }

    /// The engine's answer to `body`, its failure a `TableSourceError`.
    private func asked<T>(_ body: () throws(DatabaseError) -> T) throws(TableSourceError) -> T {
        do { return try body() } catch {
            if error == .cancelled { throw .cancelled }
            throw .failed("\(title): \(error)")
        }
    }

    /// The engine's `GROUP BY`, up to `FrequencyTable/distinctLimit` values.
    public func frequency(ofColumn column: Int, where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> FrequencyTable {
        guard table.columns.indices.contains(column) else { throw .unsupported("no column \(column.addingSaturating(1)); \(table.name) has \(table.columns.count)") }
        guard progress(0) else { throw .cancelled }
        return try asked { () throws(DatabaseError) in
            try table.frequency(ofColumn: column, where: pushed(filters), limit: FrequencyTable.distinctLimit, keepGoing: nil)
        }
    }

    /// The engine's counts, least, greatest, mean and exact median of every column.
    public func summary(where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> [ColumnSummary] {
        guard progress(0) else { throw .cancelled }
        return try asked { () throws(DatabaseError) in try table.summary(where: pushed(filters), keepGoing: nil) }
    }

    /// The rows the engine keeps, in its `ORDER BY` of one column (NULLs last either way, ties
    /// in the table's own order), written a batch at a time; NULL is an empty field. An order
    /// of more than one column is refused, saying so.
    public func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
                      progress: (Double) -> Bool) throws(TableSourceError) -> Int {
        guard order.count <= 1 else {
            throw .unsupported("a database table is sorted by one column at a time, in the engine; give one --sort (\(order.count) were given)")
        }
        if let bad = (columns + order.map(\.column)).first(where: { !table.columns.indices.contains($0) }) {
            throw .unsupported("no column \(bad.addingSaturating(1)); \(table.name) has \(table.columns.count)")
        }
        let tests = pushed(filters)
        let by = order.first.map { (column: $0.column, ascending: $0.ascending) }
        let identities: [Int]? = table.hasIdentities ? try asked { () throws(DatabaseError) in
            try table.identities(where: tests, orderedBy: by, keepGoing: nil) { _ in }
        } : nil
        let total: Int
        if let identities { total = identities.count } else { total = try asked { () throws(DatabaseError) in try table.count(where: tests, keepGoing: nil) } }
        do {
            var writer = try TableWriter(output: output, format: format, titles: columns.map { table.columns[$0] }, numeric: columns.map(isNumeric))
            try write(identities: identities, count: total, order: by, where: tests, columns: columns, to: &writer, progress: progress)
            try writer.finish()
            return writer.written
        } catch let error as TableSourceError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Appends `columns` of `count` rows to `writer`, a batch at a time: those `identities`
    /// name, in that order, or (for a table whose rows have no names) the first `count` of
    /// those `tests` keep in `order`; NULL is an empty field. What a batch run and the viewer's
    /// Ctrl-S (the rows it shows) both write.
    ///
    /// - Throws: `TableSourceError` when the engine or the writer fails, or `progress` says stop.
    public func write(identities: [Int]?, count: Int, order: (column: Int, ascending: Bool)?, where tests: [DatabaseFilter], columns: [Int],
                      to writer: inout TableWriter, progress: (Double) -> Bool) throws(TableSourceError) {
        let total = identities.map { Swift.min($0.count, count) } ?? count
        var at = 0
        while at < total {
            let batch = at..<Swift.min(total, at + Self.batch)
            let rows = try asked { () throws(DatabaseError) in
                if let identities { return try table.rows(withIdentities: Array(identities[batch])) }
                return try table.rows(offset: batch.lowerBound, limit: batch.count, order: order, where: tests)
            }
            do {
                try writer.append(rows.map { row in columns.map { row.indices.contains($0) && !row[$0].isMissing ? row[$0].description : nil } })
            } catch { throw .failed("\(error)") }
            at = batch.upperBound
            guard progress(Double(at) / Double(total)) else { throw .cancelled }
        }
    }
}
