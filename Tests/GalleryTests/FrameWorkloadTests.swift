import Scrollwork
import ScrollworkTerminal
import Testing
@testable import scrollwork_hooks
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The workloads `scrollwork-hooks frames` draws for `scripts/bench --instructions` do what they say.
@Suite struct FrameWorkloadTests {
    @Test("page-down moves the table a page a frame; line-down a row a frame, by a scroll region")
    func tableWorkloads() {
        var pages = FrameDriver(workload: .pageDown)
        let top = pages.app.table.files.table.list.scroll.offset.y
        let bytes = pages.nextFrame()
        #expect(pages.app.table.files.table.list.scroll.offset.y > top + 30 * 16)
        #expect(bytes > 1000)

        var lines = FrameDriver(workload: .lineDown)
        for _ in 0..<3 {
            let before = lines.app.table.files.table.list.scroll.offset.y
            let written = lines.nextFrame()
            #expect(lines.app.table.files.table.list.scroll.offset.y == before + 16)
            #expect(written > 0 && written < 600, "\(written) bytes for a one-row scroll")
        }
    }

    @Test("wide-page-down pages a table of 500 columns; wide-sideways moves it sideways a wheel step a frame")
    func wideWorkloads() {
        var pages = FrameDriver(workload: .widePageDown)
        #expect(pages.app.table.files.table.columns.count == 500)
        let top = pages.app.table.files.table.list.scroll.offset.y
        #expect(pages.nextFrame() > 1000)
        #expect(pages.app.table.files.table.list.scroll.offset.y > top + 30 * 16)
        var sideways = FrameDriver(workload: .wideSideways, wideColumns: 40)
        #expect(sideways.app.table.files.table.columns.count == 40)
        for _ in 0..<3 {
            let before = sideways.app.table.files.table.list.scroll.offset.x
            #expect(sideways.nextFrame() > 0)
            #expect(sideways.app.table.files.table.list.scroll.offset.x > before)
        }
    }

    @Test("flick frames keep the scroll view moving; outline frames page through an expanded tree")
    func flickAndOutline() {
        var flick = FrameDriver(workload: .flick)
        var moved = 0
        for _ in 0..<10 where flick.nextFrame() > 0 { moved += 1 }
        #expect(moved == 10)
        var outline = FrameDriver(workload: .outline)
        #expect(outline.app.outline.tree.outline.numberOfRows > 1_000)
        let top = outline.app.outline.tree.outline.scroll.offset.y
        #expect(outline.nextFrame() > 0)
        #expect(outline.app.outline.tree.outline.scroll.offset.y > top)
    }
}
