import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The weather pages in a window: drawn in points at the exact offset while they slide, with no
/// cells to snap to.
@Suite struct WeatherPointsTests {
    @Test("PC-12, SV-16: mid-swipe at 123.25 points, both pages' temperatures sit exactly where the offset puts them")
    func exactOffset() throws {
        var state = ScrollState(viewport: Size(width: 384, height: 640), content: Size(width: 384 * 6, height: 640))
        try state.setOffset(Point(x: 123.25, y: 0), time: 0)
        var view = ScrollView(WeatherPages(theme: Theme.standard(for: .trueColor)), scroll: state)
        var buffer = Canvas(cells: Buffer(columns: 48, rows: 40), metrics: CellMetrics(), size: Size(width: 384, height: 640),
                            pointContext: PointContext(size: Size(width: 384, height: 640)) { scale in
            TextMeasurer(sizes: scale.sizes, lineHeights: scale.sizes.map { $0 * 1.2 }, ascents: scale.sizes, advances: [], wideAdvance: scale.sizes)
        })
        view.render(in: buffer.bounds, into: &buffer, at: 0)
        guard case let .drawing(drawing)? = buffer.pointMarks.first else { Issue.record("no drawing"); return }
        let centres = drawing.commands.compactMap { command -> Double? in
            if case let .symbol(text, centre, _, _) = command, text.hasSuffix("°") { return centre.x }
            return nil
        }
        let expected: [Double] = [68.75, 452.75]
        #expect(centres == expected)
        // Nothing of the pages was drawn as cells.
        #expect(buffer.cells.cells.allSatisfy { $0 == .blank() })
    }
}
