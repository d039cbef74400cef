import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// A measurer of a made-up proportional face: "i", "l" and "." a quarter of the size wide, "m"
/// and "w" four fifths, the rest 0.55; lines 1.2 times the size.
func proportionalMeasurer(_ scale: TypeScale) -> TextMeasurer {
    let table: [Double] = (0x20..<0x7F).map { code in
        switch UnicodeScalar(code).map(Character.init) {
        case "i", "l", ".": return 0.25
        case "m", "w", "M", "W": return 0.8
        default: return 0.55
        }
    }
    return TextMeasurer(sizes: scale.sizes, lineHeights: scale.sizes.map { $0 * 1.2 }, ascents: scale.sizes,
                        advances: scale.sizes.map { size in table.map { $0 * size } }, wideAdvance: scale.sizes)
}

/// A frame canvas as a window of `size` points gives one: its cells, point marks and a point context.
func windowBuffer(_ size: Size) -> Canvas {
    Canvas(cells: Buffer(columns: Int(size.width / 8), rows: Int(size.height / 16)), metrics: CellMetrics(), size: size,
           pointContext: PointContext(size: size, measure: proportionalMeasurer))
}

/// The text runs of every drawing in `buffer`, with their fonts and origins.
func textRuns(_ buffer: Canvas) -> [(text: String, origin: Point, font: FontRole)] {
    buffer.pointMarks.flatMap { mark -> [(text: String, origin: Point, font: FontRole)] in
        guard case let .drawing(d) = mark else { return [] }
        return d.commands.compactMap { if case let .text(text, origin, font, _) = $0 { (text, origin, font) } else { nil } }
    }
}

/// The scroll view page's document in a window: wrapped and drawn in points, in the body type on
/// its leading, at the exact offset, with the carousel on its lines.
@Suite struct DocumentPointsTests {
    static let size = Size(width: 390, height: 844)

    static func page(_ idiom: ScrollIdiom = .iOS) -> GalleryApp {
        var app = GalleryApp(page: .scrollView, style: GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: idiom), tableRows: 100)
        _ = app.handle(.resize(columns: 48, rows: 52), at: 0)
        return app
    }

    /// A frame of `app` in a window of the suite's size, with the document scrolled to `offset` first when given.
    static func frame(_ app: inout GalleryApp, offset: Double? = nil) throws -> Canvas {
        if let offset { try app.scrollView.document.view.scroll.setOffset(Point(x: 0, y: offset), time: 0) }
        var buffer = windowBuffer(size)
        _ = app.render(into: &buffer, at: 0)
        return buffer
    }

    @Test("SV-16: in a window the document's lines sit on the body type's leading (22 points at 17) at the exact offset, in proportional type, with no cells")
    func SV_16_linesAtTheExactOffset() throws {
        var app = Self.page()
        _ = try Self.frame(&app)
        #expect(app.scrollView.document.lineHeight == 22)
        let buffer = try Self.frame(&app, offset: 123.25)
        let box = app.scrollView.document.view.frame
        let lines = app.scrollView.text.lines
        let body = textRuns(buffer).filter { $0.font == .body && $0.origin.y >= box.minY - 22 && $0.origin.y < box.maxY }
        #expect(body.count > 20)
        for run in body {
            // Each run is a whole line of the document, at its index's place less the offset.
            let index = try #require(lines.firstIndex(of: run.text), "\(run.text) is not a line")
            let top = box.minY + Double(index) * 22 - 123.25
            #expect(run.origin.y == top + (22 - 17 * 1.2) / 2)
        }
        // Wrapped in points, to the text's width between its 16-point margins, and filled to it.
        let measurer = proportionalMeasurer(TypeScale.standard(for: .iOS))
        let widths = lines.prefix(40).map { measurer.width(of: $0, font: $0.hasPrefix("#") ? .headline : .body) }
        #expect(widths.allSatisfy { $0 <= 390 - 16 - 16 } && widths.contains { $0 > 320 }, "\(widths)")
        // The document drew no text into cells.
        let area = app.scrollView.document.view.contentRect
        #expect((area.row..<area.maxRow).allSatisfy { row in (area.column..<area.maxColumn).allSatisfy { buffer[$0, row].text == " " } })
    }

    @Test("SV-04, SV-16: the carousel is drawn on its lines at every offset the document passes through, cut where the view ends")
    func SV_04_carouselAtEveryOffset() throws {
        var app = Self.page()
        _ = try Self.frame(&app)
        let text = app.scrollView.text
        let lineHeight = app.scrollView.document.lineHeight
        var seen = 0
        for step in 0..<120 {
            let offset = Double(step) * 7.3
            let buffer = try Self.frame(&app, offset: offset)
            let box = app.scrollView.document.view.frame
            let top = box.minY + Double(text.carouselStart) * lineHeight - offset
            let bottom = top + Double(text.carouselRows) * lineHeight
            guard bottom > box.minY + 1, top < box.maxY - 1 else { continue }
            let cards = textRuns(buffer).filter { $0.text.hasPrefix("Card ") }
            #expect(!cards.isEmpty, "no card at offset \(offset)")
            #expect(cards.allSatisfy { $0.origin.y > top && $0.origin.y < bottom }, "cards off their lines at offset \(offset)")
            seen += 1
        }
        #expect(seen > 10)
    }

    @Test("SV-06: under the macOS idiom a drag selects the line under the pointer's own point, not its cell's")
    func SV_06_dragSelectsTheLineAtThePoint() throws {
        var app = Self.page(.macOS)
        _ = try Self.frame(&app)
        let document = app.scrollView.document
        let lineHeight = document.lineHeight
        #expect(lineHeight == 17)
        let frame = document.view.frame
        // Row 5 of the view, near its top: 5 × 16 + 2 = 82 points down, line 4 (68..<85), where
        // the cell's centre (88) is on line 5.
        let press = MouseEvent(.press, at: Point(x: frame.minX + 4 * 8 + 4, y: frame.minY + 5 * 16 + 2))
        _ = app.handle(.mouse(press), at: 0.1)
        #expect(app.scrollView.text.selection == 4...4)
    }

    @Test("a scroll view given an area that is not finite, or drawn in a clip that leaves nothing, traps nowhere and can be hit nowhere")
    func placedAtBadFrames() {
        for frame in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 5), Rect(x: 1e300, y: -1e300, width: 1e308, height: 1e308),
                      Rect(x: 20, y: 10, width: 160, height: 80)] {
            var view = ScrollView(Carousel(theme: Theme.standard(for: .trueColor)), scroll: ScrollState(viewport: .zero, content: Size(width: 2000, height: 80)))
            var buffer = windowBuffer(Self.size)
            buffer.clipped(to: Rect(x: 400, y: 400, width: 0, height: 0)) { view.render(in: frame, into: &$0, at: 0) }
            view.scroll.tick(at: 1)
            #expect(view.frame.width == 0 || view.frame.height == 0 || !view.frame.width.isFinite, "nothing of it can be seen, so nothing of it is hit: \(view.frame)")
            _ = view.handle(.mouse(MouseEvent(.press, at: Point(x: 30, y: 20))), at: 2)
        }
    }

    @Test("SV-05: a page in the window keeps one line of the document's own height, not a cell")
    func SV_05_pageKeepsOneLine() throws {
        var app = Self.page()
        _ = try Self.frame(&app)
        let scroll = app.scrollView.document.view.scroll
        #expect(scroll.lineStep.height == 22)
        var moved = scroll
        moved.perform(.pageDown, time: 0)
        moved.tick(at: 5)
        #expect(moved.offset.y == scroll.viewportSize.height - 22)
    }
}
