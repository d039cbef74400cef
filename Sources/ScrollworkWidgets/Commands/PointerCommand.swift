/// What a pointer gesture does in a widget, as its ``PointerTable`` says: the widgets' gestures
/// name these, and each widget does them to what lies under the pointer. Dragging with the
/// primary button is the widget's own (it scrolls, scrubs, moves a divider or a row); where a
/// drag ends as a click, the click's command decides.
public enum PointerCommand: Sendable, Hashable {
    /// Choose what is under the pointer (a row, a heading, a page dot, a triangle), changing
    /// the selection as `change` says.
    case choose(SelectionChange)
    /// On a disclosure triangle: open or close its row and every row inside it.
    case discloseAll
    /// Fit what is under the pointer: a heading's divider fits its column to its content;
    /// zoomable content zooms in on the point, or back out.
    case fit
    /// Scroll by the wheel's turn; `across` turns a vertical turn into a horizontal one.
    case scroll(across: Bool)
    /// Zoom by the wheel's turn, about the pointer.
    case zoom
    /// Open the context menu of what is under the pointer.
    case showMenu
}

extension PointerCommand {
    /// True for ``choose(_:)``, whatever it does to the selection.
    public var chooses: Bool { if case .choose = self { true } else { false } }
}

/// How a click changes the selection.
public enum SelectionChange: Sendable, Hashable {
    /// Select the item alone (and activate it).
    case replace
    /// Extend the selection from its anchor to the item.
    case extend
    /// Add the item to the selection, or take it out.
    case toggle
}

extension PointerCommand {
    /// The wheel of every scrolling widget: a turn scrolls, with Shift sideways.
    public static let scrolling = PointerTable<PointerCommand>("Scrolling", [
        PointerBinding(.scroll(across: false), "scroll", PointerGesture(.wheel)),
        PointerBinding(.scroll(across: true), "scroll sideways", PointerGesture(.wheel, .shift)),
    ])

    private static let rowClicks: [PointerBinding<PointerCommand>] = [
        PointerBinding(.choose(.replace), "select the row and activate it", PointerGesture(.click(.left))),
        PointerBinding(.choose(.extend), "extend the selection to the row", PointerGesture(.click(.left), .shift), PointerGesture(.click(.left), .alt)),
        PointerBinding(.choose(.toggle), "add the row to the selection or take it out", PointerGesture(.click(.left), .control)),
    ]

    /// A list's gestures: clicks choose rows, the wheel scrolls.
    public static let list = PointerTable<PointerCommand>("List", rowClicks).adding(scrolling)

    /// A table's gestures: a list's, a click on a heading sorts by it, a double-click on a
    /// heading's divider fits the column, and a right-click opens the context menu.
    public static let table = PointerTable<PointerCommand>("Table", [
        PointerBinding(.choose(.replace), "select the row and activate it; on a heading, sort by it (again: the other way)", PointerGesture(.click(.left))),
    ] + rowClicks.dropFirst() + [
        PointerBinding(.fit, "on a heading's divider: fit the column to its content", PointerGesture(.doubleClick(.left))),
        PointerBinding(.showMenu, "the context menu of the row or heading (the row is selected first)", PointerGesture(.click(.right))),
    ]).adding(scrolling)

    /// An outline's gestures: a click moves to the row (on its triangle, opens or closes it),
    /// Alt+click on a triangle opens or closes everything inside, the wheel scrolls.
    public static let outline = PointerTable<PointerCommand>("Outline", [
        PointerBinding(.choose(.replace), "move to the row; on its triangle, open or close it; on a heading, report it", PointerGesture(.click(.left))),
        PointerBinding(.discloseAll, "on a triangle: open or close the row and every row inside it", PointerGesture(.click(.left), .alt)),
    ]).adding(scrolling)

    /// A page control's gestures: a click on a dot goes to its page, a press held scrubs.
    public static let pageDots = PointerTable<PointerCommand>("Page control", [
        PointerBinding(.choose(.replace), "go to the page of the dot, or step toward the side clicked; hold to scrub", PointerGesture(.click(.left))),
    ])
}
