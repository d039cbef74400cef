extension ListState {
    /// True when an edit can be undone.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// True when an undone edit can be redone.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Inserts `rows` so that the first lands at `indexPath` (a row index equal to the section's
    /// count appends). Needs the insert permission.
    public mutating func insertRows(_ rows: [Row], at indexPath: IndexPath) throws(ListError) {
        try require(.insert, "inserting rows")
        try validateSection(indexPath.section)
        let count = sections[indexPath.section].order.count
        guard indexPath.row >= 0 && indexPath.row <= count else { throw .rowOutOfRange(indexPath, rowsInSection: count) }
        recordUndo()
        var ids = sections[indexPath.section].order.ids
        var newIDs: [RowID] = []
        for row in rows {
            let id = RowID(inserted: nextSerial)
            nextSerial += 1
            inserted[id] = row
            newIDs.append(id)
        }
        ids.insert(contentsOf: newIDs, at: indexPath.row)
        sections[indexPath.section].order = explicitOrder(ids, section: indexPath.section)
        rowsChanged()
        if selectsAfterEdits, let first = newIDs.first { focusAfterEdit(first) }
    }

    /// Deletes the rows at `indexPaths` (duplicates are ignored; every path must exist). Needs the
    /// delete permission. Deleted rows leave the selection.
    public mutating func deleteRows(at indexPaths: [IndexPath]) throws(ListError) {
        try require(.delete, "deleting rows")
        for path in indexPaths { try validate(path) }
        recordUndo()
        let cursorPath = cursor.flatMap { indexPath(of: $0) }
        var gone = Set<RowID>()
        for section in Set(indexPaths.map(\.section)) {
            let rows = Set(indexPaths.filter { $0.section == section }.map(\.row))
            let ids = sections[section].order.ids
            var kept: [RowID] = []
            kept.reserveCapacity(ids.count - rows.count)
            for (i, id) in ids.enumerated() { if rows.contains(i) { gone.insert(id) } else { kept.append(id) } }
            sections[section].order = explicitOrder(kept, section: section)
        }
        forget(gone)
        rowsChanged()
        if selectsAfterEdits, let path = cursorPath, cursor == nil {
            // Deleted rows above the cursor's row move its place up.
            let above = Set(indexPaths.filter { $0.section == path.section && $0.row < path.row }.map(\.row)).count
            let count = sections[path.section].order.count
            if count > 0 { focusAfterEdit(sections[path.section].order[Swift.min(path.row - above, count - 1)]) }
        }
    }

    /// Moves one row to `destination` (its position after the move, possibly in another section).
    /// Needs the reorder permission, which may be granted alone (LT-03).
    public mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(ListError) {
        try require(.reorder, "reordering rows")
        try validate(source)
        try validateSection(destination.section)
        let limit = sections[destination.section].order.count - (source.section == destination.section ? 1 : 0)
        guard destination.row >= 0 && destination.row <= limit else { throw .rowOutOfRange(destination, rowsInSection: limit + 1) }
        recordUndo()
        moveRowUnrecorded(from: source, to: destination)
    }

    /// Moves a row between valid positions without an undo step: a drag by the reorder handle
    /// moves it many times and records one.
    mutating func moveRowUnrecorded(from source: IndexPath, to destination: IndexPath) {
        var from = sections[source.section].order.ids
        let id = from.remove(at: source.row)
        sections[source.section].order = explicitOrder(from, section: source.section)
        var to = sections[destination.section].order.ids
        to.insert(id, at: destination.row)
        sections[destination.section].order = explicitOrder(to, section: destination.section)
        rowsChanged()
    }

    /// Inserts a section at `index` (equal to the count appends). Needs the insert permission.
    public mutating func insertSection(_ section: ListSection<Row>, at index: Int) throws(ListError) {
        try require(.insert, "inserting sections")
        try validateSection(index, allowEnd: true)
        recordUndo()
        let source = sources.count
        sources.append(section)
        sourceCounts.append(Self.shownCount(section))
        sections.insert(SectionState(header: section.header, footer: section.footer, indexTitle: section.indexTitle,
                                     order: .identity(sourceSection: source, count: Self.shownCount(section)), source: source), at: index)
        reindexExplicitOrders()
        rowsChanged()
    }

    /// Deletes the section at `index` with its rows. Needs the delete permission.
    public mutating func deleteSection(at index: Int) throws(ListError) {
        try require(.delete, "deleting sections")
        try validateSection(index)
        recordUndo()
        let gone = Set(sections[index].order.ids)
        sections.remove(at: index)
        reindexExplicitOrders()
        forget(gone)
        rowsChanged()
    }

    /// Moves the section at `source` to `destination`. Needs the reorder permission.
    public mutating func moveSection(from source: Int, to destination: Int) throws(ListError) {
        try require(.reorder, "reordering sections")
        try validateSection(source)
        try validateSection(destination)
        recordUndo()
        let section = sections.remove(at: source)
        sections.insert(section, at: destination)
        reindexExplicitOrders()
        rowsChanged()
    }

    /// Sorts the rows of `section` by `areInIncreasingOrder`, stably: rows that compare equal keep
    /// their order. Rows are compared through the source, not copied. Undoable.
    public mutating func sortRows(inSection section: Int, by areInIncreasingOrder: (Row, Row) -> Bool) throws(ListError) {
        try validateSection(section)
        recordUndo()
        let order = sections[section].order
        var positions = Array(0..<order.count)
        positions.sort { a, b in
            let ra = row(for: order[a]), rb = row(for: order[b])
            if areInIncreasingOrder(ra, rb) { return true }
            if areInIncreasingOrder(rb, ra) { return false }
            return a < b
        }
        sections[section].order = explicitOrder(positions.map { order[$0] }, section: section)
        rowsChanged()
    }

    /// Arranges `section` in the order `ids` (a table sort worked out elsewhere): a new way of
    /// looking at the rows, not an edit, so it is not undoable, as sorting an AppKit table is not.
    /// The undo and redo history is cleared: its snapshots hold the old arrangement (a copy of
    /// every row's identity each), which would come back with an undo and would keep memory
    /// growing with every sort of a large table.
    mutating func arrange(_ arrangement: RowArrangement, ofSection section: Int) {
        undoStack.removeAll()
        redoStack.removeAll()
        switch arrangement {
        case let .sourceIndexes(indexes):
            let source = sections[section].source ?? 0
            sections[section].order = .explicit(ExplicitOrder(sourceIndexes: indexes, section: source, count: sourceCounts[safe: source] ?? 0))
        case let .ids(ids):
            sections[section].order = explicitOrder(ids, section: section)
        }
        rowsChanged()
    }

    /// Undoes the last edit: the rows, selection and scroll position are exactly as they were.
    public mutating func undo() throws(ListError) {
        guard let previous = undoStack.popLast() else { throw .nothingToUndo }
        redoStack.append(snapshot)
        restore(previous)
    }

    /// Redoes the last undone edit.
    public mutating func redo() throws(ListError) {
        guard let next = redoStack.popLast() else { throw .nothingToUndo }
        undoStack.append(snapshot)
        restore(next)
    }

    // MARK: Helpers

    /// Gives `id` the cursor (and the selection, where rows can be selected) and shows it.
    private mutating func focusAfterEdit(_ id: RowID) {
        cursor = id
        anchor = id
        if selectionMode != .none { selection = [id] }
        if let path = indexPath(of: id), let item = itemIndex(of: path) {
            scroll.reveal(revealFrame(ofItem: item), policy: .nearest, animated: false, time: scroll.time)
        }
    }

    var snapshot: Snapshot {
        Snapshot(sections: sections, inserted: inserted, selection: selection, cursor: cursor, anchor: anchor, scrollOffset: scroll.offset)
    }

    private mutating func restore(_ s: Snapshot) {
        sections = s.sections
        inserted = s.inserted
        selection = s.selection
        cursor = s.cursor
        anchor = s.anchor
        rowsChanged()
        scroll.moveOffset(to: s.scrollOffset, time: scroll.time)
    }

    mutating func recordUndo() {
        undoStack.append(snapshot)
        if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        redoStack.removeAll()
    }

    func require(_ permission: EditPermissions, _ what: String) throws(ListError) {
        guard editPermissions.contains(permission) else { throw .editNotAllowed(what) }
    }

    /// Drops deleted rows from the selection and cursor (their data stays for undo).
    private mutating func forget(_ gone: Set<RowID>) {
        selection.subtract(gone)
        if let c = cursor, gone.contains(c) { cursor = nil }
        if let a = anchor, gone.contains(a) { anchor = nil }
    }

    /// Explicit orders index rows by their section's own source; moving sections keeps that.
    private mutating func reindexExplicitOrders() {
        for s in sections.indices {
            if case .explicit = sections[s].order { sections[s].order = explicitOrder(sections[s].order.ids, section: s) }
        }
    }
}

extension ListState {
    /// The rows changed (an edit, a new order, a reload): the version moves on and the geometry is
    /// worked out again.
    mutating func rowsChanged() {
        rowsVersion &+= 1
        rebuildGeometry()
    }
}
