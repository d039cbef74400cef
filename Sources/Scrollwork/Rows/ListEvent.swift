/// What activating a row means, for the host to act on (LT-04, LT-10).
public enum ListEvent: Sendable, Hashable {
    /// Drill into the next level: the row has a disclosure indicator.
    case navigate(IndexPath)
    /// Show more about the row: its info (detail) button was activated. Never navigation.
    case showDetails(IndexPath)
    /// The row was selected or deselected (option lists, plain rows).
    case selectionChanged(IndexPath)
    /// The row was deleted by its delete control (⊖) in edit mode; the path is where it was.
    case deleted(IndexPath)
    /// The row was dragged by its reorder handle (≡) from one place to another.
    case moved(from: IndexPath, to: IndexPath)
    /// Nothing happened (selection off and no accessory).
    case none
}

/// The part of a row that was activated.
public enum ActivationTarget: Sendable, Hashable {
    /// The row itself.
    case row
    /// The row's detail (info) button.
    case detailButton
}

/// A keyboard movement of the list's cursor.
public enum ListMove: Sendable, Hashable, CaseIterable {
    /// The previous row.
    case up
    /// The next row.
    case down
    /// About a screenful up.
    case pageUp
    /// About a screenful down.
    case pageDown
    /// The first row.
    case home
    /// The last row.
    case end
}

extension ListMove {
    /// True for the moves by a page or to an end, which a view may take as scrolling only.
    public var isPageOrEnd: Bool { self != .up && self != .down }
}

extension ScrollCommand {
    /// The scroll that shows where `move` goes without moving the focus: a line, a page, an end.
    public init(_ move: ListMove) {
        switch move {
        case .up: self = .lineUp
        case .down: self = .lineDown
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .top
        case .end: self = .bottom
        }
    }
}
