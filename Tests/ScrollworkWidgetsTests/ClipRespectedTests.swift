import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A widget placed partly outside the canvas's clip (a carousel scrolled under its document's
/// top, a table in a sheet cut by its edge) draws only inside the clip on a grid: its fills, its
/// scroll indicators, its edge effects and its controls leave every cell outside as it was.
@Suite struct ClipRespectedTests {
    /// Lines of text drawn through the canvas.
    struct Lines: ScrollContent {
        func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
            for r in 0...window.rect.rows {
                canvas.text("line \(window.firstRow + r) of the scrolled content", at: Point(x: window.box.minX, y: window.box.minY + Double(r) * 16))
            }
        }
    }

    struct Item: Sendable { var name: String }

    /// Renders `widget` over the whole of a 40 × 20 grid clipped to its middle, and returns the
    /// cells outside the clip that it changed.
    static func drawnOutside(_ render: (inout Canvas, Rect) -> Void) -> [String] {
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 20))
        canvas.cells.fill(canvas.cells.area, with: Cell("X"))
        let clip = CellRect(column: 5, row: 5, columns: 30, rows: 10)
        canvas.clipped(to: canvas.points(clip)) { render(&$0, Rect(x: 0, y: 0, width: 320, height: 320)) }
        var changed: [String] = []
        for row in 0..<20 {
            for column in 0..<40 where !clip.contains(column: column, row: row) && canvas.cells[column, row].text != "X" {
                changed.append("(\(column), \(row)) \(canvas.cells[column, row].text)")
            }
        }
        return changed
    }

    @Test("a scroll view, its indicators flashing, a table, a list and page dots cut by the clip draw nothing outside it")
    func nothingOutsideTheClip() {
        var scroll = ScrollIdiom.iOS.scrollState(viewport: Size(width: 320, height: 320), content: Size(width: 960, height: 3200))
        scroll.alwaysBounce = .vertical
        var view = ScrollView(Lines(), scroll: scroll, theme: Theme.standard(for: .trueColor))
        view.appear(at: 0)
        #expect(Self.drawnOutside { view.render(in: $1, into: &$0, at: 0.1) } == [], "the scroll view")
        let rows = (0..<200).map { Item(name: "row \($0)") }
        var table = TableView(TableState(rows: rows, columns: [TableColumn("Name") { .string($0.name) }]), theme: Theme.standard(for: .trueColor))
        table.appear(at: 0)
        #expect(Self.drawnOutside { table.render(in: $1, into: &$0, at: 0.1) } == [], "the table")
        var list = ListView(ListState(rows: rows) { RowContent($0.name) }, theme: Theme.standard(for: .trueColor))
        list.appear(at: 0)
        #expect(Self.drawnOutside { list.render(in: $1, into: &$0, at: 0.1) } == [], "the list")
        var dots = PageControlView(PageControlState(clampingPageCount: 30))
        dots.state.backgroundStyle = .prominent
        #expect(Self.drawnOutside { dots.render(in: $1, into: &$0, at: 0.1) } == [], "the page dots")
    }
}
