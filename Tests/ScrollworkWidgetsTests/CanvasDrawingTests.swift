import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// The terminal's rasterizer: drawing calls in points in, cells out; and the same calls
/// recorded as one drawing where a window draws in points.
@Suite struct CanvasDrawingTests {
    static let measurer = TextMeasurer(sizes: [17], lineHeights: [22], ascents: [17], advances: [], wideAdvance: [17])

    /// A 20 × 4 terminal canvas.
    static func grid() -> Canvas { Canvas(cells: Buffer(columns: 20, rows: 4)) }

    /// A 160 × 64-point window canvas that draws in points.
    static func window() -> Canvas {
        Canvas(cells: Buffer(columns: 20, rows: 4), metrics: CellMetrics(), size: Size(width: 160, height: 64),
               pointContext: PointContext(size: Size(width: 160, height: 64)) { _ in Self.measurer })
    }

    @Test("text starts in the cell that holds its origin, is cut to the whole cells of its span and placed by its alignment")
    func textInCells() {
        var c = Self.grid()
        // 40 points from x = 17 (inside column 2) are five cells.
        let drawn = c.text("abcdefgh", at: Point(x: 17, y: 16), width: 40, style: Style(bold: true))
        #expect(c.cells.text(ofRow: 1) == "  abcd…" + String(repeating: " ", count: 13))
        #expect(drawn == 40 && c.cells[2, 1].style.bold)
        c.text("42", at: Point(x: 0, y: 32), width: 48, alignment: .trailing)
        c.text("mid", at: Point(x: 0, y: 48), width: 56, alignment: .center)
        #expect(c.cells.text(ofRow: 2).hasPrefix("    42 "))
        #expect(c.cells.text(ofRow: 3).hasPrefix("  mid  "))
    }

    @Test("text is data on the grid too: a control character is drawn as its picture, never sent")
    func controlsArePictures() {
        var c = Self.grid()
        c.text("a\u{1B}b", at: .zero)
        #expect(c.cells.text(ofRow: 0).hasPrefix("a␛b"))
    }

    @Test("a fill covers the cells the rectangle covers; a clip cuts what is drawn inside it")
    func fillAndClip() {
        var c = Self.grid()
        let blue = Style(background: .ansi(4))
        c.fill(Rect(x: 8, y: 16, width: 24, height: 32), blue)
        #expect((1..<4).allSatisfy { c.cells[$0, 1].style == blue && c.cells[$0, 2].style == blue })
        #expect(c.cells[0, 1].style == .plain && c.cells[4, 1].style == .plain && c.cells[1, 3].style == .plain)
        c.clipped(to: Rect(x: 0, y: 0, width: 32, height: 16)) { c in c.text("clipped text", at: .zero) }
        #expect(c.cells.text(ofRow: 0) == "clip" + String(repeating: " ", count: 16))
    }

    @Test("a vertical line is │ down the cells it crosses, in the cell's style over a fill and its own over plain cells")
    func linesAsBoxDrawing() {
        var c = Self.grid()
        let bar = Style(foreground: .ansi(7), background: .ansi(4), bold: true)
        c.fill(Rect(x: 0, y: 0, width: 160, height: 16), bar)
        let hairline = Style(foreground: .ansi(8))
        c.line(from: Point(x: 39.5, y: 5), to: Point(x: 39.5, y: 43), hairline)
        #expect((0..<3).allSatisfy { c.cells[4, $0].text == "│" })
        #expect(c.cells[4, 0].style == bar, "over the bar: the bar's style, or a hairline colour could vanish in it")
        #expect(c.cells[4, 1].style == hairline && c.cells[4, 3].text == " ")
        c.line(from: Point(x: 0, y: 56), to: Point(x: 20, y: 56), hairline)
        #expect(c.cells.text(ofRow: 3).hasPrefix("───"))
    }

