import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A dot under the pointer is drawn a shade stronger in a window: a click there goes to its page.
@Suite struct PageDotHoverTests {
    @Test("PC-12: in a window the dot under the pointer is handed to the host as hovered; between dots and off the control, none is")
    func PC_12_hoveredDot() throws {
        var dots = PageControlView(PageControlState(clampingPageCount: 5))
        func hovered(at time: Double) -> Int?? {
            let size = Size(width: 240, height: 64)
            var canvas = Canvas(cells: Buffer(columns: 30, rows: 4), metrics: CellMetrics(), size: size, pointContext: PointContext(size: size) { _ in .cells(CellMetrics()) })
            dots.render(in: canvas.bounds, into: &canvas, at: time)
            return canvas.controls.compactMap { if case let .pageControl(_, _, page) = $0 { page } else { nil } }.first
        }
        #expect(hovered(at: 0) == .some(nil))
        let third = try #require(dots.center(ofDot: 2))
        _ = dots.handle(.mouse(MouseEvent(.move, button: .none, x: third.x, y: third.y)), at: 1)
        #expect(dots.hoveredPage == 2 && hovered(at: 1) == .some(2))
        _ = dots.handle(.mouse(MouseEvent(.move, button: .none, x: 1, y: 60)), at: 2)
        #expect(dots.hoveredPage == nil && hovered(at: 2) == .some(nil))
    }
}
