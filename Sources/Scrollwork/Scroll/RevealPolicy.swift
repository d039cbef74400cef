/// How much to scroll to bring a rectangle into view (SV-06).
public enum RevealPolicy: Sendable, Hashable {
    /// Scroll only as much as needed, and not at all when any part of the rectangle is visible
    /// (SV-06e). UIKit's `scrollRectToVisible` with the guideline's "partly visible" rule.
    case minimal
    /// CSS `block: "nearest"`: align the nearer edge unless the rectangle is fully visible or
    /// covers the viewport; a partly visible rectangle is brought fully into view.
    case nearest

    /// The new viewport start along one axis for a target span `[low, high)` and a viewport
    /// `[start, start + length)`.
    public func start(for low: Double, _ high: Double, viewportStart start: Double, length: Double) -> Double {
        let end = start + length
        let size = high - low
        if self == .minimal, high > start, low < end { return start }
        if low >= start && high <= end { return start }           // already fully visible
        if low <= start && high >= end { return start }           // covers the viewport
        if (low < start && size < length) || (high > end && size > length) { return low }
        if (low < start && size > length) || (high > end && size < length) { return high - length }
        return start
    }
}

extension ScrollState {
    /// Moves to `offset`, clamped to the bounds, at once or on a short animation (SV-06a). As in
    /// UIKit, only an animated move shows the transient indicators.
    public mutating func setOffset(_ target: Point, animated: Bool = false, time now: Double) throws(ScrollInputError) {
        moveOffset(to: try limited(target, "offset"), animated: animated, time: now)
    }

    /// ``setOffset(_:animated:time:)`` for offsets the core worked out itself: a coordinate that
    /// is not finite counts as 0 instead of throwing.
    mutating func moveOffset(to target: Point, animated: Bool = false, time now: Double) {
        let target = sanitized(target)
        advance(to: now)
        tick(at: time)
        let shown = lastMovement
        for axis in Axis.allCases {
            move(axis, to: snappedToPage(axis, target[axis].clamped(to: offsetBounds(axis))), animated: animated, duration: 0.3)
        }
        if !animated { lastMovement = shown }
    }

    /// Scrolls so that `rect` is visible, per `policy`. With `.minimal` a rectangle that is partly
    /// visible does not move the view (SV-06e).
    ///
    /// - Parameters:
    ///   - rect: the rectangle to show, in zoomed content coordinates.
    ///   - policy: how far to scroll: as little as needed, or to place the rectangle.
    ///   - animated: on a short ease-out curve, or at once.
    ///   - now: the time of the call, in seconds.
    /// - Returns: true when the view had to move.
    /// - Throws: ``ScrollInputError/notFinite(parameter:value:)`` when a coordinate of `rect` is
    ///   NaN or infinite.
    @discardableResult
    public mutating func scrollToVisible(_ rect: Rect, policy: RevealPolicy = .minimal, animated: Bool = true, time now: Double) throws(ScrollInputError) -> Bool {
        let origin = try limited(rect.origin, "rect origin"), size = try limited(Point(x: rect.width, y: rect.height), "rect size")
        return reveal(Rect(x: origin.x, y: origin.y, width: size.x, height: size.y), policy: policy, animated: animated, time: now)
    }

    /// ``scrollToVisible(_:policy:animated:time:)`` for rectangles the core worked out itself (a
    /// row's frame): a coordinate that is not finite counts as 0 instead of throwing.
    @discardableResult
    mutating func reveal(_ rect: Rect, policy: RevealPolicy = .minimal, animated: Bool = true, time now: Double) -> Bool {
        let origin = sanitized(rect.origin), size = sanitized(Point(x: rect.width, y: rect.height))
        let rect = Rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
        advance(to: now)
        tick(at: time)
        let r = rect.standardized
        var target = Point.zero
        for axis in Axis.allCases {
            let current = motion[axis].animationTarget ?? offset[axis]
            target[axis] = snappedToPage(axis, policy.start(for: r.min(axis), r.max(axis), viewportStart: current, length: contentViewport[axis])
                .clamped(to: offsetBounds(axis)))
        }
        var moved = false
        for axis in Axis.allCases where abs(target[axis] - (motion[axis].animationTarget ?? offset[axis])) > 0.01 {
            move(axis, to: target[axis], animated: animated, duration: 0.3)
            moved = true
        }
        return moved
    }

    /// Brings the insertion point back into view before an edit, when people type at an
    /// insertion point that has scrolled away (SV-06b). Minimal: nothing moves if it is visible.
    @discardableResult
    public mutating func revealInsertionPoint(_ caret: Rect, time now: Double) throws(ScrollInputError) -> Bool {
        try scrollToVisible(caret, policy: .minimal, animated: false, time: now)
    }

    /// Brings the selection back into view before an action acts on it (SV-06d). Minimal: a
    /// selection that is partly visible stays where it is.
    @discardableResult
    public mutating func revealSelection(_ selection: Rect, time now: Double) throws(ScrollInputError) -> Bool {
        try scrollToVisible(selection, policy: .minimal, animated: true, time: now)
    }

    /// tvOS focus (SV-13): moving focus to `rect` scrolls the least that shows it whole.
    @discardableResult
    public mutating func focus(on rect: Rect, time now: Double) throws(ScrollInputError) -> Bool {
        try scrollToVisible(rect, policy: .nearest, animated: true, time: now)
    }
}
