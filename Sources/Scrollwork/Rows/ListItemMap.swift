/// How a list's sections lay out as flat items (spacers, headers, rows, "show more" rows,
/// footers), worked out when the list's structure changes.
///
/// `ListState` is generic over its row type, and generic code that another module calls is not
/// specialised: every use of its stored properties looks its type up at run time, and reading a
/// section copies its header and footer. Looking items up here, in a type without the row type
/// and from plain counts, makes a screen of items cost one lookup.
struct ListItemMap: Sendable {
    /// The items one section is made of.
    struct Parts: Sendable, Equatable {
        var spacer: Bool
        var header: Bool
        var rows: Int
        var showMore: Bool
        var footer: Bool

        /// The number of items, at most `Int.max` (a source may claim that many rows).
        var count: Int { rows.addingSaturating((spacer ? 1 : 0) + (header ? 1 : 0) + (showMore ? 1 : 0) + (footer ? 1 : 0)) }
    }

    /// Where each section's items start, then the total.
    private(set) var starts: [Int] = [0]
    /// Each section's parts.
    private(set) var parts: [Parts] = []

    /// No sections.
    init() {}

    /// The map of `parts`, one a section.
    init(_ parts: [Parts]) {
        self.parts = parts
        starts.reserveCapacity(parts.count + 1)
        var total = 0
        for p in parts {
            // Saturating: items past Int.max cannot be reached, but nothing traps.
            total = total.addingSaturating(p.count)
            starts.append(total)
        }
    }

    /// The parts of `section`, section number `index`, with at most `rowLimit` rows shown unless
    /// the section was expanded (LT-14), after a spacer when sections are separated.
    static func parts(of section: ListSectionState, at index: Int, rowLimit: Int?, expanded: Bool, separated: Bool) -> Parts {
        let count = section.order.count
        let rows = rowLimit.map { expanded ? count : Swift.min(count, Swift.max(0, $0)) } ?? count
        return Parts(spacer: separated && index > 0, header: section.header != nil, rows: rows, showMore: rows < count, footer: section.footer != nil)
    }

    /// The number of items.
    var count: Int { starts.last ?? 0 }

    /// The item at flat position `index`, nil outside `0..<count`.
    func item(at index: Int) -> ListItem? {
        guard index >= 0 && index < count, !parts.isEmpty else { return nil }
        var low = 0, high = parts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        let s = low
        var local = index - starts[s]
        let p = parts[s]
        if p.spacer { if local == 0 { return .spacer(section: s) }; local -= 1 }
        if p.header { if local == 0 { return .header(section: s) }; local -= 1 }
        if local < p.rows { return .row(IndexPath(row: local, section: s)) }
        local -= p.rows
        if p.showMore { if local == 0 { return .showMore(section: s) }; local -= 1 }
        return p.footer && local == 0 ? .footer(section: s) : nil
    }
}
