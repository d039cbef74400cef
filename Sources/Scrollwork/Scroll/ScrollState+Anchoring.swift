extension ScrollState {
    /// Moves the content's coordinate system by `delta` along `axis` without any visible motion:
    /// the offset and every motion under way shift together. Lists call this when a row above the
    /// viewport changes height, so what people are looking at stays still (scroll anchoring).
    public mutating func shiftContent(_ axis: Axis, by delta: Double) {
        guard delta.isFinite, delta != 0 else { return }
        let delta = delta.clamped(to: -Self.maximumExtent...Self.maximumExtent)
        offset[axis] += delta
        switch motion[axis] {
        case .idle, .steady: break
        case let .decelerating(curve, start):
            var shifted = curve
            shifted.initialPosition += delta
            motion[axis] = .decelerating(shifted, start: start)
        case let .spring(target, displacement, velocity, start):
            motion[axis] = .spring(target: target + delta, displacement: displacement, velocity: velocity, start: start)
        case let .animating(from, to, start, duration, curve):
            motion[axis] = .animating(from: from + delta, to: to + delta, start: start, duration: duration, curve: curve)
        }
        if var session = drag {
            session.startOffset[axis] += delta
            drag = session
        }
        // A shift past what the content holds (a bad delta) still leaves a resting view inside.
        if motion[axis].isIdle, drag == nil { offset[axis] = offset[axis].clamped(to: offsetBounds(axis)) }
    }
}
