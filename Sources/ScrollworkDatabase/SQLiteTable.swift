import Scrollwork
import ScrollworkFiles

/// A table or view of an SQLite database, read a page at a time in the database's own order or
/// in an order the engine makes: never every row at once, never an `OFFSET` for a table.
///
/// A table's rows are named by their rowid: an order is the list of rowids in that order (8
/// bytes a row, read in one pass the engine sorts), and a page is the rows of a hundred rowids
/// of it, so a jump to any position reads one page. A view (or a table WITHOUT ROWID) has no
/// such name: its pages are read by position.
public struct SQLiteTable: DatabaseTable {
    /// The table's name.
    public let name: String
    /// True for a view.
    public let isView: Bool
    /// The column names, in the table's order.
    public let columns: [String]
    /// What the rowid is called here (`rowid`, `_rowid_` or `oid`, the first no column takes);
    /// nil for a view or a table WITHOUT ROWID.
    public let rowIdentity: String?
    /// Each column's declared type as written (`INTEGER`, `TEXT`, …; empty when none is).
    public let declaredTypes: [String]
    /// True for a table with rowids.
    public var hasIdentities: Bool { rowIdentity != nil }
    /// The connection it reads through.
    public let connection: SQLiteConnection

    /// `name` as an SQL identifier.
    public static func quoted(_ name: String) -> String { "\"" + name.replacingScalar("\"", with: "\"\"") + "\"" }

    /// The table or view `name` of `connection`; ``DatabaseError/noSuchTable(_:available:)``
    /// names the ones there are.
    public init(_ name: String, in connection: SQLiteConnection) throws(DatabaseError) {
        let objects = try SQLiteCatalog.objects(in: connection)
        guard let object = objects.first(where: { $0.name == name }) else { throw .noSuchTable(name, available: objects.map(\.name)) }
        self.name = name
        self.connection = connection
        isView = object.isView
        let columns = try connection.columnNames("SELECT * FROM \(Self.quoted(name))")
        self.columns = columns
        var types: [String: String] = [:]
        try connection.rows("SELECT name, type FROM pragma_table_info(?)", [.string(name)]) { row in
            if case let .string(column) = row.value(0), case let .string(type) = row.value(1) { types[column] = type }
            return true
        }
        declaredTypes = columns.map { types[$0] ?? "" }
        let taken = Set(columns.map { $0.lowercased() })
        var identity: String? = nil
        if !object.isView {
            for candidate in ["rowid", "_rowid_", "oid"] where !taken.contains(candidate) {
                // A table WITHOUT ROWID refuses the name.
                if (try? connection.columnNames("SELECT \(candidate) FROM \(Self.quoted(name))")) != nil { identity = candidate }
                break
            }
        }
        rowIdentity = identity
    }

    /// True when column `column` is declared to hold numbers (INTEGER, REAL, NUMERIC and their
    /// kin, by SQLite's rules of affinity): it is aligned as numbers are.
    public func isNumeric(_ column: Int) -> Bool {
        guard declaredTypes.indices.contains(column) else { return false }
        let type = declaredTypes[column].uppercased()
        if type.contains("INT") { return true }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") || type.contains("BLOB") || type.isEmpty { return false }
        return type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") || type.contains("NUM") || type.contains("DEC")
    }

    private var from: String { "FROM \(Self.quoted(name))" }
    private var columnList: String { columns.map(qualified).joined(separator: ", ") }

    /// Column `column` as the statements name it, qualified by the table: a column dropped or
    /// renamed since the table was opened is then an error, where SQLite would read an unknown
    /// double-quoted name alone as text and show the column's name in every row.
    private func qualified(_ column: String) -> String { Self.quoted(name) + "." + Self.quoted(column) }

