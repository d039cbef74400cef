import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Which fills a pixel host leaves out of a drawing over the cleared background: only those in
/// the background colour over nothing the drawing painted before them.
@Suite struct BackgroundFillTests {
    static let plain = Style.plain
    static let zebra = Style(background: .ansi(8))

    /// The fills of `drawing` a host paints, as their rectangles, when `isBackground` says
    /// which styles are the background.
    static func paintedFills(_ drawing: PointDrawing, isBackground: (Style) -> Bool = { $0.background == .default && !$0.reverse }) -> [Rect] {
        var fills = PointDrawing.BackgroundFills(of: drawing)
        return drawing.commands.compactMap { command in
            guard !fills.skips(command, isBackground: isBackground), case let .fill(rect, _, _) = command else { return nil }
            return rect
        }
    }

    static func row(_ i: Int) -> Rect { Rect(x: 0, y: Double(i) * 44, width: 390, height: 44) }

    @Test("a table's plain rows, drawn one under the next, are not filled; its zebra rows are")
    func plainRowsOverNothingAreLeftOut() {
        var drawing = PointDrawing(frame: Rect(x: 0, y: 0, width: 390, height: 440), measurer: PointDrawingTests.measurer)
        for i in 0..<6 {
            drawing.fill(Self.row(i), i % 2 == 1 ? Self.zebra : Self.plain)
            drawing.text("row \(i)", at: Point(x: 16, y: Self.row(i).minY + 12), width: 300, font: .body, Self.plain)
        }
        // What a table blanks below its last row.
        drawing.fill(Rect(x: 0, y: 264, width: 390, height: 176), Self.plain)
        #expect(Self.paintedFills(drawing) == [Self.row(1), Self.row(3), Self.row(5)])
    }

    @Test("a background fill over anything painted before it is kept: text, a zebra fill, a line, an outline, a symbol or a host's control")
    func fillsOverPaintedAreaAreKept() {
        let frame = Rect(x: 0, y: 0, width: 200, height: 200)
        let cover = Rect(x: 0, y: 0, width: 200, height: 200)
        let painters: [(String, (inout PointDrawing) -> Void)] = [
            ("text", { $0.text("x", at: Point(x: 150, y: 150), width: 40, font: .body, Self.plain) }),
            ("a zebra fill", { $0.fill(Rect(x: 190, y: 190, width: 5, height: 5), Self.zebra) }),
            ("a line", { $0.line(from: Point(x: 10, y: 10), to: Point(x: 10, y: 10), Self.plain, width: 1) }),
            ("an outline", { $0.stroke(Rect(x: 50, y: 50, width: 0, height: 0), Self.plain) }),
            ("a symbol", { $0.symbol("▸", centre: Point(x: 100, y: 100), size: 1, Self.plain) }),
            ("a host's control", { $0.add(.control(.button(title: "OK", frame: Rect(x: -50, y: -50, width: 1, height: 1), isPressed: false, isHovered: false))) }),
        ]
        for (what, paint) in painters {
            var drawing = PointDrawing(frame: frame, measurer: PointDrawingTests.measurer)
            paint(&drawing)
            drawing.fill(cover, Self.plain)
            #expect(Self.paintedFills(drawing).contains(cover), "a background fill over \(what) must be painted")
        }
    }

    @Test("what is the background is the host's to say: a fill it resolves otherwise is always painted")
    func theHostSaysWhatIsBackground() {
        var drawing = PointDrawing(frame: Rect(x: 0, y: 0, width: 100, height: 100), measurer: PointDrawingTests.measurer)
        drawing.fill(Self.row(0), Self.plain)
        drawing.fill(Self.row(1), Style(reverse: true))
        #expect(Self.paintedFills(drawing) == [Self.row(1)])
        #expect(Self.paintedFills(drawing, isBackground: { _ in false }) == [Self.row(0), Self.row(1)])
    }

    @Test("commands with bounds that are not finite count as painting the whole drawing")
    func unboundedCommandsPaintEverything() {
        for value in [Double.nan, .infinity, -.infinity] {
            var drawing = PointDrawing(frame: Rect(x: 0, y: 0, width: 100, height: 100), measurer: PointDrawingTests.measurer)
            drawing.line(from: Point(x: value, y: 0), to: Point(x: 0, y: 0), Self.plain, width: 1)
            drawing.fill(Rect(x: 0, y: 50, width: 100, height: 10), Self.plain)
            #expect(Self.paintedFills(drawing).count == 1, "after a line to \(value)")
        }
    }
}
