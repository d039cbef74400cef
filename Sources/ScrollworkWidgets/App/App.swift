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
    /// Reacts to an event that happened at `time` (seconds on the loop's clock), returning what
    /// it asks of the host (text to copy, work to start or cancel, status): the ``Driver``
    /// carries them out once, in order.
    mutating func handle(_ event: Event, at time: Double) -> [Effect]
    /// Advances animations to `time`; called before each frame. Returns what it asks of the host.
    mutating func tick(at time: Double) -> [Effect]
    /// Draws the current state on `canvas`, the host's whole surface. Returns what drawing asks of
    /// the host (the rows a frame shows that are not read yet).
    mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect]
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

    /// The content first; an unused quit key ends the program. Returns the content's effects,
    /// then each error it met as a status line (``Effect/status(_:)``), so that none is lost.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] { Self.effects(of: handleContent(event, at: time)) }

    /// Gives `event` to the content as ``App/handle(_:at:)`` does (an unused quit key ends the
    /// program, an unused wheel turn stretches the content at its edge) and returns the
    /// content's whole reply: what an app that reads its content's reports calls from a `handle`
    /// of its own, returning ``effects(of:)`` of the reply.
    public mutating func handleContent(_ event: Event, at time: Double) -> Reply<Content.Report> {
        let reply = content.handle(event, at: time)
        if !reply.isHandled {
            switch event {
            case let .key(key) where quitKeys.contains(key): wantsQuit = true
            case let .mouse(mouse): if case .wheel = mouse.kind { content.overscroll(mouse, at: time) }
            default: break
            }
        }
        return reply
    }

    /// Advances the content; returns its effects and its errors as status lines.
    public mutating func tick(at time: Double) -> [Effect] { Self.effects(of: content.tick(at: time)) }
    /// Draws the content over the whole canvas.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        content.render(in: canvas.bounds, into: &canvas, at: time)
        return []
    }

    /// What a reply of the content asks of the host: its effects, then each error as a status
    /// line. Its reports are the app's to read in a `handle` of its own.
    public static func effects(of reply: Reply<Content.Report>) -> [Effect] {
        reply.errors.isEmpty ? reply.effects : reply.effects + reply.errors.map { .status(String(describing: $0)) }
    }
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
}

extension App where Self: WidgetGroup {
    /// The children's pointer shape.
    public mutating func pointerShape(at point: Point) -> PointerShape { childrenPointerShape(at: point) }
}
