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
struct ClickHouseAddress: Sendable, Hashable {
    var user = "default"
    var password = ""
    var host = "localhost"
    var port = 8123
    var database = "default"
    var table: String? = nil

    /// The parts of `url`.
    ///
    /// - Throws: ``DatabaseError/cannotOpen(path:reason:)`` for a URL that is not one: no
    ///   `clickhouse://`, an unclosed `[`, a port that is not a number from 1 to 65535.
    init(url: String) throws(DatabaseError) {
        guard ClickHouseDatabase.isURL(url) else { throw .cannotOpen(path: url, reason: "not a clickhouse:// URL") }
        var rest = Substring(url.dropFirst("clickhouse://".count))
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") where pair.hasPrefix("table=") {
                table = DatabaseURL.percentDecoded(String(pair.dropFirst("table=".count)))
            }
            rest = rest[..<question]
        }
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count).drop { $0 == "/" }
        if !path.isEmpty { database = DatabaseURL.percentDecoded(String(path)) }
        var hostPart = authority
        // The user information ends at the last @ before the host.
        let shown = Self.redacted(url)
        if let at = authority.lastIndex(of: "@") {
            let info = authority[..<at]
            hostPart = authority[authority.index(after: at)...]
            let name = info.prefix { $0 != ":" }
            if !name.isEmpty { user = DatabaseURL.percentDecoded(String(name)) }
            if name.count < info.count { password = DatabaseURL.percentDecoded(String(info.dropFirst(name.count + 1))) }
        }
        var portText: Substring? = nil
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw .cannotOpen(path: shown, reason: "the IPv6 address has no closing ]") }
            host = String(hostPart[hostPart.index(after: hostPart.startIndex)..<close])
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw .cannotOpen(path: shown, reason: "unexpected text after the address: \(after)") }
        } else if let colon = hostPart.lastIndex(of: ":") {
            host = String(hostPart[..<colon])
            portText = hostPart[hostPart.index(after: colon)...]
        } else if !hostPart.isEmpty {
            host = String(hostPart)
        }
        if host.isEmpty { host = "localhost" }
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { throw .cannotOpen(path: shown, reason: "the port must be a number from 1 to 65535, not '\(portText)'") }
            port = number
        }
    }

    /// `url` with the password between `user:` and `@` hidden.
    static func redacted(_ url: String) -> String {
        guard ClickHouseDatabase.isURL(url) else { return url }
        var text = Substring(url)
        let start = text.index(text.startIndex, offsetBy: "clickhouse://".count)
        let authority = text[start...].prefix { $0 != "/" && $0 != "?" }
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            text.replaceSubrange(text.index(after: colon)..<at, with: "•••")
        }
        return String(text)
    }
}
