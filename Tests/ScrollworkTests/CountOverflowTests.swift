import Testing
@testable import Scrollwork

/// Counts and indexes near `Int.max` and `Int.min` (a source that claims every row there is, an
/// index path from a corrupted caller) give answers, never a trap or a hang: sums of counts
/// saturate, and positions outside the rows are outside.
@Suite struct CountOverflowTests {
    static func list(sections counts: [Int], header: Bool = true, footer: Bool = true) -> ListState<Int> {
        ListState(sections: counts.map { ListSection(GeneratedRows(count: $0) { $0 }, header: header ? RowContent("Header") : nil, footer: footer ? RowContent("Footer") : nil) }) { RowContent("\($0)") }
    }

    @Test("a list with a header and Int.max rows, and sections whose counts add past Int.max, lay out; each source shows at most 2⁴⁰ − 1 rows, each row its own")
    func hugeCountsLayOut() throws {
        let most = ListState<Int>.maximumSourceRows
        for counts in [[Int.max], [Int.max, Int.max], [Int.max / 2 + 1, Int.max / 2 + 1], [Int.max, 0, 5]] {
            var list = Self.list(sections: counts)
            list.setViewport(Size(width: 320, height: 480))
            #expect(list.numberOfRows == counts.map { Swift.min($0, most) }.reduce(0, +))
            _ = list.visibleItems(overscan: 2)
            #expect(list.flatRow(IndexPath(row: Int.max, section: counts.count - 1)) == Int.max)
            // The last row of the first section is that row, not another that shares its low bits.
            #expect(try list.row(at: IndexPath(row: most - 1, section: 0)) == most - 1)
            #expect(list.sourceRow(at: IndexPath(row: most - 1, section: 0))?.row == most - 1)
            #expect(list.indexPath(forFlatRow: list.numberOfRows - 1) != nil && list.indexPath(forFlatRow: list.numberOfRows) == nil)
            #expect(throws: ListError.self) { try list.row(at: IndexPath(row: most, section: 0)) }
            try list.validateSources()
        }
    }

    @Test("flat rows, previous and next detail views take any index path")
    func extremeIndexPaths() {
        let list = Self.list(sections: [3, 0, Int.max])
        for section in Extreme.ints {
            for row in Extreme.ints {
                let path = IndexPath(row: row, section: section)
                _ = list.flatRow(path)
                if let previous = list.previousDetail(before: path) { #expect(previous.row >= 0 && previous.section >= 0) }
                if let next = list.nextDetail(after: path) { #expect(next.row >= 0 && next.section >= 0) }
            }
        }
        #expect(list.previousDetail(before: IndexPath(row: 0, section: 2)) == IndexPath(row: 2, section: 0))
        #expect(list.nextDetail(after: IndexPath(row: 2, section: 0)) == IndexPath(row: 0, section: 2))
        #expect(list.previousDetail(before: IndexPath(row: Int.min, section: Int.max)) == IndexPath(row: ListState<Int>.maximumSourceRows - 1, section: 2))
        #expect(list.nextDetail(after: IndexPath(row: Int.max, section: Int.min)) == IndexPath(row: 0, section: 0))
    }

    @Test("pages past the end of a paged source are empty, never negative")
    func pagesPastTheEnd() {
        for count in [0, 1, 250, Int.max] {
            let rows = PagedRows<Int>(count: count, pageSize: 100)
            for page in Extreme.ints {
                let range = rows.rows(ofPage: page)
                #expect(range.lowerBound >= 0 && range.upperBound <= count, "page \(page) of \(count): \(range)")
            }
        }
    }
}

/// A list taller than a scroll view can be still reaches both ends, its rows laid out whole.
@Suite struct CompressedListTests {
    static func rows(_ list: ListState<Int>) -> [Int] {
        list.visibleItems(overscan: 0).compactMap { entry -> Int? in if case let .row(path) = entry.item { path.row } else { nil } }
    }

    static func settle(_ list: inout ListState<Int>, from time: Double) {
        var t = time
        while list.scroll.isAnimating && t < time + 60 { t += 1.0 / 60; list.scroll.tick(at: t) }
    }

    /// The most rows a source shows, each as tall as a row may be: 10¹⁶ points, ten times what a
    /// scroll view holds.
    static func tallList(header: Bool) -> ListState<Int> {
        var list = CountOverflowTests.list(sections: [Int.max], header: header, footer: false)
        list.metrics.rowHeight = 10_000
        list.metrics.headerHeight = 28
        list.setViewport(Size(width: 320, height: 48_000))
        return list
    }

    @Test("End scrolls a list taller than a scroll view can be to its last row; Home back to the first; the rows between lie whole and in order")
    func endOfHugeList() throws {
        let last = ListState<Int>.maximumSourceRows - 1
        for header in [false, true] {
            var list = Self.tallList(header: header)
            #expect(list.heights.totalHeight > ScrollState.maximumExtent)
            list.scroll.perform(.bottom, time: 0)
            Self.settle(&list, from: 0)
            let end = Self.rows(list)
            #expect(end.last == last, "\(end)")
            // Whole rows, one after another, the last at the bottom of the view.
            let frames = list.visibleItems(overscan: 0).map(\.frame)
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY == $1.minY })
            #expect(frames.last.map { $0.maxY - list.scroll.offset.y } == 48_000)
            #expect(list.item(atViewportY: 47_999).map { if case let .row(path) = $0 { path.row } else { -1 } } == last)
            list.scroll.perform(.top, time: 100)
            Self.settle(&list, from: 100)
            #expect(list.visibleItems(overscan: 0).first?.frame.minY == 0 && (header || Self.rows(list).first == 0))
            // Half way: rows in order, about half way through.
            try list.scroll.setOffset(Point(x: 0, y: list.scroll.offsetBounds(.vertical).upperBound / 2), time: 200)
            let middle = Self.rows(list)
            #expect(middle == Array((middle.first ?? 0)..<((middle.first ?? 0) + middle.count)))
            #expect((middle.first ?? 0) > last / 4 && (middle.first ?? 0) < last / 4 * 3)
        }
    }

