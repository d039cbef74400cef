import Scrollwork
import ScrollworkFiles

/// One connection to an SQLite database file, usable from any thread: statements run one at a
/// time under its lock, and ``interrupt()`` stops the running one from another thread.
///
/// Read-only unless asked otherwise, so that looking at a database can never change it.
@safe public final class SQLiteConnection: @unchecked Sendable {
    // Unchecked: `handle` is used only under `lock`, except by `interrupt()`, which SQLite
    // documents as safe to call from any thread while a statement runs.
    // Safe (its pointers): `handle` is SQLite's, open from `init` to `deinit`, which alone closes
    // it; a statement is finalized when the call that prepared it returns, and nothing it lends
    // (a row, a column's text) outlives that call: texts are copied into `String`s at once.
    private let library: SQLiteLibrary
    private let handle: OpaquePointer
    private let lock = Locked(())
    /// The file's path, as given.
    public let path: String

    /// Opens the database at `path`; `writable` creates it when missing (tests make their
    /// databases so). Throws when the library is missing or the file is not a database.
    public init(path: String, writable: Bool = false) throws(DatabaseError) {
        let library = try SQLiteLibrary.shared.get()
        self.library = library
        self.path = path
        var opened: OpaquePointer? = nil
        let flags = (writable ? SQLiteLibrary.openReadWrite | SQLiteLibrary.openCreate : SQLiteLibrary.openReadOnly) | SQLiteLibrary.openFullMutex
        let status = unsafe library.open(path, &opened, flags, nil)
        guard status == SQLiteLibrary.ok, let opened = unsafe opened else {
            var reason = "error \(status)"
            if let opened = unsafe opened, let message = unsafe library.errmsg(opened) { reason = unsafe String(cString: message) }
            _ = unsafe library.close(opened)
            throw .cannotOpen(path: path, reason: reason)
        }
        unsafe handle = opened
        // A writer holding the file briefly (a checkpoint) is waited for, not reported.
        _ = unsafe library.busyTimeout(handle, 2000)
        guard unsafe NumberFunction.register(on: opened, library: library) else {
            _ = unsafe library.close(opened)
            throw .cannotOpen(path: path, reason: "SQLite refused the function \(NumberFunction.name), which the filters read numbers with")
        }
        // SQLite opens lazily: reading the schema is what tells a database from another file.
        do { try run("SELECT count(*) FROM sqlite_schema") } catch {
            _ = unsafe library.close(handle)
            throw .cannotOpen(path: path, reason: error == .cancelled ? "cancelled" : Self.reason(of: error))
        }
    }

    deinit { _ = unsafe library.close(handle) }

    private static func reason(of error: DatabaseError) -> String {
        if case let .failed(_, reason) = error { return reason }
        return "\(error)"
    }

    /// Stops the statement running now, from any thread: it ends with ``DatabaseError/cancelled``.
    public func interrupt() { unsafe library.interrupt(handle) }

    /// Runs `sql` with `arguments` bound to its `?` placeholders in order, giving each row to
    /// `body` until it returns false. `keepGoing` is asked every few thousand steps of the
    /// engine, also while it sorts before the first row: false cancels the statement.
    public func rows(_ sql: String, _ arguments: [TableValue] = [], keepGoing: (@Sendable () -> Bool)? = nil,
                     _ body: (SQLiteRow) throws(DatabaseError) -> Bool) throws(DatabaseError) {
        try lock.withLock { _ throws(DatabaseError) in
            var statement: OpaquePointer? = nil
            guard unsafe library.prepare(handle, sql, -1, &statement, nil) == SQLiteLibrary.ok, let statement = unsafe statement else {
                throw .failed(statement: sql, reason: message())
            }
            defer { _ = unsafe library.finalize(statement) }
            for (i, argument) in arguments.enumerated() { unsafe bind(argument, at: Int32(i + 1), in: statement) }
            // The check is retained for as long as SQLite may call it: released after the handler
            // is taken away again, below.
            let watcher = unsafe keepGoing.map { unsafe Unmanaged.passRetained(ProgressCheck($0)) }
            if let watcher = unsafe watcher {
                unsafe library.progressHandler(handle, 4096, { context in
                    guard let context = unsafe context else { return 0 }
                    return unsafe Unmanaged<ProgressCheck>.fromOpaque(context).takeUnretainedValue().keepGoing() ? 0 : 1
                }, unsafe watcher.toOpaque())
            }
            defer {
                if let watcher = unsafe watcher {
                    unsafe library.progressHandler(handle, 0, nil, nil)
                    unsafe watcher.release()
                }
            }
            while true {
                let status = unsafe library.step(statement)
                if status == SQLiteLibrary.done { return }
                guard status == SQLiteLibrary.row else {
                    if status == SQLiteLibrary.interrupted { throw .cancelled }
                    throw .failed(statement: sql, reason: message())
                }
                let row = unsafe SQLiteRow(library: library, statement: statement)
                defer { row.lease.end() }
                guard try body(row) else { return }
            }
        }
    }

