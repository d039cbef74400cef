import Scrollwork
import ScrollworkFiles

/// A table or view of a ClickHouse database, a `Distributed` table over many servers included,
/// as the viewer pages through it: rows read by position in an order the server makes total
/// (the asked column, then the table's sorting key, then every column), so that each page is
/// the same rows however often it is read; every count, filter, order, frequency table and
/// summary done by the server.
public struct ClickHouseTable: DatabaseTable {
    /// The table's name in its database.
    public let name: String
    /// The table's engine (`MergeTree`, `Distributed`, `View`, …).
    public let engine: String
    /// The column names.
    public let columns: [String]
    /// The columns' types, as ClickHouse names them.
    public let columnTypes: [String]
    /// The connection statements go through.
    public let connection: ClickHouseConnection
    /// The columns that order the table's rows the same way every time: its sorting key's,
    /// then the rest.
    let stableOrder: [Int]
    /// `database`.`name`.
    let qualified: String
    /// Where the pages read so far end, and the counts under each filter.
    let anchors = ClickHouseAnchors()
    /// Hears the fraction done of the long statements, as the server reports it (``reportingProgress(to:)``).
    var progress: (@Sendable (Double) -> Void)? = nil

    /// The same table, its counts, frequency tables and summaries telling `report` how far
    /// they are as the server reports it (its progress headers), a distributed table's shards
    /// together.
    public func reportingProgress(to report: @escaping @Sendable (Double) -> Void) -> any DatabaseTable {
        var table = self
        table.progress = report
        return table
    }

    /// ``progress`` for a statement that is the part `part` (of 0…1) of the work: its
    /// fractions put in that part's place.
    func progress(within part: ClosedRange<Double>) -> (@Sendable (Double) -> Void)? {
        guard let report = progress else { return nil }
        return { @Sendable fraction in report(part.lowerBound + fraction * (part.upperBound - part.lowerBound)) }
    }

    /// Table `name` (of engine `engine`, with sorting key `sortingKey` as `system.tables`
    /// writes it) on `connection`.
    ///
    /// - Throws: ``DatabaseError`` when the server cannot describe the table.
    init(name: String, engine: String, sortingKey: String, connection: ClickHouseConnection) throws(DatabaseError) {
        self.name = name
        self.engine = engine
        self.connection = connection
        qualified = ClickHouseConnection.identifier(connection.database) + "." + ClickHouseConnection.identifier(name)
        let described = try connection.query("DESCRIBE TABLE \(qualified)")
        let names = described.rows.map { $0.first.flatMap { $0 } ?? "" }
        columns = names
        columnTypes = described.rows.map { $0.count > 1 ? $0[1] ?? "" : "" }
        // The sorting key's columns where they are plain names; the rest after, in the table's
        // order, but those whose values cannot be written back to start a page after (arrays,
        // tuples), which would leave every page to be counted off.
        let types = columnTypes
        let keyNames = sortingKey.split(separator: ",").map { String($0).trimmingCharacters() }
        let key = keyNames.compactMap { key in names.firstIndex { $0 == key } }
        stableOrder = key + names.indices.filter { c in
            let type = ClickHouseType(types[c])
            return !key.contains(c) && (type.number != nil || type.comparesWithText)
        }
    }

    /// True for a view or a materialized view.
    public var isView: Bool { engine.hasSuffix("View") }

    /// ClickHouse rows have no name that lasts: they are read by position.
    public var hasIdentities: Bool { false }

    /// Said in the status line.
    public var positionReason: String { "ClickHouse rows are read by position" }

    /// True for the integer, floating-point and decimal types (`Nullable` or not).
    public func isNumeric(_ column: Int) -> Bool {
        columnTypes.indices.contains(column) && ClickHouseType(columnTypes[column]).number != nil
    }

