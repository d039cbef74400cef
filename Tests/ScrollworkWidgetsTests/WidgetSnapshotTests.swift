import Scrollwork
import SnapshotTesting
import Testing
@testable import ScrollworkWidgets

let theme = Theme.standard(for: .trueColor)
let documentLines = (1...200).map { "Line \($0): scroll views show more content than fits." }

/// The test document's lines, as scroll view content.
struct DocumentLines: ScrollContent {
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        for r in 0..<window.rect.rows {
            let line = window.firstRow + r
            guard line >= 0 && line < documentLines.count else { continue }
            canvas.cells.draw(documentLines[line], column: window.rect.column - window.firstColumn, row: window.rect.row + r, clip: window.rect)
        }
    }
}

/// Draws a text document through the scroll view widget.
func drawDocument(_ state: ScrollState, in rect: CellRect, into buffer: inout Buffer) {
    var view = ScrollView(DocumentLines(), scroll: state, theme: theme)
    view.render(in: rect, into: &buffer, at: state.time)
}

func document(idiom: ScrollIdiom = .iOS, columns: Int = 40, rows: Int = 8) -> ScrollState {
    idiom.scrollState(viewport: Size(width: Double(columns) * 8, height: Double(rows) * 16),
                      content: Size(width: Double(columns) * 8, height: Double(documentLines.count) * 16))
}

@Suite struct ScrollViewSnapshotTests {
    @Test("SV-01: overlay indicator while scrolling, hidden at rest")
    func SV_01_overlayIndicator() throws {
        var s = document()
        try s.setOffset(Point(x: 0, y: 1600), time: 0)
        let rest = render(columns: 40, rows: 8) { drawDocument(s, in: $1, into: &$0) }
        assertSnapshot(of: snapshotText(rest), as: .lines, named: "rest")
        s.beginDrag(at: Point(x: 100, y: 100), time: 1)
        s.drag(to: Point(x: 100, y: 60), time: 1.05)
        let scrolling = render(columns: 40, rows: 8) { drawDocument(s, in: $1, into: &$0) }
        assertSnapshot(of: snapshotText(scrolling), as: .lines, named: "scrolling")
    }

    @Test("SV-02: the rubber-band space past the top edge")
    func SV_02_rubberBandSpace() throws {
        var s = document()
        s.beginDrag(at: Point(x: 100, y: 10), time: 0)
        s.drag(to: Point(x: 100, y: 90), time: 0.1)
        assertSnapshot(of: snapshotText(render(columns: 40, rows: 8) { drawDocument(s, in: $1, into: &$0) }), as: .lines)
    }

    @Test("SV-11: legacy scrollers take their track out of the layout")
    func SV_11_legacyScroller() throws {
        var s = document()
        s.indicatorStyle = .macOS(.legacy)
        s.contentSize.width = s.contentViewport.width
        try s.setOffset(Point(x: 0, y: 800), time: 0)
        assertSnapshot(of: snapshotText(render(columns: 40, rows: 8) { drawDocument(s, in: $1, into: &$0) }), as: .lines)
    }

    @Test("SV-13: tvOS draws no indicators")
    func SV_13_noIndicators() throws {
        var s = document(idiom: .tvOS)
        s.beginDrag(at: Point(x: 100, y: 100), time: 1)
        s.drag(to: Point(x: 100, y: 60), time: 1.05)
        let b = render(columns: 40, rows: 8) { drawDocument(s, in: $1, into: &$0) }
        #expect(!b.text.contains("█") && !b.text.contains("▄"))
        assertSnapshot(of: snapshotText(b), as: .lines)
    }

    @Test("SV-14: the visionOS indicator and its jog ticks")
    func SV_14_visionJog() throws {
        var s = document(idiom: .visionOS, rows: 12)
        try s.setOffset(Point(x: 0, y: 400), time: 0)
        let thumb = try #require(s.indicator(.vertical)).thumb
        s.pressIndicator(at: thumb.center, time: 1)
        s.dragIndicator(to: thumb.center + Point(x: 0, y: 30), time: 1)
        s.tick(at: 1.3)
        assertSnapshot(of: snapshotText(render(columns: 40, rows: 12) { drawDocument(s, in: $1, into: &$0) }), as: .lines)
    }