    /// Every row of `sql`, as values.
    public func all(_ sql: String, _ arguments: [TableValue] = []) throws(DatabaseError) -> [[TableValue]] {
        var rows: [[TableValue]] = []
        try self.rows(sql, arguments) { row in
            rows.append(row.values)
            return true
        }
        return rows
    }

    /// The column names `sql` gives, without running it past its first step.
    public func columnNames(_ sql: String) throws(DatabaseError) -> [String] {
        try lock.withLock { _ throws(DatabaseError) in
            var statement: OpaquePointer? = nil
            guard unsafe library.prepare(handle, sql, -1, &statement, nil) == SQLiteLibrary.ok, let statement = unsafe statement else {
                throw .failed(statement: sql, reason: message())
            }
            defer { _ = unsafe library.finalize(statement) }
            return unsafe (0..<library.columnCount(statement)).map { c in unsafe library.columnName(statement, c).map { unsafe String(cString: $0) } ?? "" }
        }
    }

    /// Runs `sql` for its effect (tests write their databases with it), to its end.
    public func run(_ sql: String, _ arguments: [TableValue] = [], keepGoing: (@Sendable () -> Bool)? = nil) throws(DatabaseError) {
        try rows(sql, arguments, keepGoing: keepGoing) { _ in true }
    }

    private func message() -> String {
        unsafe library.errmsg(handle).map { unsafe String(cString: $0) } ?? "unknown error"
    }

    private func bind(_ value: TableValue, at index: Int32, in statement: OpaquePointer) {
        switch value {
        case let .int(n): _ = unsafe library.bindInt64(statement, index, Int64(n))
        case let .double(x): _ = unsafe library.bindDouble(statement, index, x)
        case let .string(text):
            // With its length, so that a NUL in the text is text, not its end (the C string
            // has every byte, and a pointer even for empty text, which a nil would make NULL).
            _ = unsafe text.withCString { unsafe library.bindText(statement, index, $0, Int32(clamping: text.utf8.count), SQLiteLibrary.transient) }
        case .empty, .missing: _ = unsafe library.bindNull(statement, index)
        }
    }
}

/// The test SQLite's progress handler calls, kept alive while a statement runs.
private final class ProgressCheck: Sendable {
    let keepGoing: @Sendable () -> Bool
    init(_ keepGoing: @escaping @Sendable () -> Bool) { self.keepGoing = keepGoing }
}

/// The row a statement stands on, read inside the call that gives it: a row kept past that call
/// reads as a row of no columns (its statement is gone).
@safe public struct SQLiteRow {
    // Safe (its pointer): every read first asks `lease`, which ends before the statement is
    // finalized, and checks the column against SQLite's count.
    fileprivate let library: SQLiteLibrary
    fileprivate let statement: OpaquePointer
    fileprivate let lease = RowLease()

    fileprivate init(library: SQLiteLibrary, statement: OpaquePointer) {
        self.library = library
        unsafe self.statement = statement
    }

    /// The number of columns; 0 once the call that gave the row has returned.
    public var count: Int { lease.isLive ? unsafe Int(library.columnCount(statement)) : 0 }

    /// Column `c`'s integer (0 for a column out of range or not an integer).
    public func integer(_ c: Int) -> Int {
        guard c >= 0, c < count else { return 0 }
        return unsafe Int(library.columnInt64(statement, Int32(c)))
    }

    /// Column `c`'s value: integers, reals and text as themselves, NULL as a missing value
    /// shown as `NULL`, a blob as SQLite writes its literal, `x'…'` with every byte in hex (a save
    /// writes the blob whole; the cell is cut to its width as any long text is); `.empty` for a
    /// column out of range.
    public func value(_ c: Int) -> TableValue {
        guard c >= 0, c < count else { return .empty }
        let column = Int32(c)
        switch unsafe library.columnType(statement, column) {
        case SQLiteLibrary.integer: return unsafe .int(Int(library.columnInt64(statement, column)))
        case SQLiteLibrary.float: return unsafe .double(library.columnDouble(statement, column))
        case SQLiteLibrary.null: return .missing("NULL")
        case SQLiteLibrary.blob:
            let bytes = unsafe Int(library.columnBytes(statement, column))
            guard let base = unsafe library.columnBlob(statement, column) else { return .string("x''") }
            return unsafe .string("x'" + HexText.lowercase(UnsafeRawBufferPointer(start: base, count: Swift.max(0, bytes))) + "'")
        default:
            // Text: the bytes SQLite holds, as UTF-8 (invalid sequences mended), NULs and all.
            let text = unsafe library.columnText(statement, column)
            let bytes = unsafe Int(library.columnBytes(statement, column))
            guard let text = unsafe text else { return .string("") }
            return unsafe .string(String(decoding: UnsafeBufferPointer(start: text, count: bytes), as: UTF8.self))
        }
    }

    /// Every column's value.
    public var values: [TableValue] { (0..<count).map { value($0) } }
}

/// Whether a row's statement still stands on it: ended when the call that lent the row returns.
private final class RowLease {
    private(set) var isLive = true

    func end() { isLive = false }
}
