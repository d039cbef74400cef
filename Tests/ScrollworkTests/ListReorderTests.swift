import Testing
@testable import Scrollwork

/// Dragging a row by its reorder handle (LT-03): the row follows the pointer, the list scrolls at
/// its edges, and the whole drag is one undo step.
@Suite struct ListReorderTests {
    /// 100 rows of 20 points in a 200-point view, in edit mode.
    func list() -> ListState<String> {
        var list = ListState(rows: (0..<100).map { "row \($0)" }) { RowContent($0) }
        list.metrics.rowHeight = 20
        list.setViewport(Size(width: 300, height: 200))
        list.isEditing = true
        return list
    }

    func rows(_ list: ListState<String>, _ range: Range<Int>) -> [String] { range.compactMap { try? list.row(at: IndexPath(row: $0)) } }

    @Test("LT-03: the dragged row moves to the place under the pointer; the drag is one undo step")
    func LT_03_dragMovesTheRow() throws {
        var l = list()
        #expect(l.reorderHandleFrame(at: IndexPath(row: 1)) == Rect(x: 256, y: 20, width: 44, height: 20))
        #expect(l.deleteControlFrame(at: IndexPath(row: 1)) == Rect(x: 0, y: 20, width: 44, height: 20))
        try l.beginReorder(at: IndexPath(row: 1), pointerY: 30, at: 0)
        for (i, y) in [50.0, 70, 90].enumerated() { l.moveReorder(pointerY: y, at: 0.1 * Double(i + 1)) }
        #expect(rows(l, 0..<5) == ["row 0", "row 2", "row 3", "row 4", "row 1"])
        #expect(l.endReorder(at: 1) == IndexPath(row: 4) && l.reordering == nil)
        #expect(l.scroll.offset.y == 0, "a drag in the middle of the view does not scroll")
        try l.undo()
        #expect(rows(l, 0..<5) == ["row 0", "row 1", "row 2", "row 3", "row 4"], "one undo puts it back")
        // A drag that ends where it began leaves nothing to undo.
        try l.beginReorder(at: IndexPath(row: 3), pointerY: 70, at: 2)
        l.moveReorder(pointerY: 110, at: 2.1)
        l.moveReorder(pointerY: 70, at: 2.2)
        #expect(l.endReorder(at: 2.3) == IndexPath(row: 3))
        #expect(throws: ListError.self) { try l.undo() }
    }

    @Test("LT-03, SV-06: held by the bottom edge, the list scrolls and the row keeps moving down with it")
    func LT_03_SV_06_autoScrollAtTheEdge() throws {
        var l = list()
        try l.beginReorder(at: IndexPath(row: 2), pointerY: 50, at: 0)
        l.moveReorder(pointerY: 198, at: 0.1)
        var t = 0.1
        while t < 2 {
            t += 1.0 / 60
            l.scroll.tick(at: t)
            l.followReorderPointer()
        }
        #expect(l.scroll.offset.y > 200)
        let drag = try #require(l.reordering)
        let at = try #require(l.indexPath(of: drag.row))
        #expect(at.row > 15, "the row is still under the pointer, far below where it began")
        l.endReorder(at: t)
        let stopped = l.scroll.offset.y
        l.scroll.tick(at: t + 1)
        #expect(l.scroll.offset.y == stopped, "scrolling stops with the drag")
    }

    @Test("LT-03: no handle and no drag without the reorder permission; no controls outside edit mode")
    func LT_03_permissions() throws {
        var l = list()
        l.editPermissions = [.delete]
        #expect(l.reorderHandleFrame(at: IndexPath(row: 0)) == nil && l.deleteControlFrame(at: IndexPath(row: 0)) != nil)
        #expect(throws: ListError.self) { try l.beginReorder(at: IndexPath(row: 0), pointerY: 10, at: 0) }
        l.isEditing = false
        #expect(l.deleteControlFrame(at: IndexPath(row: 0)) == nil)
        l.editPermissions = .all
        #expect(throws: ListError.self) { try l.beginReorder(at: IndexPath(row: 500), pointerY: 10, at: 0) }
        l.moveReorder(pointerY: .nan, at: 1)
        #expect(l.endReorder(at: 1) == nil)
    }
}

/// Plain lists keep the current section's header at the top (UIKit's plain style).
@Suite struct PinnedHeaderTests {
    /// Three sections of ten 20-point rows under 20-point headers, in a 100-point view.
    func list(_ style: ListStyle = .plain) -> ListState<String> {
        var list = ListState(sections: ["A", "B", "C"].map { letter in
            ListSection((0..<10).map { "\(letter)\($0)" }, header: RowContent(letter), indexTitle: letter)
        }) { RowContent($0) }
        list.style = style
        list.metrics.rowHeight = 20
        list.metrics.headerHeight = 20
        list.setViewport(Size(width: 300, height: 100))
        return list
    }

    @Test("LT-08: the current section's header stays pinned at the top, and the next one pushes it up")
    func LT_08_pinnedHeaders() throws {
        var l = list()
        #expect(l.pinnedHeader == nil, "at the top the header is in place")
        try l.scroll.setOffset(Point(x: 0, y: 50), time: 0)
        #expect(l.pinnedHeader?.section == 0 && l.pinnedHeader?.y == 0)
        // Section B's header starts at 220: at 210 it is 10 points below the top and pushes A's up.
        try l.scroll.setOffset(Point(x: 0, y: 210), time: 0)
        #expect(l.pinnedHeader?.section == 0 && l.pinnedHeader?.y == -10)
        try l.scroll.setOffset(Point(x: 0, y: 230), time: 0)
        #expect(l.pinnedHeader?.section == 1 && l.pinnedHeader?.y == 0)
        var grouped = list(.grouped)
        try grouped.scroll.setOffset(Point(x: 0, y: 50), time: 0)
        #expect(grouped.pinnedHeader == nil, "grouped lists scroll their headers away")
    }

    @Test("LT-11: a section index jump brings the section's header to the top, where it stays pinned")
    func LT_11_indexJumpPinsTheHeader() throws {
        var l = list()
        try l.jump(toSection: 1)
        #expect(l.scroll.offset.y == 220 && l.pinnedHeader == nil, "the header itself is at the top")
        try l.scroll.setOffset(Point(x: 0, y: 260), time: 0)
        #expect(l.pinnedHeader?.section == 1)
    }
}
