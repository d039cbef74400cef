import Scrollwork

/// Pointer capture and keyboard focus of a ``WidgetGroup``, kept between events.
public struct Routing {
    /// The focused child, if one has been chosen; otherwise the first child that takes keys.
    public var focus: AnyKeyPath?
    /// The child that used the last press, and the ones beneath it that could take the gesture
    /// over, nearest first.
    @usableFromInline var capture: (owner: AnyKeyPath, beneath: [AnyKeyPath], press: MouseEvent)?
    /// The child the pointer last moved over, which hears the move that takes it away.
    @usableFromInline var hovered: AnyKeyPath?
    /// True once focus was last moved with the keyboard (Tab), false after a press: a window
    /// then draws a focus ring around the focused child, as desktops do only for the keyboard.
    public var focusIsVisible = false

    /// No focus chosen, no pointer captured.
    public init() {}

    /// The child that owns the pointer until the button is released, if any.
    public var pointerOwner: AnyKeyPath? { capture?.owner }
}

/// Something made of widgets (a page, an app): it lists its children and routes events to them.
///
/// - A press goes to the front-most child under the pointer that uses it (children listed
///   later are in front); that child then owns the pointer, and every drag and the release go
///   to it and nowhere else. If it gives a drag up (a horizontal carousel asked to move
///   vertically), the child beneath it takes the gesture over from the press, as nested scroll
///   views do (SV-04).
/// - The wheel goes to the front-most child under the pointer that uses it, then to the ones
///   behind it: an inner list at its end leaves the wheel to the view around it.
/// - Keys and pastes go to the focused child. ``moveFocus(forward:wrapping:)`` moves focus in the order
///   of the children; a press on a child that takes keys focuses it.
/// - ``childrenAreAnimating``, ``childrenWakeTime``, ``tickChildren(at:)`` and
///   ``appearChildren(at:)`` combine the children in one place.
public protocol WidgetGroup {
    /// The children, back to front; leave out those that are not on screen.
    var children: [Child<Self>] { get }
    /// Capture and focus.
    var routing: Routing { get set }
}

// Inlinable, so that each app's group is specialised in the app's own module: unspecialised,
// every call asked the runtime for `Child<Self>`'s type and copied children through its value
// witnesses (about 6,000 of a one-row scroll's 162,000 instructions).
extension WidgetGroup {
    /// True while any child animates.
    @inlinable
    public var childrenAreAnimating: Bool {
        mutating get {
            for child in children where child.isAnimating(&self) { return true }
            return false
        }
    }

    /// The earliest time any child needs a frame, if one does.
    @inlinable
    public var childrenWakeTime: Double? {
        mutating get {
            var earliest: Double? = nil
            for child in children {
                if let time = child.wakeTime(&self), time < earliest ?? .infinity { earliest = time }
            }
            return earliest
        }
    }

    /// Advances every child to `time`, back to front, and returns what their ticks caused.
    @inlinable
    public mutating func tickChildren(at time: Double) -> Reply<ChildReport> {
        var reply = Reply<ChildReport>()
        for child in children {
            let ticked = child.tick(&self, time)
            if !ticked.isEmpty { reply.merge(ticked) }
        }
        return reply
    }

    /// Tells every child that it came into view (SV-03).
    @inlinable
    public mutating func appearChildren(at time: Double) {
        for child in children { child.appear(&self, time) }
    }

    /// The focused child: the chosen one while it is on screen and takes keys, else the first
    /// child that takes keys.
    @inlinable
    public var focusedChild: AnyKeyPath? { mutating get { focusedEntry(in: children)?.id } }

    /// The child with keyboard focus among `children`: the routed one while it takes focus, else
    /// the first that does. Only the children needed are asked, and `children` is made once.
    @inlinable mutating func focusedEntry(in children: [Child<Self>]) -> Child<Self>? {
        // A modal child that is there has the keyboard.
        if let modal = modalChild(in: children) { return modal }
        if let focus = routing.focus, let routed = children.first(where: { $0.id == focus }), routed.acceptsFocus(&self) { return routed }
        for child in children where child.acceptsFocus(&self) { return child }
        return nil
    }

    /// True when the widget at `path` has keyboard focus.
    @inlinable
    public mutating func isFocused<W: Widget>(_ path: WritableKeyPath<Self, W>) -> Bool { focusedChild == path }

    /// Gives keyboard focus to the widget at `path`.
    @inlinable
    public mutating func focus<W: Widget>(_ path: WritableKeyPath<Self, W>) { routing.focus = path }

