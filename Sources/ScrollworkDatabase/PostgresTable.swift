import Scrollwork
import ScrollworkFiles

/// A table, view or materialized view of a PostgreSQL database, read in one snapshot.
///
/// A plain table's or a materialized view's rows are named by their ctid, which no row changes
/// within a snapshot (block and line packed as `block << 16 | line`); a view, a partitioned or a
/// foreign table is read by position.
public struct PostgresTable: DatabaseTable {
    /// `schema.name`, or the name alone in `public`.
    public let name: String
    /// True for a view of any kind.
    public let isView: Bool
    /// The column names.
    public let columns: [String]
    /// Each column's type's OID.
    public let columnTypes: [UInt32]
    /// True for a plain table or a materialized view.
    public let hasIdentities: Bool
    /// Every statement reads the snapshot taken when the table was opened, so that rows never
    /// shift while scrolling: rows added since are not in it.
    public var addedRowsUnseen: String? {
        "PostgreSQL shows the table as it was when opened (one snapshot, so rows never shift while scrolling): open it again for rows added since"
    }
    /// The connection it reads through.
    public let connection: PostgresConnection
    /// The table as an SQL name: `"schema"."name"`.
    let qualified: String

    /// `relation` of `schema` (`kind` as `pg_class.relkind` says) on `connection`.
    init(schema: String, relation: String, kind: String, connection: PostgresConnection) throws(DatabaseError) {
        name = schema == "public" ? relation : schema + "." + relation
        qualified = SQLiteTable.quoted(schema) + "." + SQLiteTable.quoted(relation)
        isView = kind == "v" || kind == "m"
        hasIdentities = kind == "r" || kind == "m"
        self.connection = connection
        let described = try connection.query("SELECT attname, atttypid FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum", [qualified])
        columns = (0..<described.count).map { described.text($0, 0) ?? "" }
        columnTypes = (0..<described.count).map { UInt32(described.text($0, 1) ?? "") ?? 0 }
    }

    /// True for the integer, real and numeric types.
    public func isNumeric(_ column: Int) -> Bool {
        guard columnTypes.indices.contains(column) else { return false }
        return [20, 21, 23, 26, 700, 701, 1700].contains(columnTypes[column])
    }

    private var columnList: String { columns.map(SQLiteTable.quoted).joined(separator: ", ") }

