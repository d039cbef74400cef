import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// The rasterizer's rules for outlines, focus rings, carets, fading and symbols, and the
/// widgets that now draw once through them (a list, a text field, indicators and page dots).
@Suite struct CanvasControlDrawingTests {
    @Test("an outline is ▌ and ▐ at its row's ends on a grid, in the fill's style over a fill; a focus ring draws nothing there")
    func outlinesOnTheGrid() {
        var c = CanvasDrawingTests.grid()
        let raised = Style(background: .ansi(4))
        c.fill(Rect(x: 8, y: 16, width: 80, height: 16), raised)
        c.stroke(Rect(x: 8, y: 16, width: 80, height: 16), Style(foreground: .ansi(8)), radius: 8)
        #expect(c.cells[1, 1].text == "▌" && c.cells[10, 1].text == "▐")
        #expect(c.cells[1, 1].style == raised && c.cells[2, 1].text == " ")
        let before = c.cells
        c.focusRing(Rect(x: 0, y: 0, width: 160, height: 64), Style(foreground: .ansi(6)), radius: 4)
        #expect(c.cells == before)
    }

    @Test("an outline over several rows is a frame of box-drawing characters on a grid, rounded where its corners are")
    func framesOnTheGrid() {
        var c = CanvasDrawingTests.grid()
        c.stroke(Rect(x: 0, y: 0, width: 48, height: 48), Style(), radius: 4)
        #expect(c.cells.text(ofRow: 0).hasPrefix("╭────╮") && c.cells.text(ofRow: 1).hasPrefix("│    │") && c.cells.text(ofRow: 2).hasPrefix("╰────╯"))
        c.stroke(Rect(x: 64, y: 0, width: 32, height: 32), Style())
        #expect(c.cells.text(ofRow: 0).dropFirst(8).hasPrefix("┌──┐") && c.cells.text(ofRow: 1).dropFirst(8).hasPrefix("└──┘"))
        var empty = CanvasDrawingTests.grid()
        empty.stroke(Rect(x: 0, y: 1, width: 80, height: 14), Style(), radius: 5)
        #expect(empty.cells == CanvasDrawingTests.grid().cells, "inset inside one row, it covers no cells")
    }

    @Test("a caret is ▏ in the cell that holds it on a grid and a 1.5-point bar in points; its room is a cell or 3 points")
    func carets() {
        var c = CanvasDrawingTests.grid()
        #expect(c.caretWidth == 8)
        c.caret(at: Point(x: 24, y: 16), height: 16, Style(foreground: .ansi(6)))
        #expect(c.cells[3, 1].text == "▏")
        var w = CanvasDrawingTests.window()
        w.draw(w.bounds, idiom: .iOS) { c in
            #expect(c.caretWidth == 3)
            c.caret(at: Point(x: 24, y: 16), height: 22, Style())
        }
        guard case let .drawing(d)? = w.pointMarks.first else { Issue.record("no drawing"); return }
        #expect(d.commands == [.line(from: Point(x: 25, y: 17), to: Point(x: 25, y: 37), Style(), width: 1.5)])
    }

    @Test("below 0.75 opacity a grid draws dim; at 0.75 and above as it is")
    func fadingOnTheGrid() {
        var c = CanvasDrawingTests.grid()
        c.faded(0.5) { c in c.text("dim", at: .zero); c.symbol("✓", centre: Point(x: 60, y: 8), size: 12, .plain) }
        c.faded(0.75) { c in c.text("full", at: Point(x: 0, y: 16)) }
        #expect(c.cells[0, 0].style.dim && c.cells[7, 0].style.dim)
        #expect(!c.cells[0, 1].style.dim)
        c.text("after", at: Point(x: 0, y: 32))
        #expect(!c.cells[0, 2].style.dim)
    }

    @Test("a symbol centred on the line between two rows is drawn in the upper one, where a row's first line is")
    func symbolOnARowBoundary() {
        var c = CanvasDrawingTests.grid()
        c.symbol("›", centre: Point(x: 20, y: 32), size: 12, .plain)
        #expect(c.cells[2, 1].text == "›" && c.cells[2, 2].text == " ")
    }

