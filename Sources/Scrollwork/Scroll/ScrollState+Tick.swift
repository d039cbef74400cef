extension ScrollState {
    /// Speed and distance below which a spring counts as settled.
    static let restSpeed = 0.5
    static let restDistance = 0.5
    /// The longest a spring may run, in seconds: a spring made very soft or very damped (a
    /// stiffness of 0.001, a damping ratio of 100) would otherwise creep for hours; it arrives.
    static let maximumSpringDuration = 10.0
    /// The speed below which momentum no longer shows: a tenth of a point a frame at 60 frames a
    /// second. The curve runs on to ``restSpeed`` (so it rests where the published vectors say),
    /// but the indicator's hold starts here, when people see the content stop.
    static let visibleSpeed = 6.0

    /// When momentum slowed below ``visibleSpeed``, if every moving axis is decelerating and has;
    /// nil while anything still moves visibly (or something other than momentum moves).
    var visibleStopTime: Double? {
        var latest: Double? = nil
        for axis in Axis.allCases {
            switch motion[axis] {
            case .idle: continue
            case let .decelerating(curve, start):
                latest = Swift.max(latest ?? -.infinity, start + curve.duration(threshold: Self.visibleSpeed))
            default: return nil
            }
        }
        guard let latest, latest <= time else { return nil }
        return latest
    }

    /// Advances every motion to `now` and updates the offset.
    ///
    /// Non-finite times are ignored (the state keeps its last time); a time earlier than the last
    /// one is treated as the last one.
    public mutating func tick(at now: Double) {
        advance(to: now)
        let previous = offset
        // Taken before the step, which may end the momentum that tells when it stopped showing.
        let stoppedShowing = visibleStopTime
        if zoomAnimation != nil { stepZoomAnimation() }
        for axis in Axis.allCases { step(axis) }
        if offset != previous || phase != .idle {
            if let stoppedShowing { lastMovement = stoppedShowing } else { noteMovement() }
        }
    }

    /// Evaluates the motion of one axis at the current time.
    mutating func step(_ axis: Axis) {
        let bounds = offsetBounds(axis)
        switch motion[axis] {
        case .idle:
            return
        case let .decelerating(curve, start):
            let t = time - start
            let ending = t >= curve.duration(threshold: Self.restSpeed)
            let position = ending ? curve.restPosition : curve.position(at: t)
            let velocity = curve.initialVelocity
            // Leaving the bounds while moving outward hands the momentum to the bounce spring.
            let edge: Double? = position < bounds.lowerBound && velocity < 0 ? bounds.lowerBound
                : position > bounds.upperBound && velocity > 0 ? bounds.upperBound : nil
            if let edge {
                guard bounces.contains(axis) else {
                    offset[axis] = edge
                    motion[axis] = .idle
                    return
                }
                if let crossing = curve.time(toReach: edge) {
                    motion[axis] = .spring(target: edge, displacement: 0, velocity: curve.velocity(at: crossing), start: start + crossing)
                } else {
                    // Already stretched when the momentum began (a wheel notch during a bounce).
                    motion[axis] = .spring(target: edge, displacement: curve.initialPosition - edge, velocity: curve.initialVelocity, start: start)
                }
                step(axis)
                return
            }
            offset[axis] = position
            if ending {
                motion[axis] = .idle
                // A weak inward flick that started stretched may still rest outside: spring back.
                if position < bounds.lowerBound || position > bounds.upperBound { springBack(axis, velocity: 0) }
            }
        case let .spring(target, displacement, velocity, start):
            let t = time - start
            let state = spring.state(at: t, from: displacement, velocity: velocity)
            let atRest = abs(state.position) < Self.restDistance && abs(state.velocity) < Self.restDistance * spring.angularFrequency * 2
            if t > 0, atRest || t >= Self.maximumSpringDuration {
                offset[axis] = target
                motion[axis] = .idle
                settleIfOutside(axis)
            } else {
                offset[axis] = target + state.position
            }
        case let .animating(from, to, start, duration, curve):
            let p = duration > 0 ? (time - start) / duration : 1
            if p >= 1 {
                offset[axis] = to
                motion[axis] = .idle
                settleIfOutside(axis)
            } else {
                offset[axis] = from + (to - from) * curve.value(p)
            }
        case let .steady(velocity, since):
            let next = (offset[axis] + velocity * (time - since)).clamped(to: bounds)
            offset[axis] = next
            motion[axis] = .steady(velocity: velocity, since: time)
        }
    }

    /// A motion aimed where the bounds were when it began; if they have changed since (a zoom, a
    /// resize) and left the offset outside, spring back in.
    mutating func settleIfOutside(_ axis: Axis) {
        if !offsetBounds(axis).contains(offset[axis]) { springBack(axis, velocity: 0) }
    }

    /// Springs `axis` back to the nearest edge (or to where it already is, if inside).
    mutating func springBack(_ axis: Axis, velocity: Double) {
        let target = offset[axis].clamped(to: offsetBounds(axis))
        spring(axis, to: target, velocity: velocity)
    }

    /// Starts a spring on `axis` toward `target` from the current offset.
    mutating func spring(_ axis: Axis, to target: Double, velocity: Double) {
        let displacement = offset[axis] - target
        if reducesMotion || (abs(displacement) < Self.restDistance && abs(velocity) < Self.restSpeed) {
            offset[axis] = target
            motion[axis] = .idle
            return
        }
        motion[axis] = .spring(target: target, displacement: displacement, velocity: velocity, start: time)
    }

    /// Starts momentum on `axis` from the current offset.
    mutating func decelerate(_ axis: Axis, velocity: Double, rate: DecelerationRate) {
        guard abs(velocity) >= Self.restSpeed else {
            // Too slow to move: stop, and if stretched past an edge, spring back rather than stay.
            motion[axis] = .idle
            settleIfOutside(axis)
            return
        }
        let curve = Deceleration(from: offset[axis], velocity: velocity, rate: rate)
        guard !reducesMotion else {
            // The glide is skipped: the content is at once where it would have come to rest.
            offset[axis] = curve.restPosition.clamped(to: offsetBounds(axis))
            motion[axis] = .idle
            return
        }
        motion[axis] = .decelerating(curve, start: time)
    }

    /// The velocity of `axis` now, in points per second.
    public func velocity(_ axis: Axis) -> Double {
        switch motion[axis] {
        case .idle: return 0
        case let .decelerating(curve, start): return curve.velocity(at: time - start)
        case let .spring(_, displacement, velocity, start):
            return spring.state(at: time - start, from: displacement, velocity: velocity).velocity
        case let .animating(from, to, start, duration, curve):
            guard duration > 0 else { return 0 }
            let p = (time - start) / duration, h = 1e-3
            guard p < 1 else { return 0 }
            return (to - from) * (curve.value(p + h) - curve.value(p)) / h / duration
        case let .steady(velocity, _): return velocity
        }
    }

    /// Stops all motion where it is; a stretched axis springs back.
    public mutating func stopMotion() {
        finishZoomAnimation()
        for axis in Axis.allCases {
            motion[axis] = .idle
            if overscroll(axis) != 0 { springBack(axis, velocity: 0) }
        }
    }
}