    /// The rows that meet every one of `filters`, counted by the server.
    public func count(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int {
        var parameters: [String?] = []
        let condition = try whereClause(filters, parameters: &parameters)
        return Int(try connection.query("SELECT count(*) FROM \(qualified) \(condition)", parameters, keepGoing: keepGoing).text(0, 0) ?? "") ?? 0
    }

    /// The planner's estimate (`pg_class.reltuples`); nil before the table was ever analysed.
    public func estimatedCount() -> Int? {
        guard let result = try? connection.query("SELECT reltuples::bigint FROM pg_class WHERE oid = $1::regclass", [qualified]),
              let n = Int(result.text(0, 0) ?? ""), n >= 0 else { return nil }
        return n
    }

    /// A ctid as text, `(block,line)`.
    static func tid(_ identity: Int) -> String { "(\(identity >> 16),\(identity & 0xFFFF))" }

    /// The ctids after `after` in ctid order, a range of blocks at a time (a TID range scan:
    /// no sort of the whole table), about `limit` rows' worth; empty only past the last block.
    public func identities(after: Int?, limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [Int] {
        guard hasIdentities else { return [] }
        let blocks = Int(try connection.query("SELECT pg_relation_size($1::regclass) / current_setting('block_size')::int", [qualified]).text(0, 0) ?? "") ?? 0
        // About forty rows a block of 8 KB for rows of the width people keep in tables.
        let span = Swift.max(1, Swift.min(Swift.max(1, limit) / 40, 1 << 20))
        var start = after ?? -1
        while (start < 0 ? 0 : start >> 16) < blocks {
            let end = ((start < 0 ? 0 : start >> 16) + span) << 16
            let result = try connection.query("SELECT ctid FROM \(qualified) WHERE ctid > $1::tid AND ctid < $2::tid ORDER BY ctid",
                                              [start < 0 ? "(0,0)" : Self.tid(start), Self.tid(end)], keepGoing: keepGoing)
            let found = result.tids(column: 0)
            // ctid > (0,0) leaves out line 0, which no row has (lines start at 1).
            if !found.isEmpty { return found }
            start = end - 1
        }
        return []
    }

    /// The ctid of every row that meets every one of `filters`, in the order of `order` (NULLs
    /// last, ties in ctid order; ctid order when nil), through a cursor so that ten million
    /// never sit in one result.
    public func identities(where filters: [DatabaseFilter], orderedBy order: (column: Int, ascending: Bool)?, keepGoing: (@Sendable () -> Bool)?,
                           progress: (Int) -> Void) throws(DatabaseError) -> [Int] {
        guard hasIdentities else { return [] }
        var parameters: [String?] = []
        let condition = try whereClause(filters, parameters: &parameters)
        var found: [Int] = []
        let column = order.flatMap { columns.indices.contains($0.column) ? SQLiteTable.quoted(columns[$0.column]) : nil }
        for statement in orderStatements(identity: "ctid", from: "FROM \(qualified)", condition: condition, column: column, ascending: order?.ascending ?? true) {
            try connection.scan(statement, parameters, keepGoing: keepGoing) { part in
                found += part.tids(column: 0)
                progress(found.count)
            }
        }
        return found
    }

    /// `ORDER BY` terms for `order` with NULLs last, each followed by a comma; "" for none.
    private func orderTerms(_ order: (column: Int, ascending: Bool)?) -> String {
        guard let order, columns.indices.contains(order.column) else { return "" }
        return "\(SQLiteTable.quoted(columns[order.column])) \(order.ascending ? "ASC" : "DESC") NULLS LAST,"
    }

    /// The rows of `identities`, in that order (a TID scan).
    public func rows(withIdentities identities: [Int]) throws(DatabaseError) -> [[TableValue]] {
        guard hasIdentities, !identities.isEmpty else { return [] }
        let array = "{" + identities.map { "\"\(Self.tid($0))\"" }.joined(separator: ",") + "}"
        let result = try connection.query("SELECT ctid, \(columnList) FROM \(qualified) WHERE ctid = ANY($1::tid[])", [array])
        var byIdentity: [Int: [TableValue]] = [:]
        for row in 0..<result.count {
            guard let id = result.tid(row, 0) else { continue }
            byIdentity[id] = (1..<result.columnCount).map { result.value(row, $0) }
        }
        let gone = deletedRow(columns: columns.count)
        return identities.map { byIdentity[$0] ?? gone }
    }

    /// Those of `identities` whose row holds `text` in a column, as the filter `*=` tests it,
    /// found by the server.
    public func matches(_ text: String, among identities: [Int], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Set<Int> {
        guard hasIdentities, !identities.isEmpty, !columns.isEmpty else { return [] }
        var parameters: [String?] = ["{" + identities.map { "\"\(Self.tid($0))\"" }.joined(separator: ",") + "}"]
        let any = try whereClause([DatabaseFilter(column: nil, test: .contains(text))], parameters: &parameters).dropFirst("WHERE ".count)
        let result = try connection.query("SELECT ctid FROM \(qualified) WHERE ctid = ANY($1::tid[]) AND (\(any))", parameters, keepGoing: keepGoing)
        return Set(result.tids(column: 0))
    }

    /// Rows by position among those that meet every one of `filters`, in the order asked
    /// (NULLs last), within the snapshot.
    public func rows(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?, where filters: [DatabaseFilter],
                     keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [[TableValue]] {
        var parameters: [String?] = []
        let condition = try whereClause(filters, parameters: &parameters)
        let terms = orderTerms(order)
        let ordering = terms.isEmpty ? "" : "ORDER BY " + terms.dropLast()
        parameters += ["\(Swift.max(0, limit))", "\(Swift.max(0, offset))"]
        let result = try connection.query("SELECT \(columnList) FROM \(qualified) \(condition) \(ordering) LIMIT $\(parameters.count - 1) OFFSET $\(parameters.count)", parameters,
                                          keepGoing: keepGoing)
        return (0..<result.count).map { row in (0..<result.columnCount).map { result.value(row, $0) } }
    }
}

extension PostgresTable: FilterWriter {
    /// The number of columns.
    var columnCount: Int { columns.count }

    /// A test as PostgreSQL writes it: numbers compare as numbers (numeric columns, and text
    /// that spells a number), text as the value's text, `~` with the server's regular expressions.
    func sql(_ test: DatabaseFilter.Test, column: Int, parameters: inout [String?]) throws(DatabaseError) -> String {
        let c = SQLiteTable.quoted(columns[column])
        let numeric = isNumeric(column)
        func parameter(_ value: String) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        // The value as a file's filter reads it (NumberText, then a Double): read as `numeric`,
        // which takes every such text, then rounded to float8 as a Double is, past its range to
        // ±∞ or 0 (where float8's own input would fail); NULL for other text and for NaN, which
        // compares with nothing in a file (PostgreSQL puts it above every number).
        let (exact, isNumber) = numeric ? ("\(c)::numeric", "\(c)::numeric <> 'NaN'::numeric")
            : ("\(c)::text::numeric", "\(c)::text ~* '\(NumberText.pattern)' AND lower(\(c)::text) <> 'nan'")
        let number = "CASE WHEN \(isNumber) THEN (CASE WHEN abs(\(exact)) >= 1.797693134862315807937e308 THEN sign(\(exact))::float8 * 'Infinity'::float8 "
            + "WHEN abs(\(exact)) < 2.4703282292062328e-324 THEN 0::float8 ELSE \(exact)::float8 END) END"
        // Where the value stands against `x`: -1, 0 or 1, NULL for no number. As a file's filter
        // compares (FilterNumber): as reals, and where they are the same real, as the decimals
        // they are (both within the normal reals).
        func compared(_ x: FilterNumber) -> String {
            let real = "\(parameter("\(x.value)"))::float8"
            var tie = "0"
            if let decimal = x.exact, decimal.isWithinReals {
                tie = "CASE WHEN \(exact) = 0 OR (abs(\(exact)) >= 1e-301 AND abs(\(exact)) < 1e300) "
                    + "THEN sign(\(exact) - \(parameter(decimal.description))::numeric)::int ELSE 0 END"
            }
            return "(CASE WHEN \(number) < \(real) THEN -1 WHEN \(number) > \(real) THEN 1 WHEN \(number) = \(real) THEN \(tie) END)"
        }
        func equals(_ text: String) -> String {
            var sql = "\(c)::text = \(parameter(text))"
            if let x = FilterNumber(text: text) { sql += " OR \(compared(x)) = 0" }
            return sql
        }
        // No text (`COLUMN=`) is a missing value: NULL, or empty text, as a file's empty field.
        let isMissing = "(\(c) IS NULL OR \(c)::text = '')"
        switch test {
        case .equals(""): return isMissing
        case .notEquals(""): return "NOT \(isMissing)"
        case let .equals(text): return equals(text)
        case .isNull: return "\(c) IS NULL"
        // A numeric column's value is the same number (its group in a frequency table), an
        // integer exactly; any other, its text alone.
        case let .exactly(text) where numeric:
            if Int(text) != nil { return "\(c)::numeric = \(parameter(text))::numeric" }
            return RowFilter.number(in: text).map { "\(number) = \(parameter("\($0)"))::float8" } ?? "FALSE"
        case let .exactly(text): return "\(c)::text = \(parameter(text))"
        // A value that is no number makes the numeric half NULL: NOT of it must still pass.
        case let .notEquals(text): return "\(c) IS NULL OR NOT COALESCE(\(equals(text)), FALSE)"
        case .contains(""):
            return "TRUE"
        // PostgreSQL's text holds no NUL.
        case let .contains(text) where text.utf8.contains(0):
            return "FALSE"
        case let .contains(text):
            if DatabaseFilter.mindsCase(text) { return "strpos(\(c)::text, \(parameter(text))) > 0" }
            // ASCII letters folded alone, as a file's search folds them (ILIKE folds every script's).
            return "strpos(translate(\(c)::text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), \(parameter(text))) > 0"
        case let .matches(pattern): return "\(c)::text ~ \(parameter(pattern))"
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let (symbol, x) = DatabaseFilter(column: column, test: test).comparison else { return "FALSE" }
            return "\(compared(x)) \(symbol) 0"
        case let .comparesText(comparison, value):
            // Byte by byte (the C collation), as a file's filter compares; PostgreSQL's text
            // holds no NUL, so a bound with one is compared by what comes before it: a value
            // that is that prefix, or less, is below the bound, and one past it above.
            let cut = value.utf8.firstIndex(of: 0).map { String(decoding: value.utf8[..<$0], as: UTF8.self) }
            let symbol = cut == nil ? comparison.rawValue : comparison == .less || comparison == .lessOrEqual ? "<=" : ">"
            return "\(c)::text <> '' AND \(c)::text COLLATE \"C\" \(symbol) \(parameter(cut ?? value))"
        }
    }
}

/// A PostgreSQL database as the viewer opens it: a `postgres://` URL, or the `PG*` environment
/// variables as `psql` reads them.
public struct PostgresDatabase: DatabaseSource {
    /// What libpq is given: the URL without the viewer's own `table=` parameter.
    public let conninfo: String
    /// The table the URL names (`?table=name`), to open at once.
    public let table: String?
    private let connection: PostgresConnection
    /// The relations by the name the list shows: schema, name and kind.
    private let relations: [String: (schema: String, relation: String, kind: String)]
    private let listed: [(name: String, isView: Bool)]

    /// True when `text` is a PostgreSQL URL (`postgres://` or `postgresql://`).
    public static func isURL(_ text: String) -> Bool {
        // Scalar by scalar, as libpq reads it: a combining mark after `://` leaves it a URL.
        text.unicodeScalars.starts(with: "postgres://".unicodeScalars) || text.unicodeScalars.starts(with: "postgresql://".unicodeScalars)
    }

    /// `url` without its `table=` query parameter, and that parameter's table (percent-decoded),
    /// read a Unicode scalar at a time as libpq reads the bytes: a combining mark after `?`, `&`
    /// or `=` joins no character here.
    static func splittingTable(from url: String) -> (conninfo: String, table: String?) {
        let scalars = url.unicodeScalars
        guard let question = scalars.firstIndex(of: "?") else { return (url, nil) }
        let name = "table=".unicodeScalars
        let query = scalars[scalars.index(after: question)...].split(separator: "&")
        let kept = query.filter { !$0.starts(with: name) }.map { String(Substring($0)) }
        let table = query.first { $0.starts(with: name) }.map { DatabaseURL.percentDecoded(String(Substring($0.dropFirst(name.count)))) }
        return (String(Substring(scalars[..<question])) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")), table)
    }

    /// Connects to the database `url` names (`postgres://user@host:port/db?table=name`; the
    /// `PG*` environment variables fill in what it leaves out).
    public init(url: String) throws(DatabaseError) {
        let (rest, table) = Self.splittingTable(from: url)
        conninfo = rest
        self.table = table
        connection = try PostgresConnection(conninfo: rest)
        let found = try connection.query("""
            SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
            ORDER BY n.nspname = 'public' DESC, n.nspname, c.relname
            """)
        var relations: [String: (String, String, String)] = [:]
        var listed: [(String, Bool)] = []
        for row in 0..<found.count {
            guard let schema = found.text(row, 0), let relation = found.text(row, 1), let kind = found.text(row, 2) else { continue }
            let name = schema == "public" ? relation : schema + "." + relation
            relations[name] = (schema, relation, kind)
            listed.append((name, kind == "v" || kind == "m"))
        }
        self.relations = relations
        self.listed = listed
        if let table, relations[table] == nil { throw .noSuchTable(table, available: listed.map(\.0)) }
    }

    /// The URL with its password hidden.
    public var title: String { connection.title }

    /// The tables and views, `public` first.
    public func objects() throws(DatabaseError) -> [(name: String, isView: Bool)] { listed }

    /// Table `name` on a new connection, in `other`'s snapshot when it is one of this server's.
    public func table(_ name: String, sharingSnapshotWith other: (any DatabaseTable)?) throws(DatabaseError) -> any DatabaseTable {
        guard let relation = relations[name] else { throw .noSuchTable(name, available: listed.map(\.name)) }
        let snapshot = (other as? PostgresTable)?.connection.exportedSnapshot
        return try PostgresTable(schema: relation.schema, relation: relation.relation, kind: relation.kind,
                                 connection: PostgresConnection(conninfo: conninfo, snapshot: snapshot))
    }

    /// The rows of `name`, counted on the list's connection.
    public func count(_ name: String, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int {
        guard let relation = relations[name] else { throw .noSuchTable(name, available: listed.map(\.name)) }
        let qualified = SQLiteTable.quoted(relation.schema) + "." + SQLiteTable.quoted(relation.relation)
        return Int(try connection.query("SELECT count(*) FROM \(qualified)", keepGoing: keepGoing).text(0, 0) ?? "") ?? 0
    }

    /// `conninfo` with any password replaced by `•••`: in a URL (`user:secret@`, up to the
    /// last `@` before the host), in its `password=` parameter, in `password=secret` and
    /// `password = 'quoted secret'` pairs, and (three characters or more) wherever else it appears.
    public static func redacted(_ conninfo: String) -> String {
        // A Unicode scalar at a time, as libpq reads bytes (see `PostgresSecrets`).
        var text = conninfo.unicodeScalars
        if isURL(conninfo), let scheme = text.firstRange(of: "://".unicodeScalars) {
            // As libpq reads it: the user info ends at an `@` before the first `/`.
            let authority = text[scheme.upperBound...].prefix { $0 != "/" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "•••".unicodeScalars)
            }
        }
        var shown = String.UnicodeScalarView()
        var rest = text[...]
        // The URL's query parameters named password.
        while isURL(conninfo), let range = rest.firstRange(of: "password=".unicodeScalars) {
            shown.append(contentsOf: rest[..<range.upperBound])
            shown.append(contentsOf: "•••".unicodeScalars)
            rest = rest[range.upperBound...].drop { $0 != "&" && $0 != "#" }
        }
        // key=value pairs: the value as written, quoted or not.
        while !isURL(conninfo), let start = rest.firstRange(of: "password".unicodeScalars)?.lowerBound {
            var after = rest[start...]
            guard let value = PostgresSecrets.nextPasswordValue(in: &after) else { break }
            shown.append(contentsOf: rest[..<value.written.startIndex])
            shown.append(contentsOf: "•••".unicodeScalars)
            rest = rest[value.written.endIndex...]
        }
        shown.append(contentsOf: rest)
        return PostgresSecrets(conninfo: conninfo).hidden(String(shown))
    }
}
