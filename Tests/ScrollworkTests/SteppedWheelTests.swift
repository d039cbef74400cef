import Testing
import Scrollwork

/// A desktop's stepped wheel (GTK's): a notch moves a few lines in a short step, notches add
/// up, and nothing glides on after the last.
@Suite struct SteppedWheelTests {
    static func state() -> ScrollState {
        var s = ScrollState(viewport: Size(width: 400, height: 300), content: Size(width: 400, height: 3000))
        s.lineStep = Size(width: 16, height: 16)
        s.wheelGlides = false
        return s
    }

    @Test("SV-02: a notch moves three lines in 150 ms and stops there; three notches at once move nine")
    func SV_02_notchesStep() {
        var s = Self.state()
        s.wheel(notches: Point(x: 0, y: 1), at: 0)
        #expect(s.isAnimating)
        s.tick(at: 0.2)
        #expect(s.offset.y == 48 && !s.isAnimating, "three lines of 16 points, then still")
        for t in [1.0, 1.01, 1.02] { s.wheel(notches: Point(x: 0, y: 1), at: t) }
        s.tick(at: 1.3)
        #expect(s.offset.y == 48 + 144 && !s.isAnimating)
        // Back up: the same steps the other way.
        s.wheel(notches: Point(x: 0, y: -2), at: 2)
        s.tick(at: 2.3)
        #expect(s.offset.y == 96)
    }

    @Test("SV-02: at the edge a stepped wheel stops there: no glide past it, no bounce")
    func SV_02_stopsAtTheEdge() {
        var s = Self.state()
        s.wheel(notches: Point(x: 0, y: -5), at: 0)
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            s.tick(at: t)
            #expect(s.offset.y == 0)
        }
        s.wheel(notches: Point(x: 0, y: 1000), at: 2)
        s.tick(at: 2.5)
        #expect(s.offset.y == 2700 && !s.isAnimating)
    }

    @Test("SV-02: the default wheel glides on after a burst, as a Mac's does")
    func SV_02_defaultGlides() {
        var s = Self.state()
        s.wheelGlides = true
        for t in [0.0, 0.01, 0.02, 0.03] { s.wheel(notches: Point(x: 0, y: 1), at: t) }
        s.tick(at: 0.3)
        #expect(s.isAnimating, "still moving after the step's 150 ms")
    }
}
