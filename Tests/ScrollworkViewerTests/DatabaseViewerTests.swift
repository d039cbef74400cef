import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// `scrollwork open data.sqlite`: the list of tables and views, a table opened from it, sorted by
/// the engine, always showing the database's own rows in the database's own order.
@Suite struct DatabaseViewerTests {
    /// A database of `rows` flights (id, carrier, delay with NULLs every 13th, note), a view of
    /// the late ones, removed after `body`.
    static func withFlights(rows: Int, _ body: (String, SQLiteConnection) throws -> Void) throws {
        var template = Array("/tmp/scrollwork-viewer-db-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        close(fd)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(path)
        defer { unlink(path) }
        let db = try SQLiteConnection(path: path, writable: true)
        try db.run("CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT, delay INTEGER, note TEXT)")
        try db.run("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO flights SELECT i, substr('UAAADLB6', 1 + (i * 7 % 4) * 2, 2), CASE WHEN i % 13 = 0 THEN NULL ELSE (i * 37) % 101 - 50 END, 'row ' || i FROM n
            """, [.int(rows)])
        try db.run("CREATE VIEW late AS SELECT id, delay FROM flights WHERE delay > 30")
        try body(path, db)
    }

    static func open(_ path: String) throws -> HeadlessTerminal<DatabaseViewer> {
        guard case let .database(viewer) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else {
            throw OpenFile.Failure(description: "not a database")
        }
        return HeadlessTerminal(viewer, columns: 100, rows: 20)
    }

    /// Runs every piece of work pending, and what it leads to, until none is left.
    static func settle(_ t: inout HeadlessTerminal<DatabaseViewer>) {
        var steps = 0
        while t.runWork(), steps < 10_000 { steps += 1 }
    }

    /// The first column of the rows on screen (the ids), below the header.
    static func shownIDs(_ t: HeadlessTerminal<DatabaseViewer>) -> [Int] {
        t.text.split(separator: "\n").dropFirst().compactMap { line in line.split(separator: " ").first.flatMap { Int($0) } }
    }

    static func clickHeading(_ t: inout HeadlessTerminal<DatabaseViewer>, _ title: String) throws {
        let header = String(t.text.split(separator: "\n")[0])
        let column = try #require(header.range(of: " " + title)).lowerBound.utf16Offset(in: header) + 1
        t.send(.mouse(MouseEvent(.press, column: column, row: 0)))
        t.send(.mouse(MouseEvent(.release, column: column, row: 0)))
    }

    @Test("the tables and views are listed with their counts, and Enter opens one with its first rows")
    func catalogOpensTable() throws {
        try Self.withFlights(rows: 2000) { path, _ in
            var t = try Self.open(path)
            #expect(t.text.contains("counting…"))
            Self.settle(&t)
            #expect(t.text.contains("flights") && t.text.contains("2,000") && t.text.contains("late") && t.text.contains("view"))
            #expect(t.text.contains("1 table, 1 view"))
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.opened != nil)
            Self.settle(&t)
            #expect(Self.shownIDs(t) == Array(1...18))
            #expect(t.text.contains("flights · 2,000 rows"))
            #expect(t.text.contains("row 1 ") || t.text.contains("row 1\n"))
            t.send(.key(KeyEvent(.backspace)))
            #expect(t.app.opened == nil && t.text.contains("Enter opens"))
            t.send(.key(KeyEvent(.character("q"))))
            #expect(t.app.wantsQuit)
        }
    }

    @Test("LT: type-ahead in the list of tables, as in a table: letters typed within a second select the first name that starts with them, q and g going on with a name; alone they quit and go to the top")
    func typeAheadInTheTables() throws {
        try Self.withFlights(rows: 10) { path, db in
            for name in ["alpha", "agate", "aqua"] { try db.run("CREATE TABLE \(name) (x)") }
            var t = try Self.open(path)
            Self.settle(&t)
            t.type("la")
            #expect(t.app.tables?.focusedName == "late", "\(t.text)")
            t.advance(by: 2)
            t.type("aQ")
            #expect(t.app.tables?.focusedName == "aqua" && !t.app.wantsQuit, "\(t.text)")
            t.advance(by: 2)
            t.type("ag")
            #expect(t.app.tables?.focusedName == "agate", "\(t.text)")
            t.advance(by: 2)
            t.type("zz")
            #expect(t.app.tables?.focusedName == "agate" && t.text.contains("no row starts with “zz”"), "\(t.text)")
            t.advance(by: 2)
            t.type("g")
            #expect(t.app.tables?.focusedName == t.app.tables?.entries.first?.object.name, "g alone goes to the top")
            t.advance(by: 2)
            t.type("q")
            #expect(t.app.wantsQuit)
        }
    }

    @Test("a table whose columns change under the view is opened again as it is now; one dropped sends the view back to the list, saying so")
    func schemaChangedUnderTheView() throws {
        try Self.withFlights(rows: 3000) { path, db in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            #expect(t.text.split(separator: "\n")[0].contains("note"))
            try db.run("ALTER TABLE flights DROP COLUMN note")
            // Rows not read yet: their statement names the column that is gone.
            t.send(.key(KeyEvent(.character("G"))))
            t.advance(by: 2)
            Self.settle(&t)
            #expect(t.text.contains("changed its columns under the view"), "\(t.text)")
            #expect(t.app.opened != nil && !t.text.split(separator: "\n")[0].contains("note"))
            #expect(Self.shownIDs(t) == Array(1...18) && !t.text.contains("⚠"))
            try db.run("DROP VIEW late")
            try db.run("DROP TABLE flights")
            t.send(.key(KeyEvent(.character("G"))))
            t.advance(by: 2)
            Self.settle(&t)
            #expect(t.app.opened == nil && t.text.contains("no longer in the database"), "\(t.text)")
        }
    }

    @Test("LT-12: a heading click has the engine order the rows, NULLs last, again reverses; End shows the last rows, each the database's own")
    func engineSort() throws {
        try Self.withFlights(rows: 3000) { path, db in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            for (clicks, direction) in [(1, "ASC"), (2, "DESC")] {
                try Self.clickHeading(&t, "delay")
                #expect(t.text.contains("sorting by delay in the database"), "click \(clicks)")
                Self.settle(&t)
                // The focused row stays in sight, as in a file's table; the top is a key away.
                t.send(.key(KeyEvent(.home)))
                Self.settle(&t)
                let expected = try db.all("SELECT id FROM flights ORDER BY delay IS NULL, delay \(direction), rowid").map { $0[0] }
                #expect(Self.shownIDs(t).map { TableValue.int($0) } == Array(expected.prefix(18)), "click \(clicks)")
                #expect(t.text.contains("delay \(direction == "ASC" ? "▲" : "▼")"))
                t.send(.key(KeyEvent(.character("G"))))
                t.advance(by: 2)
                Self.settle(&t)
                #expect(Self.shownIDs(t).map { TableValue.int($0) } == Array(expected.suffix(18)), "click \(clicks), at the end")
                #expect(t.text.contains("NULL"))
                t.send(.key(KeyEvent(.character("g"))))
                t.advance(by: 2)
                Self.settle(&t)
            }
        }
    }

    @Test("LT-12: a heading click sorts by the column under it after a column was hidden or moved, and a second click while the first order is still being made sorts descending")
    func headingClickAfterHiding() throws {
        try Self.withFlights(rows: 3000) { path, db in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            // Hidden, the first column (id) leaves delay at another place than its field's number.
            t.type("-")
            try Self.clickHeading(&t, "delay")
            #expect(t.text.contains("sorting by delay in the database"), "\(t.text)")
            try Self.clickHeading(&t, "delay")
            Self.settle(&t)
            #expect(t.text.contains("sorted by delay ▼"), "\(t.text)")
            t.send(.key(KeyEvent(.home)))
            Self.settle(&t)
            let expected = try db.all("SELECT carrier FROM flights ORDER BY delay IS NULL, delay DESC, rowid LIMIT 1").map { $0[0] }
            let firstShown = t.text.split(separator: "\n")[1].split(separator: " ").first.map(String.init)
            #expect(firstShown == expected.first.map(\.description), "\(t.text)")
        }
    }

    @Test("LT-12: while the engine sorts, the status line counts the seconds and, once rows come, the share of them received")
    func sortProgress() throws {
        try Self.withFlights(rows: 140_000) { path, _ in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            try Self.clickHeading(&t, "note")
            #expect(t.text.contains("sorting by note in the database… 0 s · Esc cancels"), "\(t.text)")
            t.advance(by: 3)
            #expect(t.text.contains("sorting by note in the database… 3 s"), "\(t.text)")
            Self.settle(&t)
            // The order's rowids come in; the share is said every 65,536 of them.
            let received = try #require(t.app.opened?.shown.sortReceived)
            #expect(Swift.abs(received - 131_072.0 / 140_000) < 0.001)
            #expect(t.text.contains("sorted in the database in"))
        }
    }

    @Test("Esc cancels the sort the engine is making and the rows keep their order; ⌫ then goes back")
    func cancelSort() throws {
        try Self.withFlights(rows: 500) { path, _ in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            try Self.clickHeading(&t, "note")
            #expect(t.app.opened?.shown.sorting != nil)
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.opened?.shown.sorting == nil && t.text.contains("sort by note cancelled"))
            Self.settle(&t)
            #expect(Self.shownIDs(t) == Array(1...18))
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.opened == nil)
        }
    }

    /// The id of the selected row.
    static func selectedID(_ t: HeadlessTerminal<DatabaseViewer>) throws -> Int? {
        guard let screen = t.app.opened, let id = screen.view.table.list.cursor, let path = screen.view.table.list.indexPath(of: id),
              case let .loaded(values) = try screen.view.table.list.row(at: path), case let .int(n) = values[0] else { return nil }
        return n
    }

    static func search(_ t: inout HeadlessTerminal<DatabaseViewer>, _ text: String) {
        t.send(.key(KeyEvent(.character("/"))))
        for character in text { t.send(.key(KeyEvent(.character(character)))) }
        t.send(.key(KeyEvent(.enter)))
        settle(&t)
    }

    @Test("/ finds the next row holding the text in the order shown, the engine testing the rows; n and N go on; Esc cancels")
    func searchPushedDown() throws {
        try Self.withFlights(rows: 3000) { path, db in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            // Smart case, as in a file: a capital minds case, small letters match either.
            Self.search(&t, "ROW 150")
            #expect(t.text.contains("no row holds “ROW 150”"))
            Self.search(&t, "Row 150".lowercased())
            #expect(try Self.selectedID(t) == 150)
            #expect(t.text.contains("“row 150” in row 150"))
            t.send(.key(KeyEvent(.character("n"))))
            Self.settle(&t)
            #expect(try Self.selectedID(t) == 1500)
            t.send(.key(KeyEvent(.character("N"))))
            Self.settle(&t)
            #expect(try Self.selectedID(t) == 150)
            // In an order the engine made: the first match in that order.
            try Self.clickHeading(&t, "delay")
            Self.settle(&t)
            t.send(.key(KeyEvent(.home)))
            Self.search(&t, "row 150")
            let first = try db.all("SELECT id FROM flights WHERE note LIKE '%row 150%' ORDER BY delay IS NULL, delay, rowid LIMIT 1")[0][0]
            #expect(try Self.selectedID(t).map(TableValue.int) == first)
            // Text nobody holds, and a pattern's own characters taken literally.
            Self.search(&t, "50%")
            #expect(t.text.contains("no row holds “50%”"))
            t.send(.key(KeyEvent(.character("/"))))
            t.send(.key(KeyEvent(.character("r"))))
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.opened?.rowSearch.isRunning == true)
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.opened?.rowSearch.isRunning == false && t.text.contains("search cancelled") && t.app.opened != nil)
        }
    }

    @Test("| filters in the database: the rows kept, N of M in the status line; a sort keeps the filter; u removes it")
    func filtersPushedDown() throws {
        try Self.withFlights(rows: 3000) { path, db in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            t.send(.key(KeyEvent(.character("|"))))
            for character in "delay>40" { t.send(.key(KeyEvent(.character(character)))) }
            t.send(.key(KeyEvent(.enter)))
            #expect(t.text.contains("filtering in the database"))
            Self.settle(&t)
            let kept = try db.all("SELECT id FROM flights WHERE delay > 40 ORDER BY rowid").map { $0[0] }
            #expect(t.text.contains("\(grouped(kept.count)) of 3,000 rows") && t.text.contains("filtered by delay>40"))
            #expect(t.text.contains("filtered in the database in ") && !t.text.contains("sort took"))
            #expect(Self.shownIDs(t).map(TableValue.int) == Array(kept.prefix(18)))
            try Self.clickHeading(&t, "delay")
            Self.settle(&t)
            t.send(.key(KeyEvent(.home)))
            Self.settle(&t)
            let sorted = try db.all("SELECT id FROM flights WHERE delay > 40 ORDER BY delay, rowid").map { $0[0] }
            #expect(Self.shownIDs(t).map(TableValue.int) == Array(sorted.prefix(18)))
            #expect(t.text.contains("filtered by delay>40") && t.text.contains("delay ▲"))
            // A second filter narrows; a bad one says what is allowed and changes nothing.
            t.send(.key(KeyEvent(.character("|"))))
            for character in "carrier=DL" { t.send(.key(KeyEvent(.character(character)))) }
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            t.send(.key(KeyEvent(.home)))
            Self.settle(&t)
            let both = try db.all("SELECT id FROM flights WHERE delay > 40 AND carrier = 'DL' ORDER BY delay, rowid").map { $0[0] }
            #expect(Self.shownIDs(t).map(TableValue.int) == Array(both.prefix(18)))
            t.send(.key(KeyEvent(.character("|"))))
            for character in "nope" { t.send(.key(KeyEvent(.character(character)))) }
            t.send(.key(KeyEvent(.enter)))
            #expect(t.text.contains("is not a filter"))
            t.send(.key(KeyEvent(.character("u"))))
            Self.settle(&t)
            t.send(.key(KeyEvent(.home)))
            Self.settle(&t)
            #expect(Self.shownIDs(t).map(TableValue.int) == Array(sorted.prefix(18)))
            t.send(.key(KeyEvent(.character("u"))))
            Self.settle(&t)
            #expect(t.text.contains("3,000 rows") && !t.text.contains("filtered by"))
        }
    }

    @Test("a view is read by position, in the order a heading asks for")
    func viewByPosition() throws {
        try Self.withFlights(rows: 1000) { path, db in
            var t = try Self.open(path)
            Self.settle(&t)
            t.send(.key(KeyEvent(.down)))
            t.send(.key(KeyEvent(.enter)))
            Self.settle(&t)
            let count = try db.all("SELECT count(*) FROM late")[0][0]
            #expect(t.text.contains("late (view) · \(count) rows"))
            try Self.clickHeading(&t, "delay")
            Self.settle(&t)
            // Ties may come in any order: the delays, in the order shown, are what must agree.
            let expected = try db.all("SELECT delay FROM late ORDER BY delay LIMIT 18").map { $0[0] }
            let delays = try Self.shownIDs(t).map { id in try db.all("SELECT delay FROM flights WHERE id = ?", [.int(id)])[0][0] }
            #expect(delays == expected)
            #expect(t.text.contains("delay ▲") && t.text.contains("a view is read by position"))
        }
    }

    @Test("a file that starts as a database but is not one says so, and a missing table's error names the tables")
    func brokenDatabase() throws {
        var template = Array("/tmp/scrollwork-broken-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let bytes = Array("SQLite format 3\u{0}".utf8) + Array(repeating: UInt8(0x41), count: 4000)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(throws: OpenFile.Failure.self) { try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) }
        do {
            _ = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme())
        } catch {
            #expect(error.description.contains("cannot open the database"), "\(error)")
        }
    }
}

/// The rows of the server's `flights` (ten million as `scripts/test` loads it), as it counts them.
func serverFlights(_ url: String) throws -> Int {
    Int(try PostgresConnection(conninfo: url).query("SELECT count(*) FROM flights").text(0, 0) ?? "") ?? -1
}

/// `scrollwork open postgres://…?table=flights` against the server `scripts/test` starts.
@Suite(.enabled(if: getenv("SCROLLWORK_TEST_POSTGRES") != nil, "needs the server scripts/test starts (SCROLLWORK_TEST_POSTGRES)"))
struct PostgresViewerTests {
    @Test("LT-12: a URL naming a table opens it; a heading click orders it on the server, NULLs last; the end is the server's last rows")
    func openSortEnd() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_POSTGRES"))
        guard case let .database(viewer) = try OpenFile.opened(path: url + "?table=flights", separator: nil, header: nil, theme: Theme()) else {
            Issue.record("not opened as a database")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 20)
        DatabaseViewerTests.settle(&t)
        let rows = try serverFlights(url)
        #expect(t.text.contains("flights · \(grouped(rows)) rows"))
        #expect(DatabaseViewerTests.shownIDs(t) == Array(1...18))
        try DatabaseViewerTests.clickHeading(&t, "delay")
        DatabaseViewerTests.settle(&t)
        // The focused row stays in sight; the top is a key away.
        t.send(.key(KeyEvent(.home)))
        DatabaseViewerTests.settle(&t)
        let check = try PostgresConnection(conninfo: url)
        let first = try check.query("SELECT id FROM flights ORDER BY delay NULLS LAST, ctid LIMIT 18")
        #expect(DatabaseViewerTests.shownIDs(t) == (0..<18).map { Int(first.text($0, 0) ?? "") ?? 0 })
        t.send(.key(KeyEvent(.character("G"))))
        t.advance(by: 2)
        DatabaseViewerTests.settle(&t)
        let last = try check.query("SELECT id FROM flights ORDER BY delay NULLS LAST, ctid OFFSET \(rows - 18)")
        #expect(DatabaseViewerTests.shownIDs(t) == (0..<18).map { Int(last.text($0, 0) ?? "") ?? 0 })
        #expect(t.text.contains("NULL") && !t.text.contains("⚠"))
        // N searches back from the end: the server tests the rows, a few thousand at a time.
        t.send(.key(KeyEvent(.character("/"))))
        t.send(.key(KeyEvent(.escape)))
        // A row with no delay (every 40th), so about 5,000 rows before the end of the order,
        // whose note is in no other row's: no id up to the last starts with its digits.
        var target = (rows - 200_000) / 40 * 40
        while target % 97 == 0 { target -= 40 }
        // A new search starts at the focus (the last row) and would go round through every row
        // from the top: it is stopped, and N searches back from the focus instead.
        t.send(.key(KeyEvent(.character("/"))))
        for character in "flight \(target)" { t.send(.key(KeyEvent(.character(character)))) }
        t.send(.key(KeyEvent(.enter)))
        t.send(.key(KeyEvent(.escape)))
        #expect(t.text.contains("search cancelled"))
        t.send(.key(KeyEvent(.character("N"))))
        DatabaseViewerTests.settle(&t)
        #expect(try DatabaseViewerTests.selectedID(t) == target)
    }
}

/// A server that drops the viewer's connections mid-scroll.
@Suite(.enabled(if: getenv("SCROLLWORK_TEST_POSTGRES") != nil, "needs the server scripts/test starts (SCROLLWORK_TEST_POSTGRES)"))
struct PostgresConnectionLostTests {
    @Test("connections dropped mid-scroll: the rows shown stay, the status line says so, and the viewer connects again by itself")
    func reconnects() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_POSTGRES"))
        // The viewer's connections carry a name of their own, so that only they are dropped.
        let opened = try OpenFile.opened(path: url + "?application_name=scrollwork-lost&table=flights", separator: nil, header: nil, theme: Theme())
        guard case let .database(viewer) = opened else {
            Issue.record("not opened as a database")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 20)
        DatabaseViewerTests.settle(&t)
        #expect(DatabaseViewerTests.shownIDs(t) == Array(1...18))
        let admin = try PostgresConnection(conninfo: url)
        let dropped = try admin.query("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'scrollwork-lost'")
        #expect(dropped.value(0, 0) == .int(3))
        t.send(.key(KeyEvent(.character("G"))))
        t.advance(by: 0.5)
        DatabaseViewerTests.settle(&t)
        #expect(t.text.contains("⚠ connection lost, connecting again in a moment"), "\(t.text)")
        #expect(t.app.opened?.connection.lost != nil)
        t.send(.key(KeyEvent(.character("g"))))
        t.advance(by: 0.5)
        #expect(DatabaseViewerTests.shownIDs(t).prefix(3) == [1, 2, 3], "the rows read before stay")
        // A few seconds on, it connects again and the pages that failed come.
        t.advance(by: TableScreen.reconnectDelay + 0.5)
        DatabaseViewerTests.settle(&t)
        #expect(t.app.opened?.connection.lost == nil && t.text.contains("connected again"))
        t.send(.key(KeyEvent(.character("G"))))
        t.advance(by: 0.5)
        DatabaseViewerTests.settle(&t)
        let rows = try serverFlights(url)
        #expect(!t.text.contains("⚠") && DatabaseViewerTests.shownIDs(t) == Array((rows - 17)...rows))
    }
}
