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
    public static func isDatabase(header bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
    }
}

/// An SQLite database file as the viewer opens it.
public struct SQLiteDatabase: DatabaseSource {
    /// The file's path.
    public let path: String
    private let connection: SQLiteConnection

    /// The database at `path`, opened read-only.
    public init(path: String) throws(DatabaseError) {
        self.path = path
        connection = try SQLiteConnection(path: path)
    }

    /// The path.
    public var title: String { path }

    /// The tables and views by name.
    public func objects() throws(DatabaseError) -> [(name: String, isView: Bool)] {
        try SQLiteCatalog.objects(in: connection).map { ($0.name, $0.isView) }
    }

    /// Table `name` on a new read-only connection (SQLite has no snapshot to share between them).
    public func table(_ name: String, sharingSnapshotWith other: (any DatabaseTable)?) throws(DatabaseError) -> any DatabaseTable {
        try SQLiteTable(name, in: SQLiteConnection(path: path))
    }

    /// The rows of `name`, counted on the catalog's connection.
    public func count(_ name: String, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Int {
        try SQLiteTable(name, in: connection).count(keepGoing: keepGoing)
    }
}
