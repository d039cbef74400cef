import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import Testing

/// The server `scripts/test` starts for these tests (`scripts/test-postgres`), with its
/// generated tables; nil when none runs, as under a bare `swift test`.
let testServer: String? = getenv("SCROLLWORK_TEST_POSTGRES").map { String(cString: $0) }

/// The rows of the server's `flights` (ten million as `scripts/test` loads it), counted by the
/// server itself.
func serverFlights(_ url: String) throws -> Int {
    Int(try PostgresConnection(conninfo: url).query("SELECT count(*) FROM flights").text(0, 0) ?? "") ?? -1
}

@Suite(.enabled(if: testServer != nil, "needs the server scripts/test starts (SCROLLWORK_TEST_POSTGRES)"))
struct PostgresTests {
    var url: String { testServer ?? "" }

    @Test("the tables and views of every schema but the system's are listed, public first, others by schema.name")
    func catalog() throws {
        let db = try PostgresDatabase(url: url)
        let names = try db.objects().map(\.name)
        #expect(names == ["flights", "kinds", "late", "numbers", #"other.odd "name""#])
        #expect(try db.objects().map(\.isView) == [false, false, true, false, false])
        #expect(try db.count("flights", keepGoing: nil) == serverFlights(url))
    }

    @Test("LT-12: a sort by an unindexed column in the server gives every row once, in the server's own order, NULLs last")
    func unindexedSortToTheEnd() throws {
        let db = try PostgresDatabase(url: url)
        let long = try db.table("flights", sharingSnapshotWith: nil)
        let pages = try db.table("flights", sharingSnapshotWith: long)
        let order = try long.identities(orderedBy: 4, ascending: true, keepGoing: nil) { _ in }
        let rows = try serverFlights(url)
        #expect(order.count == rows)
        #expect(Set(order).count == order.count)
        // The rows at the start, in the middle and at the end, as the server itself orders them.
        let check = try PostgresConnection(conninfo: url)
        for offset in [0, rows / 2, rows - 100] {
            let shown = try pages.rows(withIdentities: Array(order[offset..<(offset + 100)])).map { $0[0] }
            let answer = try check.query("SELECT id FROM flights ORDER BY note ASC NULLS LAST, ctid LIMIT 100 OFFSET $1", ["\(offset)"])
            #expect(shown == (0..<100).map { answer.value($0, 0) }, "rows from \(offset)")
        }
        #expect(try pages.rows(withIdentities: [order.last!])[0][4] == .missing("NULL"))
    }

    @Test("the table's own order comes in ctid chunks that cover every row once, and the estimate is the planner's")
    func chunks() throws {
        let db = try PostgresDatabase(url: url)
        let table = try db.table("flights", sharingSnapshotWith: nil)
        var all: [Int] = []
        while true {
            let chunk = try table.identities(after: all.last, limit: 300_000, keepGoing: nil)
            if chunk.isEmpty { break }
            all += chunk
        }
        let rows = try serverFlights(url)
        #expect(all.count == rows && all == all.sorted())
        let estimate = try #require(table.estimatedCount())
        #expect(abs(estimate - rows) < rows / 20)
        let first = try table.rows(withIdentities: Array(all.prefix(3)))
        #expect(first.map { $0[0] } == [.int(1), .int(2), .int(3)])
    }

