#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

/// The scroll indicator as drawn in pixels, measured from the image against the reference
/// numbers (shared/reference/physics.md: thickness 3, inset 3, minimum length 36, fade after
/// 1.2 s over 0.25 s, white at 50% on a dark background).
@Suite struct IndicatorPixelTests {
    /// A lines view scrolled by a wheel turn at time 0, so its indicator shows.
    func scrolledApp() -> Harness<ScrollView<NumberedLines>> {
        var app = Harness(content: linesView())
        _ = app.handle(.mouse(MouseEvent(.wheel(.down), column: 5, row: 5)), at: 0)
        return app
    }

    @Test("SV-03 the indicator is 3 points thick, 3 points from the edge, as long as the core says, at scale 1 and 2", arguments: [1.0, 2.0])
    func geometry(scale: Double) throws {
        var app = scrolledApp()
        let picture = try image(&app, columns: 40, rows: 20, scale: scale, at: 0.5)
        let thumb = try #require(app.content.scroll.indicator(.vertical)).thumb
        let y = Int((thumb.midY * scale).rounded(.down))
        // Only the indicator is lit in the rightmost columns (the text is short).
        let runs = picture.litRuns(row: y, in: (picture.width - Int(20 * scale))..<picture.width)
        let run = try #require(runs.last)
        #expect(run.count == Int(3 * scale), "thickness in pixels")
        #expect(picture.width - run.upperBound == Int(3 * scale), "inset from the trailing edge in pixels")
        let length = try #require(picture.litRuns(column: run.lowerBound + run.count / 2).max { $0.count < $1.count })
        #expect(abs(Double(length.count) - thumb.height * scale) <= 1, "length \(length.count) px for \(thumb.height) pt")
        #expect(abs(Double(length.lowerBound) - thumb.minY * scale) <= 1)
        // White at 50% over black.
        #expect(abs(picture.brightness(x: run.lowerBound + run.count / 2, y: y) - 128) <= 2)
    }

    @Test("SV-02 the indicator shrinks while the content is pulled past its edge")
    func shrinksUnderRubberBand() throws {
        var app = Harness(content: linesView(lines: 100))
        app.content.appear(at: 0)
        let rest = try image(&app, columns: 40, rows: 20, at: 0.5)
        let restThumb = try #require(app.content.scroll.indicator(.vertical)).thumb
        let full = try #require(rest.litRuns(column: Int(restThumb.midX)).max { $0.count < $1.count })
        #expect(abs(Double(full.count) - restThumb.height) <= 1)
        _ = app.handle(.mouse(MouseEvent(.press, column: 10, row: 5)), at: 0.6)
        _ = app.handle(.mouse(MouseEvent(.drag, column: 10, row: 10)), at: 0.65)
        _ = app.handle(.mouse(MouseEvent(.drag, column: 10, row: 15)), at: 0.7)
        let stretched = try image(&app, columns: 40, rows: 20, at: 0.7)
        let thumb = try #require(app.content.scroll.indicator(.vertical)).thumb
        #expect(app.content.scroll.offset.y < 0)
        let x = Int(thumb.midX)
        let pulled = try #require(stretched.litRuns(column: x).max { $0.count < $1.count })
        #expect(pulled.count < full.count - 8, "\(pulled.count) px pulled against \(full.count) at rest")
        #expect(abs(Double(pulled.count) - thumb.height) <= 1)
    }

    @Test("SV-03 the indicator's alpha follows the fade envelope over time")
    func fadeFollowsTheEnvelope() throws {
        var app = scrolledApp()
        _ = try image(&app, columns: 40, rows: 20, at: 0.5)
        let thumb = try #require(app.content.scroll.indicator(.vertical)).thumb
        let (x, y) = (Int(thumb.midX), Int(thumb.midY))
        var seen: [Double] = []
        // The wheel's motion ends within a second; the fade starts 1.2 s later and lasts 0.25 s.
        for t in stride(from: 1.0, through: 3.0, by: 0.025) {
            let picture = try image(&app, columns: 40, rows: 20, at: t)
            let opacity = app.content.scroll.indicator(.vertical)?.opacity ?? 0
            let expected = 255 * 0.5 * opacity
            #expect(abs(Double(picture.brightness(x: x, y: y)) - expected) <= 2, "at \(t) s: opacity \(opacity)")
            seen.append(opacity)
        }
        #expect(seen.first == 1, "still fully shown a second after scrolling")
        #expect(seen.contains { $0 > 0.05 && $0 < 0.95 }, "a frame falls inside the fade")
        #expect(seen.last == 0, "gone once the fade ends")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 >= $1 }, "never brightens while fading")
    }

    @Test("SV-11 a legacy macOS scroller's track is 15 points wide (30 pixels at scale 2)")
    func legacyTrack() throws {
        var view = linesView()
        view.scroll.indicatorStyle = .macOS(.legacy)
        var app = Harness(content: view)
        let picture = try image(&app, columns: 40, rows: 20, scale: 2, at: 0.1)
        let indicator = try #require(app.content.scroll.indicator(.vertical))
        #expect(indicator.showsTrack)
        // A row below the thumb: only the track is there.
        let y = Int((indicator.thumb.maxY + 20) * 2)
        let track = picture.litRuns(row: y, threshold: 10).last
        #expect(track.map { $0.count } == 30)
        #expect(track?.upperBound == picture.width)
    }
}
#endif
