/// Scrolling that follows a selection drag past the edge of the view (SV-06c).
///
/// The GTK 4 list model: inside an edge band the speed grows as the pointer nears the edge and
/// keeps growing past it, 20 × (band − d) points per second where `d` is the pointer's distance
/// inside the edge (negative outside): 200 pt/s at 20 pt inside, 600 at the edge, 800 at 10 pt
/// outside, with a 30 pt band.
public struct AutoScroll: Sendable, Hashable {
    /// The width of the band inside each edge where scrolling starts.
    /// Clamped to 0…10,000 points; NaN means 30.
    public var band: Double = 30 { didSet { band = band.isNaN ? 30 : band.clamped(to: 0...10_000) } }
    /// Points per second per point of depth into the band (GTK: a third per frame at 60 Hz).
    /// Clamped to 0…10,000; NaN means 20.
    public var gain: Double = 20 { didSet { gain = gain.isNaN ? 20 : gain.clamped(to: 0...10_000) } }
    /// The fastest speed, in points per second.
    /// Clamped to 0…1,000,000; NaN means 4,000.
    public var maximumSpeed: Double = 4000 { didSet { maximumSpeed = maximumSpeed.isNaN ? 4000 : maximumSpeed.clamped(to: 0...1_000_000) } }

    /// Creates the default model.
    public init() {}

    /// The scrolling velocity for a pointer at `pointer` (viewport coordinates) in a viewport of
    /// `size`, for the axes in `axes`; zero when the pointer is away from every edge.
    public func velocity(pointer: Point, viewport size: Size, axes: Axis.Set = .both) -> Point {
        var v = Point.zero
        for axis in axes.axes {
            let fromStart = pointer[axis], fromEnd = size[axis] - pointer[axis]
            if fromStart < band && fromStart <= fromEnd {
                v[axis] = -speed(depth: fromStart)
            } else if fromEnd < band {
                v[axis] = speed(depth: fromEnd)
            }
        }
        return v
    }

    private func speed(depth: Double) -> Double {
        Swift.min(maximumSpeed, gain * (band - depth))
    }
}

extension ScrollState {
    /// During a selection drag, the pointer is at `pointer` (viewport coordinates): in an edge band
    /// or past the edge the content scrolls towards it, faster the farther out, clamped to the
    /// content; back inside, scrolling stops (SV-06c). Call on every pointer move and keep ticking.
    public mutating func autoScroll(pointer: Point, model: AutoScroll = AutoScroll(), at now: Double) {
        let pointer = sanitized(pointer)
        advance(to: now)
        tick(at: time)
        let v = model.velocity(pointer: pointer, viewport: contentViewport, axes: scrollableAxes)
        for axis in Axis.allCases {
            if v[axis] != 0 {
                motion[axis] = .steady(velocity: v[axis], since: time)
            } else if case .steady = motion[axis] {
                settleSteadyMotion(axis)
            }
        }
        noteMovement()
    }

    /// The selection drag ended: auto-scrolling stops where it is (on the nearest page in paging
    /// mode).
    public mutating func endAutoScroll(at now: Double) {
        advance(to: now)
        tick(at: time)
        for axis in Axis.allCases {
            if case .steady = motion[axis] { settleSteadyMotion(axis) }
        }
    }

    /// Ends a pointer-driven steady motion: stop, or settle on a page in paging mode.
    mutating func settleSteadyMotion(_ axis: Axis) {
        motion[axis] = .idle
        if isPagingEnabled { spring(axis, to: pageTarget(axis, velocity: 0), velocity: 0) } else { settleIfOutside(axis) }
    }
}
