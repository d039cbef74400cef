/// Routes one gesture between an outer and an inner scroll view, such as a horizontal carousel
/// inside a vertical list (SV-04): the drag goes to the view that scrolls along the drag's
/// direction, decided once per gesture as the direction lock decides.
public struct NestedScrollCoordinator: Sendable, Hashable {
    /// The enclosing scroll view.
    public var outer: ScrollState
    /// The nested scroll view.
    public var inner: ScrollState
    /// Which view the current gesture belongs to, once decided.
    public private(set) var owner: Owner? = nil
    private var pending: (start: Point, time: Double)? = nil

    /// One of the two views.
    public enum Owner: Sendable, Hashable {
        /// The enclosing view.
        case outer
        /// The nested view.
        case inner
    }

    /// Coordinates `inner` nested in `outer`.
    public init(outer: ScrollState, inner: ScrollState) {
        self.outer = outer
        self.inner = inner
    }

    /// The guideline check (SV-04): nesting views that scroll along the same axis.
    public var diagnostics: [Diagnostic] {
        let shared = outer.scrollableAxes.intersection(inner.scrollableAxes)
        guard !shared.isEmpty else { return [] }
        let names = shared.axes.map { "\($0)" }.joined(separator: " and ")
        return [Diagnostic("SV-04", "a scroll view nested in another that also scrolls \(names); nest only views of different orientation, e.g. a horizontal carousel in a vertical list")]
    }

    /// A pointer goes down: both views stop their momentum; who scrolls is decided on the first moves.
    public mutating func beginDrag(at point: Point, time: Double) {
        let point = sanitized(point)
        let time = sanitized(time)
        owner = nil
        pending = (point, time)
        outer.stopMotion()
        inner.stopMotion()
    }

    /// The pointer moved: once the drag is clearly along one axis, the view that scrolls along it
    /// takes the gesture (the inner one first); a diagonal drag goes to the outer view.
    public mutating func drag(to point: Point, time: Double) {
        let point = sanitized(point)
        if owner == nil, let start = pending {
            let translation = point - start.start
            guard let axes = ScrollState.lockedAxes(for: translation, scrollable: .both) else { return }
            if axes.axes.count == 1, let axis = axes.axes.first, inner.canScroll(axis) {
                owner = .inner
            } else {
                owner = .outer
            }
            if owner == .inner {
                inner.beginDrag(at: start.start, time: start.time)
            } else {
                outer.beginDrag(at: start.start, time: start.time)
            }
            pending = nil
        }
        switch owner {
        case .inner: inner.drag(to: point, time: time)
        case .outer: outer.drag(to: point, time: time)
        case nil: break
        }
    }

    /// The pointer lifted: the owning view flicks or settles.
    public mutating func endDrag(time: Double) {
        switch owner {
        case .inner: inner.endDrag(time: time)
        case .outer: outer.endDrag(time: time)
        case nil: break
        }
        owner = nil
        pending = nil
    }

    /// Advances both views.
    public mutating func tick(at time: Double) {
        outer.tick(at: time)
        inner.tick(at: time)
    }

    /// Equal when both views and the gesture state are equal.
    public static func == (a: Self, b: Self) -> Bool {
        a.outer == b.outer && a.inner == b.inner && a.owner == b.owner
            && a.pending?.start == b.pending?.start && a.pending?.time == b.pending?.time
    }

    /// Hashes both views and the owner.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(outer); hasher.combine(inner); hasher.combine(owner)
    }
}

/// Guideline checks across the scroll views of one screen.
public enum ScreenDiagnostics {
    /// SV-09 (iOS, iPadOS): in general one scroll view per screen; two that share a scrolling axis
    /// are reported. `scrollViews` are the views shown side by side (not nested).
    public static func check(scrollViews: [ScrollState]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for i in scrollViews.indices {
            for j in scrollViews.indices where j > i {
                let shared = scrollViews[i].scrollableAxes.intersection(scrollViews[j].scrollableAxes)
                if !shared.isEmpty {
                    let names = shared.axes.map { "\($0)" }.joined(separator: " and ")
                    found.append(Diagnostic("SV-09", "scroll views \(i) and \(j) on one screen both scroll \(names); show one, or make them scroll in different directions"))
                }
            }
        }
        return found
    }
}
