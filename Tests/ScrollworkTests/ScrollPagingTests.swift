import Testing
@testable import Scrollwork

@Suite struct ScrollPagingTests {
    /// A horizontal carousel of 10 pages of 300 pt.
    func carousel() -> ScrollState {
        var s = ScrollState(viewport: Size(width: 300, height: 200), content: Size(width: 3000, height: 200))
        s.isPagingEnabled = true
        s.pageOverlap = Size(width: 0, height: 0)
        return s
    }

    @Test("SV-05: a flick in paging mode moves exactly one page")
    func SV_05_flickMovesOnePage() throws {
        var s = carousel()
        try s.flick(from: Point(x: 250, y: 100), to: Point(x: 50, y: 100), start: 0, duration: 0.05)
        s.settle(from: 0.05)
        #expect(s.offset.x == 300)
        // A very fast flick still moves one page only.
        try s.flick(from: Point(x: 299, y: 100), to: Point(x: 0, y: 100), start: 2, duration: 0.02)
        s.settle(from: 2.02)
        #expect(s.offset.x == 600)
    }

    @Test("SV-05: a slow release snaps to the nearest page")
    func SV_05_slowReleaseSnaps() throws {
        var s = carousel()
        s.beginDrag(at: Point(x: 250, y: 100), time: 0)
        s.drag(to: Point(x: 140, y: 100), time: 0.5)
        s.drag(to: Point(x: 140, y: 100), time: 0.8)
        s.endDrag(time: 0.9)
        s.settle(from: 0.9)
        #expect(s.offset.x == 0)
        s.beginDrag(at: Point(x: 250, y: 100), time: 2)
        s.drag(to: Point(x: 60, y: 100), time: 2.5)
        s.endDrag(time: 2.9)
        s.settle(from: 2.9)
        #expect(s.offset.x == 300)
    }

    @Test("SV-16: paging mode reveals a whole new page, never part of one")
    func SV_16_pagesSettleOnBoundaries() throws {
        var s = carousel()
        for (i, dx) in [40.0, 170, 10, 290, 120].enumerated() {
            let t = Double(i) * 3
            try s.flick(from: Point(x: 295, y: 50), to: Point(x: 295 - dx, y: 50), start: t, duration: 0.2)
            s.settle(from: t + 0.2)
            #expect(s.offset.x.truncatingRemainder(dividingBy: 300) == 0)
        }
    }

    @Test("SV-05: in paging mode, page keys go to the next page boundary")
    func SV_05_pageKeysInPagingMode() throws {
        var s = phoneScroll()
        s.isPagingEnabled = true
        s.perform(.pageDown, animated: false, time: 0)
        #expect(s.offset.y == 464)
        s.perform(.pageDown, animated: false, time: 0.1)
        #expect(s.offset.y == 928)
        s.perform(.pageUp, animated: false, time: 0.2)
        #expect(s.offset.y == 464)
    }

    @Test("SV-05: in paging mode, arrows and wheel notches turn whole pages")
    func SV_05_linesAndWheelTurnPages() throws {
        var s = carousel()
        s.perform(.lineRight, animated: false, time: 0)
        #expect(s.offset.x == 300)
        s.wheel(notches: Point(x: 1, y: 0), at: 1)
        s.wheel(notches: Point(x: 1, y: 0), at: 1.02)
        s.settle(from: 1.02)
        #expect(s.offset.x == 900)
        s.perform(.lineLeft, time: 3)
        s.settle(from: 3)
        #expect(s.offset.x == 600)
        try s.setOffset(Point(x: 1000, y: 0), time: 5)
        #expect(s.offset.x == 900)
    }

    @Test("SV-15: a page taller than the screen scrolls inside before moving to the next")
    func SV_15_tallPagesScrollInside() throws {
        var s = ScrollIdiom.watchOS.scrollState(viewport: Size(width: 200, height: 200), content: Size(width: 200, height: 800))
        s.isPagingEnabled = true
        s.verticalPageLengths = [200, 400, 200]
        // From page 0, a flick goes to the start of the tall page 1.
        try s.flick(from: Point(x: 100, y: 150), to: Point(x: 100, y: 120), start: 0, duration: 0.05)
        s.settle(from: 0.05)
        #expect(s.offset.y == 200)
        #expect(s.pagePosition(.vertical).page == 1)
        #expect(s.pagePosition(.vertical).progress == 0)
        // Inside the tall page a flick scrolls within it, no farther than its end.
        try s.flick(from: Point(x: 100, y: 150), to: Point(x: 100, y: 100), start: 2, duration: 0.05)
        s.settle(from: 2.05)
        #expect(s.offset.y == 400)
        #expect(s.pagePosition(.vertical).page == 1)
        #expect(s.pagePosition(.vertical).progress == 1)
        // At the tall page's end, the next flick moves to the next page.
        try s.flick(from: Point(x: 100, y: 150), to: Point(x: 100, y: 120), start: 4, duration: 0.05)
        s.settle(from: 4.05)
        #expect(s.offset.y == 600)
        #expect(s.pagePosition(.vertical).page == 2)
        // Back up: to the end of the tall page, then inside it.
        try s.flick(from: Point(x: 100, y: 100), to: Point(x: 100, y: 130), start: 6, duration: 0.05)
        s.settle(from: 6.05)
        #expect(s.offset.y == 400)
    }

    @Test("SV-15: variable-length page targets", arguments: [
        // offset, velocity, rest → target, pages [200, 400, 200], viewport 200
        (0.0, 100.0, 50.0, 200.0), (200, 100, 260, 260), (250, 100, 900, 400), (400, 100, 450, 600),
        (400, -100, 300, 300), (200, -100, 100, 0), (300, 0, 300, 300), (450, 0, 450, 400), (550, 0, 550, 600),
    ])
    func SV_15_variablePageTargets(offset: Double, velocity: Double, rest: Double, expected: Double) {
        let target = Paging.target(offset: offset, velocity: velocity, restOffset: rest, tolerance: 50,
                                   lengths: [200, 400, 200], viewport: 200)
        #expect(target == expected)
    }

    @Test func pagePositionCountsUniformPages() throws {
        var s = carousel()
        #expect(s.pagePosition(.horizontal).count == 10)
        try s.setOffset(Point(x: 900, y: 0), time: 0)
        #expect(s.pagePosition(.horizontal).page == 3)
    }
}