    @Test("rules that cross make ┼ where they cross; a shade is ░ in the cells whose centres it covers, and in points a quarter-opaque fill of its text colour")
    func crossingsAndShades() throws {
        var c = Self.grid()
        let rule = Style(foreground: .ansi(8))
        // From x = 4 to 26 and y = 2 to 14: the centres of columns 1 and 2 (12 and 20) in row 0 (8).
        c.shade(Rect(x: 4, y: 2, width: 22, height: 12), rule)
        #expect(c.cells.text(ofRow: 0).hasPrefix(" ░░ ") && c.cells.text(ofRow: 1).hasPrefix("    "))
        #expect(c.cells[1, 0].style == rule)
        c.line(from: Point(x: 44, y: 0), to: Point(x: 44, y: 63.9), rule)
        c.line(from: Point(x: 0, y: 40), to: Point(x: 159.9, y: 40), rule)
        #expect(c.cells.text(ofRow: 2) == "─────┼" + String(repeating: "─", count: 14))
        #expect(c.cells[5, 1].text == "│" && c.cells[5, 3].text == "│")
        // A rule along one already there stays itself.
        c.line(from: Point(x: 0, y: 40), to: Point(x: 30, y: 40), rule)
        #expect(c.cells[5, 2].text == "┼")

        var w = Self.window()
        w.shade(Rect(x: 4, y: 8, width: 24, height: 16), rule)
        guard case let .drawing(drawing)? = w.pointMarks.first else { Issue.record("no drawing"); return }
        #expect(drawing.commands == [.opacity(0.25), .fill(Rect(x: 4, y: 8, width: 24, height: 16), Style(foreground: .ansi(8), reverse: true), radius: 0), .restore])
        #expect(w.cells.text(ofRow: 0).allSatisfy { $0 == " " })
    }

    @Test("SV-08: the separator under a header is an underline on the grid only at a hard edge; a hairline in points always")
    func SV_08_separatorUnderAHeader() {
        var c = Self.grid()
        let header = Rect(x: 0, y: 0, width: 160, height: 16)
        c.separator(under: header, Style(foreground: .ansi(8)), hardEdge: false)
        #expect(!c.cells[0, 0].style.underline)
        c.separator(under: header, Style(foreground: .ansi(8)), hardEdge: true)
        #expect((0..<20).allSatisfy { c.cells[$0, 0].style.underline } && !c.cells[0, 1].style.underline)
        var w = Self.window()
        w.draw(w.bounds, idiom: .iOS) { $0.separator(under: header, Style(foreground: .ansi(8)), hardEdge: false) }
        guard case let .drawing(d)? = w.pointMarks.first else { Issue.record("no drawing"); return }
        #expect(d.commands == [.line(from: Point(x: 0, y: 15.5), to: Point(x: 160, y: 15.5), Style(foreground: .ansi(8)), width: 1)])
    }

    @Test("where a window draws in points the same calls are one recorded drawing, and its cells stay blank")
    func recordedInPoints() {
        var w = Self.window()
        w.cells.draw("old", column: 0, row: 0)
        w.draw(w.bounds, idiom: .iOS) { c in
            c.fill(Rect(x: 0, y: 0, width: 160, height: 16), Style(background: .ansi(4)))
            c.clipped(to: Rect(x: 0, y: 0, width: 80, height: 64)) { c in
                c.text("Name", at: Point(x: 8, y: 0), width: 60, font: .headline)
            }
            c.line(from: Point(x: 79.5, y: 5), to: Point(x: 79.5, y: 11), Style())
        }
        #expect(w.cells.cells.allSatisfy { $0 == .blank() }, "the cells under the drawing are left blank for it")
        guard w.pointMarks.count == 1, case let .drawing(d) = w.pointMarks[0] else { Issue.record("\(w.pointMarks)"); return }
        #expect(d.frame == w.bounds)
        #expect(d.commands.count == 5)
        guard d.commands.count == 5, case let .text(text, origin, font, _) = d.commands[2] else { Issue.record("\(d.commands)"); return }
        #expect(text == "Name" && origin == Point(x: 8, y: 0) && font == .headline)
        #expect(d.commands[1] == .clip(Rect(x: 0, y: 0, width: 80, height: 64)) && d.commands[3] == .restore)
        #expect(d.commands[4] == .line(from: Point(x: 79.5, y: 5), to: Point(x: 79.5, y: 11), Style(), width: 1))
    }

