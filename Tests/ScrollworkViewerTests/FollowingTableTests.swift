import Foundation
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// #65 item 5: F means on a database table what it means on a growing file: rows another program
/// adds while the table is shown come at the end, the focus on the last, the filters applied.
@Suite struct FollowingTableTests {
    /// The focused row's id (its first value), and every id shown in order.
    static func focusedID(_ t: HeadlessTerminal<DatabaseViewer>) -> Int? {
        guard let list = t.app.opened?.view.table.list, let path = list.cursor.flatMap({ list.indexPath(of: $0) }),
              case let .loaded(values)? = try? list.row(at: path), case let .int(id) = values[0] else { return nil }
        return id
    }

    @Test("F follows rows inserted into an SQLite table by another connection: they show at the end each second, the focus on the last; a filter keeps only its rows; F again stops")
    func followsInsertedRows() throws {
        try DatabaseViewerTests.withFlights(rows: 500) { path, db in
            var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "flights"), columns: 100, rows: 20)
            DatabaseViewerTests.settle(&t)
            t.type("F")
            DatabaseViewerTests.settle(&t)
            #expect(Self.focusedID(t) == 500 && t.text.contains("following the end (F stops)"), "\(t.text)")
            try db.run("INSERT INTO flights VALUES (501, 'UA', 7, 'late row 501'), (502, 'AA', 8, 'late row 502')")
            // Nothing is looked for before the second is up.
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.view.table.list.numberOfRows == 500)
            t.advance(by: 1.1)
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.view.table.list.numberOfRows == 502 && Self.focusedID(t) == 502, "\(t.text)")
            #expect(t.text.contains("502 rows"), "\(t.text)")
            // Filtered: only the new rows the filter keeps come.
            t.type("|")
            t.send(.key(KeyEvent(.character("u"), .control)))
            t.type("carrier=UA\r")
            DatabaseViewerTests.settle(&t)
            let kept = t.app.opened?.view.table.list.numberOfRows ?? 0
            try db.run("INSERT INTO flights VALUES (503, 'UA', 1, 'x'), (504, 'DL', 2, 'y'), (505, 'UA', 3, 'z')")
            t.advance(by: 1.1)
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.view.table.list.numberOfRows == kept + 2 && Self.focusedID(t) == 505, "\(t.text)")
            // Sorted, the rows found come after the others, as a file's rows found while it is
            // sorted do: the order is the one asked for over the rows there were.
            t.type("u")
            DatabaseViewerTests.settle(&t)
            t.type("]]o")
            DatabaseViewerTests.settle(&t)
            let sortedCount = t.app.opened?.view.table.list.numberOfRows ?? 0
            try db.run("INSERT INTO flights VALUES (507, 'B6', -999, 'least delay, found last')")
            t.advance(by: 1.1)
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.view.table.list.numberOfRows == sortedCount + 1 && Self.focusedID(t) == 507, "\(t.text)")
            // F again stops: rows added later wait for the next look the person asks for.
            t.type("F")
            try db.run("INSERT INTO flights VALUES (508, 'UA', 1, 'w')")
            t.advance(by: 2)
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.view.table.list.numberOfRows == sortedCount + 1 && !t.text.contains("following the end (F stops)") && t.text.contains("stopped following the end"), "\(t.text)")
        }
    }

    @Test("F pressed before every row name is read asks for no frame until there is something to look at: the names' answers wake the screen, not the second between looks")
    func followingWaitsWithoutWaking() {
        var screen = TableScreen(source: MemoryTable(columnTitles: ["id"], records: (0..<10).map { ["\($0)"] }), name: "memory", theme: Theme())
        _ = screen.takeEffects()
        screen.tick(at: 5)
        screen.toggleFollowing(at: 5)
        // The names are still on their way (their work never ran): no look can start, so none is due.
        screen.tick(at: 5)
        #expect(screen.shown.following.isOn && !screen.shown.identitiesComplete)
        #expect(screen.wakeTime.map { $0 > 5 } ?? true, "woke at \(String(describing: screen.wakeTime)) with nothing to do")
        #expect(screen.nextLookForMore == nil)
    }

    @Test("F on a PostgreSQL table says that rows added since it was opened are not in its snapshot, and on a ClickHouse table that one read by position is not followed",
          .enabled(if: getenv("SCROLLWORK_TEST_POSTGRES") != nil || getenv("SCROLLWORK_TEST_CLICKHOUSE") != nil, "needs the servers scripts/test starts"))
    func saysWhyNotFollowed() throws {
        if let url = getenv("SCROLLWORK_TEST_POSTGRES").map({ String(cString: $0) }) {
            let name = "follow_\(getpid())"
            try PostgresExploreTests.psql(url, "CREATE TABLE \(name) AS SELECT i::bigint AS id FROM generate_series(1, 50) AS i")
            defer { try? PostgresExploreTests.psql(url, "DROP TABLE \(name)") }
            var t = HeadlessTerminal(try DatabaseViewer(source: PostgresDatabase(url: url), theme: Theme(), opening: name), columns: 200, rows: 20)
            DatabaseViewerTests.settle(&t)
            t.type("F")
            DatabaseViewerTests.settle(&t)
            #expect(t.text.contains("PostgreSQL shows the table as it was when opened") && !t.text.contains("F stops"), "\(t.text)")
        }
        if let url = getenv("SCROLLWORK_TEST_CLICKHOUSE").map({ String(cString: $0) }) {
            let first = String(url.split(separator: " ")[0])
            var t = HeadlessTerminal(try DatabaseViewer(source: ClickHouseDatabase(url: first), theme: Theme(), opening: "flights"), columns: 200, rows: 20)
            DatabaseViewerTests.settle(&t)
            t.type("F")
            DatabaseViewerTests.settle(&t)
            #expect(t.text.contains("F follows rows added to a table read by name") && !t.text.contains("F stops"), "\(t.text)")
        }
    }

    @Test("G before every row name is read goes to the real last row once they are, saying so meanwhile (it stopped at the last name read, 262,144 of 600,000); Esc stops it where it is")
    func endIsTheEndOfADatabaseTable() throws {
        try DatabaseViewerTests.withFlights(rows: 600_000) { path, _ in
            for stop in [false, true] {
                var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "flights"), columns: 140, rows: 20)
                // The first chunk of names, and the first page.
                for _ in 0..<3 { _ = t.runWork() }
                #expect(t.app.opened?.shown.identitiesComplete == false)
                t.type("G")
                #expect(t.text.contains("going to the last row as the rows are read (Esc stops)"), "\(t.text)")
                if stop {
                    t.send(.key(KeyEvent(.escape)))
                    #expect(t.text.contains("stopped going to the end"), "\(t.text)")
                }
                DatabaseViewerTests.settle(&t)
                let id = Self.focusedID(t)
                #expect(stop ? id == 262_144 : id == 600_000, "\(String(describing: id))")
                #expect(!t.text.contains("going to the last row"))
            }
        }
    }

    @Test("# before every row name is read counts every row the table has: 50% of 600,000 is row 300,001 (it was half the names read), a number past them is reached once they come")
    func goToARowNotReadYet() throws {
        try DatabaseViewerTests.withFlights(rows: 600_000) { path, _ in
            for (asked, expected) in [("50%", 300_001), ("550000", 550_000), ("12", 12)] {
                var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "flights"), columns: 160, rows: 20)
                // The first chunk of names and the count.
                var steps = 0
                while t.app.opened?.counts.total == nil, steps < 10, t.runWork() { steps += 1 }
                #expect(t.app.opened?.shown.identitiesComplete == false && t.app.opened?.counts.total == 600_000)
                t.type("#" + asked + "\r")
                if expected > 262_144 { #expect(t.text.contains("going to row \(grouped(expected)) of 600,000 as the rows are read"), "\(t.text)") }
                DatabaseViewerTests.settle(&t)
                #expect(Self.focusedID(t) == expected && t.text.contains("row \(grouped(expected)) of 600,000"), "\(asked): \(t.text)")
            }
        }
    }

    @Test("/ before every row name is read searches every row once they are: a row past those read is found, where it said no row holds it")
    func searchesRowsNotReadYet() throws {
        try DatabaseViewerTests.withFlights(rows: 600_000) { path, _ in
            var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "flights"), columns: 160, rows: 20)
            for _ in 0..<2 { _ = t.runWork() }
            #expect(t.app.opened?.shown.identitiesComplete == false)
            t.type("/row 262200\r")
            #expect(t.text.contains("once every row is read"), "\(t.text)")
            DatabaseViewerTests.settle(&t)
            #expect(Self.focusedID(t) == 262_200 && t.text.contains("“row 262200” in row 262,200"), "\(t.text)")
        }
    }

    @Test("# on a table read by position before it is counted goes there once it is (it said there were no rows)")
    func goToARowOfAViewNotCounted() throws {
        try DatabaseViewerTests.withFlights(rows: 1000) { path, db in
            try db.run("CREATE VIEW everything AS SELECT * FROM flights")
            var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "everything"), columns: 160, rows: 20)
            t.type("#50%\r")
            #expect(t.text.contains("going to row 50% once the rows are counted"), "\(t.text)")
            // Esc stops it, saying so; asked again, it goes there once counted.
            t.send(.key(KeyEvent(.escape)))
            #expect(t.text.contains("stopped going to the row"), "\(t.text)")
            t.type("#50%\r")
            DatabaseViewerTests.settle(&t)
            #expect(Self.focusedID(t) == 501 && t.text.contains("row 501 of 1,000"), "\(t.text)")
        }
    }
}
