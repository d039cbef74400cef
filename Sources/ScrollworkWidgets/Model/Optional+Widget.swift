import Scrollwork

/// A widget that may not be there (a search field that appears, a sheet over a list): while it is
/// nil it draws nothing, takes nothing and has no frame, so a group lists it among its children
/// like any other (``Child/init(_:modal:)``).
extension Optional: Widget where Wrapped: Widget {
    /// The widget's reports.
    public typealias Report = Wrapped.Report
    /// Draws the widget, if there is one.
    public mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        self?.render(in: area, into: &canvas, at: time)
    }
    /// The widget's handling; nothing is used while there is none.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Report> { self?.handle(event, at: time) ?? .ignored }
    /// The widget's pointer shape; the arrow while there is none.
    public mutating func pointerShape(at point: Point) -> PointerShape { self?.pointerShape(at: point) ?? .arrow }
    /// The widget stretches, if there is one.
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { self?.overscroll(mouse, at: time) }
    /// Advances the widget, if there is one.
    public mutating func tick(at time: Double) -> Reply<Report> { self?.tick(at: time) ?? .ignored }
    /// The widget appears, if there is one.
    public mutating func appear(at time: Double) { self?.appear(at: time) }
    /// False while there is none.
    public var isAnimating: Bool { mutating get { self?.isAnimating ?? false } }
    /// None while there is none.
    public var wakeTime: Double? { mutating get { self?.wakeTime ?? nil } }
    /// Nothing while there is none.
    public var frame: Rect { mutating get { self?.frame ?? .zero } }
    /// False while there is none.
    public var acceptsFocus: Bool { mutating get { self?.acceptsFocus ?? false } }
    /// False while there is none.
    public var isEditingText: Bool { mutating get { self?.isEditingText ?? false } }
    /// None while there is none.
    public var cursorPosition: Point? { mutating get { self?.cursorPosition ?? nil } }
    /// True while there is a widget.
    public var isPresent: Bool { mutating get { self != nil } }
    /// Nothing while there is none.
    public var accessibility: AccessibilityElement? { mutating get { self?.accessibility ?? nil } }
    /// Nothing while there is none.
    public var diagnostics: [Diagnostic] { mutating get { self?.diagnostics ?? [] } }
}
