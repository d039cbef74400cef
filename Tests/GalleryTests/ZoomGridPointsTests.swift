import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The scroll view page's zoom grid is one drawing: a window draws it at the exact zoom and
/// offset, a terminal in ░ and box-drawing rules (#43).
@Suite struct ZoomGridPointsTests {
    @Test("SV-06: in a window the zoom grid's rules lie 64 × the zoom scale apart at the offset, its dark squares shaded, and none of it is in cells")
    func gridAtTheZoomScale() throws {
        var app = GalleryApp(page: .scrollView, style: GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .macOS), tableRows: 100)
        _ = app.handle(.resize(columns: 160, rows: 50), at: 0)
        var canvas = windowBuffer(Size(width: 1280, height: 800))
        _ = app.render(into: &canvas, at: 0)
        try app.scrollView.grid.view.scroll.setZoomScale(1.5, at: 0)
        try app.scrollView.grid.view.scroll.setOffset(Point(x: 37.25, y: 11.5), time: 0)
        canvas = windowBuffer(Size(width: 1280, height: 800))
        _ = app.render(into: &canvas, at: 0)
        let box = app.scrollView.grid.view.window.box
        let commands = canvas.pointMarks.flatMap { mark -> [PointDrawing.Command] in if case let .drawing(d) = mark { d.commands } else { [] } }
        let rules = commands.compactMap { command -> Double? in
            guard case let .line(start, end, _, _) = command, start.x == end.x, start.y == box.minY - 11.5 else { return nil }
            return start.x
        }
        #expect(rules == (0..<8).map { box.minX + Double($0) * 96 - 37.25 })
        let shaded = commands.filter { if case .opacity(0.25) = $0 { true } else { false } }
        #expect(shaded.count == 32)
        // Nothing of the grid is left in cells for a window to show on whole cells.
        let area = app.scrollView.grid.view.contentRect
        #expect((area.row..<area.maxRow).allSatisfy { row in (area.column..<area.maxColumn).allSatisfy { canvas.cells[$0, row] == .blank() } })
    }
}
