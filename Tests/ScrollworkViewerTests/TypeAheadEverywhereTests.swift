import Foundation
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// #65 item 5: type-ahead means on a database table what it means on a file's table, at any
/// number of rows.
@Suite struct TypeAheadEverywhereTests {
    @Test("a name typed in an SQLite table sorted by a column of text reaches a row far past the first 100,000, by binary search, a row read a step; another key within a second goes on with the name")
    func farDownASortedDatabaseTable() throws {
        try DatabaseViewerTests.withFlights(rows: 0) { path, db in
            try db.run("DROP VIEW IF EXISTS late")
            try db.run("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)")
            // Capitals sort first byte by byte: the Trents come after 200,000 other names.
            try db.run("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
                INSERT INTO people SELECT i, CASE i % 6 WHEN 0 THEN 'Alice ' WHEN 1 THEN 'Bob ' WHEN 2 THEN 'Carol ' WHEN 3 THEN 'Dave ' WHEN 4 THEN 'Trent ' ELSE 'trout ' END || i FROM n
                """)
            var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "people"), columns: 100, rows: 20)
            DatabaseViewerTests.settle(&t)
            t.type("]o")
            DatabaseViewerTests.settle(&t)
            t.advance(by: 2)
            // "t" alone is no command; "r" within a second goes on with it.
            t.type("tr")
            DatabaseViewerTests.settle(&t)
            let screen = try #require(t.app.opened)
            let list = screen.view.table.list
            let focused = try #require(list.cursor.flatMap { list.indexPath(of: $0) })
            guard case let .loaded(values) = try list.row(at: focused) else { Issue.record("the row is not read"); return }
            #expect(focused.row == 200_000 && values[1].description.hasPrefix("Trent "), "\(focused) \(values)")
            #expect(t.text.contains("typed “tr”: found by binary search"), "\(t.text)")
            // After a pause a name starts anew, and "o" within it goes on with the name rather than sort.
            t.advance(by: 3)
            t.type("trou")
            DatabaseViewerTests.settle(&t)
            let again = try #require(t.app.opened?.view.table.list)
            let trout = try #require(again.cursor.flatMap { again.indexPath(of: $0) })
            guard case let .loaded(row) = try again.row(at: trout) else { Issue.record("the row is not read"); return }
            #expect(row[1].description.hasPrefix("trout ") && trout.row == 250_000, "\(trout) \(row)")
            // Esc stops a type-ahead still reading, and the focus stays.
            t.advance(by: 3)
            t.type("b")
            t.send(.key(KeyEvent(.escape)))
            DatabaseViewerTests.settle(&t)
            let stopped = try #require(t.app.opened?.view.table.list)
            #expect(stopped.cursor.flatMap { stopped.indexPath(of: $0) } == trout && t.text.contains("type-ahead cancelled"), "\(t.text)")
        }
    }

    @Test("a name typed while the table is being sorted is looked for in the new order once it is made")
    func typedWhileSorting() throws {
        try DatabaseViewerTests.withFlights(rows: 0) { path, db in
            try db.run("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)")
            try db.run("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
                INSERT INTO people SELECT i, CASE i % 3 WHEN 0 THEN 'Alice ' WHEN 1 THEN 'Bob ' ELSE 'Trent ' END || i FROM n
                """)
            var t = HeadlessTerminal(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: Theme(), opening: "people"), columns: 100, rows: 20)
            DatabaseViewerTests.settle(&t)
            t.type("]o")
            t.advance(by: 2)
            t.type("tr")
            #expect(t.app.opened?.shown.sorting != nil)
            DatabaseViewerTests.settle(&t)
            let list = try #require(t.app.opened?.view.table.list)
            let focused = try #require(list.cursor.flatMap { list.indexPath(of: $0) })
            #expect(focused.row == 200_000 && t.text.contains("typed “tr”: found by binary search"), "\(focused) \(t.text)")
        }
    }
}
