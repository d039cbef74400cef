import Scrollwork
import Testing
import ScrollworkWidgets

/// The "Building an app" article's own widget, written as the article shows it, with nothing
/// host-specific in its code: on a terminal's cells and in a window's type alike.
@Suite struct CounterExampleTests {
    @Test("on a terminal the counter writes its line in the cells and counts a click inside it, not one beside it")
    func inCells() {
        var counter = Counter()
        var canvas = Canvas(cells: Buffer(columns: 24, rows: 2))
        counter.render(in: Rect(x: 0, y: 0, width: 160, height: 16), into: &canvas, at: 0)
        #expect(counter.handle(.mouse(MouseEvent(.press, column: 3, row: 0)), at: 1).isHandled)
        #expect(!counter.handle(.mouse(MouseEvent(.press, column: 3, row: 1)), at: 2).isHandled, "below it: not its")
        counter.render(in: Rect(x: 0, y: 0, width: 160, height: 16), into: &canvas, at: 3)
        #expect(canvas.cells.text.hasPrefix("Clicked 1 times"))
    }

    @Test("in a window the counter's line is set in the window's type at its points, and a click at a point inside it counts")
    func inPoints() {
        var counter = Counter()
        var canvas = CanvasDrawingTests.window()
        let area = Rect(x: 4.5, y: 2.25, width: 150, height: 20)
        counter.render(in: area, into: &canvas, at: 0)
        guard case let .drawing(drawing)? = canvas.pointMarks.first else { Issue.record("no drawing in points"); return }
        #expect(drawing.commands.contains { if case let .text(text, origin, _, _) = $0 { text == "Clicked 0 times" && origin == area.origin } else { false } })
        #expect(counter.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 3))), at: 1).isHandled, "half a cell in: inside its points")
        #expect(!counter.handle(.mouse(MouseEvent(.press, at: Point(x: 4, y: 3))), at: 2).isHandled, "half a point outside")
        #expect(counter.count == 1)
    }
}
