import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// The pager draws its lines once, in points, in the monospaced role: a window shows them at
/// the exact offset (no cells moved between cells), a terminal on the rows that hold them (#43).
@Suite struct PagerPointsTests {
    /// 100 lines of 150 characters, wider than the view, so that it scrolls both ways.
    static func pager() throws -> TextPager {
        let text = (1...100).map { "line \($0) " + String(repeating: "x", count: 150) }.joined(separator: "\n") + "\n"
        let file = TemporaryFile(name: "notes.txt", text)
        guard case let .pager(pager) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            throw OpenFile.Failure(description: "not text")
        }
        return pager
    }

    /// A canvas as a window of 640 × 400 points gives one (80 × 25 cells), whose monospaced text
    /// advances a cell a character as the pixel host's does.
    static func windowCanvas() -> Canvas {
        let size = Size(width: 640, height: 400)
        return Canvas(cells: Buffer(columns: 80, rows: 25), metrics: CellMetrics(), size: size, pointContext: PointContext(size: size) { scale in
            TextMeasurer(sizes: scale.sizes, lineHeights: scale.sizes.map { $0 * 1.2 }, ascents: scale.sizes,
                         advances: FontRole.allCases.map { Array(repeating: $0 == .monospaced ? 8 : 0.55 * scale.size($0), count: 95) },
                         wideAdvance: FontRole.allCases.map { $0 == .monospaced ? 16 : scale.size($0) })
        })
    }

    /// The text runs of every drawing on `canvas`, with their origins and fonts.
    static func runs(_ canvas: Canvas) -> [(text: String, origin: Point, font: FontRole)] {
        canvas.pointMarks.flatMap { mark -> [(text: String, origin: Point, font: FontRole)] in
            guard case let .drawing(d) = mark else { return [] }
            return d.commands.compactMap { if case let .text(text, origin, font, _) = $0 { (text, origin, font) } else { nil } }
        }
    }

    @Test("SV-01: in a window the pager's lines are monospaced text at the exact offset, numbers kept in the gutter sideways, and none of it in cells")
    func SV_01_linesAtTheExactOffset() throws {
        var pager = try Self.pager()
        var canvas = Self.windowCanvas()
        _ = pager.render(into: &canvas, at: 0)
        // Three and a half lines down, two and a half characters sideways.
        try pager.view.scroll.setOffset(Point(x: 20, y: 56), time: 0)
        canvas = Self.windowCanvas()
        _ = pager.render(into: &canvas, at: 0)
        let runs = Self.runs(canvas)
        // Line 4 (from 0: 3) starts 8 points above the view; line 5 8 points into it.
        let gutter = Double(pager.view.content.gutter + 3) * 8
        let fifth = try #require(runs.first { $0.text.hasPrefix("ne 5 x") })
        #expect(fifth.origin == Point(x: gutter - 4, y: 8))
        #expect(fifth.font == .monospaced)
        #expect(runs.contains { $0.text == "ne 4 " + String(repeating: "x", count: 150) && $0.origin.y == -8 })
        // The number, right-aligned in the gutter's four cells whatever the sideways offset.
        #expect(runs.contains { $0.text == "5" && $0.font == .monospaced && $0.origin == Point(x: 24, y: 8) })
        // Nothing of the lines is left in cells for a window to show on whole cells.
        #expect((0..<24).allSatisfy { row in (0..<80).allSatisfy { canvas.cells[$0, row] == .blank() } })
    }

    @Test("SV-01: on a terminal the same drawing puts each line on the row that holds its top, its number before the rule")
    func SV_01_terminalRowsHoldTheLines() throws {
        var pager = try Self.pager()
        var canvas = Canvas(cells: Buffer(columns: 80, rows: 25))
        _ = pager.render(into: &canvas, at: 0)
        try pager.view.scroll.setOffset(Point(x: 16, y: 48), time: 0)
        canvas = Canvas(cells: Buffer(columns: 80, rows: 25))
        _ = pager.render(into: &canvas, at: 0)
        let rows = (0..<3).map { row in (0..<30).map { canvas.cells[$0, row].text }.joined() }
        #expect(rows == ["   4 │ ne 4 xxxxxxxxxxxxxxxxxx", "   5 │ ne 5 xxxxxxxxxxxxxxxxxx", "   6 │ ne 6 xxxxxxxxxxxxxxxxxx"])
    }
}

/// What is shown over the table in a window hides it, as it does in a terminal.
@Suite struct RecordPointsTests {
    @Test("a record shown in a window is a page of its own: the table is not drawn under it; its area is filled, then its fields are drawn in monospaced text")
    func recordHidesTheTable() throws {
        let file = TemporaryFile(name: "people.csv", "name,city\nAda,London\nBob,Paris\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 25)
        while t.runWork() {}
        // The first row is focused from the start: Enter shows it.
        t.send(.key(KeyEvent(.enter)))
        var app = t.app
        var canvas = PagerPointsTests.windowCanvas()
        _ = app.render(into: &canvas, at: t.time)
        let drawings = canvas.pointMarks.compactMap { mark -> PointDrawing? in if case let .drawing(d) = mark { d } else { nil } }
        func index(_ test: (PointDrawing.Command) -> Bool) -> Int? { drawings.lastIndex { $0.commands.contains(where: test) } }
        #expect(index { if case .text("city", _, .headline, _) = $0 { true } else { false } } == nil, "the table's headings are not drawn")
        let cover = try #require(index { if case let .fill(rect, _, _) = $0 { rect.width >= 640 && rect.height >= 384 } else { false } })
        let record = try #require(index { if case .text("London", _, .monospaced, _) = $0 { true } else { false } })
        #expect(cover <= record)
    }
}
