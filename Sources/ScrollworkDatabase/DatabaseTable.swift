import Scrollwork
import ScrollworkFiles

/// A table or view of a database as a viewer pages through it: read a page at a time, in the
/// table's own order or in one the engine makes, never every row at once.
///
/// A table whose rows have a stable name for the life of the view (``hasIdentities``: SQLite's
/// rowid, PostgreSQL's ctid within one snapshot) is shown through the list of those names in the
/// order shown, so that any position is one page away; one without is read by position.
public protocol DatabaseTable: Sendable {
    /// The table's name, as the catalog lists it.
    var name: String { get }
    /// True for a view.
    var isView: Bool { get }
    /// The column names, in the table's order.
    var columns: [String] { get }
    /// True when the rows have names for ``identities(after:limit:keepGoing:)`` and
    /// ``rows(withIdentities:)``; false reads by position.
    var hasIdentities: Bool { get }
    /// Why rows added while the table is shown never appear in it (one snapshot read
    /// throughout); nil (the default) when they do.
    var addedRowsUnseen: String? { get }
    /// True when column `column` holds numbers (aligned as numbers are).
    func isNumeric(_ column: Int) -> Bool
    /// The number of rows that meet every one of `filters`, counted by the engine;
    /// ``DatabaseError/cancelled`` when `keepGoing` says stop.
    func count(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int
    /// A quick guess at the number of rows from the engine's statistics; nil when it has none.
    func estimatedCount() -> Int?
    /// The same table, its long statements (counts, frequency tables, summaries) telling
    /// `report` the fraction done as the engine reports it while they run; the table itself
    /// (the default) for an engine that reports none.
    func reportingProgress(to report: @escaping @Sendable (Double) -> Void) -> any DatabaseTable
    /// Up to `limit` row names after `after` (from the first when nil), in the table's own order.
    func identities(after: Int?, limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [Int]
    /// The name of every row that meets every one of `filters`, in the order of `order` (a
    /// column, NULLs last either way, ties in the table's own order; the table's own when nil),
    /// sorted by the engine. `progress` hears how many have come.
    func identities(where filters: [DatabaseFilter], orderedBy order: (column: Int, ascending: Bool)?, keepGoing: (@Sendable () -> Bool)?,
                    progress: (Int) -> Void) throws(DatabaseError) -> [Int]
    /// The rows named by `identities`, in that order; a row gone since reads as missing values.
    func rows(withIdentities identities: [Int]) throws(DatabaseError) -> [[TableValue]]
    /// Rows `offset..<offset + limit` of those that meet every one of `filters`, in the order
    /// of `order` (the engine's own when nil); ``DatabaseError/cancelled`` once `keepGoing`
    /// says stop (a page scrolled past before it came), the statement stopped in the engine.
    func rows(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
              keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [[TableValue]]
    /// Those of `identities` whose row holds `text` in any column (as the column's text, case
    /// not mattering for ASCII letters), found by the engine.
    func matches(_ text: String, among identities: [Int], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Set<Int>
    /// Why a table without ``hasIdentities`` is read by position, for the status line.
    var positionReason: String { get }
    /// The first of `positions` (the last, going back) among the rows that meet every one of
    /// `filters` in the order of `order` whose row holds `text` in a column (as `contains`
    /// tests it), found by the engine; ``EnginePosition/notSearched`` (the default) where the
    /// engine leaves a positional search to reading the rows.
    func firstPosition(holding text: String, in positions: Range<Int>, forward: Bool, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                       keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> EnginePosition
    /// How often each value of column `column` occurs among the rows that meet every one of
    /// `filters`, most frequent first, grouped by the engine; at most `limit` values (clamped to
    /// 1 … `FrequencyTable.distinctLimit`), the rest counted together.
    func frequency(ofColumn column: Int, where filters: [DatabaseFilter], limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> FrequencyTable
    /// What each column holds among the rows that meet every one of `filters`: counts, distinct
    /// values, least, greatest, and for numbers the mean and the exact median, from the engine.
    func summary(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [ColumnSummary]
}

/// What an engine answers when asked for the first row of an order holding a text.
public enum EnginePosition: Sendable, Hashable {
    /// The row at this position of the order holds it.
    case found(Int)
    /// No row of the positions asked holds it.
    case notFound
    /// The engine does not search by position: the rows are read and tested instead.
    case notSearched
}

/// The statements that read the names (`identity`) of the rows of `from` that meet `condition`,
/// in the order of `column` (`ascending` or not; the names' own order when nil): the values
/// first, then the NULLs, each ordered by name after the value. Two statements rather than one
/// `ORDER BY col IS NULL, …`, so that an index on the column gives the order of the values
/// without the engine sorting them.
func orderStatements(identity: String, from: String, condition: String, column: String?, ascending: Bool) -> [String] {
    guard let column else { return ["SELECT \(identity) \(from) \(condition) ORDER BY \(identity)"] }
    let and = condition.isEmpty ? "WHERE" : condition + " AND"
    return ["SELECT \(identity) \(from) \(and) \(column) IS NOT NULL ORDER BY \(column) \(ascending ? "ASC" : "DESC"), \(identity)",
            "SELECT \(identity) \(from) \(and) \(column) IS NULL ORDER BY \(identity)"]
}

extension DatabaseTable {
    /// Rows added are read after the last name.
    public var addedRowsUnseen: String? { nil }

    /// Itself: the engine reports no progress while a statement runs.
    public func reportingProgress(to report: @escaping @Sendable (Double) -> Void) -> any DatabaseTable { self }

    /// A view, or a table without rowids, is read by position.
    public var positionReason: String { isView ? "a view is read by position" : "a table without rowids is read by position" }

    /// Not searched: the rows are read and tested instead.
    public func firstPosition(holding text: String, in positions: Range<Int>, forward: Bool, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                              keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> EnginePosition { .notSearched }

    /// The number of rows, counted by the engine.
    public func count(keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int { try count(where: [], keepGoing: keepGoing) }

    /// Every row name in the order of column `column`, NULLs last either way, ties in the
    /// table's own order, sorted by the engine.
    public func identities(orderedBy column: Int, ascending: Bool, keepGoing: (@Sendable () -> Bool)?, progress: (Int) -> Void) throws(DatabaseError) -> [Int] {
        guard columns.indices.contains(column) else { return [] }
        return try identities(where: [], orderedBy: (column, ascending), keepGoing: keepGoing, progress: progress)
    }

    /// Rows `offset..<offset + limit` in the order of `order` (the engine's own when nil).
    public func rows(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?) throws(DatabaseError) -> [[TableValue]] {
        try rows(offset: offset, limit: limit, order: order, where: [], keepGoing: nil)
    }

    /// Rows `offset..<offset + limit` of those `filters` keep, in the order of `order`, to the end.
    public func rows(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter]) throws(DatabaseError) -> [[TableValue]] {
        try rows(offset: offset, limit: limit, order: order, where: filters, keepGoing: nil)
    }
}

/// A database the viewer lists and opens tables of: its tables and views, and each of them on a
/// connection of its own.
public protocol DatabaseSource: Sendable {
    /// What the status line calls it: a path, or a URL without its password.
    var title: String { get }
    /// The tables and views: names and whether each is a view.
    func objects() throws(DatabaseError) -> [(name: String, isView: Bool)]
    /// Table `name`, read through a new connection (`sharing` another table's, for engines that
    /// can give two connections one snapshot); ``DatabaseError/noSuchTable(_:available:)`` when
    /// there is none.
    func table(_ name: String, sharingSnapshotWith other: (any DatabaseTable)?) throws(DatabaseError) -> any DatabaseTable
    /// The number of rows of `name`, counted by the engine.
    func count(_ name: String, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int
    /// What the list calls table or view `name` beyond "table" and "view" (a ClickHouse table's
    /// engine: `MergeTree`, `Distributed`); nil (the default) for those words.
    func kind(of name: String) -> String?
}

extension DatabaseSource {
    /// A table or view is called so.
    public func kind(of name: String) -> String? { nil }

    /// The file the database is read from (an SQLite file, named by its title), which a save
    /// never replaces; none for a server's.
    public var readFiles: Set<FileIdentity> { Set([FileIdentity(path: title)].compactMap { $0 }) }
}

/// A row gone since its name was read: one missing value a column, saying so.
func deletedRow(columns: Int) -> [TableValue] { Array(repeating: .missing("(deleted)"), count: columns) }