    /// The rows that meet every one of `filters`, counted by the engine.
    public func count(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int {
        var arguments: [TableValue] = []
        let condition = try whereClause(filters, parameters: &arguments)
        var count = 0
        try connection.rows("SELECT count(*) \(from) \(condition)", arguments, keepGoing: keepGoing) { row in
            count = row.integer(0)
            return false
        }
        return count
    }

    /// A quick guess at the number of rows, before the count: the statistics `ANALYZE` keeps, else
    /// the span of the rowids; nil when neither says.
    public func estimatedCount() -> Int? {
        // The table's own row, or an index's, whose first number is the table's rows too.
        if let stat = try? connection.all("SELECT stat FROM sqlite_stat1 WHERE tbl = ? ORDER BY idx IS NOT NULL LIMIT 1", [.string(name)]).first?.first,
           case let .string(text) = stat, let n = Int(text.split(separator: " ").first ?? "") {
            return n
        }
        // Each end on its own: SQLite reads max() and min() from the b-tree's ends only alone.
        guard let id = rowIdentity,
              let span = try? connection.all("SELECT (SELECT max(\(id)) \(from)) - (SELECT min(\(id)) \(from)) + 1").first?.first, case let .int(n) = span else { return nil }
        return Swift.max(0, n)
    }

    /// Up to `limit` rowids after `after` (from the first when nil), in rowid order: the table's
    /// own order, read a chunk at a time.
    public func identities(after: Int?, limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [Int] {
        guard let id = rowIdentity else { return [] }
        var found: [Int] = []
        found.reserveCapacity(Swift.max(0, Swift.min(limit, 1 << 20)))
        let condition = after == nil ? "" : "WHERE \(id) > ?"
        try connection.rows("SELECT \(id) \(from) \(condition) ORDER BY \(id) LIMIT ?", (after.map { [.int($0)] } ?? []) + [.int(Swift.max(0, limit))], keepGoing: keepGoing) { row in
            found.append(row.integer(0))
            return true
        }
        return found
    }

    /// The rowid of every row that meets every one of `filters`, in the order of `order` (NULLs
    /// last either way, ties in rowid order; rowid order when nil), sorted by the engine (with
    /// an index on the column, read from it). `progress` hears how many rows have come;
    /// ``DatabaseError/cancelled`` when `keepGoing` says stop, also while the engine sorts.
    public func identities(where filters: [DatabaseFilter], orderedBy order: (column: Int, ascending: Bool)?, keepGoing: (@Sendable () -> Bool)?,
                           progress: (Int) -> Void) throws(DatabaseError) -> [Int] {
        guard let id = rowIdentity else { return [] }
        var arguments: [TableValue] = []
        let condition = try whereClause(filters, parameters: &arguments)
        var found: [Int] = []
        let column = order.flatMap { columns.indices.contains($0.column) ? qualified(columns[$0.column]) : nil }
        for statement in orderStatements(identity: id, from: from, condition: condition, column: column, ascending: order?.ascending ?? true) {
            try connection.rows(statement, arguments, keepGoing: keepGoing) { row in
                found.append(row.integer(0))
                if found.count & 0xFFFF == 0 { progress(found.count) }
                return true
            }
        }
        return found
    }

    /// `ORDER BY` terms for `order` with NULLs last, each followed by a comma; "" for none.
    private func orderTerms(_ order: (column: Int, ascending: Bool)?) -> String {
        guard let order, columns.indices.contains(order.column) else { return "" }
        let c = qualified(columns[order.column])
        return "\(c) IS NULL, \(c) \(order.ascending ? "ASC" : "DESC"),"
    }

    /// The rows named by `identities`, in that order, each its columns' values; a row deleted
    /// since its rowid was read comes back as one missing value a column, saying so.
    public func rows(withIdentities identities: [Int]) throws(DatabaseError) -> [[TableValue]] {
        guard let id = rowIdentity, !identities.isEmpty else { return [] }
        var byIdentity: [Int: [TableValue]] = [:]
        // SQLite takes up to 32,766 parameters; a page is far fewer.
        for start in stride(from: 0, to: identities.count, by: 32_000) {
            let part = identities[start..<Swift.min(identities.count, start + 32_000)]
            let marks = Array(repeating: "?", count: part.count).joined(separator: ",")
            try connection.rows("SELECT \(id), \(columnList) \(from) WHERE \(id) IN (\(marks))", part.map { .int($0) }) { row in
                byIdentity[row.integer(0)] = (1..<row.count).map { row.value($0) }
                return true
            }
        }
        let gone = deletedRow(columns: columns.count)
        return identities.map { byIdentity[$0] ?? gone }
    }

    /// Those of `identities` whose row holds `text` in a column, as the filter `*=` tests it
    /// (the case of ASCII letters ignored unless the text has a capital), found by the engine.
    public func matches(_ text: String, among identities: [Int], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Set<Int> {
        guard let id = rowIdentity, !identities.isEmpty, !columns.isEmpty else { return [] }
        var parameters: [TableValue] = []
        let any = try whereClause([DatabaseFilter(column: nil, test: .contains(text))], parameters: &parameters).dropFirst("WHERE ".count)
        var found: Set<Int> = []
        for start in stride(from: 0, to: identities.count, by: 32_000) {
            let part = identities[start..<Swift.min(identities.count, start + 32_000)]
            let marks = (0..<part.count).map { "?\($0 + parameters.count + 1)" }.joined(separator: ",")
            try connection.rows("SELECT \(id) \(from) WHERE \(id) IN (\(marks)) AND (\(any))", parameters + part.map { .int($0) },
                                keepGoing: keepGoing) { row in
                found.insert(row.integer(0))
                return true
            }
        }
        return found
    }

    /// Rows `offset..<offset + limit` of those that meet every one of `filters` (a view or a
    /// table WITHOUT ROWID is read so), in the order of `order` (the engine's own when nil).
    public func rows(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                     keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [[TableValue]] {
        var arguments: [TableValue] = []
        let condition = try whereClause(filters, parameters: &arguments)
        let terms = orderTerms(order)
        let ordering = terms.isEmpty ? "" : "ORDER BY " + terms.dropLast()
        arguments += [.int(Swift.max(0, limit)), .int(Swift.max(0, offset))]
        var rows: [[TableValue]] = []
        try connection.rows("SELECT \(columnList) \(from) \(condition) \(ordering) LIMIT ?\(arguments.count - 1) OFFSET ?\(arguments.count)", arguments,
                            keepGoing: keepGoing) { row in
            rows.append(row.values)
            return true
        }
        return rows
    }
}

extension SQLiteTable: FilterWriter {
    /// The number of columns.
    var columnCount: Int { columns.count }

    /// A filter's number as SQLite is given it: a whole number as an integer, which SQLite
    /// compares exactly with the integers ``NumberFunction`` gives, else a real.
    static func parameter(_ number: FilterNumber) -> TableValue {
        number.integer.map { .int($0) } ?? .double(number.value)
    }

    /// A test as SQLite writes it, on the column's stored value: numbers compare as numbers
    /// (values stored as integers or reals, and text that spells a number), text as its text.
    func sql(_ test: DatabaseFilter.Test, column: Int, parameters: inout [TableValue]) throws(DatabaseError) -> String {
        let c = qualified(columns[column])
        func parameter(_ value: TableValue) -> String {
            parameters.append(value)
            return "?\(parameters.count)"
        }
        // Numbers as a file's fields are read (NumberFunction), so both keep the same rows.
        let number = "\(NumberFunction.name)(\(c))"
        func equals(_ text: String) -> String {
            var sql = "CAST(\(c) AS TEXT) = \(parameter(.string(text)))"
            if let x = FilterNumber(text: text) { sql += " OR \(number) = \(parameter(Self.parameter(x)))" }
            return sql
        }
        // No text (`COLUMN=`) is a missing value: NULL, or empty text, as a file's empty field.
        let isMissing = "(\(c) IS NULL OR CAST(\(c) AS TEXT) = '')"
        switch test {
        case .equals(""): return isMissing
        case .notEquals(""): return "NOT \(isMissing)"
        case let .equals(text): return equals(text)
        case .isNull: return "\(c) IS NULL"
        // A value stored as a number is the same number (its group in a frequency table); any
        // other, its text alone.
        case let .exactly(text):
            let stored = "typeof(\(c)) IN ('integer', 'real')"
            var sql = "(NOT \(stored) AND CAST(\(c) AS TEXT) = \(parameter(.string(text))))"
            if let n = Int(text) {
                sql += " OR (\(stored) AND \(c) = \(parameter(.int(n))))"
            } else if let x = RowFilter.number(in: text) {
                sql += " OR (\(stored) AND \(c) = \(parameter(.double(x))))"
            }
            return sql
        // A value that is no number makes the numeric half NULL: NOT of it must still pass.
        case let .notEquals(text): return "\(c) IS NULL OR NOT COALESCE(\(equals(text)), FALSE)"
        case .contains(""):
            return "TRUE"
        case let .contains(text):
            // instr reads the value's length, so a NUL in the text is looked for as one; lower()
            // folds ASCII letters only, as a file's search does.
            if DatabaseFilter.mindsCase(text) { return "instr(CAST(\(c) AS TEXT), \(parameter(.string(text)))) > 0" }
            return "instr(lower(CAST(\(c) AS TEXT)), \(parameter(.string(text)))) > 0"
        case .matches:
            throw .failed(statement: "~", reason: "SQLite has no regular expressions built in; *= finds text")
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let (symbol, x) = DatabaseFilter(column: column, test: test).comparison else { return "FALSE" }
            return "\(number) \(symbol) \(parameter(Self.parameter(x)))"
        // SQLite's own text order is byte by byte (BINARY), as a file's filter compares.
        case let .comparesText(comparison, value):
            return "CAST(\(c) AS TEXT) <> '' AND CAST(\(c) AS TEXT) COLLATE BINARY \(comparison.rawValue) \(parameter(.string(value)))"
        }
    }
}
