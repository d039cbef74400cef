import Scrollwork
import ScrollworkFiles

/// A database table or view as a `TableSource`: every filter, count, summary, order and search
/// pushed down to the engine (its `WHERE`, `GROUP BY` and `ORDER BY`, with the file's reading of
/// numbers), pages read by rowid where the table has them, the rows written as they come, a
/// batch at a time. Pages are read on one connection and long statements (an order, a count,
/// a frequency table) on another, so that pages keep coming while the engine sorts.
public struct DatabaseTableSource: TableSource {
    /// The table, on the connection pages are read through.
    public let table: any DatabaseTable
    /// The same table on a connection of its own for long statements (one snapshot with
    /// ``table`` where the engine can share one).
    public let long: any DatabaseTable
    /// Where the table comes from, to connect again; nil for a table handed over alone.
    let database: (any DatabaseSource)?
    /// What messages call it: the database's title and the table's name.
    public let title: String
    /// The database's file, for SQLite, which a save never replaces.
    public let readFiles: Set<FileIdentity>
    /// The rows read from the engine at once while writing.
    static let batch = 10_000

    /// `table` of the database called `database` (a path, or a URL without its password),
    /// read from the files `readFiles`, on its one connection.
    public init(_ table: any DatabaseTable, in database: String, readFiles: Set<FileIdentity> = []) {
        self.table = table
        long = table
        self.database = nil
        title = database + " · " + table.name
        self.readFiles = readFiles
    }

    /// Table `name` of `database` on two connections of its own (one for pages, one for long
    /// statements), which ``reopened()`` makes again after a connection is lost.
    ///
    /// - Throws: `DatabaseError/noSuchTable(_:available:)` naming the tables there are, or why
    ///   the table could not be opened.
    public init(_ name: String, of database: any DatabaseSource) throws(DatabaseError) {
        long = try database.table(name, sharingSnapshotWith: nil)
        table = try database.table(name, sharingSnapshotWith: long)
        self.database = database
        title = database.title + " · " + name
        readFiles = database.readFiles
    }

    /// The table's column names.
    public var columnTitles: [String] { table.columns }

    /// True when the engine says column `column` holds numbers.
    public func isNumeric(_ column: Int) -> Bool { table.columns.indices.contains(column) && table.isNumeric(column) }

    /// `filters` as the engine's.
    private func pushed(_ filters: [RowFilter]) -> [DatabaseFilter] { filters.map { DatabaseFilter(column: $0.column, test: $0.test) } }

    /// The engine's answer to `body`, its failure a `TableSourceError` (named after the table
    /// when `naming`, as a batch run says it).
    private func asked<T>(naming: Bool = true, _ body: () throws(DatabaseError) -> T) throws(TableSourceError) -> T {
        do { return try body() } catch {
            switch error {
            case .cancelled: throw .cancelled
            case let .connectionLost(reason): throw .connectionLost(reason)
            case .noSuchTable: throw .gone(naming ? "\(title): \(error)" : "\(error)")
            default: throw .failed(naming ? "\(title): \(error)" : "\(error)")
            }
        }
    }

    /// The engine's `GROUP BY`, up to `FrequencyTable/distinctLimit` values.
    public func frequency(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        guard table.columns.indices.contains(column) else { throw .unsupported("no column \(column.addingSaturating(1)); \(table.name) has \(table.columns.count)") }
        guard progress.report(0) else { throw .cancelled }
        return try asked { () throws(DatabaseError) in
            try table.reportingProgress { _ = progress.report($0) }
                .frequency(ofColumn: column, where: pushed(filters), limit: FrequencyTable.distinctLimit, keepGoing: { !progress.isCancelled })
        }
    }

