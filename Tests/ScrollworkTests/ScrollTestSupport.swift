@testable import Scrollwork

/// A 320 × 480 view over 320 × 5000 content: a typical phone list, stepping by terminal cells.
func phoneScroll() -> ScrollState {
    var s = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 5000))
    s.lineStep = .cell
    return s
}

extension ScrollState {
    /// Ticks at 60 Hz from `start` until nothing moves or `limit` seconds pass; returns the time
    /// at which it came to rest (or the limit).
    @discardableResult
    mutating func settle(from start: Double, limit: Double = 10, record: ((Double, ScrollState) -> Void)? = nil) -> Double {
        var t = start
        while t < start + limit {
            t += 1.0 / 60
            tick(at: t)
            record?(t, self)
            if phase == .idle { return t }
        }
        return t
    }

    /// A drag from `from` to `to` over `duration` seconds in 10 ms steps, released at the end.
    mutating func flick(from: Point, to: Point, start: Double, duration: Double, release: Bool = true) throws {
        beginDrag(at: from, time: start)
        let steps = Swift.max(1, Int((duration / 0.01).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            drag(to: from + (to - from) * f, time: start + duration * f)
        }
        if release { endDrag(time: start + duration) }
    }
}
