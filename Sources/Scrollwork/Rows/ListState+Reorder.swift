/// A row dragged by its reorder handle in edit mode (LT-03).
public struct RowReorder: Sendable, Hashable {
    /// The row being moved.
    public let row: RowID
    /// Where it was when the drag began.
    public let origin: IndexPath
    /// The pointer's distance from the top of the view, as last reported.
    public var pointerY: Double
}

extension ListState {
    /// The frame of the reorder handle (≡) of the row at `indexPath`, in viewport points: the
    /// trailing ``ListMetrics/accessoryWidth`` of the row; nil when no handle shows (not editing,
    /// or reordering not allowed).
    public func reorderHandleFrame(at indexPath: IndexPath) -> Rect? {
        editControlFrame(at: indexPath, shown: isEditing && editPermissions.contains(.reorder), trailing: true)
    }

    /// The frame of the delete control (⊖) of the row at `indexPath`, in viewport points: the
    /// leading ``ListMetrics/accessoryWidth`` of the row; nil when none shows.
    public func deleteControlFrame(at indexPath: IndexPath) -> Rect? {
        editControlFrame(at: indexPath, shown: isEditing && editPermissions.contains(.delete), trailing: false)
    }

    private func editControlFrame(at indexPath: IndexPath, shown: Bool, trailing: Bool) -> Rect? {
        guard shown, let index = itemIndex(of: indexPath) else { return nil }
        let row = frame(ofItem: index)
        let width = Swift.min(metrics.accessoryWidth, row.width)
        return Rect(x: (trailing ? row.maxX - width : row.minX) - scroll.offset.x, y: row.minY - scroll.offset.y, width: width, height: row.height)
    }

    /// Starts dragging the row at `indexPath` by its reorder handle, the pointer `pointerY` points
    /// from the top of the view. The whole drag is one undo step.
    ///
    /// - Throws: ``ListError`` when there is no such row or reordering is not allowed.
    public mutating func beginReorder(at indexPath: IndexPath, pointerY: Double, at time: Double) throws(ListError) {
        try require(.reorder, "reordering rows")
        let id = try self.id(at: indexPath)
        if reordering != nil { endReorder(at: time) }
        recordUndo()
        reordering = RowReorder(row: id, origin: indexPath, pointerY: pointerY.isFinite ? pointerY : 0)
        cursor = id
    }

    /// The pointer moved during a reorder drag: the row moves to the place under it, and in the
    /// bands by the top and bottom edges the list scrolls toward the pointer, faster the nearer
    /// the edge (SV-06c). Keep calling ``followReorderPointer()`` on every tick while it scrolls.
    public mutating func moveReorder(pointerY: Double, at time: Double) {
        guard reordering != nil else { return }
        let y = pointerY.isFinite ? pointerY : 0
        reordering?.pointerY = y
        scroll.autoScroll(pointer: Point(x: scroll.contentViewport.width / 2, y: y), at: time)
        followReorderPointer()
    }

    /// Moves the dragged row to the place under the pointer, for rows that scrolled under it.
    /// A header puts it first in its section, a footer or a gap last in the one before.
    public mutating func followReorderPointer() {
        guard let drag = reordering, let from = indexPath(of: drag.row) else { return }
        let y = drag.pointerY.clamped(to: 0...Swift.max(0, scroll.contentViewport.height - 0.001))
        var target: IndexPath?
        switch item(atViewportY: y) {
        case let .row(path)?: target = path
        case let .header(section)?: target = IndexPath(row: 0, section: section)
        case let .footer(section)?: target = IndexPath(row: Swift.max(0, numberOfRows(inSection: section) - (from.section == section ? 1 : 0)), section: section)
        default: target = nil
        }
        guard let to = target, to != from else { return }
        moveRowUnrecorded(from: from, to: to)
    }

    /// Ends the drag where the row is; a drag that left it where it began leaves no undo step.
    /// Returns where the row ended, or nil when no drag was under way.
    @discardableResult
    public mutating func endReorder(at time: Double) -> IndexPath? {
        guard let drag = reordering else { return nil }
        reordering = nil
        scroll.endAutoScroll(at: time)
        let end = indexPath(of: drag.row)
        if end == drag.origin, !undoStack.isEmpty { undoStack.removeLast() }
        reveal(id: drag.row, at: time)
        return end
    }
}
