import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// Always the right record: the row focused before a filter is added or removed is the row
/// focused after, wherever it now stands, in a file's table and in a sheet. (Removing the last
/// filter focused the row that had the focused row's place among the kept ones: another record.)
@Suite struct FocusThroughFiltersTests {
    /// The focused row's fields in `list`.
    static func focused<Row>(_ list: ListState<Row>) -> Row? {
        list.cursor.flatMap { list.indexPath(of: $0) }.flatMap { try? list.row(at: $0) }
    }

    /// Presses ↓ `times` times.
    static func down(_ t: inout HeadlessTerminal<TableViewer>, _ times: Int) {
        for _ in 0..<times { t.send(.key(KeyEvent(.down))) }
    }

    @Test("a file's focused record stays focused when a filter that keeps it is added, when a filter is removed, and when the last one is, sorted or not")
    func fileFocusFollowsTheRecord() throws {
        for sorted in [false, true] {
            var t = try ExploreViewerTests.open(ExploreViewerTests.file())
            if sorted {
                t.type("]]o")
                #expect(t.runWork("sort") == true)
            }
            t.type("|")
            ExploreViewerTests.answer(&t, "carrier=UA")
            #expect(t.runWork("sort") == true)
            Self.down(&t, 12)
            let record = try #require(Self.focused(t.app.screen.view.table.list)?[0])
            #expect(record != (try ExploreViewerTests.ids(t))[0], "a row down the list, not the first")
            // A second filter that keeps it: the same record, at its new place.
            let origin = try #require(Self.focused(t.app.screen.view.table.list)?.fields[3])
            t.type("|")
            ExploreViewerTests.answer(&t, "origin=" + origin)
            #expect(t.runWork("sort") == true)
            #expect(Self.focused(t.app.screen.view.table.list)?[0] == record, "sorted: \(sorted)")
            // The second removed (a pass over the rows runs again), then the last one.
            t.type("u")
            while t.runWork("sort") {}
            #expect(Self.focused(t.app.screen.view.table.list)?[0] == record, "sorted: \(sorted)")
            t.type("u")
            while t.runWork("sort") {}
            #expect(t.app.screen.view.table.list.numberOfRows == 600 && Self.focused(t.app.screen.view.table.list)?[0] == record, "sorted: \(sorted)")
            // And on screen: the focused row is drawn.
            t.draw()
            #expect(t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }.map { t.app.screen.view.shownRows.contains($0.row) } == true)
        }
    }

    @Test("a sheet's focused line stays focused when its filter is removed")
    func sheetFocusFollowsTheLine() throws {
        var t = try ExploreViewerTests.open(ExploreViewerTests.file())
        t.type("]]")
        t.type("f")
        #expect(t.runWork() == true)
        let list = { (t: HeadlessTerminal<TableViewer>) in try #require(t.app.screen.sheet?.view.table.list) }
        t.type("|")
        for character in "count>5" { t.send(.key(KeyEvent(.character(character)))) }
        t.send(.key(KeyEvent(.enter)))
        while t.runWork() {}
        let kept = try list(t).numberOfRows
        #expect(kept > 3)
        for _ in 0..<3 { t.send(.key(KeyEvent(.down))) }
        let value = try #require(Self.focused(try list(t))?[0])
        t.type("u")
        while t.runWork() {}
        #expect(try list(t).numberOfRows > kept)
        #expect(Self.focused(try list(t))?[0] == value)
    }

    /// The id of the row focused in a table screen, once its values have come.
    static func focusedID(_ t: HeadlessTerminal<TableViewer>) -> TableValue? {
        guard case let .loaded(values)? = focused(t.app.screen.view.table.list) else { return nil }
        return values.first
    }

    /// Runs the work under way to its end.
    static func settle(_ t: inout HeadlessTerminal<TableViewer>) {
        var steps = 0
        while t.runWork(), steps < 1000 { steps += 1 }
        t.draw()
        while t.runWork(), steps < 2000 { steps += 1 }
    }

    @Test("a table screen's focused row stays focused through a filter, its removal (the names read again in chunks) and a sort, as a file's does; not once the person moved on")
    func sourceFocusFollowsTheRow() throws {
        let records = (0..<600).map { i in ["\(i)", ["Oslo", "Rome", "Lima"][i % 3], "\((i * 37) % 101)"] }
        var t = HeadlessTerminal(TableViewer(MemoryTable(columnTitles: ["id", "city", "n"], records: records)), columns: 100, rows: 20)
        Self.settle(&t)
        t.type("|city=Rome\r")
        Self.settle(&t)
        for _ in 0..<12 { t.send(.key(KeyEvent(.down))) }
        Self.settle(&t)
        let id = try #require(Self.focusedID(t))
        #expect(id == .int(37), "the 13th Rome")
        t.type("u")
        Self.settle(&t)
        #expect(t.app.screen.shown.identities.count == 600 && Self.focusedID(t) == id, "the filter removed: the same row")
        t.type("]]O")
        Self.settle(&t)
        #expect(t.app.screen.shown.order?.ascending == false && Self.focusedID(t) == id, "sorted: the same row, where the order puts it")
        let row = try #require(t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) })
        #expect(row.row > 0 && t.app.screen.view.shownRows.contains(row.row), "scrolled to it")
        t.type("|city=Rome\r")
        Self.settle(&t)
        #expect(Self.focusedID(t) == id, "a filter that keeps it: the same row")
        // The person moves on before the new order comes: it is not brought back.
        t.type("u")
        t.send(.key(KeyEvent(.home)))
        Self.settle(&t)
        #expect(Self.focusedID(t) != id)
    }
}
