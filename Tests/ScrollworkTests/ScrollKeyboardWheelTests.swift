import Testing
@testable import Scrollwork

@Suite struct ScrollKeyboardWheelTests {
    @Test("SV-02: arrow keys step a line, Home and End go to the ends")
    func SV_02_lineAndEndKeys() throws {
        var s = phoneScroll()
        s.perform(.lineDown, animated: false, time: 0)
        #expect(s.offset.y == 16)
        s.perform(.lineUp, animated: false, time: 0.1)
        s.perform(.lineUp, animated: false, time: 0.2)
        #expect(s.offset.y == 0)
        s.perform(.bottom, animated: false, time: 0.3)
        #expect(s.offset.y == 4520)
        s.perform(.top, animated: false, time: 0.4)
        #expect(s.offset.y == 0)
    }

    @Test("SV-05: a page step is the viewport less one line of overlap")
    func SV_05_pageKeysKeepOneLine() throws {
        var s = phoneScroll()
        s.perform(.pageDown, animated: false, time: 0)
        #expect(s.offset.y == 480 - 16)
        s.perform(.pageUp, animated: false, time: 0.1)
        #expect(s.offset.y == 0)
        s.pageOverlap = Size(width: 0, height: 48)
        s.perform(.pageDown, animated: false, time: 0.2)
        #expect(s.offset.y == 432)
        // An overlap larger than the view still makes progress: at most half the view overlaps.
        s.pageOverlap = Size(width: 0, height: 5000)
        s.perform(.pageDown, animated: false, time: 0.3)
        #expect(s.offset.y == 672)
    }

    @Test("SV-05: the last line of one page is the first line of the next (terminal rows)")
    func SV_05_overlapInRows() throws {
        // 40 rows of 16 pt over 1000 rows.
        var s = ScrollState(viewport: Size(width: 960, height: 640), content: Size(width: 960, height: 16_000))
        s.lineStep = .cell
        s.perform(.pageDown, animated: false, time: 0)
        let lastRowBefore = 39, firstRowAfter = Int(s.offset.y / 16)
        #expect(firstRowAfter == lastRowBefore)
    }

    @Test("SV-02: key steps animate briefly and held keys never lose steps")
    func SV_02_animatedKeysAccumulate() throws {
        var s = phoneScroll()
        s.perform(.lineDown, time: 0)
        #expect(s.phase == .animating)
        s.perform(.lineDown, time: 0.05)
        s.perform(.lineDown, time: 0.1)
        s.settle(from: 0.1)
        #expect(s.offset.y == 48)
    }

    @Test("SV-02: one wheel notch glides three lines")
    func SV_02_wheelNotch() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        s.wheel(notches: Point(x: 0, y: 1), at: 1)
        #expect(s.phase == .decelerating)
        s.settle(from: 1)
        #expect(abs(s.offset.y - 1048) < 0.01)
        s.wheel(notches: Point(x: 0, y: -1), at: 3)
        s.wheel(notches: Point(x: 0, y: -1), at: 3.2)
        s.settle(from: 3.2)
        #expect(abs(s.offset.y - 952) < 0.01)
    }

    @Test("SV-02: a fast burst of notches builds momentum like a flick")
    func SV_02_wheelBurstMomentum() throws {
        var single = phoneScroll(), burst = phoneScroll()
        try single.setOffset(Point(x: 0, y: 1000), time: 0)
        try burst.setOffset(Point(x: 0, y: 1000), time: 0)
        for i in 0..<5 { single.wheel(notches: Point(x: 0, y: 1), at: Double(i) * 0.3) }
        for i in 0..<5 { burst.wheel(notches: Point(x: 0, y: 1), at: Double(i) * 0.02) }
        single.settle(from: 1.2)
        burst.settle(from: 0.08)
        #expect(abs(single.offset.y - 1240) < 0.5)
        #expect(burst.offset.y > 1240 + 240)
    }

    @Test("SV-02: wheel at the top edge gives and comes back")
    func SV_02_wheelBouncesAtEdge() throws {
        var s = phoneScroll()
        s.wheel(notches: Point(x: 0, y: -1), at: 0)
        var furthest = 0.0
        s.settle(from: 0) { _, state in furthest = min(furthest, state.overscroll(.vertical)) }
        #expect(furthest < -5)
        #expect(s.offset.y == 0)
    }

    @Test("SV-02: trackpad deltas scroll directly, rubber-band, and fling on release")
    func SV_02_trackpad() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        s.scroll(by: Point(x: 0, y: 10), phase: .began, at: 1)
        for i in 1...10 { s.scroll(by: Point(x: 0, y: 10), phase: .changed, at: 1 + Double(i) * 0.01) }
        #expect(s.offset.y == 1110)
        s.scroll(by: .zero, phase: .ended, at: 1.1)
        #expect(s.phase == .decelerating)
        s.settle(from: 1.1)
        #expect(s.offset.y > 1500)
        try s.setOffset(.zero, time: 20)
        s.scroll(by: Point(x: 0, y: -100), phase: .began, at: 21)
        #expect(s.offset.y < 0 && s.offset.y > -100)
        s.scroll(by: .zero, phase: .cancelled, at: 21.5)
        s.settle(from: 21.5)
        #expect(s.offset.y == 0)
    }

    @Test("SV-15: the crown scrolls vertically in detents")
    func SV_15_crownDetents() throws {
        var s = ScrollIdiom.watchOS.scrollState(viewport: Size(width: 184, height: 224), content: Size(width: 184, height: 2000))
        s.lineStep = .cell
        s.crown(detents: 1, at: 0)
        s.settle(from: 0)
        #expect(abs(s.offset.y - 16) < 0.01)
        #expect(s.offset.x == 0)
        s.crown(detents: -2, at: 2)
        s.settle(from: 2)
        #expect(abs(s.offset.y - 0) < 0.01)
    }
}
