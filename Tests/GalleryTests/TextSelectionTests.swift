import Scrollwork
import ScrollworkTesting
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// Selecting the scroll view page's text as in a text view: a drag selects characters, a double
/// click a word, a triple click a line, Shift+click and Shift+arrows extend, and the copy key
/// copies what is selected.
@Suite struct TextSelectionTests {
    /// The scroll view page on macOS, where a drag on text selects it.
    func document(_ keys: KeyConvention = .terminal) -> Pilot<GalleryApp> {
        var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .macOS)
        style.keys = keys
        style.simulatesLatency = false
        return Pilot(GalleryApp(page: .scrollView, style: style, tableRows: 100), columns: 100, rows: 30)
    }

    var selected: (Pilot<GalleryApp>) -> String? = { $0.app.scrollView.document.view.content.selectedText }

    @Test("SV-01: a drag selects the characters between press and release, and Alt+C copies them")
    func SV_01_dragSelectsCharacters() throws {
        let app = document()
        let start = try #require(app.position(of: "scroll view has no look"))
        app.drag(from: start, to: CellPosition(column: start.column + 11, row: start.row))
        #expect(selected(app) == "scroll view", "\(String(describing: selected(app)))")
        #expect(app.primarySelection == "scroll view", "a drag's text is offered as the primary selection")
        app.press(.character("c"), .alt)
        #expect(app.clipboard == "scroll view")
        // Dragging on to the next line takes the rest of this one and the start of that.
        app.drag(from: start, to: CellPosition(column: 2, row: start.row + 1))
        let text = try #require(selected(app))
        #expect(text.hasPrefix("scroll view has no look") && text.contains("\n") && text.split(separator: "\n").count == 2, "\(text)")
    }

    @Test("SV-01: a double click selects a word, a triple click the line, Shift+click and Shift+→ extend, and a click alone selects nothing")
    func SV_01_wordsLinesAndExtending() throws {
        let app = document(.desktop)
        let look = try #require(app.position(of: "look of its own"))
        app.click(column: look.column + 1, row: look.row).click(column: look.column + 1, row: look.row)
        #expect(selected(app) == "look")
        app.click(column: look.column + 1, row: look.row)
        #expect(selected(app)?.hasSuffix("look of its own. It lets") == true || selected(app)?.contains("look of its own") == true, "the line: \(String(describing: selected(app)))")
        app.advance(by: 1)
        app.click(column: look.column, row: look.row)
        #expect(selected(app) == nil, "a click places the caret: nothing is selected")
        app.click(column: look.column, row: look.row)
        app.advance(by: 1)
        app.click(column: look.column + 4, row: look.row, modifiers: .shift)
        #expect(selected(app) == "look")
        app.press(.right, .shift).press(.right, .shift).press(.right, .shift)
        #expect(selected(app) == "look of")
        app.press(.character("c"), .control)
        #expect(app.clipboard == "look of" && !app.wantsQuit, "Ctrl+C copies in a window")
    }

    @Test("SV-01: in a window the selected characters, not the whole line, sit on the selection's colour")
    func SV_01_selectionDrawnByCharacters() throws {
        var app = DocumentPointsTests.page(.macOS)
        _ = try DocumentPointsTests.frame(&app)
        app.scrollView.document.view.content.select(from: TextPosition(line: 2, offset: 2), to: TextPosition(line: 2, offset: 12))
        let canvas = try DocumentPointsTests.frame(&app)
        let selection = app.scrollView.style.theme.selection
        let fills = canvas.pointMarks.flatMap { mark -> [Rect] in
            guard case let .drawing(d) = mark else { return [] }
            return d.commands.compactMap { if case let .fill(rect, style, _) = $0, style == selection { rect } else { nil } }
        }
        let box = app.scrollView.document.view.frame
        #expect(fills.count == 1 && fills[0].width > 20 && fills[0].width < box.width / 2, "\(fills) in \(box)")
    }
}

extension TextSelectionTests {
    @Test("SV-01: Ctrl+A selects all the text; a right-click on the text opens its menu (Copy, Select All) whose Copy copies the selection; the Menu key opens it from the keys; Esc closes it")
    func SV_01_selectAllAndTheTextMenu() throws {
        for keys in [KeyConvention.terminal, .desktop] {
            let app = document(keys)
            app.press(.character("a"), .control)
            let all = try #require(selected(app))
            #expect(all.hasPrefix("Scrollwork") && all.split(separator: "\n").count > 100, "everything: \(all.prefix(80))")
            let look = try #require(app.position(of: "look of its own"))
            app.click(column: look.column + 1, row: look.row).click(column: look.column + 1, row: look.row)
            #expect(selected(app) == "look")
            app.click(column: look.column + 1, row: look.row, button: .right)
            let menu = try #require(app.app.scrollView.menu, "a right-click opened the text's menu")
            #expect(menu.items.map(\.title) == ["Copy", "Select All"])
            #expect(app.contains("Select All"))
            try app.click("Copy")
            #expect(app.clipboard == "look", "\(keys): Copy copied the selected word")
            #expect(app.app.scrollView.menu == nil, "the menu closed once its item ran")
            app.press(.menu)
            #expect(app.app.scrollView.menu?.highlighted == 0, "the Menu key opens it, its first item highlighted")
            app.press(.down).press(.enter)
            #expect(selected(app)?.split(separator: "\n").count == all.split(separator: "\n").count, "Select All, chosen with the keys, selected everything")
            app.press(.menu).press(.escape)
            #expect(app.app.scrollView.menu == nil && selected(app) != nil, "Esc closes the menu and keeps the selection")
        }
    }
}

@Suite struct GridDoubleClickTests {
    @Test("SV-07: a double click on the zoomable grid zooms it; two clicks a few cells apart, or too far apart in time, do not")
    func SV_07_doubleClickZooms() {
        func zoomed(after second: (column: Int, row: Int), wait: Double = 0.1) -> Bool {
            var t = gallery(.scrollView, columns: 150, lines: 40)
            t.advance(by: 0.1)
            let grid = t.app.scrollView.grid.view.frame
            let first = inside(grid)
            click(&t, column: first.column, row: first.row)
            t.advance(by: wait)
            click(&t, column: first.column + second.column, row: first.row + second.row)
            t.advance(by: 1)
            return t.app.scrollView.grid.view.scroll.zoomScale != 1
        }
        #expect(zoomed(after: (0, 0)))
        #expect(!zoomed(after: (3, 0)))
        #expect(!zoomed(after: (0, 1)))
        #expect(!zoomed(after: (0, 0), wait: 0.5))
    }
}
