/// A pointer, finger or trackpad gesture that moves the content directly.
struct DragSession: Sendable, Hashable {
    /// Where the pointer started.
    var start: Point
    /// The offset the drag started from, with any stretch undone, so that the rubber band is a
    /// function of the whole drag.
    var startOffset: Point
    /// Recent pointer positions for the release velocity.
    var tracker = VelocityTracker()
    /// Axes the drag moves: decided by the direction lock, else every axis that scrolls.
    var axes: Axis.Set?
}

/// A pinch under way.
struct ZoomGesture: Sendable, Hashable {
    var startScale: Double
}

/// A timed zoom (a double-tap step, or the spring back to a limit) about a fixed point.
struct ZoomAnimation: Sendable, Hashable {
    var fromScale: Double
    var toScale: Double
    /// The content point (at scale 1) that stays under ``anchor``.
    var contentPoint: Point
    /// The anchor in viewport coordinates.
    var anchor: Point
    var start: Double
    var duration: Double
}

/// A drag on an indicator: the thumb tracks the pointer, or (visionOS) the drag sets a speed.
struct IndicatorDrag: Sendable, Hashable {
    var axis: Axis
    /// Where the pointer started along the axis.
    var start: Double
    /// The thumb's leading edge when the drag began.
    var thumbStart: Double
    /// True for the visionOS jog bar.
    var isJog: Bool
}

/// Recent wheel notches, to tell a fast burst from single steps.
struct WheelBurst: Sendable, Hashable {
    var count = 0
    var lastTime = -Double.infinity
    var direction = 0.0
}
