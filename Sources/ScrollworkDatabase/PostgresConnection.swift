#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// One connection to a PostgreSQL server, usable from any thread, inside one read-only
/// transaction for its whole life: every statement sees the same snapshot of the data, so rows
/// do not shift while a view scrolls, and nothing can be written. A second connection can share
/// the first one's snapshot (``exportedSnapshot``).
///
/// Statements run one at a time under its lock, each inside a savepoint, so that a cancelled or
/// failed one leaves the transaction usable. A statement's `keepGoing` is asked ten times a
/// second while the server works; false cancels it on the server.
@safe public final class PostgresConnection: @unchecked Sendable {
    // Unchecked: `handle` is used only under `lock`; `cancelHandle` is libpq's object made for
    // cancelling from another thread.
    // Safe (its pointers): `handle` and `cancelHandle` are libpq's, live from `init` to `deinit`,
    // which alone frees them; each result is cleared once, here or by the `PostgresResult` that
    // owns it; every text libpq lends is copied into a `String` before the next call.
    private let library: PostgresLibrary
    private let handle: OpaquePointer
    private let cancelHandle: OpaquePointer?
    private let lock = Locked(())
    /// The connection string or URL, with any password hidden: what messages may show.
    public let title: String
    /// The password in every form, hidden from every message this connection gives.
    private let secrets: PostgresSecrets
    /// The snapshot this connection's transaction exported, for another to share; nil when it
    /// imported one.
    public private(set) var exportedSnapshot: String? = nil

