import Scrollwork

/// Whether a widget used an event. An unused pointer event goes on to the widget beneath the
/// pointer (an enclosing scroll view), an unused key to the page or app around the widget.
public enum EventResult: Sendable, Hashable {
    /// The widget acted on the event; nobody else sees it.
    case handled
    /// The widget had no use for the event.
    case ignored

    /// True for ``handled``.
    public var isHandled: Bool { self == .handled }
}

/// A cell on the screen.
public struct CellPosition: Sendable, Hashable {
    /// The column, from 0 at the left.
    public var column: Int
    /// The row, from 0 at the top.
    public var row: Int

    /// The cell at `column`, `row`.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// A stateful piece of screen: it owns its state, draws it and takes the events that reach it.
///
/// The questions a host or a group asks a widget (``isAnimating``, ``frame`` and the others) are
/// `mutating get` requirements, so that a group answers them by asking its children in place,
/// through their key paths, without copying a child (a page holds several kilobytes of state).
/// Ordinary getters and stored properties satisfy them.
///
/// The one entry point for drawing is ``render(in:into:at:)``, which lays the widget out for
/// its area, draws it and records where it drew (`frame` and any finer hit regions), so that
/// ``handle(_:at:)`` hit-tests exactly what is on the screen. What an event or a tick causes
/// comes back from the call as a ``Reply``: the widget's typed ``Report``s, the ``Effect``s it
/// asks of the host and the errors it met. Geometry is in points, from the
/// top-left corner of the host's ``Canvas``: areas, frames, pointer positions
/// (``MouseEvent/location``) and the cursor; the canvas says how points map to a terminal's
/// cells. A ``WidgetGroup`` routes events to its children, keeps pointer capture and keyboard
/// focus, and combines their animation.
public protocol Widget {
    /// What the widget reports to its owner in its ``Reply``s: ``TableEvent``, `ListEvent`,
    /// `PageChange`, …; `Never` for a widget that reports nothing.
    associatedtype Report = Never
    /// Lays the widget out for `area` (points), draws it on `canvas` as it looks at `time`, and
    /// records the geometry it drew for the events that follow.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double)
    /// Takes an event that happened at `time`: a pointer event inside `frame` (or a drag or
    /// release of a press it used), or a key while it has focus. Returns whether it used it and
    /// everything the event caused.
    mutating func handle(_ event: Event, at time: Double) -> Reply<Report>
    /// A wheel turn that no widget under the pointer could scroll with (each is at its edge in
    /// that direction): a scroll view stretches and bounces back (SV-02).
    mutating func overscroll(_ mouse: MouseEvent, at time: Double)
    /// Advances animations to `time`, returning what that caused (a page control's timer that
    /// turned the page, an error met on the way).
    mutating func tick(at time: Double) -> Reply<Report>
    /// The widget came into view at `time`; scroll views flash their indicators (SV-03).
    mutating func appear(at time: Double)
    /// The widget is taken away for good at `time` (a page a person went back from): the work
    /// it started is of no more use. Returns the effects that cancel it.
    mutating func dismiss(at time: Double) -> [Effect]
    /// True while something moves and the host should draw at the frame rate.
    var isAnimating: Bool { mutating get }
    /// A future time at which the widget needs a frame although nothing moves now.
    var wakeTime: Double? { mutating get }
    /// The pointer's shape over `point` (points on the canvas), where the widget has a say.
    mutating func pointerShape(at point: Point) -> PointerShape
    /// The area the widget took in its last render, in points; empty before the first.
    var frame: Rect { mutating get }
    /// True when the widget takes keys and so can have keyboard focus.
    var acceptsFocus: Bool { mutating get }
    /// True while printable keys are text for the widget (a text field), so that hosts do not
    /// treat them as shortcuts.
    var isEditingText: Bool { mutating get }
    /// Where the focused row, cell or field starts, in points: a terminal puts its cursor in the
    /// cell there, so that screen readers and braille displays that follow the cursor read what
    /// has focus.
    var cursorPosition: Point? { mutating get }
    /// False while the widget is not there at all (an optional child that is nil).
    var isPresent: Bool { mutating get }
    /// What the widget is, for a screen reader, as its last render laid it out: its role, name,
    /// value and state, and the parts on screen (rows with their indexes among all rows). Nil
    /// for a widget that says nothing (the default) or is not there.
    var accessibility: AccessibilityElement? { mutating get }
    /// The guideline diagnostics of the widget's configuration as it is now (a table's columns,
    /// a page control's pages, edge effects): what a debug build reports once (``Driver``).
    var diagnostics: [Diagnostic] { mutating get }
}

extension Widget {
    /// The arrow, unless the widget says otherwise.
    public mutating func pointerShape(at point: Point) -> PointerShape { .arrow }
    /// Nothing stretches by default.
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) {}
    /// Nothing moves by default.
    public mutating func tick(at time: Double) -> Reply<Report> { .ignored }
    /// Nothing to flash by default.
    public mutating func appear(at time: Double) {}
    /// Nothing to cancel by default.
    public mutating func dismiss(at time: Double) -> [Effect] { [] }
    /// Still by default.
    public var isAnimating: Bool { false }
    /// No deadline by default.
    public var wakeTime: Double? { nil }
    /// Widgets take keys by default.
    public var acceptsFocus: Bool { true }
    /// Keys are commands by default.
    public var isEditingText: Bool { false }
    /// No cursor position by default.
    public var cursorPosition: Point? { nil }
    /// Widgets are there by default.
    public var isPresent: Bool { true }
    /// Nothing to say by default. (A mutating getter, as a group's is, so that a group's own is
    /// the one found even where the group is named by its type.)
    public var accessibility: AccessibilityElement? { mutating get { nil } }
    /// Nothing to report by default.
    public var diagnostics: [Diagnostic] { mutating get { [] } }
}

/// The empty rectangle at the origin: a widget's cells before it is drawn.
extension CellRect {
    /// No cells.
    @usableFromInline package static let none = CellRect(column: 0, row: 0, columns: 0, rows: 0)
}
