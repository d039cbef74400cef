/// What moves one axis of a scroll view between frames. Every case is a closed-form curve of time,
/// so the result does not depend on how often a host ticks.
enum AxisMotion: Sendable, Hashable {
    /// Nothing moves.
    case idle
    /// Momentum that started at `start`.
    case decelerating(Deceleration, start: Double)
    /// A spring toward `target`, displaced by `displacement` with `velocity` at `start`.
    case spring(target: Double, displacement: Double, velocity: Double, start: Double)
    /// A timed animation from `from` to `to`.
    case animating(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve)
    /// Constant speed driven by a held pointer (auto-scroll, the visionOS jog bar); clamped, no bounce.
    case steady(velocity: Double, since: Double)

    var isIdle: Bool { self == .idle }

    /// Where a timed animation or a spring is heading.
    var target: Double? {
        switch self {
        case let .animating(_, to, _, _, _): return to
        case let .spring(target, _, _, _): return target
        default: return nil
        }
    }

    /// Where a timed animation is heading, for commands that add to it.
    var animationTarget: Double? {
        if case let .animating(_, to, _, _, _) = self { return to }
        return nil
    }
}
