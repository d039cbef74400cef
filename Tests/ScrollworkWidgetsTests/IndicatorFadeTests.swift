import Scrollwork
import Testing
@testable import ScrollworkWidgets

@Suite struct IndicatorFadeTests {
    /// The foreground of the indicator's cells in the last column at `time` after a scroll.
    static func thumbColors(at time: Double, theme: Theme) throws -> [Color] {
        var s = document()
        try s.setOffset(Point(x: 0, y: 800), animated: true, time: 0)
        s.tick(at: 0.5)
        s.tick(at: time)
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 8))
        canvas.scrollIndicators(of: s, in: canvas.bounds, theme: theme)
        let buffer = canvas.cells
        return (0..<8).map { buffer[39, $0] }.filter { $0.text != " " }.map(\.style.foreground)
    }

    @Test("SV-01: with 24-bit colour the fading thumb steps toward the background instead of vanishing at once")
    func SV_01_fadeStepsTowardTheBackground() throws {
        let theme = Theme.standard(for: .trueColor)
        // The content last moves at 0.5 s; the fade starts 1.2 s after and lasts 0.25 s.
        var greys: [Int] = []
        for t in [1.0, 1.75, 1.8, 1.86, 1.92] {
            let colors = try Self.thumbColors(at: t, theme: theme)
            guard case let .rgb(r, _, _)? = colors.first else { Issue.record("no thumb at \(t): \(colors)"); return }
            greys.append(Int(r))
        }
        #expect(greys == greys.sorted(by: >) && Set(greys).count == greys.count, "\(greys)")
        #expect(greys.first == 150)
        #expect(try Self.thumbColors(at: 2, theme: theme).isEmpty)
    }

    @Test("SV-01: without colour the thumb turns dim at half opacity")
    func SV_01_monochromeFadeIsDim() throws {
        var s = document()
        try s.setOffset(Point(x: 0, y: 800), animated: true, time: 0)
        s.tick(at: 0.5)
        s.tick(at: 1.86)
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 8))
        canvas.scrollIndicators(of: s, in: canvas.bounds, theme: Theme())
        let buffer = canvas.cells
        #expect((0..<8).contains { buffer[39, $0].text != " " && buffer[39, $0].style.dim })
    }
}