    /// Moves focus to the next (or previous) child that takes keys. Returns false, leaving focus
    /// where it was, when focus is already on the last (or first) one, so that the caller can move
    /// on (Tab from the last widget of a page goes to the next page); with `wrapping`, as a
    /// window's Tab does, it goes round to the first (or last) instead, and with none focused it
    /// focuses the first (or last). False only when no child takes keys.
    @inlinable @discardableResult
    public mutating func moveFocus(forward: Bool, wrapping: Bool = false) -> Bool {
        routing.focusIsVisible = true
        var order: [AnyKeyPath] = []
        for child in children where child.acceptsFocus(&self) { order.append(child.id) }
        guard let first = order.first, let last = order.last else { return false }
        guard let current = focusedChild, let index = order.firstIndex(of: current) else {
            guard wrapping else { return false }
            routing.focus = forward ? first : last
            return true
        }
        let next = index + (forward ? 1 : -1)
        guard order.indices.contains(next) else {
            guard wrapping else { return false }
            routing.focus = forward ? first : last
            return true
        }
        routing.focus = order[next]
        return true
    }

    /// The front-most modal child that is there, if any: it takes the group's input.
    @inlinable
    public var modalChild: Child<Self>? { mutating get { modalChild(in: children) } }

    /// The front-most modal child among `children` that is there, if any.
    @inlinable
    mutating func modalChild(in children: [Child<Self>]) -> Child<Self>? {
        for child in children.reversed() where child.isModal && child.isPresent(&self) { return child }
        return nil
    }

    /// The focused child's frame while focus came from the keyboard (``Routing/focusIsVisible``),
    /// where a window draws the focus ring; nil otherwise.
    @inlinable
    public var visibleFocusFrame: Rect? {
        mutating get {
            guard routing.focusIsVisible, let child = focusedEntry(in: children) else { return nil }
            let frame = child.frame(&self)
            return frame.width > 0 && frame.height > 0 ? frame : nil
        }
    }

    /// True while the focused child takes printable keys as text.
    @inlinable
    public var focusedChildIsEditingText: Bool { mutating get { focusedEntry(in: children)?.isEditingText(&self) ?? false } }

    /// The children's elements, back to front, as one group: the focused child's element says
    /// it has focus. What a group that is a widget says (``Widget/accessibility``).
    @inlinable
    public var childrenAccessibility: AccessibilityElement {
        mutating get {
            let focused = focusedEntry(in: children)?.id
            var elements: [AccessibilityElement] = []
            var frame = Rect.zero
            for child in children {
                guard var element = child.accessibility(&self) else { continue }
                if child.id == focused { element.state.insert(.focused) }
                frame = frame.union(element.frame)
                elements.append(element)
            }
            return AccessibilityElement(role: .group, frame: frame, children: elements)
        }
    }

    /// Every child's diagnostics, back to front: what a group that is a widget reports.
    @inlinable
    public var childrenDiagnostics: [Diagnostic] {
        mutating get {
            var all: [Diagnostic] = []
            for child in children { all += child.diagnostics(&self) }
            return all
        }
    }

    /// Where the focused child wants the terminal's cursor, if anywhere.
    @inlinable
    public var focusedCursorPosition: Point? { mutating get { focusedEntry(in: children)?.cursorPosition(&self) } }

    /// Routes `event` to the children as the type's documentation describes.
    ///
    /// - Parameters:
    ///   - event: a key, paste or pointer event; pointer positions are points on the canvas.
    ///   - time: when it happened, in seconds on the loop's clock.
    /// - Returns: handled when a child used it, with what every child the event reached caused
    ///   (used or not), each report kept with its child (``Reply/reports(from:)``).
    @inlinable
    public mutating func routeToChildren(_ event: Event, at time: Double) -> Reply<ChildReport> {
        // The children are listed once an event: a group may build its list anew on each ask.
        let children = children
        switch event {
        case .key, .paste:
            // A modal child that is there comes first in the focus order: a sheet or a prompt
            // takes every key.
            guard let child = focusedEntry(in: children) else { return .ignored }
            return child.handle(&self, event, time)
        case .work:
            // Work's news goes to whichever child it concerns; each knows its own keys.
            var reply = Reply<ChildReport>()
            for child in children {
                reply.merge(child.handle(&self, event, time))
                if reply.isHandled { return reply }
            }
            return reply
        case let .mouse(mouse):
            guard let modal = modalChild(in: children) else { return routePointer(mouse, at: time) }
            // A sheet or a prompt takes everything; what it leaves is the owner's, but an unused
            // wheel turn stretches it, as it would any scroll view at its edge (SV-02).
            let reply = modal.handle(&self, event, time)
            if !reply.isHandled, case .wheel = mouse.kind {
                modal.overscroll(&self, mouse, time)
                return reply.with(.handled)
            }
            return reply
        case .focus, .resize, .droppedFiles, .themeChanged:
            return modalChild(in: children)?.handle(&self, event, time) ?? .ignored
        }
    }

