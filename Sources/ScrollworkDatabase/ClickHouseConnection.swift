#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkFiles
import Synchronization

/// A ClickHouse server reached through its HTTP interface (no client library): each statement a
/// request of its own, carrying a `query_id`, so that one stopped by the person is stopped on
/// the server too (`KILL QUERY`).
public final class ClickHouseConnection: Sendable {
    /// The server's host name or address.
    public let host: String
    /// Its HTTP port (8123 unless the URL says otherwise).
    public let port: Int
    /// The user, `default` unless given.
    public let user: String
    /// The password; empty for none.
    let password: String
    /// The database statements run in.
    public let database: String
    /// The statements sent so far, which numbers each one's `query_id`.
    private let sent = Atomic<Int>(0)
    /// Seconds a statement may go without a byte from the server.
    static let timeout = 600.0

    /// A connection to `database` on `host`:`port` as `user`.
    public init(host: String, port: Int, user: String, password: String, database: String) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// The address without the password: `clickhouse://user@host:port/database`.
    public var title: String {
        "clickhouse://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
    }

    /// The result of `sql` (a statement that returns rows), with its columns' names and types.
    ///
    /// - Throws: ``DatabaseError/connectionLost(reason:)`` when the server cannot be reached or
    ///   stops answering; ``DatabaseError/failed(statement:reason:)`` with the server's message;
    ///   ``DatabaseError/cancelled`` once `keepGoing` says stop (the statement is killed on the server).
    ///
    /// `progress`, when given, hears the fraction of the rows the statement reads that it has
    /// read while it runs: from the server's progress headers (asked for every 100 ms) where it
    /// sends them, and from `system.processes` asked every 300 ms while no answer has come
    /// (a server that sends none, as Debian 12's 18.16): a count or a `GROUP BY` over a
    /// distributed table of billions of rows says how far it is.
    public func query(_ sql: String, keepGoing: (@Sendable () -> Bool)? = nil, progress: (@Sendable (Double) -> Void)? = nil) throws(DatabaseError) -> ClickHouseResult {
        let body = try send(sql + "\nFORMAT TabSeparatedWithNamesAndTypes", keepGoing: keepGoing, progress: progress)
        return ClickHouseResult(parsing: body)
    }

    /// The fraction read that one of ClickHouse's `X-ClickHouse-Progress` headers says
    /// (`{"read_rows":"5","total_rows_to_read":"10",…}`: 0.5), held to 0…1; nil for another
    /// header, or one that says no total.
    package static func progress(_ header: HTTPHeader) -> Double? {
        guard header.name.lowercased() == "x-clickhouse-progress" else { return nil }
        func number(_ key: String) -> Double? {
            guard let at = header.value.firstRange(of: "\"\(key)\":") else { return nil }
            let digits = header.value[at.upperBound...].drop { $0 == "\"" || $0 == " " }.prefix { $0.isASCII && $0.isNumber }
            return Double(digits)
        }
        guard let read = number("read_rows"), let total = number("total_rows_to_read"), total > 0 else { return nil }
        return Swift.min(1, Swift.max(0, read / total))
    }

    /// Runs `sql`, a statement that returns no rows (`CREATE`, `INSERT … SELECT`), as it is
    /// written: what a test or a script that fills a table uses (the viewer only reads).
    ///
    /// - Throws: ``DatabaseError`` as ``query(_:keepGoing:progress:)`` does.
    public func execute(_ sql: String, keepGoing: (@Sendable () -> Bool)? = nil) throws(DatabaseError) {
        _ = try send(sql, keepGoing: keepGoing)
    }

