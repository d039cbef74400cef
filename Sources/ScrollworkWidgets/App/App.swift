import Scrollwork

/// A program the event loop runs: it handles events, advances in time and draws frames.
///
/// Keep state in the app's own value types (core states such as `ScrollState`);
/// widgets are drawn from them each frame.
///
/// The questions a host asks every frame may be answered by `mutating get`: an app is often a
/// large value (a gallery of pages is tens of kilobytes), and a host that reads it in place never
/// copies it. Ordinary getters satisfy them too.
public protocol App {
    /// Reacts to an event that happened at `time` (seconds on the loop's clock).
    mutating func handle(_ event: Event, at time: Double)
    /// Advances animations to `time`; called before each frame.
    mutating func tick(at time: Double)
    /// Draws the current state on `canvas`, the host's whole surface.
    mutating func render(into canvas: inout Canvas, at time: Double)
    /// True while something moves and the loop should draw at the frame rate.
    var isAnimating: Bool { mutating get }
    /// A future time at which the app needs a frame although nothing animates now (an indicator
    /// that starts to fade); nil when it can sleep until the next event.
    var wakeTime: Double? { mutating get }
    /// True when the program should end.
    var wantsQuit: Bool { mutating get }
    /// Where what has keyboard focus starts, in points; a terminal host leaves its cursor in the
    /// cell there (hidden unless asked to show it) so that screen readers that follow it read it.
    var cursorPosition: Point? { mutating get }
    /// The pointer's shape over `point` (points), which a window shows as the pointer moves.
    mutating func pointerShape(at point: Point) -> PointerShape
    /// What the app asks of the host (text to copy, work to start or cancel), handed over (and
    /// forgotten) once: the ``Driver`` asks after every event and frame.
    mutating func takeEffects() -> [Effect]
    /// What is on the screen, for a screen reader, as the last frame laid it out
    /// (``AccessibilityElement``); nil when the app says nothing.
    var accessibility: AccessibilityElement? { mutating get }
    /// The guideline diagnostics of what is on the screen: a debug build's ``Driver`` reports
    /// each once, so a misconfigured widget is seen without the app asking.
    var diagnostics: [Diagnostic] { mutating get }
}

extension App {
    /// No deadline by default.
    public var wakeTime: Double? { nil }
    /// No focus position by default.
    public var cursorPosition: Point? { nil }
    /// The arrow.
    public mutating func pointerShape(at point: Point) -> PointerShape { .arrow }
    /// Nothing to do by default.
    public mutating func takeEffects() -> [Effect] { [] }
    /// Nothing to say by default.
    public var accessibility: AccessibilityElement? { mutating get { nil } }
    /// Nothing to report by default.
    public var diagnostics: [Diagnostic] { mutating get { [] } }
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
    /// Draws the content over the whole canvas.
    public mutating func render(into canvas: inout Canvas, at time: Double) { content.render(in: canvas.bounds, into: &canvas, at: time) }
    /// The content's.
    public var isAnimating: Bool { mutating get { content.isAnimating } }
    /// The content's.
    public var wakeTime: Double? { mutating get { content.wakeTime } }
    /// The content's focus position.
    public var cursorPosition: Point? { mutating get { content.cursorPosition } }
    /// The content's pointer shape.
    public mutating func pointerShape(at point: Point) -> PointerShape { content.pointerShape(at: point) }
    /// What the content says.
    public var accessibility: AccessibilityElement? { mutating get { content.accessibility } }
    /// The content's.
    public var diagnostics: [Diagnostic] { mutating get { content.diagnostics } }
    /// What the content's widgets ask for.
    public mutating func takeEffects() -> [Effect] {
        var effects: [Effect] = []
        content.takeEffects(into: &effects)
        return effects
    }
}

extension App where Self: WidgetGroup {
    /// The children's pointer shape.
    public mutating func pointerShape(at point: Point) -> PointerShape { childrenPointerShape(at: point) }
}
