/// How many rows can be selected.
public enum ListSelectionMode: Sendable, Hashable {
    /// None: rows only activate.
    case none
    /// One at a time.
    case single
    /// Several; on the iOS idiom only in edit mode (LT-03).
    case multiple
}

/// How a selection is shown (LT-04).
public enum ListSelectionFeedback: Sendable, Hashable {
    /// Navigation lists: the selected row stays highlighted.
    case persistentHighlight
    /// Option lists: the row highlights briefly, then shows a checkmark.
    case checkmark
}

/// The edits people may make.
public struct ListEditPermissions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates permissions from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Insert rows and sections.
    public static let insert = ListEditPermissions(rawValue: 1)
    /// Delete rows and sections.
    public static let delete = ListEditPermissions(rawValue: 2)
    /// Reorder rows and sections; may be allowed alone (LT-03).
    public static let reorder = ListEditPermissions(rawValue: 4)
    /// Everything.
    public static let all: ListEditPermissions = [.insert, .delete, .reorder]
}

/// One laid-out item: a row or a section's decoration.
public enum ListItem: Sendable, Hashable {
    /// Space before a section in grouped styles.
    case spacer(section: Int)
    /// A section header.
    case header(section: Int)
    /// A row.
    case row(IndexPath)
    /// watchOS: the "show more" row after the row limit (LT-14).
    case showMore(section: Int)
    /// A section footer.
    case footer(section: Int)
}

/// Heights of the parts of a list, in points. The defaults are a touch list's: 44-point rows
/// (the minimum hit target of Apple's guidelines), 28-point headers and footers and 20 points
/// between grouped sections; a host sets its own (the terminal host: one cell each). Each height
/// is clamped to 0…10,000 points, and NaN means the default.
public struct ListMetrics: Sendable, Hashable {
    /// A row's height (its estimate when heights vary).
    public var rowHeight: Double = 44 { didSet { rowHeight = rowHeight.isNaN ? 44 : rowHeight.clamped(to: 0...10_000) } }
    /// A header's height.
    public var headerHeight: Double = 28 { didSet { headerHeight = headerHeight.isNaN ? 28 : headerHeight.clamped(to: 0...10_000) } }
    /// A footer's height.
    public var footerHeight: Double = 28 { didSet { footerHeight = footerHeight.isNaN ? 28 : footerHeight.clamped(to: 0...10_000) } }
    /// The space between sections in grouped styles.
    public var sectionSpacing: Double = 20 { didSet { sectionSpacing = sectionSpacing.isNaN ? 20 : sectionSpacing.clamped(to: 0...10_000) } }
    /// The width of the trailing accessory area that a click treats as the detail button (44
    /// points, the minimum touch target); 0…10,000, NaN means 44.
    public var accessoryWidth: Double = 44 { didSet { accessoryWidth = accessoryWidth.isNaN ? 44 : accessoryWidth.clamped(to: 0...10_000) } }
    /// True when rows are measured (e.g. rows with subtitles); false when every row is
    /// `rowHeight` tall, which makes geometry O(1).
    public var rowsVaryInHeight = false
    /// Creates metrics.
    public init() {}
}