    /// The body of the server's answer to `sql`.
    private func send(_ sql: String, keepGoing: (@Sendable () -> Bool)?, progress: (@Sendable (Double) -> Void)? = nil) throws(DatabaseError) -> [UInt8] {
        let id = "scrollwork-\(getpid())-\(ObjectIdentifier(self).hashValue & 0xFFFF_FFFF)-\(sent.add(1, ordering: .relaxed).newValue)"
        do {
            let polling = progress.map { ProgressPolling(id: id, report: $0) }
            let heard = polling.map { polling in { (header: HTTPHeader) in polling.heard(header) } }
            // The wait asks whether to go on ten times a second: every third time, while no
            // answer has come, the server is asked how far the statement is.
            var watching = keepGoing
            if let polling {
                watching = { @Sendable [self] in
                    guard keepGoing?() ?? true else { return false }
                    if polling.isDue, let fraction = self.progress(ofStatement: id) { polling.report(fraction) }
                    return true
                }
            }
            let answer = try request(sql, id: id, reportingProgress: progress != nil).send(timeout: Self.timeout, keepGoing: watching, onHeader: heard)
            guard answer.status == 200 else {
                let code = Self.code(answer.body)
                if code == Self.unknownTable { throw missingTable(Self.message(answer.body, status: answer.status)) }
                // A server of a distributed table not answering is a connection lost: tried again.
                if let code, Self.unreachable.contains(code) { throw DatabaseError.connectionLost(reason: Self.message(answer.body, status: answer.status)) }
                throw DatabaseError.failed(statement: sql, reason: Self.message(answer.body, status: answer.status))
            }
            return answer.body
        } catch let error as DatabaseError {
            throw error
        } catch let error as HTTPError {
            switch error {
            case .cancelled:
                kill(id)
                throw .cancelled
            // Not there, or gone quiet: tried again in a moment.
            case .cannotConnect, .timedOut, .connectionLost: throw .connectionLost(reason: "\(error)")
            // An answer that came but is not one: trying again would not mend it.
            case .malformed, .tooLarge, .libraryMissing: throw .failed(statement: sql, reason: "\(error)")
            }
        } catch {
            throw .failed(statement: sql, reason: "\(error)")
        }
    }

