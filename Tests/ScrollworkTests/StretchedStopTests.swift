import Testing
@testable import Scrollwork

/// Motion a press stops, left stretched past an edge, springs back once the press ends.
@Suite struct StretchedStopTests {
    @Test("SV-02: a press on the indicator's thumb during a bounce, then its release, leaves the content back inside its bounds")
    func SV_02_thumbPressDuringBounce() throws {
        var s = ScrollState(viewport: Size(width: 300, height: 300), content: Size(width: 1200, height: 4000))
        s.indicatorStyle.thickness = 100
        // The crown turned back past the top: the content stretches above it and springs back.
        s.crown(detents: -1, at: 0)
        s.tick(at: 0.3)
        try #require(s.offset.y < 0, "stretched past the top: \(s.offset.y)")
        let thumb = try #require(s.indicator(.vertical)?.thumb)
        let pressed = s.pressIndicator(at: Point(x: thumb.midX, y: thumb.midY), time: 0.3)
        #expect(pressed, "the press is on the thumb")
        s.endIndicatorDrag(time: 0.35)
        var t = 0.35
        while s.isAnimating && t < 10 { t += 1.0 / 60; s.tick(at: t) }
        #expect(s.offsetBounds(.vertical).contains(s.offset.y), "back inside: \(s.offset.y)")
    }
}
