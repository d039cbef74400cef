import Scrollwork

/// The pointer on a `ScrollState`, for every scrolling widget: the wheel scrolls (and is left
/// to an enclosing view when this one cannot move that way), a press and drag on the content is a
/// touch-style drag that flicks on release (given up when it runs along an axis the view cannot
/// scroll, SV-04), a press on an indicator drags the thumb, pages or jogs, and the pointer over
/// a macOS scroller widens it.
struct ScrollPointer: Sendable, Hashable {
    /// What the press grabbed.
    enum Grab: Sendable, Hashable { case content, indicator }

    /// What is held, where it was pressed, and whether the pointer moved since.
    private(set) var grab: Grab?
    /// Where the press was, in points.
    private(set) var pressPoint = Point.zero
    private(set) var moved = false
    /// How far a press may wander, in points on either axis, and still be a tap: less than a
    /// terminal's cell, so a report from the next cell is a move there as it always was.
    static let tapSlop = 4.0

    /// True between a press this pointer used and its release.
    var isPressed: Bool { grab != nil }

    /// The notches of a wheel turn: positive y toward the end; Shift turns vertical into horizontal.
    static func notches(_ direction: MouseEvent.WheelDirection, modifiers: Modifiers) -> Point {
        let notches: Point
        switch direction {
        case .up: notches = Point(x: 0, y: -1)
        case .down: notches = Point(x: 0, y: 1)
        case .left: notches = Point(x: -1, y: 0)
        case .right: notches = Point(x: 1, y: 0)
        }
        return modifiers.contains(.shift) ? Point(x: notches.y, y: notches.x) : notches
    }

    /// Handles `mouse` for `state`, whose viewport is drawn in `rect` (points).
    mutating func handle(_ mouse: MouseEvent, in rect: Rect, state: inout ScrollState, at time: Double) -> EventResult {
        let point = Point(x: mouse.x - rect.minX, y: mouse.y - rect.minY)
        let inside = rect.contains(mouse.location)
        switch mouse.kind {
        case let .wheel(direction):
            let notches = Self.notches(direction, modifiers: mouse.modifiers) * mouse.wheelNotches
            let axis: Axis = notches.x != 0 ? .horizontal : .vertical
            guard state.canScroll(axis, forward: notches[axis] > 0) else { return .ignored }
            state.wheel(notches: notches, at: time)
            return .handled
        case .press:
            guard mouse.button == .left, inside else { return .ignored }
            grab = state.pressIndicator(at: point, time: time) ? .indicator : .content
            if grab == .content { state.beginDrag(at: point, time: time) }
            (pressPoint, moved) = (mouse.location, false)
            return .handled
        case .drag:
            guard let grab else { return .ignored }
            if abs(mouse.x - pressPoint.x) >= Self.tapSlop || abs(mouse.y - pressPoint.y) >= Self.tapSlop { moved = true }
            switch grab {
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
    static func overscroll(_ mouse: MouseEvent, state: inout ScrollState, at time: Double) {
        guard case let .wheel(direction) = mouse.kind else { return }
        state.wheel(notches: notches(direction, modifiers: mouse.modifiers) * mouse.wheelNotches, at: time)
    }

    /// True when `mouse` releases a press that did not move: a click or tap.
    func isTap(_ mouse: MouseEvent) -> Bool {
        guard case .release = mouse.kind else { return false }
        return grab == .content && !moved
    }
}
