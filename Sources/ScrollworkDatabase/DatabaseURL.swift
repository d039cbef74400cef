import ScrollworkFiles

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
    static func percentDecoded(_ text: String) -> String { PercentEncoding.decoded(text) }
}
