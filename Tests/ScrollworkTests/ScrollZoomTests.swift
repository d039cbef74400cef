import Testing
@testable import Scrollwork

@Suite struct ScrollZoomTests {
    /// A 400 × 300 view over a 1600 × 1200 picture, zoomable from a quarter to 4×.
    func picture() -> ScrollState {
        var s = ScrollState(viewport: Size(width: 400, height: 300), content: Size(width: 1600, height: 1200))
        s.minimumZoomScale = 0.25
        s.maximumZoomScale = 4
        return s
    }

    @Test("SV-07: zoom works only when the maximum exceeds the minimum")
    func SV_07_zoomNeedsARange() throws {
        var s = phoneScroll()
        #expect(!s.isZoomEnabled)
        s.beginZoom(at: 0)
        try s.zoom(scale: 2, anchor: Point(x: 100, y: 100), at: 0.1)
        #expect(s.zoomScale == 1)
        try s.setZoomScale(3, at: 1)
        #expect(s.zoomScale == 1)
    }

    @Test("SV-07: zoom steps pressed at key-repeat speed add up as slow presses do")
    func SV_07_zoomStepsAccumulate() throws {
        for (presses, expected) in [(2, 0.64), (4, 0.4096), (10, 0.25)] {
            var s = ScrollState(viewport: Size(width: 320, height: 320), content: Size(width: 640, height: 640))
            s.minimumZoomScale = 0.25
            s.maximumZoomScale = 4
            var t = 0.0
            for _ in 0..<presses {
                try s.zoom(by: 0.8, at: t)
                t += 0.05
                s.tick(at: t)
            }
            s.tick(at: t + 1)
            #expect(abs(s.zoomScale - expected) < 1e-9, "\(presses) presses: ×\(s.zoomScale)")
        }
    }

    @Test("SV-07: a zoom step with a factor that is not a positive finite number is refused", arguments: [0.0, -2, .nan, .infinity])
    func SV_07_badZoomFactor(factor: Double) {
        var s = ScrollState(viewport: Size(width: 320, height: 320), content: Size(width: 640, height: 640))
        s.maximumZoomScale = 4
        #expect(throws: ScrollInputError.self) { try s.zoom(by: factor, at: 0) }
        #expect(s.zoomScale == 1)
    }

    @Test("SV-07: a pinch keeps the point under the fingers still")
    func SV_07_anchorStaysStill() throws {
        var s = picture()
        try s.setOffset(Point(x: 400, y: 300), time: 0)
        let anchor = Point(x: 200, y: 150)
        let contentPoint = Point(x: (s.offset.x + anchor.x) / s.zoomScale, y: (s.offset.y + anchor.y) / s.zoomScale)
        s.beginZoom(at: 1)
        try s.zoom(scale: 1.5, anchor: anchor, at: 1.1)
        #expect(s.phase == .zooming)
        #expect(s.zoomScale == 1.5)
        #expect(abs(contentPoint.x * 1.5 - s.offset.x - anchor.x) < 1e-9)
        #expect(abs(contentPoint.y * 1.5 - s.offset.y - anchor.y) < 1e-9)
        s.endZoom(anchor: anchor, at: 1.2)
        s.settle(from: 1.2)
        #expect(s.zoomScale == 1.5)
    }

    @Test("SV-07: past the limits the scale rubber-bands, then springs back to the limit")
    func SV_07_rubberBandZoom() throws {
        var s = picture()
        s.beginZoom(at: 0)
        try s.zoom(scale: 8, anchor: Point(x: 200, y: 150), at: 0.1)
        #expect(s.zoomScale > 4 && s.zoomScale < 8)
        s.endZoom(anchor: Point(x: 200, y: 150), at: 0.2)
        #expect(s.phase == .animating)
        s.settle(from: 0.2)
        #expect(s.zoomScale == 4)
        #expect(s.offset.x >= s.offsetBounds(.horizontal).lowerBound && s.offset.x <= s.offsetBounds(.horizontal).upperBound)
        // Without bouncesZoom the scale stops at the limit.
        s.bouncesZoom = false
        s.beginZoom(at: 5)
        try s.zoom(scale: 0.01, anchor: Point(x: 200, y: 150), at: 5.1)
        #expect(s.zoomScale == 0.25)
    }

    @Test("SV-07: a double-tap zooms ×1.5 about the point, and back out at the maximum")
    func SV_07_doubleTapZoom() throws {
        var s = picture()
        try s.setOffset(Point(x: 600, y: 400), time: 0)
        let point = Point(x: 100, y: 100)
        let contentPoint = Point(x: 700, y: 500)
        s.doubleTapZoom(at: point, time: 1)
        s.settle(from: 1)
        #expect(abs(s.zoomScale - 1.5) < 1e-9)
        #expect(abs(contentPoint.x * 1.5 - s.offset.x - point.x) < 1e-6)
        #expect(abs(contentPoint.y * 1.5 - s.offset.y - point.y) < 1e-6)
        for t in 2...4 { s.doubleTapZoom(at: point, time: Double(t)); s.settle(from: Double(t)) }
        #expect(s.zoomScale == 4)
        s.doubleTapZoom(at: point, time: 10)
        s.settle(from: 10)
        #expect(s.zoomScale == 0.25)
    }

    @Test("SV-07: content smaller than the view is centred")
    func SV_07_smallContentIsCentred() throws {
        var s = picture()
        try s.setZoomScale(0.125, at: 0)  // clamped to 0.25: 400 × 300, exactly the view
        #expect(s.zoomScale == 0.25)
        try s.setZoomScale(0.25, at: 0)
        s.viewportSize = Size(width: 800, height: 600)
        #expect(s.offset == Point(x: -200, y: -150))
        #expect(s.offsetBounds(.horizontal) == -200 ... -200)
    }

    @Test("SV-07: absurd limits are diagnosed")
    func SV_07_diagnostics() {
        var s = picture()
        #expect(s.zoomDiagnostics(contentIsText: true).isEmpty)
        s.maximumZoomScale = 40
        let text = s.zoomDiagnostics(contentIsText: true)
        #expect(text.count == 1 && text[0].guideline == "SV-07")
        #expect(s.zoomDiagnostics(contentIsText: false).isEmpty)
        s.minimumZoomScale = 50
        #expect(s.zoomDiagnostics(contentIsText: false).contains { $0.severity == .error })
        #expect(!s.isZoomEnabled)
    }
}