    @Test("SV-01: indicators, SV-08: edge effects and PC-02: page dots are controls of the drawing at their points in a window and characters on a grid")
    func controlsPerHost() throws {
        var state = ScrollState(viewport: Size(width: 160, height: 64), content: Size(width: 160, height: 640))
        try state.setOffset(Point(x: 0, y: 64), animated: true, time: 0)
        state.tick(at: 0.1)
        let pages = PageControlState(clampingPageCount: 3)
        var grid = CanvasDrawingTests.grid()
        grid.scrollIndicators(of: state, in: grid.bounds, theme: Theme())
        #expect((0..<4).contains { grid.cells[19, $0].text != " " }, "the thumb in the trailing column")
        let exactOnGrid = grid.pageControl(pages, in: Rect(x: 0, y: 48, width: 56, height: 16), theme: Theme())
        #expect(!exactOnGrid)
        #expect(grid.cells.text(ofRow: 3).hasPrefix(" ● ● ●"))
        var window = CanvasDrawingTests.window()
        window.scrollIndicators(of: state, in: window.bounds, theme: Theme())
        let exactInWindow = window.pageControl(pages, in: Rect(x: 0, y: 48, width: 56, height: 16), theme: Theme())
        #expect(exactInWindow)
        #expect(window.controls.count == 2)
        if case .scrollIndicator(_, let viewport)? = window.controls.first { #expect(viewport == window.bounds) } else { Issue.record("\(window.controls)") }
        #expect(window.cells.cells.allSatisfy { $0 == .blank() })
    }

    /// A list of three rows in `style`, the second with a subtitle, a value and a chevron.
    static func list(_ style: ListStyle = .plain) -> ListView<String> {
        var list = ListState<String>(sections: [ListSection(["One", "Two", "Three"])]) { row in
            row == "Two" ? RowContent(row, subtitle: "second", secondaryText: "On", leadingSymbol: "★", accessory: .disclosureIndicator) : RowContent(row)
        }
        list.style = style
        return ListView(list)
    }

    @Test("LT-05, LT-09: a list is one drawing: on a grid its rows in cells, in points one recorded drawing of the same rows")
    func listOnEveryHost() {
        var view = Self.list()
        var grid = Canvas(cells: Buffer(columns: 24, rows: 4))
        view.render(in: grid.bounds, into: &grid, at: 0)
        #expect(grid.cells.text(ofRow: 0).hasPrefix(" One"))
        let two = grid.cells.text(ofRow: 1)
        #expect(two.hasPrefix(" ★ Two") && two.contains("On ›"), "\(two)")
        #expect(grid.cells[1, 1].style == Theme().accent, "the leading symbol is tinted, as in a window")
        var list = Self.list()
        var window = CanvasDrawingTests.window()
        list.render(in: window.bounds, into: &window, at: 0)
        guard case let .drawing(d)? = window.pointMarks.first else { Issue.record("\(window.pointMarks)"); return }
        let texts = d.commands.compactMap { command -> String? in if case let .text(t, _, _, _) = command { return t }; return nil }
        let symbols = d.commands.compactMap { command -> String? in if case let .symbol(s, _, _, _) = command { return s }; return nil }
        #expect(texts.starts(with: ["One", "On", "Two", "second"]), "\(texts)")
        #expect(symbols == ["›", "★"])
        #expect(d.commands.contains { if case .line = $0 { return true }; return false }, "hairlines between rows")
    }

    @Test("a text field is one drawing: prompt, text and ▏ on a terminal's row; a rounded field and a caret bar in a window")
    func textFieldOnEveryHost() {
        var field = TextField(prompt: "Find: ", text: "needle")
        var grid = Canvas(cells: Buffer(columns: 20, rows: 1))
        field.render(in: grid.bounds, into: &grid, at: 0)
        #expect(grid.cells.text(ofRow: 0).hasPrefix("Find: needle▏"))
        #expect(field.cursorPosition == Point(x: 96, y: 0))
        var window = CanvasDrawingTests.window()
        field.render(in: Rect(x: 0, y: 0, width: 160, height: 32), into: &window, at: 0)
        guard case let .drawing(d)? = window.pointMarks.first else { Issue.record("\(window.pointMarks)"); return }
        #expect(d.commands.contains { if case let .fill(_, _, radius) = $0 { return radius == 6 }; return false })
        #expect(d.commands.contains { if case let .line(_, _, _, width) = $0 { return width == 1.5 }; return false })
    }

    @Test("a label is its text a cell in on a grid, underlined in the cells' own way, and a hairline under proportional text in points")
    func labels() {
        let tab = Style(background: .ansi(4), underline: true)
        var grid = CanvasDrawingTests.grid()
        let drawn = grid.label("Lists", in: Rect(x: 0, y: 16, width: 80, height: 32), style: tab, lineHeight: 16)
        #expect(drawn == 40)
        #expect(grid.cells.text(ofRow: 1).hasPrefix(" Lists "))
        #expect(grid.cells[1, 1].style.underline && grid.cells[9, 1].style.background == .ansi(4), "filled across its line")
        #expect(grid.cells[0, 2].style == .plain, "only its line is filled")
        var window = CanvasDrawingTests.window()
        window.label("Lists", in: Rect(x: 0, y: 16, width: 80, height: 32), style: tab, lineHeight: 16)
        guard case let .drawing(d)? = window.pointMarks.first else { Issue.record("\(window.pointMarks)"); return }
        #expect(d.commands.first == .fill(Rect(x: 0, y: 16, width: 80, height: 16), tab, radius: 0))
        #expect(d.commands.contains { if case .line = $0 { return true }; return false }, "the underline, a hairline")
    }

    @Test("an area kept on a terminal is copied while its key stays the same and drawn again when it changes; a window draws it every frame")
    func keptAreas() {
        var cache = DrawnArea<Int>()
        var calls = 0
        func frame(key: Int, text: String, on canvas: Canvas) -> Canvas {
            var c = canvas
            c.reusing(&cache, key: key, in: Rect(x: 0, y: 16, width: 160, height: 16), idiom: .iOS) { c in
                calls += 1
                c.text(text, at: Point(x: 8, y: 16))
            }
            return c
        }
        #expect(frame(key: 1, text: "first", on: CanvasDrawingTests.grid()).cells.text(ofRow: 1).hasPrefix(" first"))
        #expect(frame(key: 1, text: "other", on: CanvasDrawingTests.grid()).cells.text(ofRow: 1).hasPrefix(" first"), "copied, not drawn")
        #expect(calls == 1)
        #expect(frame(key: 2, text: "second", on: CanvasDrawingTests.grid()).cells.text(ofRow: 1).hasPrefix(" second"))
        #expect(calls == 2)
        _ = frame(key: 2, text: "second", on: CanvasDrawingTests.window())
        _ = frame(key: 2, text: "second", on: CanvasDrawingTests.window())
        #expect(calls == 4, "a window records its drawing every frame")
    }
}
