/// The look of a list (LT-08), with the platform treatments of LT-13 and LT-14.
public enum ListStyle: Sendable, Hashable, CaseIterable {
    /// Rows edge to edge, headers pinned as they scroll.
    case plain
    /// Sections set apart with headers, footers and space between them.
    case grouped
    /// Grouped, inset from the edges with rounded sections.
    case insetGrouped
    /// A navigation sidebar: grouped headers, compact rows.
    case sidebar
    /// macOS: a bordered table with alternating row backgrounds.
    case bordered
    /// watchOS: rows shrink and fade towards the top and bottom edges.
    case elliptical

    /// True when sections are separated by extra space.
    public var separatesSections: Bool { self == .grouped || self == .insetGrouped || self == .sidebar }
    /// True when the current section's header stays at the top while its rows scroll under it,
    /// pushed up by the next one: UIKit's plain style.
    public var pinsSectionHeaders: Bool { self == .plain }
    /// True when rows alternate their background.
    public var alternatesRows: Bool { self == .bordered }
    /// The horizontal inset of rows, in points.
    public var rowInset: Double { self == .insetGrouped ? 16 : 0 }
}

/// How a host should draw one row now: selection, feedback, editing and style effects.
public struct RowAppearance: Sendable, Hashable {
    /// Drawn selected (highlighted).
    public var isSelected = false
    /// A brief highlight after activation in an option list (LT-04).
    public var isFlashing = false
    /// Shows a checkmark.
    public var showsCheckmark = false
    /// The keyboard or focus cursor is on this row.
    public var isFocused = false
    /// tvOS: the focused row is raised and grows slightly (LT-13).
    public var isRaised = false
    /// Bordered style: this row takes the alternate background (LT-12).
    public var usesAlternateBackground = false
    /// Edit mode: the row shows a delete control.
    public var showsDeleteControl = false
    /// Edit mode: the row shows a reorder handle.
    public var showsReorderHandle = false
    /// Elliptical style: the size relative to a row at the centre, 0…1.
    public var scale: Double = 1
    /// Elliptical style: the opacity, 0…1.
    public var opacity: Double = 1
}

/// How long the option-list highlight lasts before the checkmark shows, in seconds (LT-04).
let checkmarkFlashDuration = 0.25