    /// The rows that meet every one of `filters`, counted by the server.
    public func count(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int {
        var unused: [Never] = []
        return try count(where: try whereClause(filters, parameters: &unused), keepGoing: keepGoing)
    }

    /// The rows `condition` (a `WHERE` clause, or "") keeps, counted by the server.
    func count(where condition: String, keepGoing: (@Sendable () -> Bool)?, within part: ClosedRange<Double> = 0...1) throws(DatabaseError) -> Int {
        let result = try connection.query("SELECT count() FROM \(qualified) \(condition)", keepGoing: keepGoing, progress: progress(within: part))
        return Int(result.rows.first?.first.flatMap { $0 } ?? "") ?? 0
    }

    /// The rows the parts of a `MergeTree` table hold, from `system.parts`; nil for other
    /// engines (a `Distributed` table's rows are on its shards) or when the server does not say.
    public func estimatedCount() -> Int? {
        guard engine.hasSuffix("MergeTree") else { return nil }
        let sql = "SELECT sum(rows) FROM system.parts WHERE active AND database = \(ClickHouseConnection.literal(connection.database)) AND table = \(ClickHouseConnection.literal(name))"
        do {
            return Int(try connection.query(sql).rows.first?.first.flatMap { $0 } ?? "")
        } catch {
            // A guess only: the count that follows says what is wrong, if anything is.
            return nil
        }
    }

    /// No names: rows are read by position.
    public func identities(after: Int?, limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [Int] { [] }

    /// No names: rows are read by position.
    public func identities(where filters: [DatabaseFilter], orderedBy order: (column: Int, ascending: Bool)?, keepGoing: (@Sendable () -> Bool)?,
                           progress: (Int) -> Void) throws(DatabaseError) -> [Int] { [] }

    /// No names: rows are read by position.
    public func rows(withIdentities identities: [Int]) throws(DatabaseError) -> [[TableValue]] { [] }

    /// No names: a search reads rows by position.
    public func matches(_ text: String, among identities: [Int], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Set<Int> { [] }

    /// The first of `positions` (the last, going back) in the order shown whose row holds `text`
    /// in a column, found by the server itself in two light statements.
    public func firstPosition(holding text: String, in positions: Range<Int>, forward: Bool, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                              keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> EnginePosition {
        try position(holding: text, in: positions, forward: forward, order: order, where: filters, keepGoing: keepGoing).map(EnginePosition.found) ?? .notFound
    }

    /// The first of `positions` holding `text` in two light statements rather than a numbering
    /// of every row: the first match within the run's bounds (the rows after the row before the
    /// run, and not after its last row, by their order values), then its place (the rows not
    /// after it, counted); nil when none does.
    func position(holding text: String, in positions: Range<Int>, forward: Bool, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                  keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int? {
        guard !positions.isEmpty, !columns.isEmpty, positions.lowerBound >= 0 else { return nil }
        var unused: [Never] = []
        let condition = try whereClause(filters, parameters: &unused)
        let holds = String(try whereClause([DatabaseFilter(column: nil, test: .contains(text))], parameters: &unused).dropFirst("WHERE ".count))
        let terms = orderTerms(order)
        let total = try anchors.count(condition) { () throws(DatabaseError) in try count(where: condition, keepGoing: keepGoing) }
        var parts = condition.isEmpty ? [] : [String(condition.dropFirst("WHERE ".count))]
        for (edge, isStart) in [(positions.lowerBound - 1, true), (positions.upperBound - 1, false)] where edge >= 0 && (isStart || edge < total - 1) {
            guard let values = try orderValues(at: edge, order: order, condition: condition), let after = keyset(after: values, terms: terms) else {
                return try numberedPosition(holding: holds, in: positions, forward: forward, order: order, condition: condition, keepGoing: keepGoing)
            }
            parts.append(isStart ? after : "NOT \(after)")
        }
        parts.append(holds)
        let list = terms.map { ClickHouseConnection.identifier(columns[$0.column]) }.joined(separator: ", ")
        let found = try connection.query("SELECT \(list) FROM \(qualified) WHERE \(parts.joined(separator: " AND ")) \(ordering(terms, reversed: !forward)) LIMIT 1",
                                         keepGoing: keepGoing)
        guard let match = found.rows.first else { return nil }
        guard let after = keyset(after: match, terms: terms) else {
            return try numberedPosition(holding: holds, in: positions, forward: forward, order: order, condition: condition, keepGoing: keepGoing)
        }
        let notAfter = (condition.isEmpty ? "WHERE " : condition + " AND ") + "NOT \(after)"
        return try count(where: notAfter, keepGoing: keepGoing) - 1
    }

    /// The search where a value of the order cannot be written back (NaN, an array sorted by):
    /// every row numbered in the order by the server and the first holding it (`holds`) within
    /// `positions` taken, at the cost of the whole order held on the server at once.
    private func numberedPosition(holding holds: String, in positions: Range<Int>, forward: Bool, order: (column: Int, ascending: Bool)?, condition: String,
                                  keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int? {
        let sql = "SELECT n FROM (SELECT rowNumberInAllBlocks() AS n, \(holds) AS hit FROM (SELECT * FROM \(qualified) \(condition) \(ordering(order)))) "
            + "WHERE hit AND n >= \(positions.lowerBound) AND n < \(positions.upperBound) ORDER BY n \(forward ? "ASC" : "DESC") LIMIT 1"
        return try connection.query(sql, keepGoing: keepGoing).rows.first?.first.flatMap { $0 }.flatMap { Int($0) }
    }

    /// The values of the order's columns in the row at `position` of `order` under `condition`:
    /// those of a page read lately, else read (a page's way: after a row read, from the end, or counted off).
    func orderValues(at position: Int, order: (column: Int, ascending: Bool)?, condition: String) throws(DatabaseError) -> [String?]? {
        let terms = orderTerms(order)
        let key = condition + " " + ordering(terms)
        if let known = anchors.row(key, at: position) { return known }
        _ = try read(try pageStatement(offset: position, limit: 1, order: order, condition: condition), offset: position, order: order, condition: condition)
        return anchors.row(key, at: position)
    }

    /// `ORDER BY` for `order` (NULLs last either way), then the table's stable order.
    func ordering(_ order: (column: Int, ascending: Bool)?) -> String { ordering(orderTerms(order)) }

    /// Rows by position among those that meet every one of `filters`, in the order asked
    /// (NULLs last), ties in the table's stable order: after the last page read where it ended
    /// there, from the end in the far half (see `pageStatement(offset:limit:order:condition:)`).
    public func rows(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                     keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [[TableValue]] {
        var unused: [Never] = []
        let condition = try whereClause(filters, parameters: &unused)
        let (offset, limit) = (Swift.max(0, offset), Swift.max(0, limit))
        guard limit > 0 else { return [] }
        return try read(try pageStatement(offset: offset, limit: limit, order: order, condition: condition), offset: offset, order: order, condition: condition,
                        keepGoing: keepGoing)
    }
}

extension ClickHouseTable: FilterWriter {
    /// The number of columns.
    var columnCount: Int { columns.count }

    /// A test as ClickHouse writes it, its values as escaped literals: numbers compare as numbers
    /// (numeric columns, and text that spells a number as a file's filter reads one), text as
    /// the value's text, `~` with the server's regular expressions (RE2).
    func sql(_ test: DatabaseFilter.Test, column: Int, parameters: inout [Never]) throws(DatabaseError) -> String {
        let c = ClickHouseConnection.identifier(columns[column])
        let text = "toString(\(c))"
        // The value as a file's filter reads it: text of a number's shape (NumberText), a sign
        // of + left off for the server's reading; past the range of a double ±∞; NaN none.
        let number = isNumeric(column)
            ? "if(isNaN(toFloat64(\(c))), NULL, toFloat64(\(c)))"
            : "if(match(\(text), \(ClickHouseConnection.literal("(?i)" + NumberText.pattern))) AND NOT match(\(text), '(?i)nan'), "
              + "toFloat64OrNull(replaceRegexpOne(\(text), '^[+]', '')), NULL)"
        func literal(_ x: Double) -> String { x.isInfinite ? (x > 0 ? "inf" : "-inf") : "\(x)" }
        // Where the value stands against `x`: -1, 0 or 1, NULL for no number. As a file's filter
        // compares (FilterNumber): as reals, and where they are the same real and both whole
        // numbers within 64 bits, as those (this server has no decimal that takes every text).
        func compared(_ x: FilterNumber) -> String {
            let real = literal(x.value)
            var tie = "0"
            if let n = x.integer {
                let whole = "toInt64OrNull(replaceRegexpOne(\(text), '^[+]', ''))"
                tie = "ifNull(multiIf(\(whole) < \(n), -1, \(whole) > \(n), 1, 0), 0)"
            }
            // NaN (which this server's case-blind match lets through as "NaN") compares with nothing.
            return "multiIf(isNull(\(number)) OR isNaN(\(number)), NULL, \(number) < \(real), -1, \(number) > \(real), 1, \(tie))"
        }
        func equals(_ value: String) -> String {
            var sql = "\(text) = \(ClickHouseConnection.literal(value))"
            if let x = FilterNumber(text: value) { sql += " OR \(compared(x)) = 0" }
            return sql
        }
        // No text (`COLUMN=`) is a missing value: NULL, or empty text, as a file's empty field.
        let isMissing = "(isNull(\(c)) OR \(text) = '')"
        switch test {
        case .equals(""): return isMissing
        case .notEquals(""): return "NOT \(isMissing)"
        case let .equals(value): return "ifNull(\(equals(value)), 0)"
        case .isNull: return "isNull(\(c))"
        // A numeric column's value is the same number (its group in a frequency table), an
        // integer exactly; any other, its text alone.
        case let .exactly(value) where isNumeric(column):
            if let n = Int(value) { return "ifNull(\(c) = \(n), 0)" }
            return RowFilter.number(in: value).map { "ifNull(\(number) = \(literal($0)), 0)" } ?? "0"
        case let .exactly(value): return "ifNull(\(text) = \(ClickHouseConnection.literal(value)), 0)"
        // A value that is no number makes the numeric half NULL: NOT of it must still pass.
        case let .notEquals(value): return "isNull(\(c)) OR NOT ifNull(\(equals(value)), 0)"
        case .contains(""): return "1"
        case let .contains(value):
            // ASCII letters folded alone, as a file's search folds them.
            let find = DatabaseFilter.mindsCase(value) ? "position" : "positionCaseInsensitive"
            return "ifNull(\(find)(\(text), \(ClickHouseConnection.literal(value))) > 0, 0)"
        case let .matches(pattern): return "ifNull(match(\(text), \(ClickHouseConnection.literal(pattern))), 0)"
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let (symbol, x) = DatabaseFilter(column: column, test: test).comparison else { return "0" }
            return "ifNull(\(compared(x)) \(symbol) 0, 0)"
        // Strings compare byte by byte, as a file's filter compares them.
        case let .comparesText(comparison, value):
            return "ifNull(\(text) != '' AND \(text) \(comparison.rawValue) \(ClickHouseConnection.literal(value)), 0)"
        }
    }
}
