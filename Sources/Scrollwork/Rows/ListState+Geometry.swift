extension ListState {
    /// The number of laid-out items: rows plus headers, footers, spacers and "show more" rows.
    public var numberOfItems: Int { itemStarts.last ?? 0 }

    /// How many rows of `section` are shown: all, or the watchOS row limit (LT-14).
    func shownRows(_ section: Int) -> Int { parts(section).rows }

    /// The items section `s` is made of now (``items`` has them as of the last structural change).
    private func parts(_ s: Int) -> ListItemMap.Parts {
        ListItemMap.parts(of: sections[s], at: s, rowLimit: rowLimit, expanded: expandedSections.contains(s), separated: style.separatesSections)
    }

    /// The item at flat position `index`.
    public func item(at index: Int) -> Item? { items.item(at: index) }

    /// The flat position of the row at `indexPath` (nil when it is hidden by the row limit).
    public func itemIndex(of indexPath: IndexPath) -> Int? {
        guard sections.indices.contains(indexPath.section), indexPath.row >= 0, indexPath.row < shownRows(indexPath.section) else { return nil }
        let p = parts(indexPath.section)
        // Saturating: past Int.max items (sections whose counts add up beyond it) are not laid out.
        let index = itemStarts[indexPath.section].addingSaturating((p.spacer ? 1 : 0) + (p.header ? 1 : 0)).addingSaturating(indexPath.row)
        return index < numberOfItems ? index : nil
    }

    /// The flat position of `section`'s header (or its first item when it has none).
    public func itemIndex(ofSection section: Int) -> Int? {
        guard sections.indices.contains(section) else { return nil }
        return itemStarts[section] + (parts(section).spacer ? 1 : 0)
    }

    /// The frame of item `index` in content coordinates.
    public func frame(ofItem index: Int) -> Rect {
        let inset = style.rowInset
        return Rect(x: inset, y: contentOffset(ofItem: index), width: Swift.max(0, scroll.contentViewport.width - 2 * inset),
                    height: heights.height(ofItem: index))
    }

    /// Item `index`'s rows at the horizontal position already shown: what revealing a row
    /// scrolls to, so that moving through the rows of a wide table never scrolls it sideways.
    func revealFrame(ofItem index: Int) -> Rect {
        // The content insets are where bars and indicators lie over the rows: a row revealed is
        // revealed clear of them, as a table view places a row clear of its toolbars.
        let insets = scroll.contentInsets
        return Rect(x: scroll.offset.x, y: contentOffset(ofItem: index) - insets.top, width: 0,
                    height: heights.height(ofItem: index) + insets.top + insets.bottom)
    }

    /// The items in view (plus `overscan` on each side, clamped to 0…1,000) with their frames in
    /// content coordinates. Costs O(visible items · log n), whatever the number of rows.
    public func visibleItems(overscan: Int = 2) -> [(index: Int, item: Item, frame: Rect)] {
        if let place = compressedPlace { return compressedVisibleItems(place, overscan: overscan.clamped(to: 0...1000)) }
        let range = heights.visibleRange(top: scroll.offset.y, length: scroll.contentViewport.height, overscan: overscan.clamped(to: 0...1000))
        // Read once: each read of this generic type's properties looks the type up at run time.
        let map = items, heights = heights, inset = style.rowInset
        let width = Swift.max(0, scroll.contentViewport.width - 2 * inset)
        // Reserved once: grown item by item, the array was copied several times a frame.
        var visible: [(index: Int, item: Item, frame: Rect)] = []
        visible.reserveCapacity(range.count)
        for i in range {
            guard let item = map.item(at: i) else { continue }
            visible.append((i, item, Rect(x: inset, y: heights.offset(ofItem: i), width: width, height: heights.height(ofItem: i))))
        }
        return visible
    }

    /// Sets the size of the view the list is shown in. The row at the top stays at the top
    /// (scroll anchoring): when the view grows so far that the offset must move, and later
    /// shrinks again before anyone scrolls, that row comes back to the top.
    public mutating func setViewport(_ size: Size) {
        let atRest = scroll.drag == nil && scroll.motion.vertical.isIdle
        // A compressed list keeps its place in proportion, not a row at the top.
        let anchors = compressedPlace == nil
        var anchor = anchors ? resizeAnchor : nil
        if anchors && anchor?.offset != scroll.offset.y {
            anchor = heights.item(atOffset: scroll.offset.y).map { item in
                (item, scroll.offset.y - heights.offset(ofItem: item), scroll.offset.y)
            }
        }
        scroll.viewportSize = size
        updateContentSize()
        guard atRest, let top = anchor else { resizeAnchor = nil; return }
        let wanted = heights.offset(ofItem: top.item) + top.within
        scroll.offset.y = wanted.clamped(to: scroll.offsetBounds(.vertical))
        resizeAnchor = (top.item, top.within, scroll.offset.y)
    }

    /// Records a row's measured height. If the row lies above the top of the view, the scroll
    /// offset moves by the same amount, so the visible rows do not jump (scroll anchoring).
    public mutating func setMeasuredHeight(_ height: Double, at indexPath: IndexPath) throws(ListError) {
        guard height.isFinite else { throw .notFinite(parameter: "height", value: height) }
        let id = try self.id(at: indexPath)
        measured[id] = Swift.max(0, height)
        guard let index = itemIndex(of: indexPath) else { return }
        let above = contentOffset(ofItem: index) + heights.height(ofItem: index) <= scroll.offset.y
        let delta: Double
        if heights.isVariable {
            delta = heights.setMeasuredHeight(height, ofItem: index)
        } else {
            // Uniform heights have no room for one row's own height: the first measured row
            // turns them into variable heights now, whatever the style or rowsVaryInHeight say.
            let before = heights.height(ofItem: index)
            rebuildGeometry()
            delta = heights.height(ofItem: index) - before
        }
        updateContentSize()
        if above { scroll.shiftContent(.vertical, by: delta) }
    }

    /// Recomputes where every item starts and how tall it is, after a structural change.
    mutating func rebuildGeometry() {
        items = ListItemMap(sections.indices.map(parts))
        let starts = items.starts, total = items.count
        let m = metrics
        let uniform = !m.rowsVaryInHeight && measured.isEmpty
            && (!sections.contains { $0.header != nil } || m.headerHeight == m.rowHeight)
            && (!sections.contains { $0.footer != nil } || m.footerHeight == m.rowHeight)
            && (!style.separatesSections || sections.count < 2 || m.sectionSpacing == m.rowHeight)
        if uniform {
            heights = .fixed(m.rowHeight, count: total)
        } else if !m.rowsVaryInHeight && measured.isEmpty {
            // Rows of one height among decorations of others: no memory a row, at any count.
            var exceptions: [(index: Int, height: Double)] = []
            for (s, p) in items.parts.enumerated() {
                var i = starts[s]
                if p.spacer { exceptions.append((i, m.sectionSpacing)); i = i.addingSaturating(1) }
                if p.header { exceptions.append((i, m.headerHeight)); i = i.addingSaturating(1) }
                i = i.addingSaturating(p.rows)
                if p.showMore { exceptions.append((i, m.rowHeight)); i = i.addingSaturating(1) }
                if p.footer { exceptions.append((i, m.footerHeight)) }
            }
            heights = .uniform(m.rowHeight, count: total, except: exceptions)
        } else {
            // Items are visited in order, so walk the sections alongside instead of decoding each.
            var s = 0, local = 0
            heights = .variable(count: total) { _ in
                while s < self.sections.count - 1 && local >= starts[s + 1] - starts[s] { s += 1; local = 0 }
                defer { local += 1 }
                let p = self.items.parts[s]
                var i = local
                if p.spacer { if i == 0 { return m.sectionSpacing }; i -= 1 }
                if p.header { if i == 0 { return m.headerHeight }; i -= 1 }
                if i < p.rows { return self.measured[self.sections[s].order[i]] ?? m.rowHeight }
                i -= p.rows
                if p.showMore && i == 0 { return m.rowHeight }
                return m.footerHeight
            }
        }
        updateContentSize()
    }

    mutating func updateContentSize() {
        let height = heights.totalHeight
        let size = Size(width: scroll.spanningContentWidth(height: height, atLeast: contentWidth), height: height)
        if scroll.contentSize != size { scroll.contentSize = size }
    }

    /// Sizes the content to the view again after a change the list does not see: a scroller
    /// style set on `scroll` directly (a legacy scroller narrows the width rows span, SV-11).
    public mutating func fitContentWidth() { updateContentSize() }

    /// watchOS: shows every row of `section` after its "show more" row was chosen (LT-14).
    public mutating func showMore(inSection section: Int) throws(ListError) {
        try validateSection(section)
        expandedSections.insert(section)
        rebuildGeometry()
    }

    /// watchOS: the row whose detail view follows the one for `indexPath` in vertical paging
    /// between detail views, across sections; nil after the last row (LT-14).
    ///
    /// A path before the first section counts as before the first row.
    public func nextDetail(after indexPath: IndexPath) -> IndexPath? {
        var s = indexPath.section, r = Swift.max(0, indexPath.row.addingSaturating(1))
        if s < 0 { (s, r) = (0, 0) }
        while s < sections.count {
            if r < sections[s].order.count { return IndexPath(row: r, section: s) }
            s += 1
            r = 0
        }
        return nil
    }

    /// watchOS: the row whose detail view comes before the one for `indexPath`; nil before the
    /// first. A path past a section's rows, or past the last section, counts as after its last row.
    public func previousDetail(before indexPath: IndexPath) -> IndexPath? {
        var s = indexPath.section, r = indexPath.row.subtractingSaturating(1)
        if s >= sections.count { (s, r) = (sections.count - 1, Int.max) }
        while s >= 0 {
            let count = sections[s].order.count
            if r >= 0 && count > 0 { return IndexPath(row: Swift.min(r, count - 1), section: s) }
            s -= 1
            r = Int.max
        }
        return nil
    }
}

extension ListState {
    /// The item drawn at `y` points from the top of the viewport, if any.
    public func item(atViewportY y: Double) -> ListItem? {
        let offset = scroll.offset.y + y
        guard offset.isFinite, offset >= contentOffset(ofItem: 0), offset < contentOffset(ofItem: heights.count),
              let index = item(atContentOffset: offset) else { return nil }
        return item(at: index)
    }

    /// The frame of the detail button (ⓘ) of the row at `indexPath`, in viewport points: the
    /// trailing ``ListMetrics/accessoryWidth`` of the row; nil when the row has no detail button.
    public func detailButtonFrame(at indexPath: IndexPath) -> Rect? {
        guard let content = try? content(at: indexPath), let index = itemIndex(of: indexPath) else { return nil }
        switch content.accessory {
        case .detailButton, .detailDisclosureButton: break
        default: return nil
        }
        let row = frame(ofItem: index)
        let width = Swift.min(metrics.accessoryWidth, row.width)
        return Rect(x: row.maxX - width - scroll.offset.x, y: row.minY - scroll.offset.y, width: width, height: row.height)
    }
}
