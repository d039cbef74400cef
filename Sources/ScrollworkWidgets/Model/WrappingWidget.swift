import Scrollwork

/// A widget built around another (a document with a select mode around a scroll view, a table
/// around its source): whatever it does not do itself goes to ``view``.
public protocol WrappingWidget: Widget {
    /// The widget it wraps.
    associatedtype Wrapped: Widget
    /// The wrapped widget.
    var view: Wrapped { get set }
}

extension WrappingWidget where Report == Wrapped.Report {
    /// The wrapped widget's handling and reply.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Report> { view.handle(event, at: time) }
    /// Advances the wrapped widget.
    public mutating func tick(at time: Double) -> Reply<Report> { view.tick(at: time) }
}

extension WrappingWidget {
    /// Draws the wrapped widget.
    public mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) { view.render(in: area, into: &canvas, at: time) }
    /// The wrapped widget appears.
    public mutating func appear(at time: Double) { view.appear(at: time) }
    /// The wrapped widget stretches.
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { view.overscroll(mouse, at: time) }
    /// The wrapped widget's pointer shape.
    public mutating func pointerShape(at point: Point) -> PointerShape { view.pointerShape(at: point) }
    /// The wrapped widget's.
    public var frame: Rect { mutating get { view.frame } }
    /// The wrapped widget's.
    public var isAnimating: Bool { mutating get { view.isAnimating } }
    /// The wrapped widget's.
    public var wakeTime: Double? { mutating get { view.wakeTime } }
    /// The wrapped widget's.
    public var acceptsFocus: Bool { mutating get { view.acceptsFocus } }
    /// The wrapped widget's.
    public var isEditingText: Bool { mutating get { view.isEditingText } }
    /// The wrapped widget's.
    public var cursorPosition: Point? { mutating get { view.cursorPosition } }
    /// The wrapped widget's.
    public var accessibility: AccessibilityElement? { mutating get { view.accessibility } }
}
