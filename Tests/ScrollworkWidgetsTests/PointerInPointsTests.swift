import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Pointer hit-testing in points: where a widget drew, not which cell a pointer is in.
@Suite struct PointerInPointsTests {
    @discardableResult
    static func press(_ view: inout ListView<String>, _ kind: MouseEvent.Kind, at point: Point, time: Double) -> Reply<ListEvent> {
        view.handle(.mouse(MouseEvent(kind, at: point)), at: time)
    }

    @Test("LT-05: a press and release a few points apart in a window is a tap on the row; one that wanders four points or more is a drag")
    func tapSlopInPoints() {
        var replies = Reply<ListEvent>()
        var view = CanvasControlDrawingTests.list()
        var window = CanvasDrawingTests.window()
        view.render(in: window.bounds, into: &window, at: 0)
        let row = view.list.metrics.rowHeight
        #expect(row == 44)
        replies.merge(Self.press(&view, .press, at: Point(x: 60, y: row + 4), time: 1))
        replies.merge(Self.press(&view, .drag, at: Point(x: 63, y: row + 6), time: 1.05))
        replies.merge(Self.press(&view, .release, at: Point(x: 63, y: row + 6), time: 1.1))
        #expect(!replies.newReports().isEmpty, "3 points: still a tap")
        replies.merge(Self.press(&view, .press, at: Point(x: 60, y: row * 0.5), time: 2))
        replies.merge(Self.press(&view, .drag, at: Point(x: 60, y: row * 0.5 + 5), time: 2.05))
        replies.merge(Self.press(&view, .release, at: Point(x: 60, y: row * 0.5 + 5), time: 2.1))
        #expect(replies.newReports().isEmpty, "5 points: a drag, which chooses nothing")
    }

    @Test("LT-11: the section index takes a press anywhere in its points, the letter's row found by its height")
    func indexInPoints() throws {
        let sections = ["A", "B", "C", "D"].map { letter in
            ListSection((0..<20).map { "\(letter)\($0)" }, header: RowContent(letter), indexTitle: letter)
        }
        var view = ListView(ListState(sections: sections) { RowContent($0) })
        var grid = Canvas(cells: Buffer(columns: 30, rows: 12))
        view.render(in: grid.bounds, into: &grid, at: 0)
        let frame = try #require(view.indexFrame)
        #expect(frame.width == 16 && frame.maxX == grid.bounds.maxX)
        // The letters stand one a row from the middle: the third is C.
        let c = (Double(view.index.top) + 2.5) * 16
        Self.press(&view, .press, at: Point(x: frame.minX + 2, y: c), time: 1)
        Self.press(&view, .release, at: Point(x: frame.minX + 2, y: c), time: 1.1)
        #expect(view.list.scroll.offset.y > 0)
        #expect(view.list.item(atViewportY: 1).map { if case .header(2) = $0 { true } else { false } } ?? false, "the list jumped to C")
    }

    struct Item: Sendable { var n: Int }

    @Test("LT-12: in a window a heading's divider follows the pointer to the point, and a click on it does not sort")
    func dividerInPoints() throws {
        var replies = Reply<TableEvent>()
        var canvas = PointHitTests.pointBuffer()
        var view = TableView(TableState(rows: (0..<100).map(Item.init), columns: [TableColumn("Number") { .int($0.n) }, TableColumn("Twice") { .int(2 * $0.n) }]))
        view.sortsInBackground = false
        view.render(in: canvas.bounds, into: &canvas, at: 0)
        let width = view.table.columnWidths[0]
        let end = view.table.dividerPositions[0]
        replies.merge(view.handle(.mouse(MouseEvent(.press, at: Point(x: end - 3, y: 14))), at: 1))
        replies.merge(view.handle(.mouse(MouseEvent(.drag, at: Point(x: end + 2, y: 14))), at: 1.05))
        replies.merge(view.handle(.mouse(MouseEvent(.release, at: Point(x: end + 2, y: 14))), at: 1.1))
        #expect(view.table.columnWidths[0] == width + 5, "5 points, not a whole cell or none")
        view.render(in: canvas.bounds, into: &canvas, at: 2)
        let moved = view.table.dividerPositions[0]
        replies.merge(view.handle(.mouse(MouseEvent(.press, at: Point(x: moved - 2, y: 14))), at: 3))
        replies.merge(view.handle(.mouse(MouseEvent(.release, at: Point(x: moved - 2, y: 14))), at: 3.05))
        #expect(replies.newReports().isEmpty, "a click on the divider does not sort")
    }

    @Test("LT-12: an outline's heading click in a window finds the column where it was drawn, clear of the trailing padding")
    func outlineHeadingsInPoints() {
        var replies = Reply<OutlineEvent>()
        var canvas = PointHitTests.pointBuffer()
        var view = OutlineView(OutlineState(source: PointHitTests.Tree())) { $0.map(String.init).joined(separator: ".") }
        view.columns = [OutlineColumn("Size", width: 8, alignment: .trailing) { "\($0.count)" }, OutlineColumn("Kind", width: 8) { _ in "Folder" }]
        view.render(in: canvas.bounds, into: &canvas, at: 0)
        // The last column ends 16 points (the row padding) before the trailing edge; its first
        // points are the second heading's.
        let kindStart = canvas.bounds.maxX - 16 - 64
        replies.merge(view.handle(.mouse(MouseEvent(.release, at: Point(x: kindStart + 2, y: 14))), at: 1))
        replies.merge(view.handle(.mouse(MouseEvent(.release, at: Point(x: kindStart - 12, y: 14))), at: 1.1))
        replies.merge(view.handle(.mouse(MouseEvent(.release, at: Point(x: 40, y: 14))), at: 1.2))
        #expect(replies.newReports() == [.headingClicked(column: 2), .headingClicked(column: 1), .headingClicked(column: 0)])
    }
}