    /// The children under `point`, front-most first.
    @inlinable mutating func children(at point: Point) -> [Child<Self>] {
        var hit: [Child<Self>] = []
        for child in children.reversed() where child.frame(&self).contains(point) { hit.append(child) }
        return hit
    }

    @inlinable mutating func routePointer(_ mouse: MouseEvent, at time: Double) -> Reply<ChildReport> {
        let event = Event.mouse(mouse)
        var reply = Reply<ChildReport>()
        switch mouse.kind {
        case .press:
            // A new press ends any capture a lost release left behind, and hides the focus ring.
            routing.capture = nil
            routing.focusIsVisible = false
            var stack = children(at: mouse.location)
            while !stack.isEmpty {
                let child = stack.removeFirst()
                reply.merge(child.handle(&self, event, time))
                guard reply.isHandled else { continue }
                routing.capture = (child.id, stack.map(\.id), mouse)
                if child.acceptsFocus(&self) { routing.focus = child.id }
                return reply
            }
            return reply
        case .drag, .release:
            guard var capture = routing.capture, let owner = children.first(where: { $0.id == capture.owner }) else {
                routing.capture = nil
                return reply
            }
            if case .release = mouse.kind { routing.capture = nil }
            reply.merge(owner.handle(&self, event, time))
            if reply.isHandled || mouse.kind == .release { return reply.with(.handled) }
            // The owner gave the drag up: the next child beneath takes the gesture from the press.
            while !capture.beneath.isEmpty {
                let id = capture.beneath.removeFirst()
                guard let next = children.first(where: { $0.id == id }) else { continue }
                reply.merge(next.handle(&self, .mouse(capture.press), time))
                guard reply.isHandled else { continue }
                capture.owner = id
                routing.capture = capture
                reply.merge(next.handle(&self, event, time))
                return reply
            }
            routing.capture = nil
            return reply
        case .wheel:
            let stack = children(at: mouse.location)
            for child in stack {
                reply.merge(child.handle(&self, event, time))
                if reply.isHandled { return reply }
            }
            // Nobody can move that way: the front-most stretches at its edge and bounces back.
            guard let front = stack.first else { return reply }
            front.overscroll(&self, mouse, time)
            return reply.with(.handled)
        case .move:
            // The child the pointer left hears the move too, to let go of what it showed for it
            // (a scroller widened on hover); what that caused goes on, but it is not a use.
            let front = children(at: mouse.location).first
            if let left = routing.hovered, left != front?.id, let child = children.first(where: { $0.id == left }) {
                reply.merge(child.handle(&self, event, time).with(.ignored))
            }
            routing.hovered = front?.id
            if let front { reply.merge(front.handle(&self, event, time)) }
            return reply
        }
    }
}

extension WidgetGroup {
    /// The pointer's shape over `point`: the modal child's while there is one, else the
    /// front-most child's under the point; the arrow where no child is.
    @inlinable
    public mutating func childrenPointerShape(at point: Point) -> PointerShape {
        if let modal = modalChild { return modal.pointerShape(&self, point) }
        return children(at: point).first?.pointerShape(&self, point) ?? .arrow
    }
}

extension WidgetGroup where Self: Widget {
    /// The children's pointer shape.
    @inlinable
    public mutating func pointerShape(at point: Point) -> PointerShape { childrenPointerShape(at: point) }
    /// True while any child animates.
    @inlinable
    public var isAnimating: Bool { mutating get { childrenAreAnimating } }
    /// The earliest time any child needs a frame.
    @inlinable
    public var wakeTime: Double? { mutating get { childrenWakeTime } }
    /// Every child appears (SV-03).
    @inlinable
    public mutating func appear(at time: Double) { appearChildren(at: time) }
    /// True while the focused child takes text.
    @inlinable
    public var isEditingText: Bool { mutating get { focusedChildIsEditingText } }
    /// The focused child's cursor position.
    @inlinable
    public var cursorPosition: Point? { mutating get { focusedCursorPosition } }
    /// The children's elements, as a group.
    @inlinable
    public var accessibility: AccessibilityElement? { mutating get { childrenAccessibility } }
    /// Every child's diagnostics.
    @inlinable
    public var diagnostics: [Diagnostic] { mutating get { childrenDiagnostics } }
}

extension WidgetGroup where Self: Widget, Report == Never {
    /// Advances every child; their effects and errors go on, their reports are the group's to
    /// read in a tick of its own.
    @inlinable
    public mutating func tick(at time: Double) -> Reply<Never> { tickChildren(at: time).passingOn() }
}

extension WidgetGroup where Self: Widget, Report == ChildReport {
    /// Advances every child and passes on all they caused.
    @inlinable
    public mutating func tick(at time: Double) -> Reply<ChildReport> { tickChildren(at: time) }
}
