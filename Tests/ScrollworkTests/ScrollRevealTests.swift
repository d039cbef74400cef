import Testing
@testable import Scrollwork

@Suite struct ScrollRevealTests {
    @Test("SV-06a: a selection out of view is scrolled into view")
    func SV_06a_scrollSelectionIntoView() throws {
        var s = phoneScroll()
        let match = Rect(x: 0, y: 2000, width: 100, height: 16)
        #expect(try s.scrollToVisible(match, animated: false, time: 0))
        #expect(s.offset.y == 2016 - 480)
        #expect(s.visibleRect.contains(match))
    }

    @Test("SV-06a: the programmatic scroll animates when asked")
    func SV_06a_animated() throws {
        var s = phoneScroll()
        try s.scrollToVisible(Rect(x: 0, y: 2000, width: 100, height: 16), time: 0)
        #expect(s.phase == .animating)
        s.settle(from: 0)
        #expect(s.offset.y == 1536)
        try s.setOffset(Point(x: 0, y: 10), animated: true, time: 5)
        s.tick(at: 5.1)
        #expect(s.offset.y > 10 && s.offset.y < 1536)
        s.settle(from: 5.1)
        #expect(s.offset.y == 10)
    }

    @Test("SV-06b: typing at an off-screen insertion point scrolls back to it")
    func SV_06b_revealInsertionPoint() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 3000), time: 0)
        let caret = Rect(x: 40, y: 800, width: 1, height: 16)
        #expect(try s.revealInsertionPoint(caret, time: 1))
        #expect(s.offset.y == 800)
        #expect(try !s.revealInsertionPoint(caret, time: 2))
    }

    @Test("SV-06d: the selection is brought back before an action")
    func SV_06d_revealSelectionBeforeAction() throws {
        var s = phoneScroll()
        let selection = Rect(x: 0, y: 100, width: 320, height: 64)
        try s.setOffset(Point(x: 0, y: 2500), time: 0)
        #expect(try s.revealSelection(selection, time: 1))
        s.settle(from: 1)
        #expect(s.offset.y == 100)
    }

    @Test("SV-06e: a partly visible selection does not move the view")
    func SV_06e_partlyVisibleStays() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        let straddling = Rect(x: 0, y: 1400, width: 320, height: 300)
        #expect(try !s.scrollToVisible(straddling, time: 1))
        #expect(s.offset.y == 1000)
        // With the "nearest" policy it is brought fully into view instead.
        #expect(try s.scrollToVisible(straddling, policy: .nearest, animated: false, time: 2))
        #expect(s.offset.y == 1220)
    }

    @Test("SV-06c: a selection drag past the edge scrolls, faster farther out, and stops back inside")
    func SV_06c_autoScrollFollowsPointer() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        s.autoScroll(pointer: Point(x: 100, y: 490), at: 1)  // 10 pt below the bottom
        s.tick(at: 1.5)
        #expect(abs(s.offset.y - 1400) < 1e-6)
        s.autoScroll(pointer: Point(x: 100, y: 470), at: 1.5)  // back in the band: slower
        s.tick(at: 2)
        #expect(abs(s.offset.y - 1400 - 200) < 1e-6)
        s.autoScroll(pointer: Point(x: 100, y: 240), at: 2)  // back inside: stops
        s.tick(at: 3)
        #expect(abs(s.offset.y - 1600) < 1e-6)
        #expect(s.phase == .idle)
        // It never scrolls past the content.
        s.autoScroll(pointer: Point(x: 100, y: 2000), at: 4)
        s.tick(at: 10)
        #expect(s.offset.y == 4520)
        s.endAutoScroll(at: 10)
        #expect(s.phase == .idle)
    }
}
