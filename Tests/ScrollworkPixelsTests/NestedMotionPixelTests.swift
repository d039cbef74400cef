#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
import ScrollworkWidgets
import ScrollworkTerminal
@testable import ScrollworkGallery
import Testing

/// Content inside scrolled content moves with it: the scroll view page's card carousel lies on
/// the document's lines, so a window that draws the document at its exact offset draws the
/// carousel there too, in every frame.
@Suite struct NestedMotionPixelTests {
    @Test("SV-04, SV-16: the carousel inside the document is drawn in every frame of a flick, where its lines are")
    func carouselDrawnWhileTheDocumentMoves() throws {
        let style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS, reducesMotion: false)
        var app = GalleryApp(page: .scrollView, style: style, tableRows: 100)
        let size = Size(width: 960, height: 640)
        _ = app.handle(.resize(columns: 120, rows: 40), at: 0)
        var time = 0.0
        // The first frame lays the document out in points.
        _ = try PixelFrame.render(&app, size: size, scale: 1, at: time)
        let content = app.scrollView.document.view.contentRect
        let box = app.scrollView.document.view.frame
        let text = app.scrollView.text, lineHeight = app.scrollView.document.lineHeight
        // A drag up the document, below the carousel, released moving: a flick.
        let column = content.column + 10, row = content.maxRow - 2
        for (kind, rows) in [(MouseEvent.Kind.press, 0), (.drag, 3), (.drag, 6), (.release, 6)] {
            _ = app.handle(.mouse(MouseEvent(kind, column: column, row: row - rows)), at: time)
            time += 0.02
        }
        var checked = 0, fractional = 0
        for _ in 0..<90 {
            time += 1.0 / 60
            _ = app.tick(at: time)
            let frame = try PixelFrame.render(&app, size: size, scale: 1, at: time)
            let offset = app.scrollView.scroll.offset.y
            // The first card's title, bright on its dark card, on the middle of the carousel's lines.
            let middle = Int(box.minY + (Double(text.carouselStart) + Double(text.carouselRows) / 2) * lineHeight - offset)
            guard middle - 8 > Int(box.minY), middle + 8 < Int(box.maxY) else { continue }
            let drawn = (middle - 6...middle + 6).contains { y in (Int(box.minX) + 24..<Int(box.minX) + 160).contains { frame.brightness(x: $0, y: y) > 150 } }
            #expect(drawn, "the carousel is missing at offset \(offset)")
            checked += 1
            if offset != (offset / 16).rounded(.down) * 16 { fractional += 1 }
        }
        #expect(checked > 5 && fractional > 5)
    }
}

/// A lines view with a badge drawn over it afterwards, as a floating bar or a sheet is.
struct BadgedLines: WrappingWidget {
    var view = linesView()

    mutating func render(in area: CellRect, into buffer: inout Buffer, at time: Double) {
        view.render(in: area, into: &buffer, at: time)
        let badge = CellRect(column: 20, row: 5, columns: 10, rows: 2)
        buffer.fill(badge, with: .blank(Style(background: .rgb(200, 40, 40))))
        buffer.draw("FLOATING", column: 21, row: 5, style: Style(foreground: .rgb(255, 255, 255), background: .rgb(200, 40, 40)), clip: badge)
    }
}

@Suite struct FloatingOverMotionPixelTests {
    @Test("SV-08, SV-16: what is drawn over a scroll view stays in place and on top while the content moves between lines")
    func floatingDrawnOnTop() throws {
        var still = Harness(content: BadgedLines())
        let rest = try image(&still, columns: 40, rows: 20)
        var moving = Harness(content: BadgedLines())
        try moving.content.view.scroll.setOffset(Point(x: 0, y: 8), time: 0)
        let half = try image(&moving, columns: 40, rows: 20)
        // The badge's box, every pixel, as at rest.
        var differing = 0
        for y in (5 * 16)..<(7 * 16) {
            for x in (20 * 8)..<(30 * 8) where half.pixel(x: x, y: y) != rest.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        // Beside it, the lines did move by half a line.
        let left = 0..<(16 * 8)
        let movedRow = (0..<(20 * 16 - 8)).contains { y in left.contains { half.brightness(x: $0, y: y) != rest.brightness(x: $0, y: y + 8) } }
        #expect(!movedRow)
    }
}
#endif
