extension ScrollState {
    /// How long a key or programmatic scroll animates, in seconds.
    static let stepAnimationDuration = 0.15
    /// Notches closer together than this belong to one burst, in seconds.
    static let burstInterval = 0.05
    /// Notches in a burst before it gathers momentum like a flick.
    static let burstLength = 3

    /// Performs a keyboard command (SV-02, SV-05): arrows step a line, page keys step the viewport
    /// less the overlap (in paging mode, to the next page boundary), Home and End go to the ends.
    ///
    /// Commands that arrive while an earlier one is still animating add to its target, so held
    /// keys never lose steps. Ignored when scrolling is disabled.
    public mutating func perform(_ command: ScrollCommand, animated: Bool = true, time now: Double) {
        advance(to: now)
        guard isScrollEnabled else { return }
        tick(at: time)
        let axis = command.axis
        let bounds = offsetBounds(axis)
        let from = motion[axis].animationTarget ?? offset[axis].clamped(to: bounds)
        let target: Double
        switch command {
        case .lineUp, .lineLeft, .lineDown, .lineRight:
            let forward = command == .lineDown || command == .lineRight
            // A paging view has no half pages: a line step turns the page.
            target = isPagingEnabled ? adjacentPage(axis, from: from, forward: forward)
                : from + (forward ? 1 : -1) * lineStep[axis]
        case .pageUp, .pageLeft, .pageDown, .pageRight:
            let forward = command == .pageDown || command == .pageRight
            if isPagingEnabled {
                target = adjacentPage(axis, from: from, forward: forward)
            } else {
                target = from + (forward ? 1 : -1) * pageStep(axis)
            }
        case .top: target = bounds.lowerBound
        case .bottom: target = bounds.upperBound
        }
        move(axis, to: target.clamped(to: bounds), animated: animated)
    }

    /// Discrete mouse-wheel notches (SV-02): positive y scrolls towards the end, positive x to the
    /// right; each notch is ``wheelLines`` lines.
    ///
    /// A notch is an impulse that glides the content one step on a short, smooth curve; impulses
    /// add up, and a fast burst (three or more within 50 ms of each other) carries on with the
    /// view's own deceleration, like a flick. Momentum that meets an edge bounces.
    public mutating func wheel(notches: Point, at now: Double) {
        let notches = sanitized(notches, limit: 1_000_000)
        advance(to: now)
        guard isScrollEnabled else { return }
        tick(at: time)
        for axis in Axis.allCases where notches[axis] != 0 && canScroll(axis) {
            let direction: Double = notches[axis] > 0 ? 1 : -1
            if isPagingEnabled {
                // Each notch turns one page; notches during the settle add up.
                let from = motion[axis].target ?? offset[axis]
                let target = adjacentPage(axis, from: from, forward: direction > 0)
                spring(axis, to: target, velocity: velocity(axis))
                continue
            }
            if !wheelGlides {
                // A step from where the last step was going, so that notches add up.
                let from = motion[axis].target ?? offset[axis]
                move(axis, to: (from + notches[axis] * wheelLines * lineStep[axis]).clamped(to: offsetBounds(axis)), animated: true)
                continue
            }
            if time - wheelBurst.lastTime <= Self.burstInterval && wheelBurst.direction == direction {
                wheelBurst.count += 1
            } else {
                wheelBurst.count = 1
            }
            wheelBurst.lastTime = time
            wheelBurst.direction = direction
            let step = notches[axis] * wheelLines * lineStep[axis]
            let impulse = -step * DecelerationRate.fast.exponent
            var speed = impulse
            let current = velocity(axis)
            if case .decelerating = motion[axis], current.sign == impulse.sign { speed += current }
            let rate: DecelerationRate = wheelBurst.count >= Self.burstLength ? decelerationRate : .fast
            let limit = maximumFlingVelocity
            decelerate(axis, velocity: speed.clamped(to: -limit...limit), rate: rate)
            if overscroll(axis) != 0, !bounces.contains(axis) { offset[axis] = offset[axis].clamped(to: offsetBounds(axis)) }
        }
        noteMovement()
    }

    /// A precise scroll delta from a trackpad (SV-02): `delta` moves the offset directly (positive
    /// y towards the end), with the rubber band past the edges; `.ended` flicks or springs back.
    public mutating func scroll(by delta: Point, phase: GesturePhase, at now: Double) {
        let delta = sanitized(delta)
        advance(to: now)
        guard isScrollEnabled else { return }
        // The gesture is a drag of a virtual pointer that moves against the content.
        switch phase {
        case .began:
            beginDrag(at: .zero, time: time)
            if delta != .zero { drag(to: Point(x: -delta.x, y: -delta.y), time: time) }
        case .changed:
            if drag == nil { beginDrag(at: .zero, time: time) }
            guard let session = drag, let last = session.lastPointer else { return }
            drag(to: last - delta, time: time)
        case .ended:
            endDrag(time: time)
        case .cancelled:
            cancelDrag(time: time)
        }
    }

    /// Digital Crown rotation (SV-15): scrolls vertically in detents of one line each, with the
    /// same impulse model as the wheel. Positive turns scroll towards the end.
    public mutating func crown(detents: Double, at now: Double) {
        let detents = sanitized(detents, limit: 1_000_000)
        let lines = wheelLines
        wheelLines = 1
        defer { wheelLines = lines }
        wheel(notches: Point(x: 0, y: detents), at: now)
    }

    /// Moves `axis` to `target`, animated on a short ease-out curve or at once.
    mutating func move(_ axis: Axis, to target: Double, animated: Bool, duration: Double = stepAnimationDuration) {
        if animated, !reducesMotion, abs(target - offset[axis]) > 0.01 {
            motion[axis] = .animating(from: offset[axis], to: target, start: time, duration: duration, curve: .easeOut)
        } else {
            motion[axis] = .idle
            offset[axis] = target
        }
        noteMovement()
    }
}

extension DragSession {
    /// The latest pointer position of the drag.
    var lastPointer: Point? { tracker.lastPoint }
}

extension VelocityTracker {
    /// The most recent sample's position.
    var lastPoint: Point? { lastSample?.point }
}
