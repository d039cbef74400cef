import Scrollwork

/// Something a screen reader can ask an element to do ("click", "expand"), done by the input
/// a person would give for it: a click on the row, a click and → on an outline's row, a click on
/// the next dot. Input goes through the app as any other, so the app answers the action exactly
/// as it answers the person: its reports, sorts and status all follow.
public struct AccessibilityAction: Sendable, Hashable {
    /// What the action does, by the name AT-SPI gives it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Press: choose a row, sort by a heading, run a menu item, focus a field.
        case click
        /// Show a row's children.
        case expand
        /// Hide a row's children.
        case collapse
        /// One step up: the next page.
        case increment
        /// One step down: the previous page.
        case decrement
        /// Open the context menu.
        case menu
        /// Sort by this column, smallest first.
        case sortAscending = "sort ascending"
        /// Sort by this column, largest first.
        case sortDescending = "sort descending"
    }

    /// What it does.
    public var kind: Kind
    /// The input that does it, in order, at points on the canvas the element was drawn on.
    public var events: [Event]

    /// The action `kind`, done by `events`.
    public init(_ kind: Kind, events: [Event]) {
        self.kind = kind
        self.events = events
    }

    /// A left click at `point`, then `keys` (what `kind` takes).
    public static func click(_ kind: Kind = .click, at point: Point, then keys: [KeyEvent] = []) -> AccessibilityAction {
        AccessibilityAction(kind, events: [.mouse(MouseEvent(.press, x: point.x, y: point.y)), .mouse(MouseEvent(.release, x: point.x, y: point.y))]
            + keys.map { .key($0) })
    }

    /// `count` left clicks at `point`, doing `kind`: a heading clicked as often as it takes to
    /// sort the way `kind` says.
    public static func clicks(_ count: Int, _ kind: Kind, at point: Point) -> AccessibilityAction {
        AccessibilityAction(kind, events: Array(repeating: click(kind, at: point).events, count: Swift.max(0, Swift.min(count, 2))).flatMap { $0 })
    }

    /// A right click at `point`: the context menu there.
    public static func menu(at point: Point) -> AccessibilityAction {
        AccessibilityAction(.menu, events: [.mouse(MouseEvent(.press, button: .right, x: point.x, y: point.y)),
                                            .mouse(MouseEvent(.release, button: .right, x: point.x, y: point.y))])
    }
}

/// A value that moves in steps between two ends: the page of page dots, as a slider reads it.
public struct AccessibilityRange: Sendable, Hashable {
    /// Where it is now.
    public var current: Double
    /// The least it can be.
    public var minimum: Double
    /// The most it can be.
    public var maximum: Double
    /// One step.
    public var step: Double

    /// A range from `minimum` to `maximum` at `current`, moving by `step`.
    public init(current: Double, minimum: Double, maximum: Double, step: Double = 1) {
        (self.current, self.minimum, self.maximum, self.step) = (current, minimum, maximum, step)
    }
}