    /// Connects with `conninfo` (a `postgres://` URL or `key=value` pairs; empty takes the `PG*`
    /// environment variables, as `psql` does) and begins a read-only, repeatable-read
    /// transaction, in snapshot `snapshot` when given.
    public init(conninfo: String, snapshot: String? = nil) throws(DatabaseError) {
        library = try PostgresLibrary.load()
        title = PostgresDatabase.redacted(conninfo)
        let secrets = PostgresSecrets(conninfo: conninfo)
        self.secrets = secrets
        guard let connected = unsafe library.connect(conninfo) else { throw .cannotOpen(path: title, reason: "out of memory") }
        guard unsafe library.status(connected) == PostgresLibrary.connectionOK else {
            let reason = unsafe library.errorMessage(connected).map { unsafe String(cString: $0) } ?? "cannot connect"
            unsafe library.finish(connected)
            throw .cannotOpen(path: title, reason: secrets.hidden(Self.tidy(reason)))
        }
        unsafe handle = connected
        unsafe cancelHandle = library.getCancel(connected)
        do {
            _ = try lock.withLock { _ throws(DatabaseError) in try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [], keepGoing: nil) }
            // A cursor is read to its end here: the planner is told so (it otherwise plans for
            // the first tenth, an index walk of ten million rows), and a sort gets room in memory.
            _ = try lock.withLock { _ throws(DatabaseError) in try execute("SET LOCAL cursor_tuple_fraction = 1", [], keepGoing: nil) }
            _ = try lock.withLock { _ throws(DatabaseError) in try execute("SET LOCAL work_mem = '64MB'", [], keepGoing: nil) }
            if let snapshot {
                // Snapshot names are hex digits and dashes; anything else is refused, not quoted.
                guard !snapshot.isEmpty, snapshot.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { throw DatabaseError.failed(statement: "SET TRANSACTION SNAPSHOT", reason: "not a snapshot name: \(snapshot)") }
                _ = try lock.withLock { _ throws(DatabaseError) in try execute("SET TRANSACTION SNAPSHOT '\(snapshot)'", [], keepGoing: nil) }
            } else {
                exportedSnapshot = try lock.withLock { _ throws(DatabaseError) in try execute("SELECT pg_export_snapshot()", [], keepGoing: nil).text(0, 0) }
            }
        } catch {
            if let cancelHandle = unsafe cancelHandle { unsafe library.freeCancel(cancelHandle) }
            unsafe library.finish(connected)
            throw .cannotOpen(path: title, reason: secrets.hidden("\(error)"))
        }
    }

    deinit {
        if let cancelHandle = unsafe cancelHandle { unsafe library.freeCancel(cancelHandle) }
        unsafe library.finish(handle)
    }

    /// libpq's messages end in a newline and may span lines: one line for a status line.
    static func tidy(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters() }.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// Runs `sql` with `parameters` (text, NULL for nil) bound to `$1`, `$2`, … and returns its result.
    public func query(_ sql: String, _ parameters: [String?] = [], keepGoing: (@Sendable () -> Bool)? = nil) throws(DatabaseError) -> PostgresResult {
        try lock.withLock { _ throws(DatabaseError) in try inSavepoint { () throws(DatabaseError) in try execute(sql, parameters, keepGoing: keepGoing) } }
    }

    /// Runs `sql` through a cursor, giving `body` each batch of up to `batch` rows as they come:
    /// a result of millions of rows is never held whole.
    public func scan(_ sql: String, _ parameters: [String?] = [], batch: Int = 100_000, keepGoing: (@Sendable () -> Bool)? = nil,
                     _ body: (PostgresResult) -> Void) throws(DatabaseError) {
        try lock.withLock { _ throws(DatabaseError) in
            try inSavepoint { () throws(DatabaseError) in
                _ = try execute("DECLARE scrollwork_scan NO SCROLL CURSOR FOR " + sql, parameters, keepGoing: keepGoing)
                while true {
                    let part = try execute("FETCH \(Swift.max(1, batch)) FROM scrollwork_scan", [], keepGoing: keepGoing)
                    if part.count == 0 { break }
                    body(part)
                }
                _ = try execute("CLOSE scrollwork_scan", [], keepGoing: nil)
            }
        }
    }

    /// Runs `body` inside a savepoint: a statement that fails or is cancelled is rolled back to
    /// it, and the transaction (and its snapshot) goes on.
    private func inSavepoint<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        _ = try execute("SAVEPOINT scrollwork", [], keepGoing: nil)
        do {
            let result = try body()
            _ = try execute("RELEASE SAVEPOINT scrollwork", [], keepGoing: nil)
            return result
        } catch {
            // The person hears of the first failure; a failed rollback (the server gone) shows
            // again on the next statement.
            do { _ = try execute("ROLLBACK TO SAVEPOINT scrollwork", [], keepGoing: nil) } catch {}
            throw error
        }
    }

    /// One statement, waited for while `keepGoing` says so (the server is asked to cancel it
    /// when it says stop). Called under the lock.
    private func execute(_ sql: String, _ parameters: [String?], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> PostgresResult {
        // Cancelled before it began: not sent at all.
        if let keepGoing, !keepGoing() { throw .cancelled }
        // Each parameter copied as a C string, freed once the statement is sent (libpq copies it).
        let strings = unsafe parameters.map { unsafe $0.map { unsafe strdup($0) } ?? nil }
        defer { for unsafe string in unsafe strings { unsafe free(string) } }
        let sent = unsafe strings.map { unsafe UnsafePointer($0) }.withUnsafeBufferPointer { values in
            unsafe library.sendQueryParams(handle, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
        }
        guard sent == 1 else { throw failure(sql) }
        var cancelled = false
        var last: OpaquePointer? = nil
        while true {
            while unsafe library.isBusy(handle) == 1 {
                var ready = unsafe pollfd(fd: library.socket(handle), events: Int16(POLLIN), revents: 0)
                _ = unsafe poll(&ready, 1, 100)
                guard unsafe library.consumeInput(handle) == 1 else {
                    if let last = unsafe last { unsafe library.clear(last) }
                    throw failure(sql)
                }
                if !cancelled, let keepGoing, !keepGoing() {
                    cancelled = true
                    interrupt()
                }
            }
            guard let next = unsafe library.getResult(handle) else { break }
            if let last = unsafe last { unsafe library.clear(last) }
            unsafe last = unsafe next
        }
        guard let last = unsafe last else { throw failure(sql) }
        let status = unsafe library.resultStatus(last)
        guard status == PostgresLibrary.commandOK || status == PostgresLibrary.tuplesOK else {
            let state = unsafe library.resultErrorField(last, PostgresLibrary.sqlState).map { unsafe String(cString: $0) }
            let reason = unsafe library.resultErrorMessage(last).map { unsafe String(cString: $0) } ?? message()
            unsafe library.clear(last)
            // 57014: query_canceled.
            if state == "57014" { throw .cancelled }
            if unsafe library.status(handle) != PostgresLibrary.connectionOK { throw .connectionLost(reason: secrets.hidden(Self.tidy(reason))) }
            throw .failed(statement: sql, reason: secrets.hidden(Self.tidy(reason)))
        }
        return unsafe PostgresResult(library: library, handle: last)
    }

    /// Asks the server to cancel the statement running now, from any thread.
    public func interrupt() {
        guard let cancelHandle = unsafe cancelHandle else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = unsafe library.cancel(cancelHandle, &buffer, Int32(buffer.count))
    }

    /// Why `sql` failed: a lost connection when the connection is no longer up.
    private func failure(_ sql: String) -> DatabaseError {
        unsafe library.status(handle) == PostgresLibrary.connectionOK ? .failed(statement: sql, reason: message()) : .connectionLost(reason: message())
    }

    private func message() -> String {
        unsafe secrets.hidden(Self.tidy(library.errorMessage(handle).map { unsafe String(cString: $0) } ?? "the connection failed"))
    }
}

/// The rows of one statement, as text from the server made into values by their types.
@safe public final class PostgresResult: @unchecked Sendable {
    // Unchecked: the result is read only, never changed after it is made.
    // Safe (its pointer): the result is this object's alone, cleared in `deinit`; every cell is
    // read only after its row and column are checked against libpq's counts, and copied at once.
    private let library: PostgresLibrary
    private let handle: OpaquePointer

    init(library: PostgresLibrary, handle: OpaquePointer) {
        self.library = library
        unsafe self.handle = handle
    }

    deinit { unsafe library.clear(handle) }

    /// The number of rows.
    public var count: Int { unsafe Int(library.tupleCount(handle)) }
    /// The number of columns.
    public var columnCount: Int { unsafe Int(library.fieldCount(handle)) }
    /// Column `c`'s name; empty for a column out of range.
    public func columnName(_ c: Int) -> String {
        guard c >= 0, c < columnCount else { return "" }
        return unsafe library.fieldName(handle, Int32(c)).map { unsafe String(cString: $0) } ?? ""
    }

    /// The text of row `row`, column `c`; nil for NULL or a cell out of range.
    public func text(_ row: Int, _ c: Int) -> String? {
        guard row >= 0, row < count, c >= 0, c < columnCount, unsafe library.isNull(handle, Int32(row), Int32(c)) == 0,
              let bytes = unsafe library.value(handle, Int32(row), Int32(c)) else { return nil }
        let length = unsafe Int(library.length(handle, Int32(row), Int32(c)))
        return unsafe bytes.withMemoryRebound(to: UInt8.self, capacity: length) { unsafe String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
    }

    /// Column `c` of every row read as a ctid, `(block,line)`, each as one number (block << 16 |
    /// line), NULLs and other text left out: straight from the result's bytes, because ten
    /// million ctids made into strings first took most of an order's time on this side.
    public func tids(column c: Int) -> [Int] {
        let rows = count
        guard c >= 0, c < columnCount else { return [] }
        var found: [Int] = []
        found.reserveCapacity(rows)
        for row in 0..<rows {
            if let tid = tid(row, c) { found.append(tid) }
        }
        return found
    }

    /// Row `row`, column `c` read as a ctid (see ``tids(column:)``); nil for NULL, other text
    /// or a cell out of range.
    public func tid(_ row: Int, _ c: Int) -> Int? {
        guard row >= 0, row < count, c >= 0, c < columnCount, let value = unsafe library.value(handle, Int32(row), Int32(c)) else { return nil }
        let length = unsafe Int(library.length(handle, Int32(row), Int32(c)))
        return unsafe value.withMemoryRebound(to: UInt8.self, capacity: length) { unsafe Self.tid(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// `(block,line)` as block << 16 | line; nil for other bytes, a block past 2³² or a line
    /// past 65,535.
    public static func tid(_ text: some Sequence<UInt8>) -> Int? {
        // "(block,line)": a parenthesis, digits, a comma, digits, a parenthesis, nothing after.
        var part = 0, block = 0, line = 0, digits = 0
        for byte in text {
            switch (part, byte) {
            case (0, 0x28): part = 1
            case (1, 0x30...0x39), (2, 0x30...0x39):
                let digit = Int(byte) - 0x30
                if part == 1 { block = block * 10 + digit } else { line = line * 10 + digit }
                digits += 1
                guard block <= 0xFFFF_FFFF, line <= 0xFFFF else { return nil }
            case (1, 0x2C), (2, 0x29):
                guard digits > 0 else { return nil }
                part += 1
                digits = 0
            default: return nil
            }
        }
        return part == 3 ? block << 16 | line : nil
    }

    /// Row `row`, column `c` as a value: integers and reals as numbers, NULL as a missing value
    /// shown as `NULL`, everything else (numeric, text, dates, arrays, JSON, bytea) as the
    /// server writes it, as text that is data.
    public func value(_ row: Int, _ c: Int) -> TableValue {
        guard row >= 0, row < count, c >= 0, c < columnCount else { return .empty }
        guard let text = text(row, c) else { return .missing("NULL") }
        switch unsafe library.fieldType(handle, Int32(c)) {
        case 20, 21, 23, 26: return Int(text).map(TableValue.int) ?? .string(text)
        case 700, 701: return Double(text).map(TableValue.double) ?? .string(text)
        case 16: return .string(text == "t" ? "true" : "false")
        default: return .string(text)
        }
    }
}

extension String {
    /// Without white space at either end.
    func trimmingCharacters() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