    @Test("an area in points is cut as cells are: fixed points, shares of the rest on whole points, the last slot to the edge")
    func rectSlots() {
        let slots = Rect(x: 0, y: 10, width: 100.5, height: 40).columns([.fixed(20), .fill, .fill], spacing: 8)
        #expect(slots.map(\.minX) == [0, 28, 68] && slots.map(\.width) == [20, 32, 32.5] && slots.allSatisfy { $0.minY == 10 && $0.height == 40 })
        let rows = Rect(x: 5, y: 0, width: 30, height: 64).rows([.fill, .fixed(16)])
        #expect(rows == [Rect(x: 5, y: 0, width: 30, height: 48), Rect(x: 5, y: 48, width: 30, height: 16)])
    }

    @Test("an area cut in steps keeps every edge on a step from its start (a terminal's cells), the rest past the last whole step to the last slot")
    func rectSlotsInSteps() {
        // 805 points in 8-point steps: 100 steps and 5 points over; three equal shares with a step between.
        let slots = Rect(x: 0, y: 0, width: 805, height: 16).columns([.fill, .fill, .fill], spacing: 8, step: 8)
        #expect(slots.map(\.minX) == [0, 264, 528] && slots.map(\.width) == [256, 256, 277])
        #expect(slots.allSatisfy { $0.minX.truncatingRemainder(dividingBy: 8) == 0 })
        // Without steps the shares fall between cells.
        #expect(Rect(x: 0, y: 0, width: 805, height: 16).columns([.fill, .fill, .fill], spacing: 8).map(\.minX) != slots.map(\.minX))
        // Fixed lengths are whole steps, rounded down; rows from the rectangle's top.
        let rows = Rect(x: 0, y: 10, width: 8, height: 100).rows([.fixed(40), .fill], step: 16)
        #expect(rows == [Rect(x: 0, y: 10, width: 8, height: 32), Rect(x: 0, y: 42, width: 8, height: 68)])
        // A step that is not a number ≥ 1 is a step of 1.
        for step in [0, -8, .nan, .infinity, 0.5] {
            #expect(Rect(x: 0, y: 0, width: 805, height: 1).columns([.fill, .fill], step: step) == Rect(x: 0, y: 0, width: 805, height: 1).columns([.fill, .fill]))
        }
    }

    @Test("edges summed in points fall on the nearest cell boundary on a grid, and stay where they are in points")
    func alignedEdges() {
        let c = Self.grid(), w = Self.window()
        #expect(c.aligned(100.5) == 104 && c.aligned(99.9) == 96 && c.aligned(-3.9) == 0 && c.aligned(.nan).isNaN)
        #expect(w.aligned(100.5) == 100.5)
    }

