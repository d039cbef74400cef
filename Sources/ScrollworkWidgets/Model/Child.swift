import Scrollwork

/// One child widget of a ``WidgetGroup``, reached through a key path into the group, so that the
/// group routes, ticks and draws it in place, without copying it into a box and back.
public struct Child<Root> {
    /// The child's identity: its key path. Capture and focus are kept by it.
    public let id: AnyKeyPath
    /// A modal child (a sheet, a prompt), while it is there, takes every key, paste and pointer
    /// event of its group: what it leaves goes back to the group's owner, never to the children
    /// behind it.
    public let isModal: Bool
    /// The widget's type and where it lies. An existential of two words is stored inline: a
    /// group lists its children on every question, and closures would allocate one box each.
    @usableFromInline let access: any ChildAccess<Root>

    /// The widget at `path`; an optional one (`W?`) is a child only while it is not nil.
    /// Inlinable, so that the access is specialised for the widget in the app's own module: a
    /// reply of an unspecialised generic type is made and merged through the runtime's metadata.
    @inlinable
    public init<W: Widget>(_ path: WritableKeyPath<Root, W>, modal: Bool = false) {
        id = path
        isModal = modal
        access = WidgetAccess(path)
    }

    /// True while the child is there (an optional child that is not nil).
    @inlinable public func isPresent(_ root: inout Root) -> Bool { access.isPresent(&root) }

    /// Routes an event to the child; its reports come back kept with its key path.
    @inlinable public func handle(_ root: inout Root, _ event: Event, _ time: Double) -> Reply<ChildReport> { access.handle(&root, event, time) }
    /// Lets the child stretch for an unused wheel turn.
    @inlinable public func overscroll(_ root: inout Root, _ mouse: MouseEvent, _ time: Double) { access.overscroll(&root, mouse, time) }
    /// Advances the child; its reports come back kept with its key path.
    @inlinable public func tick(_ root: inout Root, _ time: Double) -> Reply<ChildReport> { access.tick(&root, time) }
    /// Tells the child it came into view.
    @inlinable public func appear(_ root: inout Root, _ time: Double) { access.appear(&root, time) }
    /// The child's ``Widget/isAnimating``, read in place.
    @inlinable public func isAnimating(_ root: inout Root) -> Bool { access.isAnimating(&root) }
    /// The child's ``Widget/wakeTime``, read in place.
    @inlinable public func wakeTime(_ root: inout Root) -> Double? { access.wakeTime(&root) }
    /// The child's ``Widget/frame``, read in place.
    @inlinable public func frame(_ root: inout Root) -> Rect { access.frame(&root) }
    /// The child's ``Widget/acceptsFocus``, read in place.
    @inlinable public func acceptsFocus(_ root: inout Root) -> Bool { access.acceptsFocus(&root) }
    /// The child's ``Widget/isEditingText``, read in place.
    @inlinable public func isEditingText(_ root: inout Root) -> Bool { access.isEditingText(&root) }
    /// The child's ``Widget/cursorPosition``, read in place.
    @inlinable public func cursorPosition(_ root: inout Root) -> Point? { access.cursorPosition(&root) }
    /// The child's ``Widget/accessibility``, read in place.
    @inlinable public func accessibility(_ root: inout Root) -> AccessibilityElement? { access.accessibility(&root) }
    /// The child's ``Widget/diagnostics``, read in place.
    @inlinable public func diagnostics(_ root: inout Root) -> [Diagnostic] { access.diagnostics(&root) }
    /// The child's ``Widget/pointerShape(at:)`` over `point`.
    @inlinable public func pointerShape(_ root: inout Root, _ point: Point) -> PointerShape { access.pointerShape(&root, point) }
}

/// What a ``Child`` does with its widget, for any widget type.
@usableFromInline
protocol ChildAccess<Root> {
    associatedtype Root
    func handle(_ root: inout Root, _ event: Event, _ time: Double) -> Reply<ChildReport>
    func overscroll(_ root: inout Root, _ mouse: MouseEvent, _ time: Double)
    func tick(_ root: inout Root, _ time: Double) -> Reply<ChildReport>
    func appear(_ root: inout Root, _ time: Double)
    func isAnimating(_ root: inout Root) -> Bool
    func wakeTime(_ root: inout Root) -> Double?
    func frame(_ root: inout Root) -> Rect
    func acceptsFocus(_ root: inout Root) -> Bool
    func isEditingText(_ root: inout Root) -> Bool
    func cursorPosition(_ root: inout Root) -> Point?
    func accessibility(_ root: inout Root) -> AccessibilityElement?
    func diagnostics(_ root: inout Root) -> [Diagnostic]
    func isPresent(_ root: inout Root) -> Bool
    func pointerShape(_ root: inout Root, _ point: Point) -> PointerShape
}

/// A widget of type `W` at a key path into `Root`, reached in place: every access goes through
/// the writable key path on the root given `inout`, which projects the child where it lies, so no
/// question copies the child.
@usableFromInline
struct WidgetAccess<Root, W: Widget>: ChildAccess {
    @usableFromInline let path: WritableKeyPath<Root, W>

    @inlinable init(_ path: WritableKeyPath<Root, W>) { self.path = path }

    @inlinable func handle(_ root: inout Root, _ event: Event, _ time: Double) -> Reply<ChildReport> { tagged(root[keyPath: path].handle(event, at: time)) }
    @inlinable func overscroll(_ root: inout Root, _ mouse: MouseEvent, _ time: Double) { root[keyPath: path].overscroll(mouse, at: time) }
    @inlinable func tick(_ root: inout Root, _ time: Double) -> Reply<ChildReport> { tagged(root[keyPath: path].tick(at: time)) }

    /// The child's reply with each report kept with the child's key path. A widget that
    /// reports nothing (the usual case) costs no allocation.
    @inlinable func tagged(_ reply: Reply<W.Report>) -> Reply<ChildReport> {
        // Nearly every reply of a frame is empty: then only its result goes on.
        guard !reply.isEmpty else { return Reply(reply.result) }
        return Reply(reply.result, reports: reply.reports.map { ChildReport(child: path, report: $0) }, effects: reply.effects, errors: reply.errors)
    }
    @inlinable func appear(_ root: inout Root, _ time: Double) { root[keyPath: path].appear(at: time) }
    @inlinable func isAnimating(_ root: inout Root) -> Bool { root[keyPath: path].isAnimating }
    @inlinable func wakeTime(_ root: inout Root) -> Double? { root[keyPath: path].wakeTime }
    @inlinable func frame(_ root: inout Root) -> Rect { root[keyPath: path].frame }
    @inlinable func acceptsFocus(_ root: inout Root) -> Bool { root[keyPath: path].acceptsFocus }
    @inlinable func isEditingText(_ root: inout Root) -> Bool { root[keyPath: path].isEditingText }
    @inlinable func cursorPosition(_ root: inout Root) -> Point? { root[keyPath: path].cursorPosition }
    @inlinable func accessibility(_ root: inout Root) -> AccessibilityElement? { root[keyPath: path].accessibility }
    @inlinable func diagnostics(_ root: inout Root) -> [Diagnostic] { root[keyPath: path].diagnostics }
    @inlinable func isPresent(_ root: inout Root) -> Bool { root[keyPath: path].isPresent }
    @inlinable func pointerShape(_ root: inout Root, _ point: Point) -> PointerShape { root[keyPath: path].pointerShape(at: point) }
}
