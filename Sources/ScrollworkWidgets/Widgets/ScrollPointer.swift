import Scrollwork

/// The pointer on a `ScrollState`, for every scrolling widget: the wheel scrolls (and is left
/// to an enclosing view when this one cannot move that way), a press and drag on the content is a
/// touch-style drag that flicks on release (given up when it runs along an axis the view cannot
/// scroll, SV-04), a press on an indicator drags the thumb, pages or jogs, and the pointer over
/// a macOS scroller widens it.
struct ScrollPointer: Sendable, Hashable {
    /// What the press grabbed: the content (the primary button), an indicator, or nothing but
    /// a click of another button that the widget's pointer table binds.
    enum Grab: Sendable, Hashable { case content, indicator, click }

    /// What is held, where it was pressed, and whether the pointer moved since.
    private(set) var grab: Grab?
    /// Where the press was, in points.
    private(set) var pressPoint = Point.zero
    private(set) var moved = false
    /// The button pressed.
    private(set) var pressButton = MouseEvent.Button.left
    /// How far a press may wander, in points on either axis, and still be a tap: less than a
    /// terminal's cell, so a report from the next cell is a move there as it always was.
    static let tapSlop = 4.0

    /// True between a press this pointer used and its release.
    var isPressed: Bool { grab != nil }

    /// The notches of the wheel turn `mouse` is, as `gestures` reads it: positive y toward the
    /// end, across (x for y) where the table says the turn scrolls sideways; nil for a report
    /// that is no wheel turn, or a turn the table binds to something else or to nothing.
    static func notches(_ mouse: MouseEvent, gestures: PointerTable<PointerCommand>) -> Point? {
        guard case let .wheel(direction) = mouse.kind, case let .scroll(across)? = gestures.command(for: mouse) else { return nil }
        let notches: Point
        switch direction {
        case .up: notches = Point(x: 0, y: -1)
        case .down: notches = Point(x: 0, y: 1)
        case .left: notches = Point(x: -1, y: 0)
        case .right: notches = Point(x: 1, y: 0)
        }
        return (across ? Point(x: notches.y, y: notches.x) : notches) * mouse.wheelNotches
    }

    /// Handles `mouse` for `state`, whose viewport is drawn in `rect` (points); `gestures` says
    /// what a wheel turn does.
    mutating func handle(_ mouse: MouseEvent, in rect: Rect, state: inout ScrollState, gestures: PointerTable<PointerCommand>,
                         at time: Double) -> EventResult {
        let point = Point(x: mouse.x - rect.minX, y: mouse.y - rect.minY)
        let inside = rect.contains(mouse.location)
        switch mouse.kind {
        case .wheel:
            guard let notches = Self.notches(mouse, gestures: gestures) else { return .ignored }
            let axis: Axis = notches.x != 0 ? .horizontal : .vertical
            guard state.canScroll(axis, forward: notches[axis] > 0) else { return .ignored }
            state.wheel(notches: notches, at: time)
            return .handled
        case .press:
            guard inside else { return .ignored }
            if mouse.button == .left {
                grab = state.pressIndicator(at: point, time: time) ? .indicator : .content
                if grab == .content { state.beginDrag(at: point, time: time) }
            } else {
                // Another button drags nothing; its click counts only where the table binds it.
                guard gestures.command(for: PointerGesture(.click(mouse.button), mouse.modifiers)) != nil else { return .ignored }
                grab = .click
            }
            (pressPoint, moved, pressButton) = (mouse.location, false, mouse.button)
            return .handled
        case .drag:
            guard let grab else { return .ignored }
            if abs(mouse.x - pressPoint.x) >= Self.tapSlop || abs(mouse.y - pressPoint.y) >= Self.tapSlop { moved = true }
            switch grab {
            case .click: break
            case .indicator: state.dragIndicator(to: point, time: time)
            case .content:
                state.drag(to: point, time: time)
                if state.dragMovesContent == false {
                    // Along an axis this view cannot scroll: give the gesture up.
                    state.cancelDrag(time: time)
                    self.grab = nil
                    return .ignored
                }
            }
            return .handled
        case .release:
            guard let grab else { return .ignored }
            switch grab {
            case .click: break
            case .indicator: state.endIndicatorDrag(time: time)
            case .content: state.endDrag(time: time)
            }
            self.grab = nil
            return .handled
        case .move:
            // A macOS overlay scroller widens under the pointer; leaving the view lets it go.
            state.hoverIndicator(at: inside ? point : nil, time: time)
            return inside ? .handled : .ignored
        }
    }

    /// A wheel turn at the edge: the state stretches and springs back (SV-02).
    static func overscroll(_ mouse: MouseEvent, state: inout ScrollState, gestures: PointerTable<PointerCommand>, at time: Double) {
        guard let notches = notches(mouse, gestures: gestures) else { return }
        state.wheel(notches: notches, at: time)
    }

    /// The click `mouse` ends when it releases a press on the content that did not move (a
    /// click or tap of the button pressed, with the modifiers held now); nil for anything else.
    func click(_ mouse: MouseEvent) -> PointerGesture? {
        guard case .release = mouse.kind, grab == .content || grab == .click, !moved else { return nil }
        return PointerGesture(.click(pressButton), mouse.modifiers)
    }
}
