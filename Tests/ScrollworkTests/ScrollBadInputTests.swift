import Testing
@testable import Scrollwork

@Suite struct ScrollBadInputTests {
    @Test func nonFiniteHostInputIsSanitised() throws {
        // Host input (pointer positions, notches, detents, times) whose only failure could be a
        // non-finite number from the host's arithmetic is sanitised: such a number counts as 0,
        // and a time that is not a number leaves the clock where it was.
        var s = phoneScroll()
        s.beginDrag(at: Point(x: 0, y: .infinity), time: 0)
        s.drag(to: Point(x: .nan, y: .nan), time: .nan)
        s.endDrag(time: .infinity)
        s.wheel(notches: Point(x: .nan, y: 0), at: 0)
        s.crown(detents: .infinity, at: 0)
        s.tick(at: 10)
        #expect(s.offset == .zero && s.time == 10)
        s.wheel(notches: Point(x: .nan, y: 1), at: .nan)
        s.tick(at: 11)
        #expect(s.offset.y > 0 && s.offset.x == 0 && s.offset.y.isFinite)
    }

    @Test func nonFiniteAppValuesAreRejectedWithATypedError() throws {
        var s = phoneScroll()
        #expect(throws: ScrollInputError.self) { try s.setOffset(Point(x: 0, y: -.infinity), time: 0) }
        #expect(throws: ScrollInputError.self) { try s.scrollToVisible(Rect(x: 0, y: 0, width: .nan, height: 3), time: 0) }
        #expect(s.offset == .zero)
        let message = ScrollInputError.notFinite(parameter: "time", value: .nan).description
        #expect(message.contains("time") && message.contains("finite"))
    }

    @Test func nonPositiveZoomScalesAreRejected() throws {
        var s = phoneScroll()
        s.maximumZoomScale = 3
        s.beginZoom(at: 0)
        #expect(throws: ScrollInputError.nonPositiveScale(0)) { try s.zoom(scale: 0, anchor: .zero, at: 0.1) }
        #expect(throws: ScrollInputError.nonPositiveScale(-2)) { try s.setZoomScale(-2, at: 0.1) }
        s.minimumZoomScale = .nan
        #expect(s.minimumZoomScale == 1)
    }

    @Test func negativeAndNonFiniteSizesBecomeZero() {
        var s = ScrollState(viewport: Size(width: -5, height: .nan), content: Size(width: .infinity, height: -100))
        #expect(s.viewportSize == .zero && s.contentSize == .zero)
        s.contentInsets = EdgeInsets(top: .nan, left: 1, bottom: 2, right: 3)
        #expect(s.contentInsets.top == 0)
        #expect(s.offset.x.isFinite && s.offset.y.isFinite)
        #expect(s.indicator(.vertical) == nil)
    }

    @Test func timeGoingBackwardsIsTreatedAsNow() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 10)
        try s.flick(from: Point(x: 0, y: 400), to: Point(x: 0, y: 300), start: 11, duration: 0.1)
        s.tick(at: 11.5)
        let there = s.offset.y
        s.tick(at: 3)
        s.tick(at: .nan)
        #expect(s.offset.y == there)
        #expect(s.time == 11.5)
    }

    @Test func shrinkingContentWhileIdleClampsTheOffset() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 4000), time: 0)
        s.contentSize.height = 1000
        #expect(s.offset.y == 520)
        s.contentSize.height = 10
        #expect(s.offset.y == 0)
    }

    @Test("content that fits does not scroll unless it always bounces")
    func contentThatFits() throws {
        var s = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 100))
        #expect(!s.canScroll(.vertical))
        try s.flick(from: Point(x: 0, y: 300), to: Point(x: 0, y: 100), start: 0, duration: 0.1)
        #expect(s.offset.y == 0)
        s.alwaysBounce = .vertical
        s.flashIndicators(at: 0.5)
        #expect(s.indicator(.vertical) == nil)
        s.beginDrag(at: Point(x: 0, y: 100), time: 1)
        s.drag(to: Point(x: 0, y: 200), time: 1.1)
        #expect(s.offset.y < 0)
        #expect(s.indicator(.vertical) != nil)
        s.endDrag(time: 1.2)
        s.settle(from: 1.2)
        #expect(s.offset.y == 0)
    }
}