    @Test("SV-15: the watchOS page indicator shows the page and the place in it")
    func SV_15_watchPageIndicator() throws {
        var s = document(idiom: .watchOS, columns: 24, rows: 8)
        s.isPagingEnabled = true
        s.verticalPageLengths = [128, 512, 128, 2432]
        try s.setOffset(Point(x: 0, y: 128 + 192), time: 0)
        assertSnapshot(of: snapshotText(render(columns: 24, rows: 8) { drawDocument(s, in: $1, into: &$0) }), as: .lines)
    }

    @Test("SV-08: a soft edge dims rows under a bar; a hard edge draws a separator")
    func SV_08_edgeEffects() throws {
        var s = document(rows: 7)
        try s.setOffset(Point(x: 0, y: 320), time: 0)
        for style in [ScrollEdgeEffect.Style.soft, .hard] {
            let b = render(columns: 40, rows: 8) { buffer, area in
                buffer.draw(" Toolbar", column: 0, row: 0, style: theme.header)
                var view = ScrollView(DocumentLines(), scroll: s, theme: theme)
                view.edgeEffects = [ScrollEdgeEffect(edge: .top, style: style, floating: [.bar], depth: 16)]
                view.render(in: area.inset(top: 1), into: &buffer, at: s.time)
            }
            assertSnapshot(of: snapshotText(b), as: .lines, named: "\(style)")
        }
    }
}

@Suite struct PageControlSnapshotTests {
    func draw(_ c: PageControlState, columns: Int = 30, rows: Int = 3) -> String {
        var view = PageControlView(c, theme: theme)
        return snapshotText(render(columns: columns, rows: rows) { view.render(in: $1, into: &$0, at: 0) })
    }

    @Test("PC-02, PC-04: five dots at the bottom centre, the current one highlighted")
    func PC_02_PC_04_fewPages() throws {
        var c = try PageControlState(numberOfPages: 5)
        c.currentPage = 1
        assertSnapshot(of: draw(c), as: .lines)
    }

    @Test("PC-11: twelve and a thousand pages clip and shrink the edge dots", arguments: [12, 1000])
    func PC_11_clippedRows(pages: Int) throws {
        var c = try PageControlState(numberOfPages: pages)
        c.currentPage = pages / 2
        assertSnapshot(of: draw(c), as: .lines, named: "\(pages)")
    }

    @Test("PC-06, PC-15: a location symbol on the first page and the prominent background")
    func PC_06_PC_15_imagesAndBackground() throws {
        var c = try PageControlState(numberOfPages: 4)
        try c.setIndicatorImage(IndicatorImage("➤"), forPage: 0)
        c.backgroundStyle = .prominent
        c.currentPage = 2
        assertSnapshot(of: draw(c), as: .lines)
    }

    @Test("PC-15: the background shows while interacting (automatic), always (prominent), never (minimal)")
    func PC_15_backgrounds() throws {
        for style in PageControlState.BackgroundStyle.allCases {
            var c = try PageControlState(numberOfPages: 5)
            c.backgroundStyle = style
            c.pointerDown(at: 20, time: 0)
            assertSnapshot(of: draw(c, rows: 1), as: .lines, named: "\(style)-pressed")
            _ = c.pointerUp(at: 20, time: 0.1)
            assertSnapshot(of: draw(c, rows: 1), as: .lines, named: "\(style)-idle")
        }
    }

    @Test("PC-02: a vertical control on the trailing edge")
    func PC_02_vertical() throws {
        var c = try PageControlState(numberOfPages: 3)
        c.direction = .topToBottom
        assertSnapshot(of: draw(c, columns: 10, rows: 9), as: .lines)
    }
}
