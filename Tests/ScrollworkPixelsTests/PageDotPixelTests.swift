import Scrollwork
import ScrollworkPixels
import ScrollworkTerminal
import Testing

/// Page dots drawn at their size in points (diameter 7, spacing 8), measured from the image.
@Suite struct PageDotPixelTests {
    /// A control of `pages` pages at `current`, drawn at the bottom of 40 × 3 cells at `scale`.
    func dots(pages: Int, current: Int, scale: Double) throws -> (PixelImage, PageControlState, y: Int) {
        var state = PageControlState(clampingPageCount: pages)
        state.currentPage = current
        state.backgroundStyle = .minimal
        var app = Harness(content: PageControlView(state))
        let picture = try image(&app, columns: 40, rows: 3, scale: scale)
        // The control takes the bottom row: its centre line.
        return (picture, state, Int(((2 * 16) + 8) * scale))
    }

    @Test("PC-02 dots are the state's diameter apart by its pitch, at scale 1 and 2", arguments: [1.0, 2.0])
    func spacing(scale: Double) throws {
        let (picture, state, y) = try dots(pages: 5, current: 0, scale: scale)
        let runs = picture.litRuns(row: y, threshold: 20)
        #expect(runs.count == 5)
        let centres = runs.map { Double($0.lowerBound + $0.upperBound) / 2 }
        for (a, b) in zip(centres, centres.dropFirst()) {
            #expect(abs((b - a) - state.pitch * scale) <= 1, "pitch \(b - a) px")
        }
        for run in runs { #expect(abs(Double(run.count) - state.indicatorDiameter * scale) <= 1.5, "diameter \(run.count) px") }
    }

    @Test("PC-11 the current dot is brighter, and the dots at a clipped end are smaller than full ones")
    func shrunkEnds() throws {
        let (picture, state, y) = try dots(pages: 30, current: 15, scale: 2)
        let runs = picture.litRuns(row: y, threshold: 10)
        #expect(runs.count == state.maximumVisibleIndicators)
        let widths = runs.map(\.count)
        let full = widths[widths.count / 2]
        #expect(widths[0] < widths[1] && widths[1] < full, "edge dots \(widths)")
        #expect(widths[widths.count - 1] < widths[widths.count - 2] && widths[widths.count - 2] < full)
        let brightness = runs.map { picture.brightness(x: ($0.lowerBound + $0.upperBound) / 2, y: y) }
        let current = try #require(state.layout().items.firstIndex { $0.isCurrent })
        #expect(brightness[current] == brightness.max())
        #expect(brightness[current] > 200 && brightness.filter { $0 > 200 }.count == 1)
    }

    @Test("PC-12 a click on a drawn dot goes to its page when the host reports where in the cell the pointer was")
    func clickOnDrawnDot() throws {
        var state = PageControlState(clampingPageCount: 7)
        state.backgroundStyle = .minimal
        var app = Harness(content: PageControlView(state))
        let picture = try image(&app, columns: 40, rows: 3, scale: 1)
        let runs = picture.litRuns(row: 40, threshold: 20)
        #expect(runs.count == 7)
        let target = runs[5]
        let point = Point(x: Double(target.lowerBound + target.upperBound) / 2, y: 40)
        app.handle(.mouse(MouseEvent(.press, at: point, metrics: CellMetrics())), at: 1)
        app.handle(.mouse(MouseEvent(.release, at: point, metrics: CellMetrics())), at: 1.05)
        #expect(app.content.takeChange()?.page == 5)
    }
}
