extension ListState {
    /// The section index titles, in section order, with the section each jumps to (LT-11).
    public var sectionIndexTitles: [(title: String, section: Int)] {
        sections.enumerated().compactMap { s, section in section.indexTitle.map { ($0, s) } }
    }

    /// The section for a position along the index, 0 (top) to 1 (bottom): a click or a drag on the
    /// index letters. Nil when the list has no index.
    public func section(forIndexPosition position: Double) -> Int? {
        let titles = sectionIndexTitles
        guard !titles.isEmpty, position.isFinite else { return nil }
        let i = Int((position.clamped(to: 0...1) * Double(titles.count)).rounded(.down))
        return titles[Swift.min(i, titles.count - 1)].section
    }

    /// Jumps so that `section` starts at the top of the view (as far as the content allows).
    public mutating func jump(toSection section: Int) throws(ListError) {
        try validateSection(section)
        guard let item = itemIndex(ofSection: section) else { return }
        scroll.moveOffset(to: Point(x: scroll.offset.x, y: scrollOffset(showingAtTop: item)), time: scroll.time)
    }

    /// The section header pinned at the top of the view, in a style that pins them
    /// (``ListStyle/pinsSectionHeaders``): the header of the section at the top once it has
    /// scrolled past, and its y in the view: 0, or less while the next section pushes it up. Nil
    /// when the header is where it would be anyway (or the section has none).
    public var pinnedHeader: (section: Int, y: Double)? {
        guard style.pinsSectionHeaders, !sections.isEmpty else { return nil }
        let top = scroll.offset.y
        guard top > contentOffset(ofItem: 0), let item = item(atContentOffset: top) else { return nil }
        // The section holding the item at the top: the last whose first item is not below it.
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if itemStarts[mid] <= item { low = mid } else { high = mid - 1 }
        }
        let section = low
        guard sections[section].header != nil, let header = itemIndex(ofSection: section), contentOffset(ofItem: header) < top else { return nil }
        let height = heights.height(ofItem: header)
        var y = 0.0
        if section + 1 < sections.count {
            // The next section's first item pushes the pinned header up as it arrives.
            let next = contentOffset(ofItem: itemStarts[section + 1]) - top
            y = Swift.min(0, next - height)
        }
        return (section, y)
    }

    /// Guideline checks for this list: a section index together with rows that have trailing
    /// controls (LT-11), and row heights that vary widely (LT-02). Rows are sampled (the first
    /// rows of each section and the measured ones), never walked as a whole.
    public func diagnostics(sampleRowsPerSection: Int = 50) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if !sectionIndexTitles.isEmpty {
            outer: for (s, section) in sections.enumerated() {
                for r in 0..<Swift.min(section.order.count, Swift.max(0, sampleRowsPerSection)) {
                    let accessory = content(row(for: section.order[r])).accessory
                    if accessory.isTrailingControl {
                        found.append(Diagnostic("LT-11", "a section index is shown with rows that have trailing controls (\(accessory) in section \(s)); the index and the controls compete for the trailing edge"))
                        break outer
                    }
                }
            }
        }
        let sizes = measured.values.filter { $0 > 0 }
        if let low = sizes.min(), let high = sizes.max(), high > 4 * low {
            found.append(Diagnostic("LT-02", "row heights range from \(low) to \(high) points; items of widely varying size belong in a collection"))
        }
        return found
    }
}
