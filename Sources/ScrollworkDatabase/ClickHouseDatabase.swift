import Scrollwork
import ScrollworkFiles

/// A ClickHouse database as the viewer opens it: `clickhouse://[user[:password]@]host[:port]/database[?table=name]`,
/// reached through the server's HTTP interface (port 8123 unless given), its tables and views
/// listed with their engines, a `Distributed` table over many servers among them.
public struct ClickHouseDatabase: DatabaseSource {
    /// The table the URL names (`?table=name`), to open at once.
    public let table: String?
    /// The connection the list and each table's statements go through.
    public let connection: ClickHouseConnection
    /// The tables and views by name: engine and sorting key.
    private let relations: [String: (engine: String, sortingKey: String)]
    private let listed: [(name: String, isView: Bool)]

    /// True when `text` is a ClickHouse URL (`clickhouse://`).
    public static func isURL(_ text: String) -> Bool { text.unicodeScalars.starts(with: "clickhouse://".unicodeScalars) }

    /// Connects to the database `url` names and lists its tables.
    ///
    /// - Throws: ``DatabaseError/cannotOpen(path:reason:)`` for a URL that is not one, a server
    ///   that cannot be reached or refuses the user, or a database it does not have;
    ///   ``DatabaseError/noSuchTable(_:available:)`` for a `table=` it does not have.
    public init(url: String) throws(DatabaseError) {
        let parts = try ClickHouseAddress(url: url)
        connection = ClickHouseConnection(host: parts.host, port: parts.port, user: parts.user, password: parts.password, database: parts.database)
        table = parts.table
        let found: ClickHouseResult
        do {
            // Statements run in the database the URL names: the server says when it has none.
            found = try connection.query("SELECT name, engine, sorting_key FROM system.tables WHERE database = \(ClickHouseConnection.literal(parts.database)) ORDER BY name")
        } catch {
            throw .cannotOpen(path: connection.title, reason: Self.reason(error))
        }
        var relations: [String: (String, String)] = [:]
        var listed: [(String, Bool)] = []
        for row in found.rows where row.count >= 3 {
            guard let name = row[0], let engine = row[1] else { continue }
            relations[name] = (engine, row[2] ?? "")
            listed.append((name, engine.hasSuffix("View")))
        }
        self.relations = relations
        self.listed = listed
        if let table, relations[table] == nil { throw .noSuchTable(table, available: listed.map(\.0)) }
    }

    /// What a failure to open says after the address.
    private static func reason(_ error: DatabaseError) -> String {
        switch error {
        case let .connectionLost(reason): return reason
        case let .failed(_, reason): return reason
        default: return "\(error)"
        }
    }

    /// The address without its password.
    public var title: String { connection.title }

    /// The tables and views, by name.
    public func objects() throws(DatabaseError) -> [(name: String, isView: Bool)] { listed }

    /// Table `name`; ClickHouse has no snapshots to share.
    public func table(_ name: String, sharingSnapshotWith other: (any DatabaseTable)?) throws(DatabaseError) -> any DatabaseTable {
        guard let relation = relations[name] else { throw .noSuchTable(name, available: listed.map(\.name)) }
        return try ClickHouseTable(name: name, engine: relation.engine, sortingKey: relation.sortingKey, connection: connection)
    }

    /// The rows of `name`, counted by the server.
    public func count(_ name: String, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int {
        guard relations[name] != nil else { throw .noSuchTable(name, available: listed.map(\.name)) }
        let qualified = ClickHouseConnection.identifier(connection.database) + "." + ClickHouseConnection.identifier(name)
        return Int(try connection.query("SELECT count() FROM \(qualified)", keepGoing: keepGoing).rows.first?.first.flatMap { $0 } ?? "") ?? 0
    }

    /// The table's engine, as `system.tables` names it.
    public func kind(of name: String) -> String? { relations[name]?.engine }

    /// A server's tables are no file of this machine.
    public var readFiles: Set<FileIdentity> { [] }
}

/// The parts of a `clickhouse://` URL.
package struct ClickHouseAddress: Sendable, Hashable {
    package var user = "default"
    package var password = ""
    package var host = "localhost"
    package var port = 8123
    package var database = "default"
    package var table: String? = nil

    /// The parts of `url`.
    ///
    /// - Throws: ``DatabaseError/cannotOpen(path:reason:)`` for a URL that is not one: no
    ///   `clickhouse://`, an unclosed `[`, a port that is not a number from 1 to 65535.
    package init(url: String) throws(DatabaseError) {
        let shown = Self.redacted(url)
        guard ClickHouseDatabase.isURL(url), let parts = URLAuthority(url) else { throw .cannotOpen(path: shown, reason: "not a clickhouse:// URL") }
        if let name = parts.user, !name.isEmpty { user = DatabaseURL.percentDecoded(name) }
        if let secret = parts.password { password = DatabaseURL.percentDecoded(secret) }
        let rest = parts.rest.unicodeScalars.prefix { $0 != "#" }
        let path = rest.prefix { $0 != "?" }
        let name = path.drop { $0 == "/" }
        if !name.isEmpty { database = DatabaseURL.percentDecoded(String(Substring(name))) }
        // A scalar at a time: a combining mark after `&` or `=` joins no character here.
        for pair in rest.dropFirst(path.count + 1).split(separator: "&") where pair.starts(with: "table=".unicodeScalars) {
            table = DatabaseURL.percentDecoded(String(Substring(pair.dropFirst("table=".unicodeScalars.count))))
        }
        if parts.unclosedBracket { throw .cannotOpen(path: shown, reason: "the IPv6 address has no closing ]") }
        if !parts.afterAddress.isEmpty { throw .cannotOpen(path: shown, reason: "unexpected text after the address: \(parts.afterAddress)") }
        if !parts.host.isEmpty { host = parts.host }
        guard let number = parts.portNumber(default: port) else {
            throw .cannotOpen(path: shown, reason: "the port must be a number from 1 to 65535, not '\(parts.port ?? "")'")
        }
        port = number
    }

    /// `url` with the password between `user:` and `@` hidden.
    package static func redacted(_ url: String) -> String { URLAuthority.redacted(url, mark: "•••") }
}
