#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

/// Scroll edge effects in pixels: a soft edge fades the content toward the background over its
/// depth, a hard edge draws a hairline divider (SV-08).
@Suite struct EdgeEffectPixelTests {
    func scrolledLines(_ style: ScrollEdgeEffect.Style) throws -> PixelImage {
        var view = linesView()
        view.edgeEffects = [ScrollEdgeEffect(edge: .top, style: style, floating: [.bar], depth: 32)]
        try view.scroll.setOffset(Point(x: 0, y: 160), time: 0)
        var app = Harness(content: view)
        return try image(&app, columns: 40, rows: 20, scale: 2)
    }

    @Test("SV-08 a soft edge fades the content under the bar, most at the edge")
    func soft() throws {
        let picture = try scrolledLines(.soft)
        // The solid block at the start of each line: x of its middle.
        let x = 8
        let top = picture.brightness(x: x, y: 2), middle = picture.brightness(x: x, y: 40), below = picture.brightness(x: x, y: 100)
        #expect(top < middle && middle < below, "\(top) \(middle) \(below)")
        #expect(below > 240)
    }

    @Test("SV-08 a hard edge draws a hairline divider and leaves the content as it is")
    func hard() throws {
        let picture = try scrolledLines(.hard)
        // One pixel row of the divider colour at the very top, over the text's blocks too.
        let divider = picture.pixel(x: 500, y: 0)
        #expect(divider.alpha == 1 && divider.red > 0.1 && divider.red < 0.3)
        #expect(picture.brightness(x: 500, y: 2) == 0)
        #expect(picture.brightness(x: 8, y: 8) > 240)
    }
}
#endif