    @Test("the cursor goes to the last row of such a list and into view, a row up, and back to the first")
    func cursorToTheEnds() throws {
        let last = ListState<Int>.maximumSourceRows - 1
        var list = Self.tallList(header: false)
        try list.moveCursor(.end)
        #expect(Self.rows(list).last == last && list.cursor.flatMap { list.indexPath(of: $0) }?.row == last)
        try list.moveCursor(.up)
        #expect(Self.rows(list).contains(last - 1))
        try list.moveCursor(.home)
        #expect(Self.rows(list).first == 0)
    }
}

extension CountOverflowTests {
    @Test("prefix sums take any count, index and amount: outside the values nothing changes, never a trap or an endless loop")
    func fenwickTreeExtremes() {
        var tree = FenwickTree(count: 5) { Double($0) }
        for index in Extreme.ints {
            tree.add(1, at: index)
            _ = tree.value(at: index)
            _ = tree.prefixSum(index)
        }
        tree.add(.nan, at: 2)
        tree.add(.infinity, at: 3)
        // 0 + 1 + 2 + 3 + 4, and 1 for each index that named a value.
        let added = Double(Extreme.ints.filter { (0..<5).contains($0) }.count)
        #expect(tree.prefixSum(5) == 10 + added)
        #expect(tree.value(at: -1) == 0 && tree.value(at: 5) == 0)
        #expect(FenwickTree(count: -3) { _ in 1 }.count == 0)
    }
}

extension CountOverflowTests {
    @Test("a paged source plans any visible range in bounded time: Int.min..<Int.max, and ranges past the end")
    func pagedPlansAnyRange() {
        var rows = PagedRows<Int>(count: Int.max, pageSize: 100)
        let plan = rows.plan(visible: Int.min..<Int.max, direction: 1)
        #expect(plan.load.count == PagedRows<Int>.maximumPlannedPages && plan.load.first == 0)
        let far = rows.plan(visible: (Int.max - 10)..<Int.max, direction: -1)
        #expect(far.load.allSatisfy { rows.rows(ofPage: $0).lowerBound >= 0 } && far.cancel.count == PagedRows<Int>.maximumPlannedPages)
        for page in Extreme.ints {
            _ = rows.deliver([1, 2], page: page)
            _ = rows.fail(page: page, message: "x")
            rows.retry(page: page)
            _ = rows.row(at: page)
        }
        rows.grow(to: Int.max)
    }
}

extension CountOverflowTests {
    @Test("rows(in:) clips any range to the source, Int.min..<Int.max included")
    func rowsInAnyRange() {
        let generated = GeneratedRows(count: 5) { $0 * 10 }
        #expect(generated.rows(in: Int.min..<Int.max) == [0, 10, 20, 30, 40])
        #expect(AnyRowSource(generated).rows(in: 3..<Int.max) == [30, 40])
        #expect([7, 8, 9].rows(in: -5..<2) == [7, 8] && [Int]().rows(in: Int.min..<Int.max).isEmpty)
    }
}

/// A tree whose every node claims `Int.max` children.
struct EndlessTree: OutlineSource, Sendable {
    func childCount(of parent: Int?) -> Int { Int.max }
    func child(of parent: Int?, at index: Int) -> Int { index }
    func descendantCount(of node: Int) -> Int { Int.max }
}

@Suite struct CompressedOutlineTests {
    @Test("an outline of Int.max rows, nested and expanded, reaches its last row with End and the cursor; rows in any range are bounded")
    func endOfHugeOutline() throws {
        var outline = OutlineState(source: EndlessTree())
        outline.setViewport(Size(width: 300, height: 480))
        try outline.expand([0])
        try outline.expand([Int.max - 1])
        try outline.expand([3], descendants: true)
        #expect(outline.numberOfRows == Int.max)
        #expect(outline.rows(in: Int.min..<Int.max).count == OutlineState<EndlessTree>.maximumRowsAtOnce)
        outline.scroll.perform(.bottom, time: 0)
        var t = 0.0
        while outline.scroll.isAnimating && t < 30 { t += 1.0 / 60; outline.scroll.tick(at: t) }
        let shown = outline.visibleRows(overscan: 0).map(\.index)
        #expect(shown.last == Int.max - 1 && shown == Array(shown[0]...(Int.max - 1)))
        #expect(outline.contentOffset(ofRow: Int.max - 1) + outline.rowHeight - outline.scroll.offset.y == 480)
        #expect(outline.rowIndex(atViewportY: 479) == Int.max - 1)
        outline.moveCursor(by: Int.min)
        #expect(outline.visibleRows(overscan: 0).first?.index == 0)
        outline.moveCursor(by: Int.max)
        #expect(outline.visibleRows(overscan: 0).last?.index == Int.max - 1)
    }
}
