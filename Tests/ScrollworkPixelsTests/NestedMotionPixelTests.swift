import Scrollwork
import ScrollworkPixels
import ScrollworkWidgets
import ScrollworkTerminal
@testable import ScrollworkGallery
import Testing

/// Content inside scrolled content moves with it: the scroll view page's card carousel lies on
/// the document's lines, so a pixel host that moves the document between whole lines moves the
/// carousel too, in every frame.
@Suite struct NestedMotionPixelTests {
    @Test("SV-04, SV-16: the carousel inside the document is drawn in every frame of a flick, where its lines are")
    func carouselDrawnWhileTheDocumentMoves() throws {
        let style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS, reducesMotion: false)
        var t = HeadlessTerminal(GalleryApp(page: .scrollView, style: style, tableRows: 100), columns: 120, rows: 40)
        let content = t.app.scrollView.document.view.contentRect
        let start = t.app.scrollView.text.carouselStart
        // A drag up the document, below the carousel, released moving: a flick.
        let column = content.column + 10, row = content.maxRow - 2
        t.send(.mouse(MouseEvent(.press, column: column, row: row)))
        t.advance(by: 0.02)
        t.send(.mouse(MouseEvent(.drag, column: column, row: row - 3)))
        t.advance(by: 0.02)
        t.send(.mouse(MouseEvent(.drag, column: column, row: row - 6)))
        t.send(.mouse(MouseEvent(.release, column: column, row: row - 6)))
        var checked = 0, fractional = 0
        for _ in 0..<90 {
            t.advance(by: 1.0 / 60)
            let offset = t.app.scrollView.scroll.offset.y
            // The card's left border, a vertical line in the cell one column into the carousel,
            // runs through the carousel's three middle rows.
            let top = Double(content.row) * 16 + Double(start) * 16 - offset
            let band = Int(top + 20)..<Int(top + 60)
            let visible = (content.row * 16)..<(content.maxRow * 16)
            guard visible.contains(band.lowerBound), visible.contains(band.upperBound - 1) else { continue }
            let frame = try PixelFrame.render(&t.app, size: Size(width: 960, height: 640), scale: 1, at: t.time)
            let x0 = (content.column + 1) * 8
            let drawn = band.allSatisfy { y in (x0..<(x0 + 8)).contains { frame.brightness(x: $0, y: y) > 40 } }
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