    /// The share of the rows statement `id` reads that it has read, from `system.processes`;
    /// nil when the server does not say (the statement has ended, or has no total yet). Only
    /// progress shown in the status line rests on it: a server that cannot be asked now is
    /// asked again at the next look, and the statement's own answer says what went wrong.
    private func progress(ofStatement id: String) -> Double? {
        let sql = "SELECT read_rows, total_rows_approx FROM system.processes WHERE query_id = \(Self.literal(id)) FORMAT TabSeparated"
        guard let answer = try? request(sql, id: id + "-progress-\(sent.add(1, ordering: .relaxed).newValue)").send(timeout: 2), answer.status == 200 else { return nil }
        let fields = String(decoding: answer.body, as: UTF8.self).split(whereSeparator: { $0 == "\t" || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count >= 2, fields[1] > 0 else { return nil }
        return Swift.min(1, Swift.max(0, fields[0] / fields[1]))
    }

    /// `KILL QUERY` for statement `id`, which the person stopped: its connection is closed
    /// already, and a server that did not hear that stops it now. A statement sent but not yet
    /// begun (a busy server takes it up a moment later) is not there to kill: the kill is tried
    /// a few times more, 25 ms apart, on the cancelled work's thread (a tenth of a second at
    /// most, which a page scrolled past can spare: its worker is wanted for the next).
    private func kill(_ id: String) {
        for attempt in 0..<Self.killAttempts {
            do {
                let answer = try request("KILL QUERY WHERE query_id = \(Self.literal(id)) SYNC FORMAT TabSeparated", id: id + "-kill-\(attempt)").send(timeout: 5)
                // Each statement killed is a line of the answer.
                if answer.status != 200 || answer.body.contains(0x0A) { return }
            } catch {
                // The statement is stopped already when the server cannot be reached to kill it.
                return
            }
            usleep(25_000)
        }
    }

    /// How many times a kill is tried while the statement is not yet on the server.
    static let killAttempts = 4

    /// The HTTP request that runs `sql` as statement `id`, asking for progress headers while it
    /// runs where `reportingProgress`.
    private func request(_ sql: String, id: String, reportingProgress: Bool = false) -> HTTPRequest {
        let credentials = Base64.encode(Array((user + ":" + password).utf8))
        let progress = reportingProgress ? "&send_progress_in_http_headers=1&http_headers_progress_interval_ms=100" : ""
        return HTTPRequest(host: host, port: port, target: "/?database=\(Self.percentEncoded(database))&query_id=\(Self.percentEncoded(id))" + progress,
                           headers: [HTTPHeader("Authorization", "Basic " + String(decoding: credentials, as: UTF8.self))], body: Array(sql.utf8))
    }

    /// ClickHouse's code for a table that is not there (dropped, renamed, never made).
    static let unknownTable = 60
    /// ClickHouse's codes for another server it could not reach (a shard of a distributed
    /// table): a socket timeout, a network error, every try to connect failed.
    static let unreachable: Set<Int> = [209, 210, 279]

    /// The server's error code at the start of an error answer (`Code: 60, …`); nil when it names none.
    package static func code(_ body: [UInt8]) -> Int? {
        let text = String(decoding: body.prefix(32), as: UTF8.self)
        guard text.hasPrefix("Code: ") else { return nil }
        return Int(text.dropFirst("Code: ".count).prefix { $0.isNumber })
    }

    /// The error for a table the server says is not there (`message`, as `Table db.name doesn't
    /// exist.`), naming the tables there are now.
    private func missingTable(_ message: String) -> DatabaseError {
        var name = message
        if name.hasPrefix("Table "), let end = name.firstRange(of: " doesn't exist") { name = String(name[name.index(name.startIndex, offsetBy: 6)..<end.lowerBound]) }
        if name.hasPrefix(database + ".") { name = String(name.dropFirst(database.count + 1)) }
        do {
            let listed = try query("SELECT name FROM system.tables WHERE database = \(Self.literal(database)) ORDER BY name")
            return .noSuchTable(name, available: listed.rows.compactMap { $0.first.flatMap { $0 } })
        } catch {
            // The server said the table is not there; what else there is stays unsaid.
            return .noSuchTable(name, available: [])
        }
    }

    /// The server's message in an error answer (`Code: 60, e.displayText() = DB::Exception: Table
    /// x doesn't exist., e.what() = DB::Exception`; `DB::NetException: Connection refused (…)`),
    /// without what is for its developers.
    package static func message(_ body: [UInt8], status: Int) -> String {
        var text = String(decoding: body.prefix(4096), as: UTF8.self)
        // After the exception's class (DB::Exception, DB::NetException, …).
        if let start = text.firstRange(of: "DB::"), let colon = text[start.upperBound...].firstRange(of: ": ") { text = String(text[colon.upperBound...]) }
        if let end = text.firstRange(of: ", e.what() =") { text = String(text[..<end.lowerBound]) }
        if let stack = text.firstRange(of: "Stack trace") { text = String(text[..<stack.lowerBound]) }
        // One line: a message that quotes another server's has line breaks in it.
        let trimmed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return trimmed.isEmpty ? "the server answered HTTP \(status)" : trimmed
    }

    /// `text` as an SQL string literal: quoted, its backslashes and quotes escaped, so that a
    /// value is always data, never SQL.
    package static func literal(_ text: String) -> String {
        var quoted = "'"
        for c in text.unicodeScalars {
            switch c {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\0": quoted += "\\0"
            default: quoted.unicodeScalars.append(c)
            }
        }
        return quoted + "'"
    }

    /// `name` as an SQL identifier: in backquotes, its backslashes and backquotes escaped.
    package static func identifier(_ name: String) -> String {
        // Scalar by scalar, as `literal(_:)`: a Swift character joins a backslash or a backtick
        // with a combining mark after it, and `replacing` then left them unescaped.
        var quoted = "`"
        for c in name.unicodeScalars {
            switch c {
            case "\\": quoted += "\\\\"
            case "`": quoted += "\\`"
            default: quoted.unicodeScalars.append(c)
            }
        }
        return quoted + "`"
    }

    /// `text` with every byte but letters, digits and `-._~` written as `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Rows as ClickHouse writes them in `TabSeparatedWithNamesAndTypes`: the names, the types, then
/// a line a row, its fields escaped (`\t`, `\n`, `\\`) and NULL written `\N`.
public struct ClickHouseResult: Sendable {
    /// The columns' names.
    public let names: [String]
    /// The columns' types, as ClickHouse writes them (`Nullable(Int64)`).
    public let types: [String]
    /// The fields, a row an array; nil is NULL.
    public let rows: [[String?]]

    /// The result in `body`.
    package init(parsing body: [UInt8]) {
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        func fields(_ line: ArraySlice<UInt8>) -> [String?] {
            line.split(separator: 0x09, omittingEmptySubsequences: false).map(Self.unescaped)
        }
        names = lines.first.map { fields($0).map { $0 ?? "" } } ?? []
        types = lines.dropFirst().first.map { fields($0).map { $0 ?? "" } } ?? []
        rows = lines.dropFirst(2).map(fields)
    }

    /// Field `field` unescaped; nil for `\N`.
    package static func unescaped(_ field: ArraySlice<UInt8>) -> String? {
        if field.elementsEqual([0x5C, 0x4E]) { return nil }
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for byte in field {
            guard escaped else {
                if byte == 0x5C { escaped = true } else { out.append(byte) }
                continue
            }
            escaped = false
            switch byte {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "0"): out.append(0)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Row `row`, column `c` as a value: integers and reals as numbers (an unsigned 64-bit
    /// number past `Int.max` as its text), NULL as a missing value shown as `NULL`, everything
    /// else (decimals, dates, arrays, tuples) as the server writes it, as text that is data.
    public func value(_ row: Int, _ c: Int) -> TableValue {
        guard rows.indices.contains(row), rows[row].indices.contains(c) else { return .empty }
        guard let text = rows[row][c] else { return .missing("NULL") }
        switch ClickHouseType(types.indices.contains(c) ? types[c] : "").number {
        case .integer?: return Int(text).map(TableValue.int) ?? .string(text)
        case .real?: return Double(text).map(TableValue.double) ?? .string(text)
        case .decimal?, nil: return .string(text)
        }
    }
}

/// A column's type as ClickHouse names it, read for what the viewer needs: whether it holds
/// numbers, and of which kind.
package struct ClickHouseType: Sendable, Hashable {
    /// The kinds of number a type holds.
    package enum Number { case integer, real, decimal }
    /// The type without `Nullable(…)` and `LowCardinality(…)` around it.
    package let base: String

    /// The type called `name`.
    package init(_ name: String) {
        var base = Substring(name)
        for wrapper in ["Nullable(", "LowCardinality("] where base.hasPrefix(wrapper) && base.hasSuffix(")") {
            base = base.dropFirst(wrapper.count).dropLast()
        }
        if base.hasPrefix("Nullable("), base.hasSuffix(")") { base = base.dropFirst("Nullable(".count).dropLast() }
        self.base = String(base)
    }

    /// True for the types other than numbers that compare with their text as a literal: text,
    /// dates, times, UUIDs and enums.
    package var comparesWithText: Bool {
        base == "String" || base.hasPrefix("FixedString(") || base == "Date" || base.hasPrefix("DateTime") || base == "UUID" || base.hasPrefix("Enum")
    }

    /// True for the whole numbers of at most 64 bits (`Int8` to `UInt64`), whose values split
    /// into two 32-bit halves.
    package var isWord: Bool {
        ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64"].contains(base)
    }

    /// The kind of number the type holds; nil for any other type.
    package var number: Number? {
        if base.hasPrefix("Int") || base.hasPrefix("UInt") { return .integer }
        if base.hasPrefix("Float") { return .real }
        if base.hasPrefix("Decimal") { return .decimal }
        return nil
    }
}

/// How a statement's progress is followed while it runs: what its progress headers say, and
/// when to ask `system.processes` (every third look, until the answer has begun to come).
private final class ProgressPolling: Sendable {
    private let looks = Locked((count: 0, answered: false, last: 0.0))
    private let hear: @Sendable (Double) -> Void
    let id: String

    init(id: String, report: @escaping @Sendable (Double) -> Void) {
        self.id = id
        hear = report
    }

    /// True every third look while no header of the answer has come.
    var isDue: Bool {
        looks.withLock { looks in
            looks.count += 1
            return !looks.answered && looks.count % 3 == 0
        }
    }

    /// A header of the answer: the answer has begun; a progress header says how far it is.
    func heard(_ header: HTTPHeader) {
        looks.withLock { $0.answered = true }
        if let fraction = ClickHouseConnection.progress(header) { report(fraction) }
    }

    /// Hands `fraction` on, never less than one handed on before (a total that grew as a
    /// distributed table's shards answered must not move the share back).
    func report(_ fraction: Double) {
        let next = looks.withLock { looks -> Double? in
            guard fraction >= looks.last else { return nil }
            looks.last = fraction
            return fraction
        }
        if let next { hear(next) }
    }
}
