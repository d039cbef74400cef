extension ListState {
    /// True when several rows may be selected now: multiple mode, and on iOS only in edit mode (LT-03).
    public var allowsMultipleSelectionNow: Bool {
        selectionMode == .multiple && (idiom != .iOS || isEditing)
    }

    /// The selected rows' positions, in order.
    public var selectedIndexPaths: [IndexPath] { selection.compactMap { indexPath(of: $0) }.sorted() }

    /// Selects the row at `indexPath`. With several rows allowed, `toggling` adds or removes it
    /// (⌘-click) and `extending` selects the range from the last selected row (⇧-click); otherwise
    /// it becomes the only selected row. With the checkmark feedback the row highlights briefly
    /// before its checkmark shows (LT-04).
    public mutating func select(_ indexPath: IndexPath, extending: Bool = false, toggling: Bool = false, at time: Double = 0) throws(ListError) {
        let id = try self.id(at: indexPath)
        guard selectionMode != .none else { return }
        if allowsMultipleSelectionNow && toggling {
            if selection.contains(id) { selection.remove(id) } else { selection.insert(id) }
            anchor = id
        } else if allowsMultipleSelectionNow && extending, let from = anchor.flatMap({ self.indexPath(of: $0) }) {
            let a = flatRow(from), b = flatRow(indexPath)
            var range = Set<RowID>()
            for flat in Swift.min(a, b)...Swift.max(a, b) {
                if let path = self.indexPath(forFlatRow: flat), let rowID = try? self.id(at: path) { range.insert(rowID) }
            }
            selection = range
        } else {
            selection = [id]
            anchor = id
        }
        cursor = id
        if selectionFeedback == .checkmark { flash = (id, time + checkmarkFlashDuration) }
    }

    /// Deselects the row at `indexPath`.
    public mutating func deselect(_ indexPath: IndexPath) throws(ListError) {
        selection.remove(try id(at: indexPath))
    }

    /// Deselects every row.
    public mutating func deselectAll() { selection.removeAll() }

    /// Selects every row (⌘A), where several rows may be selected now; otherwise nothing changes.
    /// Returns whether it selected.
    @discardableResult
    public mutating func selectAll() -> Bool {
        guard allowsMultipleSelectionNow else { return false }
        var all = Set<RowID>(minimumCapacity: numberOfRows)
        for section in sections { all.formUnion(section.order.ids) }
        selection = all
        return true
    }

    /// Leaving edit mode on iOS keeps at most one selected row.
    mutating func keepOnlyCursor() {
        selection = cursor.map { selection.contains($0) ? [$0] : [] } ?? []
    }

    /// People activated a row (a tap, a click, Return) or its detail button (LT-10): a detail
    /// button shows details and never navigates; a disclosure indicator navigates; other rows
    /// select (option lists show the brief highlight, then the checkmark).
    ///
    /// - Parameters:
    ///   - indexPath: the row.
    ///   - target: the row itself, or its detail button (ⓘ).
    ///   - extending: selects the range from the last selected row (⇧-click), where several rows
    ///     may be selected; such a click selects and never navigates.
    ///   - toggling: adds or removes the row (⌘-click), likewise.
    ///   - time: when, in seconds; an option list's highlight starts then.
    /// - Returns: what the app should do: navigate, show details, or note a new selection.
    /// - Throws: ``ListError`` when `indexPath` names no row.
    public mutating func activate(_ indexPath: IndexPath, target: ActivationTarget = .row, extending: Bool = false, toggling: Bool = false,
                                  at time: Double = 0) throws(ListError) -> ListEvent {
        if target == .row, allowsMultipleSelectionNow, extending || toggling {
            try select(indexPath, extending: extending && !toggling, toggling: toggling, at: time)
            return .selectionChanged(indexPath)
        }
        let accessory = try content(at: indexPath).accessory
        if target == .detailButton && (accessory == .detailButton || accessory == .detailDisclosureButton) {
            return .showDetails(indexPath)
        }
        let navigates = accessory == .disclosureIndicator || accessory == .detailDisclosureButton
        if selectionMode != .none {
            let toggling = allowsMultipleSelectionNow && selectionFeedback == .checkmark
            try select(indexPath, toggling: toggling, at: time)
        }
        if navigates && !isEditing { return .navigate(indexPath) }
        return selectionMode == .none ? .none : .selectionChanged(indexPath)
    }

    /// Moves the cursor (and the selection, or with `extending` the selected range) by keyboard,
    /// scrolling only as much as needed to keep it in view. In an option list (checkmark
    /// feedback) the keys move only the focus: the chosen row keeps its checkmark until another
    /// row is activated (LT-04).
    public mutating func moveCursor(_ move: ListMove, extending: Bool = false, at time: Double = 0) throws(ListError) {
        let total = numberOfRows
        guard total > 0 else { return }
        let current = cursor.flatMap { indexPath(of: $0) }.map { flatRow($0) }
        var target: Int
        switch move {
        case .up: target = (current ?? 1) - 1
        case .down: target = (current ?? -1) + 1
        case .home: target = 0
        case .end: target = total - 1
        case .pageUp, .pageDown:
            let from = current ?? 0
            let path = indexPath(forFlatRow: from) ?? IndexPath(row: 0)
            let top = itemIndex(of: path).map { contentOffset(ofItem: $0) } ?? 0
            let page = Swift.max(scroll.contentViewport.height - metrics.rowHeight, metrics.rowHeight)
            let y = move == .pageDown ? top + page : top - page
            target = nearestRow(toOffset: y).map { flatRow($0) } ?? from
            if target == from { target += move == .pageDown ? 1 : -1 }
        }
        target = Swift.min(Swift.max(target, 0), total - 1)
        guard let path = indexPath(forFlatRow: target) else { return }
        if selectionMode == .none || (selectionFeedback == .checkmark && !extending) {
            cursor = try id(at: path)
        } else {
            try select(path, extending: extending, at: time)
            if !extending { anchor = cursor }
        }
        try revealRow(path, at: time)
    }

    /// Scrolls the least amount that shows the row at `indexPath` whole.
    public mutating func revealRow(_ indexPath: IndexPath, at time: Double = 0) throws(ListError) {
        try validate(indexPath)
        reveal(id: try id(at: indexPath), at: time)
    }

    /// Scrolls the least amount that shows the row `id` whole; a row not in the list is ignored.
    mutating func reveal(id: RowID, at time: Double) {
        guard let path = indexPath(of: id), let item = itemIndex(of: path) else { return }
        if compressedPlace != nil { return revealCompressed(item: item, time: time) }
        scroll.reveal(revealFrame(ofItem: item), policy: .nearest, animated: false, time: Swift.max(time, scroll.time))
    }

    /// How the row at `indexPath` should look at `time`. Pass the row's `accessory` when it is
    /// already known, so the row is not fetched from its source again.
    public func appearance(at indexPath: IndexPath, time: Double = 0, accessory: RowContent.Accessory? = nil) -> RowAppearance {
        guard let id = try? id(at: indexPath) else { return RowAppearance() }
        return appearance(of: id, at: indexPath, time: time, accessory: accessory)
    }

    /// ``appearance(at:time:accessory:)`` of the row `id` that a caller drawing rows has already
    /// read at `indexPath`: the lookup is not made twice a row a frame.
    package func appearance(of id: RowID, at indexPath: IndexPath, time: Double, accessory: RowContent.Accessory?) -> RowAppearance {
        var look = RowAppearance()
        // One selected row (the usual case) is compared, not hashed: this runs for every row drawn.
        let selected = soleSelection.map { $0 == id } ?? (!selection.isEmpty && selection.contains(id))
        let flashing = flash.map { $0.id == id && time < $0.until } ?? false
        look.isFlashing = flashing
        look.isSelected = selected && selectionFeedback == .persistentHighlight
        look.showsCheckmark = (selected && selectionFeedback == .checkmark && !flashing)
            || (accessory ?? (try? content(at: indexPath).accessory)) == .checkmark
        look.isFocused = cursor == id
        look.isRaised = idiom == .tvOS && cursor == id
        look.usesAlternateBackground = style.alternatesRows && flatRow(indexPath) % 2 == 1
        look.showsDeleteControl = isEditing && editPermissions.contains(.delete)
        look.showsReorderHandle = isEditing && editPermissions.contains(.reorder)
        if style == .elliptical, let item = itemIndex(of: indexPath) {
            let frame = frame(ofItem: item)
            let half = scroll.contentViewport.height / 2
            let centre = scroll.offset.y + half
            let d = half > 0 ? Swift.min(1, abs(frame.midY - centre) / half) : 0
            look.scale = 1 - 0.3 * d * d
            look.opacity = 1 - 0.6 * d * d
        }
        return look
    }

    /// Focuses (and selects) the first row when no row is focused and there is one: a view
    /// that keeps a focused row as its rows come, are filtered or sorted calls this after each
    /// change, so that a key acting on "the focused row" always has one. False when nothing
    /// changed (a row was focused already, or there is none, or nothing can be selected).
    @discardableResult
    public mutating func focusFirstRowIfNone(at time: Double = 0) throws(ListError) -> Bool {
        guard cursor.flatMap({ indexPath(of: $0) }) == nil, let first = indexPath(forFlatRow: 0) else { return false }
        try select(first, at: time)
        return cursor != nil
    }

    // MARK: Flat row positions

    /// The position of `indexPath` counting rows of every section in order, saturating at
    /// `Int.min` and `Int.max` for paths far outside the list. O(sections).
    public func flatRow(_ indexPath: IndexPath) -> Int {
        if indexPath.section == 0 { return indexPath.row }
        return sections.prefix(Swift.max(0, indexPath.section)).reduce(0) { $0.addingSaturating($1.order.count) }.addingSaturating(indexPath.row)
    }

    /// The row at flat position `flat`, or nil past the end.
    public func indexPath(forFlatRow flat: Int) -> IndexPath? {
        guard flat >= 0 else { return nil }
        var remaining = flat
        for (s, section) in sections.enumerated() {
            if remaining < section.order.count { return IndexPath(row: remaining, section: s) }
            remaining -= section.order.count
        }
        return nil
    }

    /// The shown row nearest to vertical position `y`.
    func nearestRow(toOffset y: Double) -> IndexPath? {
        guard let start = item(atContentOffset: y) else { return nil }
        for distance in 0..<numberOfItems {
            for index in [start + distance, start - distance] where index >= 0 && index < numberOfItems {
                if case let .row(path)? = item(at: index) { return path }
            }
        }
        return nil
    }
}
