import Scrollwork

/// A table a view is made of, whatever holds it: a file's rows, a database's table, a sheet, a
/// source of your own. A viewer asks every source the same things, and each answers them its
/// own way, pushing the work down where it can (an engine's `WHERE`, `GROUP BY` and `ORDER BY`)
/// and reading its rows where it cannot: the table screen (`scrollwork open`) and a batch run
/// (`scrollwork open … --output`) are one pipeline over every source, and every source keeps
/// the rows a file's filter keeps.
///
/// A source must say only what it is (``title``, ``columnTitles``, ``isNumeric(_:)``,
/// ``readFiles``), how many rows it has (``rowCount(progress:)``) and what they hold by
/// position (``rows(at:progress:)``). Everything else has an answer worked out over those rows
/// with the library's own passes (the local filter matcher, the radix sort on packed keys,
/// the exact-median summary), which a source with an engine of its own replaces by pushing the
/// work down: counting under filters, arranging rows (``rowNames(where:orderedBy:progress:)``),
/// searching (``rowNames(_:holding:progress:)``), frequency tables, summaries and saves.
///
/// Filters are ``RowFilter``s on the source's columns (numbered from 0, as ``columnTitles``
/// lists them); an order is a list of ``ColumnOrder``, the first the main key. Every long call
/// takes a ``TableProgress``, one way for every call: it hears the fraction done between pieces
/// of the work, and once cancelled stops it with ``TableSourceError/cancelled``.
public protocol TableSource: Sendable {
    /// What messages call the table: a file's name, a table's.
    var title: String { get }
    /// The columns' names, in the table's order.
    var columnTitles: [String] { get }
    /// True when column `column` holds numbers (JSON Lines writes them as numbers).
    func isNumeric(_ column: Int) -> Bool
    /// The type a Parquet save writes column `column` as, where the source declares one (a
    /// Parquet file's own dates, times, decimals, booleans and bytes, so a file saved again
    /// keeps them); nil (the default) to choose from the values shown. A value the type cannot
    /// hold as shown widens the column, as a save of text does.
    func parquetKind(ofColumn column: Int) -> ParquetColumnKind?
    /// True for a column whose values are JSON the source made of a nested value (a Parquet
    /// list, map or struct): a JSON Lines save writes them as JSON's own arrays and objects,
    /// not as strings. False (the default) otherwise.
    func holdsJSON(ofColumn column: Int) -> Bool
    /// The files the table is read from, which a save never replaces.
    var readFiles: Set<FileIdentity> { get }

