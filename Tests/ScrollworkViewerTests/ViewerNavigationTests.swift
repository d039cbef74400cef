import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// `scrollwork open`'s pages are a navigation stack (#66): a database's tables, a table opened
/// from them, a row of it shown whole, each over the last; back shows the page under as it was
/// left, and the work of the page left is cancelled.
@Suite struct ViewerNavigationTests {
    /// The names of the work pending.
    static func pending<A: App>(_ t: HeadlessTerminal<A>) -> [String] { t.pendingWork.map(\.id.name) }

    @Test("tables → table → row whole → back → back: each page over the last, the list and the table as they were left; a sort started on the table goes on while its row is shown, and going back from the table cancels its work")
    func databaseDrillsInAndBack() throws {
        try DatabaseViewerTests.withFlights(rows: 300) { path, _ in
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            #expect(t.app.pages.stack.depth == 1 && t.text.contains("flights"))
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            #expect(t.app.pages.stack.depth == 2 && t.app.opened != nil && t.app.status.contains("⌫ back to the tables"), "\(t.app.status)")
            // A sort by the first column, descending, left running; the row shown whole over it.
            t.send(.key(KeyEvent(.character("O"))))
            #expect(t.app.opened?.shown.sorting != nil)
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.pages.stack.depth == 3 && t.app.record?.detail.content.lines.contains { $0.name == "id" } == true)
            #expect(t.app.status.contains("every field whole") && t.text.contains("every field whole"), "\(t.text)")
            // The sort's news reaches the table under the row.
            DatabaseViewerTests.settle(&t)
            #expect(t.app.record != nil && t.app.opened?.shown.sorting == nil && t.app.opened?.shown.order?.ascending == false, "\(t.app.opened?.status(at: t.time) ?? "")")
            // Back: the table, sorted, its focus where it was; back again: the list.
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.pages.stack.depth == 2 && t.app.record == nil && t.text.contains("sorted by id ▼"), "\(t.text)")
            t.send(.key(KeyEvent(.character("o"))))
            #expect(Self.pending(t).contains { $0.contains("sort") }, "\(Self.pending(t))")
            // ⌫ goes back with the sort under way (Esc would cancel the sort first).
            t.send(.key(KeyEvent(.backspace)))
            #expect(t.app.pages.stack.depth == 1 && t.app.opened == nil && t.text.contains("1 table"))
            #expect(!Self.pending(t).contains { $0.contains("sort") }, "the table's sort is cancelled with it: \(Self.pending(t))")
        }
    }

    @Test("a folder, a database in it, its table and a row of it are one stack: Enter drills in at each, Esc comes back out a page at a time to the listing as it was")
    func folderToRowAndBack() throws {
        let notes = TemporaryFile(name: "notes.txt", "a note\n")
        let path = notes.directory + "/flights.sqlite"
        defer { unlink(path) }
        do {
            let db = try SQLiteConnection(path: path, writable: true)
            try db.run("CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT)")
            try db.run("INSERT INTO flights VALUES (1, 'UA'), (2, 'DL')")
        }
        guard case let .directory(viewer) = try OpenFile.opened(path: notes.directory, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a folder opens as its listing")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 12)
        func settle() { while t.runWork() {} }
        // flights.sqlite comes first by name.
        t.send(.key(KeyEvent(.enter)))
        settle()
        #expect(t.app.pages.stack.depth == 2 && t.app.status.contains("1 table") && t.app.status.contains(DirectoryViewer.backHint), "\(t.app.status)")
        t.send(.key(KeyEvent(.enter)))
        settle()
        #expect(t.app.pages.stack.depth == 3 && t.text.contains("UA") && t.app.status.contains("back to the tables"), "\(t.text)")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.pages.stack.depth == 4 && t.text.contains("every field whole") && t.text.contains("carrier"), "\(t.text)")
        for depth in [3, 2, 1] {
            t.send(.key(KeyEvent(.escape)))
            settle()
            #expect(t.app.pages.stack.depth == depth, "Esc back to depth \(depth): \(t.text)")
        }
        #expect(t.text.contains("notes.txt") && t.app.listing?.view.outline.cursor == [0], "\(t.text)")
        #expect(t.pendingWork.isEmpty, "nothing of the pages left runs: \(Self.pending(t))")
    }

    @Test("a table opened with the database (a URL's ?table=, --table) follows the window's keys once the viewer does, as the list does")
    func openedTableFollowsTheConvention() throws {
        try DatabaseViewerTests.withFlights(rows: 20) { path, _ in
            guard case var .database(viewer) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else { return }
            try viewer.open("flights")
            // Opened again: in place of the first, not over it.
            try viewer.open("flights")
            #expect(viewer.pages.stack.depth == 2)
            viewer.keyConvention = .desktop
            #expect(viewer.opened?.viewerKeys.table.command(for: KeyEvent(.character("f"), .control)) == .search)
            #expect(viewer.tables?.viewerKeys.database.command(for: KeyEvent(.character("q"), .control)) == .quit)
        }
    }

    @Test("a file's table: Enter pushes its row whole as a page, titled by its record; Esc, q and Enter go back to the table as it was")
    func fileRecordIsAPage() throws {
        let file = TemporaryFile(name: "people.csv", "name,city\nAda,London\nBob,Paris\nCy,Rome\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 12)
        while t.runWork() {}
        t.send(.key(KeyEvent(.down)))
        for back in [KeyEvent(.escape), KeyEvent(.character("q")), KeyEvent(.enter)] {
            t.send(.key(KeyEvent(.enter)))
            let record = try #require(t.app.record)
            #expect(record.title == "Record 2" && t.app.pages.stack.title == "Record 2")
            #expect(t.app.cursorPosition == Point(x: 0, y: 0), "the cursor on the first field, for a screen reader that follows it")
            #expect(t.text.contains("Paris") && t.text.contains("record 2 of the file, every field whole"), "\(t.text)")
            t.send(.key(back))
            #expect(t.app.record == nil && !t.app.wantsQuit && t.app.pages.stack.depth == 1, "\(back)")
            #expect(t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }?.row == 1)
        }
        // The keys that quit the table quit from its row too.
        t.send(.key(KeyEvent(.enter)))
        t.send(.key(KeyEvent(.character("c"), .control)))
        #expect(t.app.wantsQuit)
    }

    @Test("in a window the pages slide under a bar whose back button is named after the page under; a click on it goes back; a terminal's pages change at once, without a bar")
    func windowBarAndSlide() throws {
        try DatabaseViewerTests.withFlights(rows: 50) { path, _ in
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            #expect(!t.app.pages.stack.isSliding && !t.text.contains("‹"), "a terminal shows the table at once, its headings on the first row")
            #expect(t.text.split(separator: "\n").first?.contains("carrier") == true, "\(t.text)")
            t.send(.key(KeyEvent(.escape)))
            t.app.keyConvention = .desktop
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.pages.stack.isSliding, "a window slides the table in")
            t.advance(by: 1)
            DatabaseViewerTests.settle(&t)
            // The back button names the database by its file's name, not its whole path.
            let name = ViewerWindow.name(of: path)
            #expect(t.text.contains("‹ " + name.prefix(12)) && !t.text.contains("‹ /") && !t.app.pages.stack.isSliding, "\(t.text)")
            // Alt+←, as GNOME apps go back, from a row shown whole and then from the table.
            t.send(.key(KeyEvent(.enter)))
            t.advance(by: 1)
            #expect(t.app.record != nil)
            t.send(.key(KeyEvent(.left, .alt)))
            t.advance(by: 1)
            #expect(t.app.record == nil && t.app.opened != nil, "\(t.text)")
            t.send(.key(KeyEvent(.left, .alt)))
            t.advance(by: 1)
            #expect(t.app.pages.stack.depth == 1, "\(t.text)")
            t.send(.key(KeyEvent(.enter)))
            t.advance(by: 1)
            DatabaseViewerTests.settle(&t)
            let back = try #require(t.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("‹") })
            t.send(.mouse(MouseEvent(.press, column: 2, row: back)))
            t.send(.mouse(MouseEvent(.release, column: 2, row: back)))
            t.advance(by: 1)
            #expect(t.app.pages.stack.depth == 1 && t.app.opened == nil, "\(t.text)")
        }
    }
}
