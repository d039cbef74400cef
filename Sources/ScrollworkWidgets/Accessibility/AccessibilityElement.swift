import Scrollwork

/// What a widget is, as a screen reader needs to know it: a role, a name, a value, its state,
/// where it is in points, its place among rows and columns, and the parts inside it.
///
/// A widget works this out from the same layout it draws (``Widget/accessibility``), so what a
/// screen reader is told is what is on the screen. A table of ten million rows says it has ten
/// million rows and gives the rows on screen, each with its index among them all.
public struct AccessibilityElement: Sendable, Hashable {
    /// What kind of thing an element is; a bridge to AT-SPI or the macOS accessibility API maps
    /// each to its own role.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// A scrolling view of content (AT-SPI's scroll pane, AppKit's scroll area).
        case scrollArea
        /// A list of rows.
        case list
        /// A table of rows and columns.
        case table
        /// A tree of rows that open and close (AT-SPI's tree table, AppKit's outline).
        case outline
        /// A row of a list, table or outline.
        case row
        /// A cell of a table's row.
        case cell
        /// A column's heading.
        case columnHeader
        /// Page dots: one adjustable element, as UIKit reads its page control.
        case pageControl
        /// A value people set between two ends (a rating, a volume), with a range and actions
        /// that step it (AT-SPI's slider).
        case slider
        /// A one-line field people type into.
        case textField
        /// Widgets grouped on a screen.
        case group
        /// Text people read and do not change: a label, a caption, a status line (AT-SPI's
        /// label, AppKit's static text).
        case staticText
        /// Text read a page at a time, line by line: the lines a pager or a document shows
        /// (AT-SPI's text, AppKit's text area), its value the lines joined by line breaks.
        case document
        /// Tabs that each show a page, one at a time: a segmented control of pages.
        case pageTabList
        /// One tab of a ``pageTabList``; the tab of the page shown is selected.
        case pageTab
        /// A push button: a title bar's ‹ › Help.
        case button
        /// A menu of items (a context menu).
        case menu
        /// An item of a menu.
        case menuItem
        /// A window over the content that takes the keys until it closes: a help sheet, an
        /// About box (AT-SPI's dialog); its children are what it says.
        case dialog
        /// A heading over the rows that follow it: a list's section header.
        case heading
    }

    /// What is true of an element now.
    public struct State: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt16
        /// A state from its bits.
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        /// It has keyboard focus (a row: it is the cursor row).
        public static let focused = State(rawValue: 1 << 0)
        /// It is selected.
        public static let selected = State(rawValue: 1 << 1)
        /// It has children it can show.
        public static let expandable = State(rawValue: 1 << 2)
        /// Its children are shown.
        public static let expanded = State(rawValue: 1 << 3)
        /// Its text can be edited.
        public static let editable = State(rawValue: 1 << 4)
        /// Its rows are sorted by it, smallest first.
        public static let sortedAscending = State(rawValue: 1 << 5)
        /// Its rows are sorted by it, largest first.
        public static let sortedDescending = State(rawValue: 1 << 6)
        /// Work on it is under way (a sort in the background).
        public static let busy = State(rawValue: 1 << 7)
        /// More than one of its rows may be selected.
        public static let multiselectable = State(rawValue: 1 << 8)
        /// It cannot be used now (a dimmed menu item).
        public static let disabled = State(rawValue: 1 << 9)
        /// It can be checked: a row of an option list, which shows a checkmark when chosen.
        public static let checkable = State(rawValue: 1 << 10)
        /// It is checked: the chosen option's row, with its checkmark.
        public static let checked = State(rawValue: 1 << 11)
    }

    /// What it is.
    public var role: Role
    /// What it is called: a row's text, a heading, a field's prompt; "" when it has none.
    public var name: String
    /// What tells it apart from an element of the same role that takes its place: a page's
    /// name, where pages take turns in one place. A bridge that addresses elements by where they
    /// are (AT-SPI) retires an element whose identifier changed, so a screen reader never reads
    /// one page's object as another's. nil when its place and role are enough.
    public var identifier: String?
    /// What it holds now, where that is not its name: a field's text, "page 3 of 7", how far a
    /// view is scrolled.
    public var value: String?
    /// What is true of it now.
    public var state: State
    /// Where it is on the canvas, in points.
    public var frame: Rect
    /// How many rows it has in all (a list, table or outline), shown or not.
    public var rowCount: Int?
    /// How many columns it has (a table).
    public var columnCount: Int?
    /// Its place among all the rows (a row or cell), from 0.
    public var rowIndex: Int?
    /// Its place among the columns (a cell or heading), from 0.
    public var columnIndex: Int?
    /// Its depth in a tree (an outline's row): 0 for a root.
    public var level: Int?
    /// The elements inside it that are on screen, in reading order.
    public var children: [AccessibilityElement]
    /// What a screen reader can ask it to do, each with the input that does it.
    public var actions: [AccessibilityAction] = []
    /// Where the caret is in its text, in characters from the start: a document's, on the first
    /// line shown; nil where it has none (a field's caret is after its text).
    public var caretOffset: Int?
    /// Where each line of its text lies, in points (a document's, one frame a line of its
    /// value); empty when unknown.
    public var lineFrames: [Rect] = []
    /// The characters of its text that are selected, as offsets; nil when none are.
    public var textSelection: Range<Int>?
    /// Its value as a number between two ends, where it has one (page dots: the page).
    public var range: AccessibilityRange?
    /// The index of the row with keyboard focus among all the rows of a list, table or outline,
    /// on screen or not: a row scrolled away keeps focus.
    public var focusedRow: Int?
    /// Every row of a list, table or outline by its index, on screen or not: what a screen
    /// reader that asks for row 5,000,000 of a table is told.
    public var rows: AccessibleRows?

    /// An element of `role` called `name`.
    public init(role: Role, name: String = "", value: String? = nil, state: State = [], frame: Rect = .zero,
                rowCount: Int? = nil, columnCount: Int? = nil, rowIndex: Int? = nil, columnIndex: Int? = nil, level: Int? = nil,
                children: [AccessibilityElement] = []) {
        self.role = role
        self.name = name
        self.value = value
        self.state = state
        self.frame = frame
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.rowIndex = rowIndex
        self.columnIndex = columnIndex
        self.level = level
        self.children = children
    }

    /// The first element, depth first from this one, that `matches` says is the one.
    public func first(where matches: (AccessibilityElement) -> Bool) -> AccessibilityElement? {
        if matches(self) { return self }
        for child in children { if let found = child.first(where: matches) { return found } }
        return nil
    }
}
