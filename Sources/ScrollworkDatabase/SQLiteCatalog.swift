/// The tables and views of an SQLite database, as `scrollwork open data.sqlite` lists them.
public enum SQLiteCatalog {
    /// A table or view.
    public struct Object: Sendable, Hashable {
        /// Its name.
        public var name: String
        /// True for a view.
        public var isView: Bool
    }

    /// The tables and views of `connection` by name (the engine's own `sqlite_` tables left out).
    public static func objects(in connection: SQLiteConnection) throws(DatabaseError) -> [Object] {
        var objects: [Object] = []
        try connection.rows("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name COLLATE NOCASE") { row in
            if case let .string(name) = row.value(0) { objects.append(Object(name: name, isView: row.value(1) == .string("view"))) }
            return true
        }
        return objects
    }

    /// True when the file at `path` begins as an SQLite database does ("SQLite format 3").
    public static func isDatabase(header bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
    }
}