    /// The number of rows.
    func rowCount(progress: TableProgress) throws(TableSourceError) -> Int
    /// The rows at `positions` of the table's own order, each a value a column (fewer rows
    /// past the end; a missing value is `TableValue.missing`).
    func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]]

    /// The values of `columns` (in that order) of the rows at `positions` of the table's own
    /// order, a row an array (fewer rows past the end): what the passes over a few columns read,
    /// so a columnar source decodes only those (by default, read from whole rows).
    func values(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]]
    /// The values of `columns` (in that order) of the rows at `positions`, as text held a column
    /// at a time (a missing value empty): what the library's passes read into memory (by
    /// default, made from ``values(ofColumns:at:progress:)``; a columnar source fills each
    /// column from its pages without a row's array).
    func columnarValues(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> ColumnarRows
    /// The values of `columns` (in that order) of the rows `names` name, in that order: what a
    /// save of some columns in a view's order reads (by default, picked from whole rows).
    func values(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]]
    /// The text a save writes of `columns` (in that order) of the rows `names` name, in that
    /// order, a missing value null: by default ``values(ofColumns:named:progress:)`` made text;
    /// a columnar source writes each column's text straight from its pages, with no row of
    /// values first.
    func texts(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> TextColumns
    /// The text a save writes of `columns` (in that order) of the rows at `positions` of the
    /// table's own order (fewer rows past the end), a missing value null: by default
    /// ``values(ofColumns:at:progress:)`` made text.
    func texts(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> TextColumns
    /// How a viewer reaches a row (by default by name, a row's position in the table's own
    /// order naming it).
    var rowAccess: RowAccess { get }
    /// What does the work a viewer asks of the table, as messages name it after "in" ("the
    /// database"); nil (the default) when the viewer does it over the rows.
    var engine: String? { get }
    /// How many columns one order may have (`--sort a --sort -b`: ties on `a` ordered by `b`);
    /// nil (the default) for any number, as the library's sort orders the rows.
    var mostSortColumns: Int? { get }
    /// A quick guess at the number of rows, shown as "about" until they are counted; nil (the
    /// default) when there is none.
    var estimatedCount: Int? { get }
    /// Why rows added to the table while it is shown never appear in it (a PostgreSQL table is
    /// read in one snapshot), for `F` to say; nil (the default) when they do: a table read by
    /// name shows those after its last name (``rowNames(after:limit:progress:)``, whose names
    /// ascend in the table's own order) when asked again.
    var addedRowsUnseen: String? { get }
    /// What the status line says of how the table is stored, after what stays true of the view
    /// (a Parquet file's writer, row groups, compression and encodings); nil (the default) for
    /// nothing.
    var about: String? { get }
    /// True while ``about`` waits for the source to read more of what it says of itself (a long
    /// Parquet footer read on a thread of its own): a viewer asks ``aboutOnceRead(progress:)``
    /// off its loop and draws again when it answers. False (the default).
    var aboutIsPending: Bool { get }
    /// ``about`` once the source has read all it says of itself, waiting for that (the
    /// default: ``about``, at once).
    func aboutOnceRead(progress: TableProgress) throws(TableSourceError) -> String?
    /// True when rows are read in place at memory speed (a file's, mapped and indexed here): a
    /// viewer reads the rows it shows as it draws them rather than off its loop a page at a
    /// time. False (the default) for a source that may be slow (an engine, a server).
    var readsInPlace: Bool { get }
    /// True when the first page of rows is read quickly enough to be in the first frame, though
    /// a source that does not read in place has every later page read off the loop (a local
    /// Parquet file: its footer is read, the first page of each column a few milliseconds away).
    /// False (the default): the first frame shows the rows as loading.
    var readsFirstPageAtOnce: Bool { get }
    /// Whether rows are still being found in the table and how a viewer hears of those found
    /// since (``grown(following:progress:)``); ``TableGrowth/settled`` by default.
    var growth: TableGrowth { get }
    /// The table with the rows found since it was made (the next slice of a file being
    /// indexed, what was written to its end since), whose names come after the last, in the
    /// table's own order; nil (the default) when nothing changed. `following` is true while the
    /// person follows the end (`F`): a log rotated away is then followed to the new file at its path.
    func grown(following: Bool, progress: TableProgress) throws(TableSourceError) -> GrownTable?
    /// The table with every row there is now found, as a batch run reads it; by default
    /// ``grown(following:progress:)`` asked again while the source is finding rows. A source
    /// whose rows cannot all be trusted (a file whose compressed data is damaged) throws.
    func readToEnd(progress: TableProgress) throws(TableSourceError) -> any TableSource
    /// ``readToEnd(progress:)`` for a caller that uses the types of `columns` alone (when given:
    /// those a batch run's recipe sorts, tests, counts or writes as numbers), which is what a
    /// batch run asks: a source that learns its columns' types from every row (a text file)
    /// need find only theirs. By default ``readToEnd(progress:)``.
    func readToEnd(typing columns: [Int]?, progress: TableProgress) throws(TableSourceError) -> any TableSource
    /// The widest value of `column` found so far, in cells, where the source knows it without
    /// reading rows (a file's first rows and its longest numbers): a viewer makes the column as
    /// wide, and wider as it grows. Nil (the default) when it does not know.
    func widestValue(ofColumn column: Int) -> Int?
    /// What is wrong with each of the rows `names` name, where something is (a file's record
    /// with more fields than its header names, or cut short): a viewer marks the row with ⚠ and
    /// says it over the row shown whole. By default nothing is.
    func problems(ofRowsNamed names: [Int], progress: TableProgress) throws(TableSourceError) -> [String?]
    /// Row `name` whole, as a viewer shows one row on its own, and what is wrong with it: by
    /// default the row as ``rows(named:progress:)`` reads it and its problem; a source that cuts
    /// long values short in rows for the screen (a file's records of more than a megabyte)
    /// reads more here.
    func wholeRow(named name: Int, progress: TableProgress) throws(TableSourceError) -> (values: [TableValue], problem: String?)
    /// True when a row's name is its place in the table's own order from 0 (a file's records):
    /// a viewer shows it, from 1, as the row's number in a `#` column. False (the default) for
    /// names that are ids of the table's own (an SQLite rowid).
    var namesNumberRows: Bool { get }
    /// The number of rows `filters` keep.
    func count(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> Int
    /// Up to `limit` row names after `after` (from the first when nil), in the table's own
    /// order, in which names ascend: the first screen of a table comes before every name is
    /// read, and rows added since the last name read are the names after it.
    func rowNames(after: Int?, limit: Int, progress: TableProgress) throws(TableSourceError) -> [Int]
    /// Every row name after `after` (from the first when nil) as one run of consecutive names,
    /// for a source whose names are its rows' positions and whose rows are all counted (a
    /// Parquet file): a screen then holds the names of 520,000,000 rows as a range, not a list
    /// read in chunks. Nil (the default) when the names are read with
    /// ``rowNames(after:limit:progress:)``.
    func rowNameRun(after: Int?, progress: TableProgress) throws(TableSourceError) -> Range<Int>?
    /// The positions (in the table's own order) that can hold rows `filters` keep, as ranges in
    /// order; nil (the default) when any row may. A source that knows where values lie (a
    /// Parquet file's row groups, by their statistics) lets the library's passes read less.
    func rowRanges(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [Range<Int>]?
    /// The name of every row `filters` keep, in `order` (the table's own when empty; ties in
    /// the table's own order; missing values last either way).
    func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder
    /// The rows `names` name, in that order; a row gone since reads as missing values.
    func rows(named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]]
    /// Rows `positions` of those `filters` keep in `order`: how a source whose rows have no
    /// names (``RowAccess/byPosition(_:)``) is read.
    func rows(at positions: Range<Int>, where filters: [RowFilter], orderedBy order: [ColumnOrder],
              progress: TableProgress) throws(TableSourceError) -> [[TableValue]]
    /// Those of `names` whose row holds `text` in any column, as `/` searches (smart case:
    /// case matters only when `text` has a capital).
    func rowNames(_ names: [Int], holding text: String, progress: TableProgress) throws(TableSourceError) -> Set<Int>
    /// The place among `names` of the first (the last, going back when not `forward`) whose row
    /// holds `text` in any column, as `/` searches the order shown (smart case); nil when none
    /// does. By default the names are asked about a few thousand at a time
    /// (``rowNames(_:holding:progress:)``); a source that can tell at once which rows may hold
    /// the text (a file, its bytes read once) replaces it.
    func firstPlace(among names: [Int], holding text: String, forward: Bool, progress: TableProgress) throws(TableSourceError) -> Int?
    /// The first of `positions` (the last, going back when not `forward`) among the rows
    /// `filters` keep in `order` whose row holds `text` in any column, as `/` searches a
    /// positional source (smart case); nil when none does. By default the rows are read a
    /// batch at a time and tested here; an engine finds it in one statement.
    func firstPosition(holding text: String, in positions: Range<Int>, forward: Bool, where filters: [RowFilter], orderedBy order: [ColumnOrder],
                       progress: TableProgress) throws(TableSourceError) -> Int?
    /// The same table read again (a connection made again after one was lost); the default is
    /// the source itself.
    ///
    /// - Throws: ``TableSourceError/gone(_:)`` when the table is no longer there.
    func reopened() throws(TableSourceError) -> any TableSource

    /// How often each value of `column` occurs among the rows `filters` keep, most frequent
    /// first, ties in the order a sort shows values.
    func frequency(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable
    /// What each column holds among the rows `filters` keep.
    func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary]
    /// What the source knows of each column of every row without reading a value (a Parquet
    /// file's statistics: counts, nulls, least and greatest), in the columns' order, for a
    /// viewer to show while ``summary(where:progress:)`` reads the rest; nil (the default) when
    /// it knows nothing without reading.
    var knownSummary: [ColumnSummary.Known]? { get }
    /// Writes `columns` of the rows `filters` keep, in `order` (the table's own when empty), to
    /// `output` in `format`, and returns how many rows were written.
    func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
               progress: TableProgress) throws(TableSourceError) -> Int
    /// Writes `columns` of the rows a view shows to `output` in `format`: the rows `names` name,
    /// in that order (the first `count` of them), or where `names` is nil the first `count` rows
    /// `filters` keep in `order`; returns how many rows were written. By default the rows are
    /// read a batch at a time (``values(ofColumns:named:progress:)``); a source that writes its
    /// rows in place replaces it.
    func write(names: RowOrder?, count: Int, where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat,
               to output: OutputFile, progress: TableProgress) throws(TableSourceError) -> Int
}

/// How a viewer reaches a row of a ``TableSource``.
public enum RowAccess: Sendable, Hashable {
    /// By a name each row keeps for the life of the view (SQLite's rowid, a row's position in
    /// a table that does not change): the viewer keeps the names in the order shown, so any
    /// row is one read away.
    case byName
    /// By position in the order shown, the source ordering and filtering each page as it is
    /// read; `reason` says why, for the status line ("a view is read by position").
    case byPosition(_ reason: String)
}

/// The line from a long call of a ``TableSource`` to whoever waits for it: how far it is, and
/// whether to stop. Sendable, so that an engine may poll it from its own thread.
public struct TableProgress: Sendable {
    private let reportFraction: @Sendable (Double) -> Void
    private let cancelled: @Sendable () -> Bool

    /// A line that hands each fraction done to `report` and stops once `isCancelled` says so.
    public init(report: @escaping @Sendable (Double) -> Void = { _ in }, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        reportFraction = report
        cancelled = isCancelled
    }

    /// A line no one listens to and that never stops the work.
    public static var unwatched: TableProgress { TableProgress() }

    /// True once the work is to stop.
    public var isCancelled: Bool { cancelled() }

    /// Reports `fraction` done (NaN ignored, the rest clamped to 0…1); false once the work is
    /// to stop.
    @discardableResult
    public func report(_ fraction: Double) -> Bool {
        if !fraction.isNaN { reportFraction(Swift.min(Swift.max(fraction, 0), 1)) }
        return !isCancelled
    }

    /// Throws ``TableSourceError/cancelled`` once the work is to stop.
    public func check() throws(TableSourceError) {
        if isCancelled { throw .cancelled }
    }
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
    /// The connection to the table's server broke (the server went away, the network failed):
    /// `reason` says how. The rows read stay; ``TableSource/reopened()`` connects again.
    case connectionLost(String)
    /// The table is no longer there (dropped, or its file removed): the message says so.
    case gone(String)

    /// The message.
    public var description: String {
        switch self {
        case let .unsupported(message), let .failed(message), let .gone(message): return message
        case .cancelled: return "stopped before it finished"
        case let .connectionLost(reason): return "the connection to the server was lost: \(reason)"
        }
    }
}
