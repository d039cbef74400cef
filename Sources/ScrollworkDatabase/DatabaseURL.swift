/// A database server named by a URL, as `scrollwork open` is given one: the one place that knows
/// which engine each scheme reaches, so a new engine is one more case here.
public enum DatabaseURL {
    /// True when `text` names a database server: `postgres://`, `postgresql://` or `clickhouse://`.
    public static func names(_ text: String) -> Bool {
        PostgresDatabase.isURL(text) || ClickHouseDatabase.isURL(text)
    }

    /// The database `url` names, connected, and the table its `?table=` names (nil for none).
    ///
    /// - Throws: ``DatabaseError/cannotOpen(path:reason:)`` for a URL no engine here reads, or
    ///   the engine's own error for a server that cannot be reached or refuses.
    public static func connect(_ url: String) throws(DatabaseError) -> (source: any DatabaseSource, table: String?) {
        if ClickHouseDatabase.isURL(url) {
            let database = try ClickHouseDatabase(url: url)
            return (database, database.table)
        }
        if PostgresDatabase.isURL(url) {
            let database = try PostgresDatabase(url: url)
            return (database, database.table)
        }
        throw .cannotOpen(path: url, reason: "not a database URL: postgres://, postgresql:// and clickhouse:// are")
    }

    /// `text` with its `%XX` escapes decoded (a user, password, database or table in a URL);
    /// an escape that is not two hex digits kept as written.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == 0x25, utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
