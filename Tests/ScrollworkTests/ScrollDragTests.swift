import Testing
@testable import Scrollwork

@Suite struct ScrollDragTests {
    @Test("SV-02: a drag follows the pointer 1:1 inside the bounds")
    func SV_02_dragFollowsPointer() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        s.beginDrag(at: Point(x: 100, y: 300), time: 1)
        s.drag(to: Point(x: 100, y: 180), time: 1.1)
        #expect(s.offset.y == 1120)
        #expect(s.phase == .dragging)
        s.drag(to: Point(x: 100, y: 400), time: 1.2)
        #expect(s.offset.y == 900)
    }

    @Test("SV-02: past an edge the content rubber-bands and springs back on release")
    func SV_02_rubberBandAndSpringBack() throws {
        var s = phoneScroll()
        s.beginDrag(at: Point(x: 100, y: 100), time: 0)
        s.drag(to: Point(x: 100, y: 200), time: 0.5)
        #expect(abs(s.offset.y - -RubberBand.offset(forDistance: 100, dimension: 480)) < 1e-9)
        #expect(s.overscroll(.vertical) < 0)
        s.drag(to: Point(x: 100, y: 200), time: 0.6)
        s.endDrag(time: 0.7)
        #expect(s.phase == .bouncing)
        let end = s.settle(from: 0.7)
        #expect(s.offset.y == 0)
        #expect(s.phase == .idle)
        #expect(end < 0.7 + 1.5)
    }

    @Test("SV-02: a drag that starts while stretched continues the same rubber band")
    func SV_02_regrabWhileStretched() throws {
        var s = phoneScroll()
        s.beginDrag(at: Point(x: 0, y: 0), time: 0)
        s.drag(to: Point(x: 0, y: 150), time: 0.2)
        let stretched = s.offset.y
        s.endDrag(time: 0.5)
        s.beginDrag(at: Point(x: 0, y: 300), time: 0.5)
        #expect(abs(s.offset.y - stretched) < 1e-9)
        s.drag(to: Point(x: 0, y: 300), time: 0.55)
        #expect(abs(s.offset.y - stretched) < 1e-6)
    }

    @Test("SV-02: without bounces the edge is a wall")
    func SV_02_noBounceClamps() throws {
        var s = phoneScroll()
        s.bounces = []
        s.beginDrag(at: Point(x: 0, y: 0), time: 0)
        s.drag(to: Point(x: 0, y: 150), time: 0.2)
        #expect(s.offset.y == 0)
    }

    @Test("SV-16: a flick decelerates on the UIKit curve and stops by itself")
    func SV_16_flickMomentum() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        // Pointer moves up at 1000 pt/s: the content scrolls down at 1000 pt/s.
        try s.flick(from: Point(x: 100, y: 400), to: Point(x: 100, y: 300), start: 1, duration: 0.1)
        #expect(s.phase == .decelerating)
        let releaseOffset = s.offset.y
        #expect(abs(s.velocity(.vertical) - 1000) < 1)
        s.tick(at: 1.1 + 0.5)
        #expect(abs(s.offset.y - (releaseOffset + 315.93)) < 0.5)
        let end = s.settle(from: 1.6)
        #expect(s.phase == .idle)
        #expect(abs(s.offset.y - (releaseOffset + 499.5)) < 0.5)
        #expect(end < 1.1 + 3.9)
    }

    @Test("SV-16: the fast rate stops sooner")
    func SV_16_fastRate() throws {
        var s = phoneScroll()
        s.decelerationRate = .fast
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        try s.flick(from: Point(x: 100, y: 400), to: Point(x: 100, y: 300), start: 1, duration: 0.1)
        let start = s.offset.y
        s.settle(from: 1.1)
        #expect(abs(s.offset.y - (start + 99.5)) < 0.5)
    }

    @Test("SV-16: a touch during deceleration stops the scroll")
    func SV_16_touchStopsDeceleration() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        try s.flick(from: Point(x: 100, y: 400), to: Point(x: 100, y: 200), start: 1, duration: 0.1)
        s.tick(at: 1.3)
        let there = s.offset.y
        s.beginDrag(at: Point(x: 50, y: 50), time: 1.3)
        s.endDrag(time: 1.35)
        s.tick(at: 3)
        #expect(s.offset.y == there)
        #expect(s.phase == .idle)
    }

    @Test("SV-02: a slow release does not flick")
    func SV_02_slowReleaseStays() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        try s.flick(from: Point(x: 0, y: 300), to: Point(x: 0, y: 298), start: 1, duration: 0.1)
        #expect(s.phase == .idle)
        #expect(s.offset.y == 1002)
    }

    @Test("SV-02: a fling that reaches the edge bounces past it and returns")
    func SV_02_flingBouncesAtEdge() throws {
        var s = phoneScroll()
        try s.setOffset(Point(x: 0, y: 4400), time: 0)
        try s.flick(from: Point(x: 0, y: 400), to: Point(x: 0, y: 200), start: 1, duration: 0.1)
        var furthest = 0.0
        s.settle(from: 1.1) { _, state in furthest = max(furthest, state.overscroll(.vertical)) }
        #expect(furthest > 10)
        #expect(furthest < 480)
        #expect(s.offset.y == 4520)
        #expect(s.phase == .idle)
    }

    @Test("SV-02: a fling hitting an edge without bounces stops at it")
    func SV_02_flingStopsAtWall() throws {
        var s = phoneScroll()
        s.bounces = []
        try s.setOffset(Point(x: 0, y: 4400), time: 0)
        try s.flick(from: Point(x: 0, y: 400), to: Point(x: 0, y: 200), start: 1, duration: 0.1)
        var furthest = 0.0
        s.settle(from: 1.1) { _, state in furthest = max(furthest, state.overscroll(.vertical)) }
        #expect(furthest == 0)
        #expect(s.offset.y == 4520)
    }

    @Test("SV-04: direction lock scrolls only the axis the drag starts along")
    func SV_04_directionLock() throws {
        var s = ScrollState(viewport: Size(width: 300, height: 300), content: Size(width: 3000, height: 3000))
        s.isDirectionalLockEnabled = true
        try s.setOffset(Point(x: 1000, y: 1000), time: 0)
        s.beginDrag(at: Point(x: 150, y: 150), time: 1)
        s.drag(to: Point(x: 150, y: 130), time: 1.02)
        s.drag(to: Point(x: 140, y: 100), time: 1.04)
        #expect(s.offset == Point(x: 1000, y: 1050))
        s.endDrag(time: 1.3)
        // A diagonal drag is free.
        s.beginDrag(at: Point(x: 150, y: 150), time: 2)
        s.drag(to: Point(x: 130, y: 130), time: 2.02)
        #expect(s.offset == Point(x: 1020, y: 1070))
    }

    @Test func disabledScrollingIgnoresTheUser() throws {
        var s = phoneScroll()
        s.isScrollEnabled = false
        try s.flick(from: Point(x: 0, y: 400), to: Point(x: 0, y: 100), start: 0, duration: 0.1)
        s.wheel(notches: Point(x: 0, y: 3), at: 0.2)
        s.perform(.pageDown, time: 0.3)
        s.settle(from: 0.3)
        #expect(s.offset.y == 0)
        try s.setOffset(Point(x: 0, y: 100), time: 1)
        #expect(s.offset.y == 100)
    }
}
