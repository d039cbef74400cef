#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

/// Input finer than cells, as a pixel host reports it: where in its cell the pointer was, and
/// fractional wheel notches from a trackpad.
@Suite struct PointerPrecisionTests {
    @Test("a position in points is kept to the point; a terminal's cell is its centre; the cell of a point is the one that holds it")
    func positionsInsideCells() throws {
        var event = MouseEvent(.press, at: Point(x: 12.5, y: 20))
        #expect(event.location == Point(x: 12.5, y: 20))
        #expect(CellMetrics().cell(of: event) == CellPosition(column: 1, row: 1))
        #expect(MouseEvent(.press, column: 3, row: 4).location == Point(x: 28, y: 72), "a terminal reports whole cells: their centres")
        event.location = Point(x: 15.999, y: 31.999)
        #expect(CellMetrics().cell(of: event) == CellPosition(column: 1, row: 1), "the far corner is still the cell's")
        event.wheelNotches = 0.25
        #expect(event.wheelNotches == 0.25)
    }

    @Test("SV-02 a drag moves the content by the points the pointer moved, not by whole cells")
    func dragFollowsThePointer() throws {
        var app = Harness(content: linesView())
        _ = try image(&app, columns: 40, rows: 20)
        _ = app.handle(.mouse(MouseEvent(.press, at: Point(x: 100, y: 200))), at: 1)
        _ = app.handle(.mouse(MouseEvent(.drag, at: Point(x: 100, y: 180))), at: 1.5)
        _ = app.handle(.mouse(MouseEvent(.drag, at: Point(x: 100, y: 176.5))), at: 2)
        // Past the drag's start slop, the content follows the pointer to the point.
        let moved = app.content.scroll.offset.y
        _ = app.handle(.mouse(MouseEvent(.drag, at: Point(x: 100, y: 173.25))), at: 2.5)
        #expect(abs(app.content.scroll.offset.y - moved - 3.25) < 0.01)
    }

    @Test("SV-02 a trackpad's quarter notch scrolls a quarter of a notch")
    func fractionalNotches() throws {
        var whole = Harness(content: linesView()), quarter = Harness(content: linesView())
        _ = whole.handle(.mouse(MouseEvent(.wheel(.down), button: .none, at: Point(x: 50, y: 50))), at: 0)
        _ = quarter.handle(.mouse(MouseEvent(.wheel(.down), button: .none, at: Point(x: 50, y: 50), wheelNotches: 0.25)), at: 0)
        _ = whole.tick(at: 5)
        _ = quarter.tick(at: 5)
        let w = whole.content.scroll.offset.y, q = quarter.content.scroll.offset.y
        #expect(w > 0 && abs(q - w / 4) < 0.5, "a notch \(w), a quarter \(q)")
    }
}
#endif
