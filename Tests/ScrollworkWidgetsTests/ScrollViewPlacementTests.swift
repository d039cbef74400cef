import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// One placement for a scroll view on every host: the area it is given, exactly in points and
/// on its cells on a grid, cut by the canvas's clip, with no placement of its own to set.
@Suite struct ScrollViewPlacementTests {
    /// Content that records where it was asked to draw.
    struct Marks: ScrollContent {
        func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
            canvas.fill(window.box, .plain)
        }
    }

    static func view() -> ScrollView<Marks> {
        ScrollView(Marks(), scroll: ScrollState(viewport: .zero, content: Size(width: 400, height: 400)))
    }

    @Test("SV-01: an area between cells is the viewport exactly in a window, and its cells on a grid")
    func SV_01_areaBetweenCells() {
        let area = Rect(x: 20.5, y: 10.25, width: 100, height: 37.5)
        var window = CanvasDrawingTests.window()
        var view = Self.view()
        view.render(in: area, into: &window, at: 0)
        #expect(view.scroll.viewportSize == Size(width: 100, height: 37.5))
        #expect(view.frame == area && view.window.box.origin == area.origin)
        var grid = Canvas(cells: Buffer(columns: 20, rows: 4))
        var cells = Self.view()
        cells.render(in: area, into: &grid, at: 0)
        // Columns 2 to 15 and rows 0 to 2: the cells the area's edges fall in, as CellMetrics cuts them.
        #expect(cells.scroll.viewportSize == Size(width: 13 * 8, height: 2 * 16))
        #expect(cells.window.box == Rect(x: 16, y: 0, width: 13 * 8, height: 2 * 16))
    }

    @Test("SV-04: in a clip the view is drawn and hit only where it can be seen: a press on its hidden part is not its")
    func SV_04_clippedViewIsHitWhereSeen() {
        var window = CanvasDrawingTests.window()
        var view = Self.view()
        let area = Rect(x: 0, y: -20, width: 160, height: 60)
        window.clipped(to: Rect(x: 0, y: 0, width: 160, height: 24)) { view.render(in: area, into: &$0, at: 0) }
        #expect(view.scroll.viewportSize == Size(width: 160, height: 60), "the viewport is the whole area")
        #expect(view.frame == Rect(x: 0, y: 0, width: 160, height: 24), "what can be hit is what can be seen")
        #expect(!view.frame.contains(Point(x: 50, y: 30)))
        // What was drawn in points lies inside the clip.
        let drawings = window.pointMarks.compactMap { if case let .drawing(d) = $0 { d.frame } else { nil } }
        #expect(!drawings.isEmpty && drawings.allSatisfy { $0.minY >= 0 && $0.maxY <= 24 }, "\(drawings)")
    }
}
