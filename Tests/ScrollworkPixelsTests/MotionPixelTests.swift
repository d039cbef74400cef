#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

/// Motion drawn as it is: content between whole cells is moved by the rest of the offset in
/// pixels, not rounded to lines; the same flick gives the same frames at 60 and 120 Hz.
@Suite struct MotionPixelTests {
    @Test("SV-16 content at half a row is drawn half a row up, with the next line coming into view", arguments: [1.0, 2.0])
    func subpointOffset(scale: Double) throws {
        var whole = Harness(content: linesView())
        let before = try image(&whole, columns: 40, rows: 20, scale: scale)
        var half = Harness(content: linesView())
        try half.content.scroll.setOffset(Point(x: 0, y: 8), time: 0)
        let after = try image(&half, columns: 40, rows: 20, scale: scale)
        let shift = Int(8 * scale)
        // Away from the indicator, every pixel moved up by exactly 8 points.
        let columns = 0..<Int(200 * scale)
        var differing = 0
        for y in 0..<(after.height - shift) {
            for x in columns where after.brightness(x: x, y: y) != before.brightness(x: x, y: y + shift) { differing += 1 }
        }
        #expect(differing == 0)
        // The strip at the bottom shows the top half of line 20, not blank.
        let strip = (after.height - shift)..<after.height
        #expect(strip.contains { y in columns.contains { after.brightness(x: $0, y: y) > 100 } })
    }

    @Test("SV-16 the terminal draws whole rows from the same calls that a window records at the exact offset")
    func terminalUnchanged() throws {
        var view = linesView()
        try view.scroll.setOffset(Point(x: 0, y: 8), time: 0)
        var terminal = Canvas(cells: Buffer(columns: 40, rows: 20))
        view.render(in: terminal.bounds, into: &terminal, at: 0)
        #expect(terminal.pointMarks.isEmpty)
        // Line 0's top is half a row above the view: the row that holds line 1's top shows it.
        #expect(terminal.cells.text(ofRow: 0).hasPrefix("██ Line 1 ██"))
        let size = Size(width: 320, height: 320)
        var window = Canvas(cells: Buffer(columns: 40, rows: 20), metrics: CellMetrics(), size: size, pointContext: PointContext(size: size) { _ in .cells(CellMetrics()) })
        view.render(in: window.bounds, into: &window, at: 0)
        let tops = window.pointMarks.flatMap { mark -> [Double] in
            guard case let .drawing(d) = mark else { return [] }
            return d.commands.compactMap { if case let .text(text, origin, _, _) = $0, text.hasPrefix("██ Line") { origin.y } else { nil } }
        }
        #expect(tops == (0...20).map { Double($0) * 16 - 8 })
    }

    /// Flicks a lines view and returns its offsets and frames at the times given, ticking at `hz`.
    func flick(hz: Double, sampling times: [Double]) throws -> [(Double, PixelImage)] {
        var app = Harness(content: linesView())
        _ = try image(&app, columns: 40, rows: 20)
        _ = app.handle(.mouse(MouseEvent(.press, column: 10, row: 15)), at: 0)
        _ = app.handle(.mouse(MouseEvent(.drag, column: 10, row: 12)), at: 0.02)
        _ = app.handle(.mouse(MouseEvent(.drag, column: 10, row: 8)), at: 0.04)
        _ = app.handle(.mouse(MouseEvent(.release, column: 10, row: 8)), at: 0.04)
        var results: [(Double, PixelImage)] = []
        var t = 0.04
        for sample in times {
            while t + 1 / hz <= sample { t += 1 / hz; _ = app.tick(at: t) }
            let frame = try image(&app, columns: 40, rows: 20, at: sample)
            results.append((app.content.scroll.offset.y, frame))
        }
        return results
    }

    @Test("SV-16 a flick drawn at 60 Hz and at 120 Hz follows the same curve, frame for frame")
    func sameCurveAtEveryRate() throws {
        let times = [0.1, 0.25, 0.5, 1.0]
        let slow = try flick(hz: 60, sampling: times), fast = try flick(hz: 120, sampling: times)
        for ((a, imageA), (b, imageB)) in zip(slow, fast) {
            #expect(abs(a - b) < 1e-9, "offset \(a) against \(b)")
            #expect(imageA.difference(from: imageB).largest == 0)
        }
        #expect(slow[0].0 > 0 && slow[0].0 < slow[3].0, "the content moved on after the release")
        #expect(slow.contains { $0.0.truncatingRemainder(dividingBy: 16) != 0 }, "some frames fall between whole rows")
    }
}
#endif
