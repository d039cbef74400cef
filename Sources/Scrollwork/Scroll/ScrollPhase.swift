/// What a scroll view is doing, so a host knows whether it needs frames.
public enum ScrollPhase: Sendable, Hashable {
    /// Nothing moves.
    case idle
    /// A pointer, finger or trackpad gesture moves the content directly.
    case dragging
    /// Momentum after a flick, a wheel burst or a crown turn.
    case decelerating
    /// A spring returns the content to an edge or settles it on a page.
    case bouncing
    /// A timed animation: a programmatic scroll, a key press, a zoom step.
    case animating
    /// A pinch or zoom gesture is under way.
    case zooming
}
