#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
@testable import ScrollworkWidgets
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
        _ = app.handle(.mouse(MouseEvent(.press, at: point)), at: 1)
        _ = app.handle(.mouse(MouseEvent(.release, at: point)), at: 1.05)
        #expect(app.reported.last?.page == 5)
    }

    @Test("SV-15 the watchOS page dots beside the crown: one a page, the current one filling as it scrolls through its page")
    func crownPages() throws {
        var view = linesView(columns: 20, rows: 10, lines: 40)
        view.scroll.isPagingEnabled = true
        view.scroll.verticalPageLengths = [160, 160, 160, 160]
        try view.scroll.setOffset(Point(x: 0, y: 160 + 40), time: 0)
        var app = Harness(content: view)
        let picture = try image(&app, columns: 20, rows: 10, scale: 2)
        // The dots' column: 2 points in from the trailing edge, 6 across.
        let x = Int((160 - 2 - 3) * 2.0)
        let dots = picture.litRuns(column: x, threshold: 20)
        #expect(dots.count == 4, "\(dots)")
        // The second page is current, a quarter through: its ring is part white, part dim.
        let current = dots[1]
        let brightest = (current.lowerBound..<current.upperBound).map { y in (x - 6..<x + 6).map { picture.brightness(x: $0, y: y) }.max() ?? 0 }.max() ?? 0
        #expect(brightest > 240)
        #expect(dots.enumerated().filter { $0.offset != 1 }.allSatisfy { run in
            (run.element.lowerBound..<run.element.upperBound).allSatisfy { picture.brightness(x: x, y: $0) < 120 }
        }, "the other pages' dots are dim")
    }
}
#endif
