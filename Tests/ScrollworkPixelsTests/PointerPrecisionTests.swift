import Scrollwork
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

/// Input finer than cells, as a pixel host reports it: where in its cell the pointer was, and
/// fractional wheel notches from a trackpad.
@Suite struct PointerPrecisionTests {
    @Test("a position in points becomes its cell and the place inside it, the far corner included")
    func positionsInsideCells() throws {
        let event = MouseEvent(.press, at: Point(x: 12.5, y: 20), metrics: CellMetrics())
        #expect(event.column == 1 && event.row == 1)
        let offset = try #require(event.offsetInCell)
        #expect(abs(offset.x - 0.5625) < 1e-4 && abs(offset.y - 0.25) < 1e-4)
        var corner = event
        corner.offsetInCell = Point(x: 1, y: 1)
        #expect(corner.offsetInCell == Point(x: 1, y: 1))
        #expect(MouseEvent(.press, column: 3, row: 4).offsetInCell == nil, "a terminal reports whole cells")
        corner.wheelNotches = 0.25
        #expect(corner.wheelNotches == 0.25)
    }

    @Test("SV-02 a drag moves the content by the points the pointer moved, not by whole cells")
    func dragFollowsThePointer() throws {
        var app = Harness(content: linesView())
        _ = try image(&app, columns: 40, rows: 20)
        let metrics = CellMetrics()
        app.handle(.mouse(MouseEvent(.press, at: Point(x: 100, y: 200), metrics: metrics)), at: 1)
        app.handle(.mouse(MouseEvent(.drag, at: Point(x: 100, y: 180), metrics: metrics)), at: 1.5)
        app.handle(.mouse(MouseEvent(.drag, at: Point(x: 100, y: 176.5), metrics: metrics)), at: 2)
        // Past the drag's start slop, the content follows the pointer to the point.
        let moved = app.content.scroll.offset.y
        app.handle(.mouse(MouseEvent(.drag, at: Point(x: 100, y: 173.25), metrics: metrics)), at: 2.5)
        #expect(abs(app.content.scroll.offset.y - moved - 3.25) < 0.01)
    }

    @Test("SV-02 a trackpad's quarter notch scrolls a quarter of a notch")
    func fractionalNotches() throws {
        var whole = Harness(content: linesView()), quarter = Harness(content: linesView())
        whole.handle(.mouse(MouseEvent(.wheel(.down), button: .none, at: Point(x: 50, y: 50), metrics: CellMetrics())), at: 0)
        quarter.handle(.mouse(MouseEvent(.wheel(.down), button: .none, at: Point(x: 50, y: 50), metrics: CellMetrics(), wheelNotches: 0.25)), at: 0)
        whole.tick(at: 5)
        quarter.tick(at: 5)
        let w = whole.content.scroll.offset.y, q = quarter.content.scroll.offset.y
        #expect(w > 0 && abs(q - w / 4) < 0.5, "a notch \(w), a quarter \(q)")
    }
}
