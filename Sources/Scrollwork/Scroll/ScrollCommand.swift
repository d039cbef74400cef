/// A keyboard scrolling command (SV-02, SV-05).
///
/// The usual bindings: arrows → `line…`; Page Up/Down, Space and Shift-Space → `pageUp`/`pageDown`;
/// Home/End → `top`/`bottom`.
public enum ScrollCommand: Sendable, Hashable, CaseIterable {
    /// One line towards the start.
    case lineUp
    /// One line towards the end.
    case lineDown
    /// One column to the left.
    case lineLeft
    /// One column to the right.
    case lineRight
    /// One page towards the start: the viewport less one line of overlap.
    case pageUp
    /// One page towards the end.
    case pageDown
    /// One page to the left.
    case pageLeft
    /// One page to the right.
    case pageRight
    /// The start of the content.
    case top
    /// The end of the content.
    case bottom

    /// The axis the command moves along.
    public var axis: Axis {
        switch self {
        case .lineLeft, .lineRight, .pageLeft, .pageRight: return .horizontal
        default: return .vertical
        }
    }
}

/// The phase of a precise (trackpad) scroll gesture.
public enum GesturePhase: Sendable, Hashable {
    /// Fingers touched down.
    case began
    /// Fingers moved.
    case changed
    /// Fingers lifted: momentum or a bounce follows.
    case ended
    /// The gesture was interrupted: settle without momentum.
    case cancelled
}