    @Test("any point, rectangle, width and size, NaN and the ends of Double included, draws what falls on the grid and traps nowhere")
    func extremeValues() {
        let values: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300, 0, -0.0, 7.5]
        for v in values {
            for host in [Self.grid(), Self.window(), Canvas(cells: Buffer(columns: 3, rows: 2), metrics: CellMetrics(), size: Size(width: v, height: -v), pointContext: nil)] {
                var c = host
                let rect = Rect(x: v, y: -v, width: v, height: v)
                c.draw(rect, idiom: .macOS) { c in
                    c.fill(rect, Style(background: .ansi(1)), radius: v)
                    c.stroke(rect, .plain, width: v, radius: v)
                    c.text("text\u{0}", at: Point(x: v, y: v), width: v, font: .headline, alignment: .center, truncation: .middle)
                    c.text("wide 漢字", at: Point(x: -v, y: 0), width: nil)
                    c.line(from: Point(x: v, y: -v), to: Point(x: v, y: v), .plain, width: v)
                    c.line(from: Point(x: -v, y: 0), to: Point(x: v, y: 0), .plain)
                    c.separator(under: rect, .plain, hardEdge: true)
                    c.symbol("▸", centre: Point(x: v, y: v), size: v, .plain)
                    c.clipped(to: rect) { $0.faded(v) { $0.fill($0.bounds) } }
                    c.focusRing(rect, .plain, radius: v)
                    c.caret(at: Point(x: v, y: -v), height: v, .plain)
                    c.label("label", in: rect, style: Style(background: .ansi(2), underline: true), inset: v, lineHeight: v)
                    c.verticalRule(in: rect, .plain, width: v)
                    c.shade(rect, .plain)
                }
                c.shade(rect, Style(foreground: .ansi(3)))
                c.fill(rect, .plain)
                var state = ScrollState(viewport: Size(width: 80, height: 32), content: Size(width: 80, height: 3200))
                state.flashIndicators(at: 0)
                c.scrollIndicators(of: state, in: rect, theme: Theme())
                c.edgeEffect(ScrollEdgeEffect(edge: .top, floating: [.bar], depth: v), state: state, idiom: .iOS, content: rect, theme: Theme())
                c.pageControl(PageControlState(clampingPageCount: 1_000_000), in: rect, theme: Theme())
                c.button("Help", frame: rect, isPressed: true, style: .plain)
                var kept = DrawnArea<Double>()
                c.reusing(&kept, key: v, in: rect, idiom: .iOS) { $0.fill(rect) }
                c.reusing(&kept, key: v, in: rect, idiom: .iOS) { $0.fill(rect) }
                _ = c.alignedRow(v)
                var list = CanvasControlDrawingTests.list(.insetGrouped)
                list.render(in: rect, into: &c, at: v)
                var field = TextField(prompt: "Find: ", text: "x")
                field.render(in: rect, into: &c, at: v)
                var label = Label("a label that wraps\nover lines", wraps: true)
                label.render(in: rect, into: &c, at: v)
                _ = c.textMeasurer.symbolWidth("✓", font: .body)
                _ = c.aligned(v)
                _ = c.cells(in: rect)
                _ = rect.rows([.fixed(Int.max), .fraction(v), .flexible(weight: Int.min)], spacing: v)
                _ = rect.columns([.fill, .fixed(-5)], spacing: -v)
                _ = rect.rows([.fixed(Int.max), .fraction(v), .fill], spacing: v, step: v)
                _ = rect.columns([.fixed(Int.min), .flexible(weight: Int.max)], spacing: -v, step: -v)
                _ = MouseEvent(.press, at: Point(x: v, y: v), wheelNotches: v).location
            }
        }
    }

    @Test("LT-12: a table is one drawing: in points a recorded drawing and blank cells, on the grid its cells, from the same code")
    func LT_12_tableIsOneDrawing() {
        struct Item: Sendable { var name: String }
        let state = TableState(rows: (0..<20).map { Item(name: "row \($0)") }, columns: [TableColumn("Name") { .string($0.name) }])
        var grid = Self.grid(), window = Self.window()
        var a = TableView(state), b = TableView(state)
        a.render(in: grid.bounds, into: &grid, at: 0)
        b.render(in: window.bounds, into: &window, at: 0)
        #expect(grid.cells.text(ofRow: 0).hasPrefix(" Name") && grid.cells.text(ofRow: 1).hasPrefix(" row 0"))
        #expect(window.cells.cells.allSatisfy { $0 == .blank() })
        let runs = window.pointMarks.flatMap { mark -> [String] in
            guard case let .drawing(d) = mark else { return [] }
            return d.commands.compactMap { if case let .text(text, _, _, _) = $0 { text } else { nil } }
        }
        #expect(runs.first == "row 0" && runs.contains("Name"))
    }
}