    @Test("values of every type are shown as text that is data: numeric, arrays, JSON, bytea, timestamps with zones, NaN, booleans, NULL")
    func values() throws {
        let db = try PostgresDatabase(url: url)
        let kinds = try db.table("kinds", sharingSnapshotWith: nil)
        let row = try kinds.rows(offset: 0, limit: 10, order: nil)
        #expect(row.count == 1)
        #expect(row[0][0] == .string("12345678901234567890.123") && kinds.isNumeric(0) && !kinds.isNumeric(1))
        #expect(row[0][1] == .string("{1,2,3}") && row[0][2] == .string(#"{"k": [1, "x"]}"#) && row[0][3] == .string("\\x00ff10"))
        #expect(row[0][4] == .string("2026-11-26 09:00:00+00"))
        if case let .double(x) = row[0][5] { #expect(x.isNaN) } else { Issue.record("NaN: \(row[0][5])") }
        #expect(row[0][6] == .string("true") && row[0][7] == .string("esc \u{1B}[31m red"))
        let odd = try db.table(#"other.odd "name""#, sharingSnapshotWith: nil)
        #expect(odd.columns == ["rowid", "a b"])
        #expect(try odd.identities(orderedBy: 1, ascending: false, keepGoing: nil) { _ in }.count == 3)
        #expect(try odd.rows(offset: 0, limit: 5, order: (1, true)).map { $0[1] } == [.int(3), .int(5), .missing("NULL")])
    }

    @Test("a view is read by position in one snapshot; a second connection shares the first one's")
    func viewAndSnapshot() throws {
        let db = try PostgresDatabase(url: url)
        let long = try db.table("late", sharingSnapshotWith: nil)
        #expect(!long.hasIdentities && long.isView)
        let view = try db.table("late", sharingSnapshotWith: long)
        let page = try view.rows(offset: 10, limit: 5, order: (1, false))
        #expect(page.count == 5 && page.allSatisfy { $0[1] == .int(280) })
        let flights = try db.table("flights", sharingSnapshotWith: nil)
        #expect((flights as? PostgresTable)?.connection.exportedSnapshot != nil)
        #expect((try db.table("flights", sharingSnapshotWith: flights) as? PostgresTable)?.connection.exportedSnapshot == nil)
    }

    @Test("filters become WHERE clauses on the server: numbers as numbers, NULL failing all but !=, smart case, the server's regular expressions")
    func filters() throws {
        let db = try PostgresDatabase(url: url)
        let table = try db.table("flights", sharingSnapshotWith: nil)
        let check = try PostgresConnection(conninfo: url)
        // Every filter stacked on the first 200,000 ids, which the primary key finds without
        // reading the other ten million rows eighteen times.
        let few = DatabaseFilter(column: 0, test: .lessOrEqual(200_000))
        func answer(_ sql: String) throws -> Int { Int(try check.query("SELECT count(*) FROM flights WHERE id <= 200000 AND (" + sql + ")").text(0, 0) ?? "") ?? -1 }
        func kept(_ filters: [DatabaseFilter]) throws -> Int { try table.count(where: filters + [few], keepGoing: nil) }
        #expect(try kept([DatabaseFilter(column: 2, test: .greater(250))]) == answer("delay > 250"))
        #expect(try kept([DatabaseFilter(column: 2, test: .equals("17"))]) == answer("delay = 17"))
        #expect(try kept([DatabaseFilter(column: 2, test: .notEquals("17"))]) == answer("delay IS NULL OR delay <> 17"))
        #expect(try kept([DatabaseFilter(column: 1, test: .equals("UA")), DatabaseFilter(column: 3, test: .notEquals("ATL"))]) == answer("carrier = 'UA' AND dest <> 'ATL'"))
        #expect(try kept([DatabaseFilter(column: 4, test: .contains("FLIGHT 99"))]) == 0)
        #expect(try kept([DatabaseFilter(column: 4, test: .contains("flight 99_"))]) == answer("note LIKE 'flight 99\\_%'"))
        #expect(try kept([DatabaseFilter(column: 4, test: .matches("^flight 12+$"))]) == answer("note ~ '^flight 12+$'"))
        #expect(try kept([DatabaseFilter(column: nil, test: .contains("iah"))]) == answer("dest = 'IAH'"))
        #expect(try kept([DatabaseFilter(column: 4, test: .greater(5))]) == 0)
        let odd = try db.table(#"other.odd "name""#, sharingSnapshotWith: nil)
        #expect(try odd.count(where: [DatabaseFilter(column: 0, test: .equals("r2"))], keepGoing: nil) == 1)
        let ordered = try table.identities(where: [DatabaseFilter(column: 2, test: .greaterOrEqual(279)), few], orderedBy: (0, false), keepGoing: nil) { _ in }
        #expect(ordered.count == (try answer("delay >= 279")))
    }

    @Test("48 filters over the same values as text (text compared with <, >= too): the server keeps the rows a file's fields keep")
    func filtersAgreeWithFiles() throws {
        let table = try PostgresDatabase(url: url).table("numbers", sharingSnapshotWith: nil)
        let values = FilterAgreementTests.values.filter { !($0?.utf8.contains(0) ?? false) }
        var disagreements: [String] = []
        for test in FilterAgreementTests.tests + FilterAgreementTests.patterns {
            let filter = try RowFilter(column: 0, test: test)
            let inFile = values.filter { FilterAgreementTests.passes($0, filter) }.count
            let onServer = try table.count(where: [DatabaseFilter(column: 0, test: test)], keepGoing: nil)
            if inFile != onServer { disagreements.append("\(filter): file \(inFile), server \(onServer)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    @Test("a statement cancelled on the server leaves the connection and its snapshot usable")
    func cancel() throws {
        let db = try PostgresDatabase(url: url)
        let table = try db.table("flights", sharingSnapshotWith: nil)
        // Going on for the first few questions, so that the server is sorting when it is told to stop.
        let answers = Countdown(3)
        #expect(throws: DatabaseError.cancelled) { try table.identities(orderedBy: 4, ascending: false, keepGoing: { answers.next() }) { _ in } }
        #expect(throws: DatabaseError.cancelled) { try table.count(keepGoing: { false }) }
        #expect(try table.count(keepGoing: nil) == serverFlights(url))
    }

    @Test("a refused connection, a wrong password, a missing table and a bad statement say what was wrong, never the password")
    func failures() throws {
        let port = url.split(separator: ":").last?.split(separator: "/").first.map(String.init) ?? ""
        do {
            _ = try PostgresDatabase(url: "postgres://scrollwork:hunter2@127.0.0.1:1/postgres")
            Issue.record("connected to port 1")
        } catch {
            #expect("\(error)".contains("cannot open the database") && !"\(error)".contains("hunter2"), "\(error)")
        }
        do {
            _ = try PostgresDatabase(url: "postgres://locked:hunter2@127.0.0.1:\(port)/postgres")
            Issue.record("connected with a wrong password")
        } catch {
            #expect("\(error)".contains("password authentication failed") && !"\(error)".contains("hunter2"), "\(error)")
        }
        #expect(try PostgresConnection(conninfo: "postgres://locked:right@127.0.0.1:\(port)/postgres").query("SELECT 1").value(0, 0) == .int(1))
        #expect(throws: DatabaseError.noSuchTable("nope", available: ["flights", "kinds", "late", "numbers", #"other.odd "name""#])) {
            try PostgresDatabase(url: "postgres://scrollwork@127.0.0.1:\(port)/postgres?table=nope")
        }
        #expect(try PostgresDatabase(url: "postgres://scrollwork@127.0.0.1:\(port)/postgres?table=flights").table == "flights")
        let connection = try PostgresConnection(conninfo: url)
        #expect(throws: DatabaseError.self) { try connection.query("SELECT no_such_column FROM flights") }
        #expect(try connection.query("SELECT 1").value(0, 0) == .int(1))
        #expect(throws: DatabaseError.self) { try connection.query("CREATE TABLE t (a int)") }
    }
}

/// True the first `n` times it is asked, then false.
final class Countdown: Sendable {
    private let left: Locked<Int>
    init(_ n: Int) { left = Locked(n) }
    func next() -> Bool { left.withLock { n in n -= 1; return n >= 0 } }
}

@Suite struct PostgresURLTests {
    @Test("passwords are hidden in URLs and key=value strings, and a table named in the URL is decoded")
    func redaction() {
        #expect(PostgresDatabase.redacted("postgres://ann:s3cr%40t@db.example:5433/sales?table=x") == "postgres://ann:•••@db.example:5433/sales?table=x")
        #expect(PostgresDatabase.redacted("host=db password=secret user=ann") == "host=db password=••• user=ann")
        #expect(PostgresDatabase.redacted("postgresql://db/sales?password=x&sslmode=require") == "postgresql://db/sales?password=•••&sslmode=require")
        // libpq ends the user info at an `@` before the first `/`, whatever `#` or `?` come first
        // (found by scripts/fuzz's DatabaseText target): the password after them is hidden too.
        // Read a scalar at a time, as libpq reads bytes: a combining mark after `://`, around the
        // password or after it joins no character that hides it.
        for url in ["postgres://a#b:s3cret@/db", "postgres://a?b:s3cret@host/db", "postgres://ann:s3c#ret@host/db",
                    "postgres://\u{618}ann:s3cret@host/db", "postgres://ann:s3cret\u{301}@host/db", "host=h password=s3cret\u{301} user=u",
                    "user=\u{618} password = 's3cret' dbname=x"] {
            // Scalar by scalar: "s3c" followed by a combining mark is still "s3c" to libpq.
            let shown = Array(PostgresDatabase.redacted(url).unicodeScalars), secret = Array("s3c".unicodeScalars)
            #expect(!shown.indices.contains { shown[$0...].starts(with: secret) }, "\(url) → \(PostgresDatabase.redacted(url))")
        }
        #expect(PostgresDatabase.redacted("postgres://ann@db/sales") == "postgres://ann@db/sales")
    }

    @Test("no error text or redacted form shows the password: bad escapes, an unclosed [::1, an @ in it, quoted key=value passwords")
    func passwordNeverShown() throws {
        let secret = "Zq9-secret"
        let strings = [
            "postgres://ann:\(secret)%zz@127.0.0.1:1/db", "postgres://ann:\(secret)@[::1/db", "postgres://ann:\(secret)@[::1:5432/db",
            "postgres://ann:p@\(secret)@127.0.0.1:1/db", "postgres://ann:\(secret)@127.0.0.1:99999/db", "postgres://ann:\(secret)@/db?host=%zz",
            "postgresql://127.0.0.1:1/db?password=\(secret)&sslmode=nope", "postgres://ann:\(secret.replacing("-", with: "%2D"))@127.0.0.1:1/db",
            "host=127.0.0.1 port=1 password='\(secret) with space'", "host=127.0.0.1 port=1 password = '\(secret)\\' x'",
            "host=127.0.0.1 port=1 password=\(secret) sslmode=nope", "host=127.0.0.1 port=1 password='\(secret)", "password=\(secret) host='unclosed",
        ]
        for conninfo in strings {
            #expect(!PostgresDatabase.redacted(conninfo).contains(secret) && !PostgresDatabase.redacted(conninfo).contains("secret"), "\(conninfo)")
            do {
                _ = try PostgresConnection(conninfo: conninfo)
                Issue.record("\(conninfo) connected")
            } catch {
                #expect(!"\(error)".contains("secret"), "\(conninfo): \(error)")
            }
        }
        #expect(PostgresDatabase.isURL("postgresql://x") && PostgresDatabase.isURL("postgres://") && !PostgresDatabase.isURL("data.csv"))
    }

    @Test("a ctid's text is read from its bytes as block << 16 | line; anything else, or past a block's or a line's range, is none")
    func tidText() {
        func tid(_ text: String) -> Int? { PostgresResult.tid(text.utf8) }
        #expect(tid("(0,1)") == 1 && tid("(3,17)") == 3 << 16 | 17 && tid("(4294967295,65535)") == 0xFFFF_FFFF << 16 | 0xFFFF)
        for bad in ["", "(", "()", "(,1)", "(1,)", "1,2", "(1,2", "(a,1)", "(1,b)", "(-1,2)", "(1,2)x", "(4294967296,1)", "(1,65536)",
                    "(99999999999999999999999,1)", "(1,2,3)"] {
            #expect(tid(bad) == nil, "\(bad)")
        }
    }
}
