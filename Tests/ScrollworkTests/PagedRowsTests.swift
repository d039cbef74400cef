import Testing
@testable import Scrollwork

@Suite struct PagedRowsTests {
    func isLoading(_ row: PagedRow<Int>) -> Bool { if case .loading = row { return true } else { return false } }

    @Test("LT-01: rows read as placeholders until their page arrives; a plan asks for the visible pages and a screen ahead, once")
    func LT_01_placeholdersThenRows() {
        var rows = PagedRows<Int>(count: 1000, pageSize: 100)
        #expect(isLoading(rows.row(at: 250)))
        // 30 rows shown from row 200, moving down: pages 2 and 3 (the next screen reaches row 259).
        let plan = rows.plan(visible: 200..<230, direction: 1)
        #expect(plan.load == [2] && plan.cancel.isEmpty)
        let again = rows.plan(visible: 200..<230, direction: 1)
        #expect(again.load.isEmpty, "asked once")
        let ahead = rows.plan(visible: 280..<310, direction: 1)
        #expect(ahead.load == [3])
        let taken = rows.deliver(Array(200..<300), page: 2)
        #expect(taken)
        if case let .loaded(value) = rows.row(at: 250) { #expect(value == 250) } else { Issue.record("row 250 did not load") }
        #expect(rows.count == 1000)
    }

    @Test("LT-01: scrolling through many pages holds a bounded number of them, letting go of the farthest; one scrolled back to loads again")
    func LT_01_boundedPages() {
        var rows = PagedRows<Int>(count: 1_000_000, pageSize: 100)
        for page in 0..<400 {
            let plan = rows.plan(visible: (page * 100)..<(page * 100 + 40), direction: 1)
            for asked in plan.load { rows.deliver(Array(rows.rows(ofPage: asked)), page: asked) }
        }
        let held = (0..<500).filter { rows.isLoaded(page: $0) }
        #expect(held.count <= PagedRows<Int>.maximumLoadedPages + 2)
        #expect(rows.isLoaded(page: 399) && rows.isLoaded(page: 398) && !rows.isLoaded(page: 0))
        #expect(isLoading(rows.row(at: 50)))
        let back = rows.plan(visible: 0..<40, direction: -1)
        #expect(back.load == [0])
    }

    @Test("LT-01: scrolling away cancels pages still on their way, and a late answer for one is ignored")
    func LT_01_scrollingAwayCancels() {
        var rows = PagedRows<Int>(count: 100_000, pageSize: 100)
        _ = rows.plan(visible: 0..<40, direction: 0)
        #expect(rows.requested == [0])
        let far = rows.plan(visible: 50_000..<50_040, direction: -1)
        #expect(far.cancel == [0] && far.load == [499, 500])
        let late = rows.deliver(Array(0..<100), page: 0)
        #expect(!late, "a cancelled page's rows are not taken")
        #expect(isLoading(rows.row(at: 5)))
    }

    @Test("LT-01: a failed page shows as an error on its rows until it is retried, then it is asked for again")
    func LT_01_failAndRetry() {
        var rows = PagedRows<Int>(count: 500, pageSize: 100)
        _ = rows.plan(visible: 0..<20, direction: 0)
        let failed = rows.fail(page: 0, message: "timed out")
        #expect(failed)
        if case let .failed(page, message) = rows.row(at: 7) { #expect(page == 0 && message == "timed out") } else { Issue.record("no error row") }
        let before = rows.plan(visible: 0..<20, direction: 0)
        #expect(before.load.isEmpty, "a failed page is not asked for by itself")
        rows.retry(page: 0)
        let after = rows.plan(visible: 0..<20, direction: 0)
        #expect(after.load == [0])
    }

    @Test("LT-01: a growing source keeps the top row and the selection where they were, and the indicator follows")
    func LT_01_growingSourceStaysAnchored() throws {
        var source = PagedRows<Int>(count: 120, pageSize: 100)
        var list = ListState(rows: source) { _ in RowContent("row") }.inCells()
        list.setViewport(Size(width: 320, height: 160))
        try list.scroll.setOffset(Point(x: 0, y: 800), time: 0)
        try list.select(IndexPath(row: 55))
        let top = list.visibleItems(overscan: 0).first?.item
        let height = list.scroll.contentSize.height
        source.grow(to: 10_000)
        list.replaceRows(with: source)
        #expect(list.visibleItems(overscan: 0).first?.item == top)
        #expect(list.selectedIndexPaths == [IndexPath(row: 55)])
        #expect(list.scroll.contentSize.height > height && list.numberOfRows == 10_000)
        source.grow(to: 5)
        #expect(source.count == 10_000, "a source never shrinks")
    }

    @Test("LT-01: extreme counts and pages never trap")
    func extremes() {
        var rows = PagedRows<Int>(count: Int.max, pageSize: Int.max)
        _ = rows.plan(visible: Int.max - 10..<Int.max, direction: 1)
        _ = rows.plan(visible: Int.min..<(Int.min + 5), direction: -1)
        #expect(rows.rows(ofPage: Int.max).count >= 0)
        var empty = PagedRows<Int>(count: -5, pageSize: -1)
        let plan = empty.plan(visible: 0..<10, direction: 0)
        #expect(empty.count == 0 && plan.load.isEmpty)
        #expect(isLoading(empty.row(at: Int.min)))
    }
}
