/// A program the event loop runs: it handles events, advances in time and draws frames.
///
/// Keep state in the app's own value types (core states such as `ScrollState`);
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
    /// The cell of what has keyboard focus; the loop leaves the terminal's cursor there (hidden
    /// unless ``EventLoop/showsCursor`` is on) so that screen readers that follow it read it.
    var cursorPosition: CellPosition? { get }
    /// Work to start or cancel, handed over (and forgotten) once: the loop asks after every event
    /// and frame, runs the work off its thread, and delivers its progress and result as
    /// ``Event/work(_:)`` events.
    mutating func takeWork() -> [WorkRequest]
}

extension App {
    /// No deadline by default.
    public var wakeTime: Double? { nil }
    /// Nothing to copy by default.
    public mutating func takeClipboardText() -> String? { nil }
    /// No focus position by default.
    public var cursorPosition: CellPosition? { nil }
    /// No work by default.
    public mutating func takeWork() -> [WorkRequest] { [] }
}

/// An app whose screen is one widget, `content` (often a ``WidgetGroup`` of several): the
/// content takes every event, ticks and draws over the whole screen; a key in ``quitKeys`` that
/// the content does not use ends the program.
public protocol WidgetApp: App {
    /// The widget type of the screen.
    associatedtype Content: Widget
    /// The screen.
    var content: Content { get set }
    /// True when the program should end.
    var wantsQuit: Bool { get set }
    /// Keys that quit when the content does not use them (Ctrl-C by default).
    var quitKeys: [KeyEvent] { get }
}

extension WidgetApp {
    /// Ctrl-C.
    public var quitKeys: [KeyEvent] { [KeyEvent(.character("c"), .control)] }

    /// The content first; an unused quit key ends the program.
    public mutating func handle(_ event: Event, at time: Double) {
        guard !content.handle(event, at: time).isHandled else { return }
        switch event {
        case let .key(key) where quitKeys.contains(key): wantsQuit = true
        case let .mouse(mouse): if case .wheel = mouse.kind { content.overscroll(mouse, at: time) }
        default: break
        }
    }

    /// Advances the content.
    public mutating func tick(at time: Double) { content.tick(at: time) }
    /// Draws the content over the whole buffer.
    public mutating func render(into buffer: inout Buffer, at time: Double) { content.render(in: buffer.area, into: &buffer, at: time) }
    /// The content's.
    public var isAnimating: Bool { content.isAnimating }
    /// The content's.
    public var wakeTime: Double? { content.wakeTime }
    /// The content's focus position.
    public var cursorPosition: CellPosition? { content.cursorPosition }
}