    /// The engine's counts, least, greatest, mean and exact median of every column.
    public func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        guard progress.report(0) else { throw .cancelled }
        return try asked { () throws(DatabaseError) in
            try table.reportingProgress { _ = progress.report($0) }.summary(where: pushed(filters), keepGoing: { !progress.isCancelled })
        }
    }

    /// The rows the engine keeps, in its `ORDER BY` of one column (NULLs last either way, ties
    /// in the table's own order), written a batch at a time; NULL is an empty field. An order
    /// of more than one column is refused, saying so.
    public func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
                      progress: TableProgress) throws(TableSourceError) -> Int {
        guard order.count <= 1 else {
            throw .unsupported("a database table is sorted by one column at a time, in the engine; give one --sort (\(order.count) were given)")
        }
        if let bad = (columns + order.map(\.column)).first(where: { !table.columns.indices.contains($0) }) {
            throw .unsupported("no column \(bad.addingSaturating(1)); \(table.name) has \(table.columns.count)")
        }
        return try writeArranged(where: filters, orderedBy: order, columns: columns, format: format, to: output, progress: progress)
    }

    // The viewer's calls: pages by rowid (or by position for a view), orders, counts and
    // searches in the engine.

    /// The engine's order of one column (NULLs last either way, ties in the table's own order).
    private func engineOrder(_ order: [ColumnOrder]) throws(TableSourceError) -> (column: Int, ascending: Bool)? {
        guard order.count <= 1 else { throw .unsupported("a database table is sorted by one column at a time, in the engine (\(order.count) were asked for)") }
        guard let first = order.first else { return nil }
        try checkColumns([first.column])
        return (first.column, first.ascending)
    }

    /// By rowid (ctid within one snapshot) where the table has them, else by position.
    public var rowAccess: RowAccess {
        table.hasIdentities ? .byName : .byPosition(table.positionReason)
    }

    /// The work is done in the database.
    public var engine: String? { "the database" }
    /// One: the engine orders a page at a time by one column (and the table's own order).
    public var mostSortColumns: Int? { 1 }
    /// The engine's reason rows added are not seen, if it has one.
    public var addedRowsUnseen: String? { table.addedRowsUnseen }

    /// The engine's guess from its statistics.
    public var estimatedCount: Int? { table.estimatedCount() }

    /// The rows, counted by the engine on the long statements' connection.
    public func rowCount(progress: TableProgress) throws(TableSourceError) -> Int {
        try asked(naming: false) { () throws(DatabaseError) in try long.reportingProgress { _ = progress.report($0) }.count(where: [], keepGoing: { !progress.isCancelled }) }
    }

    /// The rows `filters` keep, counted by the engine.
    public func count(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> Int {
        try asked(naming: false) { () throws(DatabaseError) in
            try long.reportingProgress { _ = progress.report($0) }.count(where: pushed(filters), keepGoing: { !progress.isCancelled })
        }
    }

    /// Rows `positions` in the engine's own order.
    public func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try rows(at: positions, where: [], orderedBy: [], progress: progress)
    }

    /// Rows `positions` of those `filters` keep in `order`, ordered and filtered by the engine.
    public func rows(at positions: Range<Int>, where filters: [RowFilter], orderedBy order: [ColumnOrder],
                     progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        let by = try engineOrder(order)
        return try asked(naming: false) { () throws(DatabaseError) in
            try table.rows(offset: positions.lowerBound, limit: positions.count, order: by, where: pushed(filters), keepGoing: { !progress.isCancelled })
        }
    }

    /// Rowids in the table's own order, a chunk at a time.
    public func rowNames(after: Int?, limit: Int, progress: TableProgress) throws(TableSourceError) -> [Int] {
        try asked(naming: false) { () throws(DatabaseError) in try table.identities(after: after, limit: limit, keepGoing: { !progress.isCancelled }) }
    }

    /// Every rowid `filters` keep, in the engine's `ORDER BY` of one column; `progress` hears
    /// the share received (of the engine's guess of the rows, with no filters).
    public func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let by = try engineOrder(order)
        let expected = filters.isEmpty ? table.estimatedCount() : nil
        return RowOrder(try asked(naming: false) { () throws(DatabaseError) in
            try long.identities(where: pushed(filters), orderedBy: by, keepGoing: { !progress.isCancelled }) { received in
                progress.report(expected.map { Double(received) / Double(Swift.max(1, $0)) } ?? 0)
            }
        })
    }

    /// The rows with rowids `names`, a row gone since reading as missing values.
    public func rows(named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try asked(naming: false) { () throws(DatabaseError) in try table.rows(withIdentities: names) }
    }

    /// The first of `positions` holding `text` in the order shown: found by the engine in one
    /// statement where it can (on the long statements' connection), else over the rows read.
    public func firstPosition(holding text: String, in positions: Range<Int>, forward: Bool, where filters: [RowFilter], orderedBy order: [ColumnOrder],
                              progress: TableProgress) throws(TableSourceError) -> Int? {
        let by = try engineOrder(order)
        let answer = try asked(naming: false) { () throws(DatabaseError) in
            try long.firstPosition(holding: text, in: positions, forward: forward, order: by, where: pushed(filters), keepGoing: { !progress.isCancelled })
        }
        switch answer {
        case let .found(position): return position
        case .notFound: return nil
        case .notSearched: return try firstPositionOverRows(holding: text, in: positions, forward: forward, where: filters, orderedBy: order, progress: progress)
        }
    }

    /// Those of `names` whose row holds `text`, found by the engine.
    public func rowNames(_ names: [Int], holding text: String, progress: TableProgress) throws(TableSourceError) -> Set<Int> {
        try asked(naming: false) { () throws(DatabaseError) in try table.matches(text, among: names, keepGoing: { !progress.isCancelled }) }
    }

    /// The table on new connections, from the database it came from.
    ///
    /// - Throws: `TableSourceError.gone` when the table was dropped;
    ///   `TableSourceError.connectionLost` while the server cannot be reached.
    public func reopened() throws(TableSourceError) -> any TableSource {
        guard let database else { return self }
        return try asked(naming: false) { () throws(DatabaseError) in try DatabaseTableSource(table.name, of: database) }
    }
}
