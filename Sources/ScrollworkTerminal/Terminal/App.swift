/// A program the event loop runs: it handles events, advances in time and draws frames.
///
/// Keep state in the app's own value types (core states such as ``Scrollwork/ScrollState``);
/// widgets are drawn from them each frame.
public protocol App {
    /// Reacts to an event that happened at `time` (seconds on the loop's clock).
    mutating func handle(_ event: Event, at time: Double)
    /// Advances animations to `time`; called before each frame.
    mutating func tick(at time: Double)
    /// Draws the current state into `buffer`, which has the terminal's size.
    mutating func render(into buffer: inout Buffer, at time: Double)
    /// True while something moves and the loop should draw at the frame rate.
    var isAnimating: Bool { get }
    /// A future time at which the app needs a frame although nothing animates now (an indicator
    /// that starts to fade); nil when it can sleep until the next event.
    var wakeTime: Double? { get }
    /// True when the program should end.
    var wantsQuit: Bool { get }
    /// Text the app wants on the system clipboard, handed over (and forgotten) once: the loop
    /// sends it to the terminal with OSC 52 after each event. Nil when there is none.
    mutating func takeClipboardText() -> String?
}

extension App {
    /// No deadline by default.
    public var wakeTime: Double? { nil }
    /// Nothing to copy by default.
    public mutating func takeClipboardText() -> String? { nil }
}
