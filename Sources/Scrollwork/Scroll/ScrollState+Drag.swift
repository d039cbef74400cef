extension ScrollState {
    /// How far a drag travels before the direction lock decides, in points.
    static let directionLockSlop = 6.0

    /// A finger or pointer goes down on the content at `point` (viewport coordinates).
    ///
    /// Any momentum, bounce or animation stops where it is: a touch during deceleration stops the
    /// scroll (SV-16). A stretched edge stays stretched and follows the new drag.
    ///
    /// - Parameters:
    ///   - point: where, in points from the viewport's origin; a coordinate that is not finite
    ///     counts as 0.
    ///   - now: when, in seconds on the host's clock; a time that is not finite leaves the clock
    ///     where it was.
    public mutating func beginDrag(at point: Point, time now: Double) {
        let point = sanitized(point)
        advance(to: now)
        tick(at: time)
        finishZoomAnimation()
        motion = AxisPair(both: .idle)
        var start = offset
        for axis in Axis.allCases {
            let bounds = offsetBounds(axis), stretch = overscroll(axis)
            if stretch != 0 {
                let edge = stretch < 0 ? bounds.lowerBound : bounds.upperBound
                start[axis] = edge + RubberBand.distance(forOffset: stretch, dimension: contentViewport[axis])
            }
        }
        var session = DragSession(start: point, startOffset: start)
        session.tracker.add(point, at: time)
        if !isDirectionalLockEnabled { session.axes = scrollableAxes }
        drag = session
        noteMovement()
    }

    /// The pointer moved to `point` during a drag: the content follows 1:1 inside its bounds and
    /// rubber-bands past them (c = 0.55, SV-02). Ignored when no drag is under way.
    public mutating func drag(to point: Point, time now: Double) {
        let point = sanitized(point)
        advance(to: now)
        guard var session = drag else { return }
        let translation = point - session.start
        if session.axes == nil {
            session.axes = Self.lockedAxes(for: translation, scrollable: scrollableAxes)
        }
        session.tracker.add(point, at: time)
        drag = session
        for axis in (session.axes ?? []).axes {
            offset[axis] = rubberBanded(session.startOffset[axis] - translation[axis], axis)
        }
        noteMovement()
    }

    /// The pointer lifted: a fast release flicks with momentum, a stretched edge springs back,
    /// and in paging mode the content settles on a page (SV-05, SV-16).
    public mutating func endDrag(time now: Double) {
        advance(to: now)
        guard let session = drag else { return }
        drag = nil
        let pointer = session.tracker.velocity(at: time)
        release(axes: session.axes ?? [], velocity: Point(x: -pointer.x, y: -pointer.y))
    }

    /// The gesture was interrupted (e.g. the pointer left the window): settle without momentum.
    public mutating func cancelDrag(time now: Double) {
        advance(to: now)
        guard let session = drag else { return }
        drag = nil
        release(axes: session.axes ?? [], velocity: .zero)
    }

    /// Axes that have room to scroll or always bounce.
    public var scrollableAxes: Axis.Set {
        Axis.Set(Axis.allCases.filter { canScroll($0) }.map { Axis.Set($0) })
    }

    /// The offset for an unconstrained position `raw`: clamped, or rubber-banded past an edge.
    func rubberBanded(_ raw: Double, _ axis: Axis) -> Double {
        let bounds = offsetBounds(axis)
        guard raw < bounds.lowerBound || raw > bounds.upperBound else { return raw }
        guard bounces.contains(axis), !reducesMotion else { return raw.clamped(to: bounds) }
        let edge = raw < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
        return edge + RubberBand.offset(forDistance: raw - edge, dimension: contentViewport[axis])
    }

    /// The axes a drag of `translation` moves under the direction lock: one axis when the drag is
    /// clearly along it (more than twice the other), both when it is diagonal; nil until the drag
    /// has gone far enough to tell.
    static func lockedAxes(for translation: Point, scrollable: Axis.Set) -> Axis.Set? {
        let dx = abs(translation.x), dy = abs(translation.y)
        guard Swift.max(dx, dy) >= directionLockSlop else { return nil }
        if dx > 2 * dy { return scrollable.intersection(.horizontal) }
        if dy > 2 * dx { return scrollable.intersection(.vertical) }
        return scrollable
    }

    /// Starts what follows a release with `velocity` (content points per second) on `axes`; the
    /// other axes settle without momentum (a page snap, or a spring back if stretched).
    mutating func release(axes: Axis.Set, velocity: Point) {
        for axis in Axis.allCases {
            // An axis that stopped being scrollable while it was stretched or moving settles too.
            guard axes.contains(axis) || canScroll(axis) else {
                if motion[axis].isIdle { settleIfOutside(axis) }
                continue
            }
            let moving = axes.contains(axis)
            let v = moving ? velocity[axis].clamped(to: -maximumFlingVelocity...maximumFlingVelocity) : 0
            let bounds = offsetBounds(axis), position = offset[axis]
            if isPagingEnabled {
                spring(axis, to: pageTarget(axis, velocity: v), velocity: v)
                continue
            }
            if position < bounds.lowerBound || position > bounds.upperBound {
                // A flick back into the content carries on as momentum when it gets there.
                let inward = position < bounds.lowerBound ? v > 0 : v < 0
                let rest = Deceleration(from: position, velocity: v, rate: decelerationRate).restPosition
                if inward, abs(v) >= minimumFlingVelocity, bounds.contains(rest) || (position < bounds.lowerBound ? rest > bounds.upperBound : rest < bounds.lowerBound) {
                    decelerate(axis, velocity: v, rate: decelerationRate)
                } else {
                    springBack(axis, velocity: v)
                }
            } else if abs(v) >= minimumFlingVelocity {
                decelerate(axis, velocity: v, rate: decelerationRate)
            } else {
                motion[axis] = .idle
            }
        }
        noteMovement()
    }
}

extension ScrollState {
    /// Whether the drag under way moves the content: nil without a drag or until it has
    /// travelled far enough to tell its direction (6 points), then false when it runs along an
    /// axis this view cannot scroll, so that a host can hand it to an enclosing scroll view (SV-04).
    public var dragMovesContent: Bool? {
        guard let session = drag, let last = session.lastPointer else { return nil }
        guard let axes = Self.lockedAxes(for: last - session.start, scrollable: .both) else { return nil }
        return !axes.intersection(scrollableAxes).isEmpty
    }

    /// True when scrolling `axis` toward its end (`forward`) or its start would move the content:
    /// the view scrolls on that axis and its offset (or the target it is moving to) is not at that
    /// edge yet. A host uses it to pass a wheel turn that would do nothing to an enclosing view.
    public func canScroll(_ axis: Axis, forward: Bool) -> Bool {
        guard isScrollEnabled, canScroll(axis) else { return false }
        let bounds = offsetBounds(axis)
        let at = motion[axis].target ?? offset[axis]
        return forward ? at < bounds.upperBound - 0.5 : at > bounds.lowerBound + 0.5
    }
}
