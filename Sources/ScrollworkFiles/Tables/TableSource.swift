import Scrollwork

/// A table a view is made of, whatever holds it: a file's rows, a database's table, a sheet.
/// A view asks it for the same things, and each source answers them its own way, pushing the
/// work down where it can (an engine's `WHERE`, `GROUP BY` and `ORDER BY`) and reading its
/// rows where it cannot, so that a batch run (`scrollwork open … --output`) is one pipeline
/// over every source, and every source keeps the rows a file's filter keeps.
///
/// Filters are ``RowFilter``s on the source's columns (numbered from 0, as ``columnTitles``
/// lists them); an order is a list of ``ColumnOrder``, the first the main key. Every long call
/// hears `progress` (the fraction done, returning false stops it with
/// ``TableSourceError/cancelled``) between pieces of its work.
public protocol TableSource: Sendable {
    /// What messages call the table: a file's name, a table's.
    var title: String { get }
    /// The columns' names, in the table's order.
    var columnTitles: [String] { get }
    /// True when column `column` holds numbers (JSON Lines writes them as numbers).
    func isNumeric(_ column: Int) -> Bool
    /// The files the table is read from, which a save never replaces.
    var readFiles: Set<FileIdentity> { get }
    /// How often each value of `column` occurs among the rows `filters` keep, most frequent
    /// first, ties in the order a sort shows values.
    func frequency(ofColumn column: Int, where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> FrequencyTable
    /// What each column holds among the rows `filters` keep.
    func summary(where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> [ColumnSummary]
    /// Writes `columns` of the rows `filters` keep, in `order` (the table's own when empty), to
    /// `output` in `format`, and returns how many rows were written.
    func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
               progress: (Double) -> Bool) throws(TableSourceError) -> Int
}

/// A column a view is ordered by, and which way.
public struct ColumnOrder: Sendable, Hashable {
    /// The column, from 0.
    public var column: Int
    /// True for the smallest value first.
    public var ascending: Bool

    /// An order by `column`, ascending unless told otherwise.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}

/// Why a ``TableSource`` could not do what it was asked.
public enum TableSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was asked does not fit this table (a column it does not have, an order it cannot
    /// make): the message says what is allowed.
    case unsupported(String)
    /// The table could not be read, or the result written: the message says why.
    case failed(String)
    /// `progress` said stop.
    case cancelled

    /// The message.
    public var description: String {
        switch self {
        case let .unsupported(message), let .failed(message): return message
        case .cancelled: return "stopped before it finished"
        }
    }
}
