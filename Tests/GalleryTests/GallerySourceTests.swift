import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

@Suite struct GallerySlowSourceTests {
    /// The table page switched to the slow source.
    func slowTable() -> HeadlessTerminal<GalleryApp> {
        var t = gallery(.table)
        t.send(.key(KeyEvent(.character("m"), .alt)))
        return t
    }

    @Test("LT-01: the slow source shows placeholders first, then the rows of each page as it arrives")
    func LT_01_placeholdersThenRows() {
        var t = slowTable()
        #expect(t.text.contains("Loading…"))
        #expect(t.pendingWork.map(\.id.name) == ["page-0"], "the first screen and one ahead are in page 0")
        t.runWork("page-0")
        #expect(!line(t, 2).contains("Loading…") && line(t, 2).contains("-0"))
        #expect(t.app.table.status.contains("all shown pages in"))
    }

    @Test("LT-01: scrolling far away cancels the pages still on their way and asks for the new ones")
    func LT_01_scrollingAwayCancels() {
        var t = slowTable()
        #expect(t.pendingWork.map(\.id.name) == ["page-0"])
        t.send(.key(KeyEvent(.end)))
        t.advance(by: 1)
        let pending = t.pendingWork.map(\.id.name)
        #expect(!pending.contains("page-0") && pending.contains("page-999"))
    }

    @Test("LT-01: a failed page shows an error row; Enter on it asks again, and the rows arrive")
    func LT_01_errorRowRetries() throws {
        var t = slowTable()
        // Page 17 (rows 1,701–1,800) fails the first time: go there and let it answer.
        t.app.table.remote.view.table.list.scroll.perform(.top, animated: false, time: 0)
        try t.app.table.remote.view.table.list.select(IndexPath(row: 1700))
        try t.app.table.remote.view.table.list.revealRow(IndexPath(row: 1700))
        t.advance(by: 0.5)
        let failed = t.runWork("page-17")
        #expect(failed)
        #expect(t.text.contains("⚠ rows 1,701–1,800: the service timed out"))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.1)
        #expect(t.pendingWork.contains { $0.id.name == "page-17" })
        #expect(t.app.table.status.contains("retrying rows 1,701–1,800"))
        let retried = t.runWork("page-17")
        #expect(retried)
        #expect(!t.text.contains("⚠"))
    }
}

@Suite struct GalleryGrowingLogTests {
    @Test("LT-01: the log grows while it is shown; the row at the top and the selection stay where they are")
    func LT_01_growingLogStaysAnchored() throws {
        var t = gallery(.table)
        t.send(.key(KeyEvent(.character("m"), .alt)))
        t.send(.key(KeyEvent(.character("m"), .alt)))
        t.advance(by: 0.1)
        for _ in 0..<3 { t.send(.key(KeyEvent(.down))) }
        t.send(.key(KeyEvent(.pageDown)))
        t.advance(by: 1)
        let top = line(t, 2)
        let before = t.app.table.log.lines
        let selected = t.app.table.log.view.table.list.selectedIndexPaths
        t.advance(by: 2)
        #expect(t.app.table.log.lines >= before + 7 * GrowingLogView.linesPerStep)
        #expect(line(t, 2) == top)
        #expect(t.app.table.log.view.table.list.selectedIndexPaths == selected)
        #expect(t.app.table.status.contains("a log of"))
    }
}
