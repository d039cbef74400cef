import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

@Suite struct GalleryFocusTests {
    @Test("a focused search field takes q, ?, Tab and ] as text; Esc leaves it; then q quits", arguments: ["/", "i"])
    func textFieldsTakeTheirKeys(opener: String) {
        var t = gallery(.scrollView)
        t.type(opener)
        #expect(status(t).hasPrefix(opener == "/" ? "Search:" : "Typing"))
        t.type("quick?]")
        t.send(.key(KeyEvent(.tab)))
        #expect(!t.wantsQuit)
        #expect(t.app.page == .scrollView)
        #expect(!t.app.showsHelp)
        #expect(status(t).contains("quick?]"))
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.app.scrollView.isEditingText)
        t.type("q")
        #expect(t.wantsQuit)
    }

    @Test("Ctrl-C quits even while a text field has focus")
    func controlCAlwaysQuits() {
        var t = gallery(.scrollView)
        t.type("/ab")
        t.send(bytes: [0x03])
        #expect(t.wantsQuit)
    }

    @Test("a paste into the search field is text: its escape sequences are shown, not obeyed")
    func pastedControlsAreShown() {
        var t = gallery(.scrollView)
        t.type("/")
        t.send(bytes: Array("\u{1B}[200~\u{1B}]2;PWNED\u{07}\u{1B}[201~".utf8))
        #expect(t.text.contains("Search: ␛]2;PWNED␇"))
    }

    @Test("SV-05: Shift-Space pages back when the terminal reports it (kitty protocol or modifyOtherKeys)", arguments: ["\u{1B}[32;2u", "\u{1B}[27;2;32~"])
    func SV_05_shiftSpacePagesBack(sequence: String) {
        var t = gallery(.scrollView)
        t.type("  ")
        t.advance(by: 2)
        let down = t.app.scrollView.scroll.offset.y
        #expect(down > 0)
        t.send(bytes: Array(sequence.utf8))
        t.advance(by: 2)
        #expect(t.app.scrollView.scroll.offset.y < down)
    }
}

@Suite struct GalleryHelpClaimTests {
    @Test("LT-01: the outline help is true: Alt+→ on a region opens 100,100 rows; on all ten, 1,001,010")
    func LT_01_outlineHelpClaims() {
        var t = gallery(.outline)
        #expect(OutlinePage.help.joined(separator: " ").contains("100,100 rows"))
        // The page opens with region 1 expanded (its 100 areas) and the cursor on it.
        t.send(bytes: Array("\u{1B}[D".utf8))
        let collapsed = t.app.outline.tree.outline.numberOfRows
        #expect(collapsed == 10)
        t.send(bytes: Array("\u{1B}[1;3C".utf8))
        #expect(t.app.outline.tree.outline.numberOfRows == collapsed + 100_100)
        for region in 1..<10 {
            try? t.app.outline.tree.outline.setCursor([region])
            t.send(bytes: Array("\u{1B}[1;3C".utf8))
        }
        #expect(t.app.outline.tree.outline.numberOfRows == 1_001_010)
        #expect(status(t).hasPrefix("1,001,010 visible rows"))
    }
}

@Suite struct ChecksPageTests {
    @Test("SV-07: a finding cut with … is shown whole after Enter or a click, and hidden by Esc")
    func SV_07_findingsExpand() {
        var t = gallery(.checks, columns: 80, lines: 24)
        let tail = "choose a maximum below 30.0"
        #expect(!t.text.contains(tail))
        t.send(bytes: Array("\u{1B}[B\u{1B}[B\u{1B}[B\r".utf8))
        #expect(t.text.contains(tail))
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.text.contains(tail))
        // A click on the row's title shows it too.
        let row = t.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("a text view that zooms to 60×") }
        if let row { click(&t, column: 10, row: row) }
        #expect(row != nil && t.text.contains(tail))
    }
}

@Suite struct ListPageHelpTests {
    @Test("LT-03: the list help's edit keys do what it says: e, n, d, Alt+↓, u, r")
    func LT_03_editKeys() {
        var t = gallery(.list)
        t.type("3e")
        #expect(t.app.list.contacts.list.isEditing)
        let rows = t.app.list.contacts.list.numberOfRows
        t.send(bytes: Array("\u{1B}[B".utf8))
        t.send(bytes: Array("\u{1B}[1;3B".utf8))
        #expect(status(t).contains("moved"))
        t.type("n")
        #expect(t.app.list.contacts.list.numberOfRows == rows + 1)
        t.type("d")
        #expect(t.app.list.contacts.list.numberOfRows == rows)
        t.type("u")
        #expect(status(t).contains("undone"))
        t.type("r")
        #expect(status(t).contains("redone"))
    }

    @Test("LT-04: the list help's option list: ↑ ↓ move the focus and keep the checkmark; Enter chooses")
    func LT_04_optionKeys() {
        var t = gallery(.list)
        t.type("2")
        let chosen = t.app.list.options.list.selectedIndexPaths
        t.send(bytes: Array("\u{1B}[B\u{1B}[B".utf8))
        #expect(t.app.list.options.list.selectedIndexPaths == chosen)
        t.send(bytes: [0x0D])
        t.advance(by: 1)
        #expect(t.app.list.options.list.selectedIndexPaths != chosen)
        #expect(status(t).contains("text size"))
    }
}

@Suite struct GalleryStatusTests {
    @Test("LT-04: a list page's status line shows only the focused list's message")
    func LT_04_statusBelongsToTheFocusedList() {
        var t = gallery(.list)
        t.type("2")
        t.send(bytes: Array("\u{1B}[B\r".utf8))
        #expect(status(t).contains("text size"))
        t.type("3")
        #expect(!status(t).contains("text size"))
        t.type("2")
        #expect(status(t).contains("text size"))
    }

    @Test("PC-01: page numbers are written the same way as page counts: page 1,000 of 1,000")
    func PC_01_numbersFormattedAlike() throws {
        var t = gallery(.pageControl)
        t.type("mm")
        t.app.pageControlPage.pages.show(page: 999, animated: false, at: 0)
        t.advance(by: 1)
        #expect(status(t).hasPrefix("page 1,000 of 1,000"))
    }
}

@Suite struct GalleryMacOSTests {
    @Test("PC-17: under the macOS idiom the gallery selects pages with a tab strip, not page dots")
    func PC_17_tabStripOnMacOS() {
        var t = gallery(.scrollView, rows: 100, columns: 120, lines: 40, idiom: .macOS)
        let bottom = line(t, 39)
        #expect(!bottom.contains("●"))
        #expect(bottom.contains("2 Table") && bottom.contains("7 Guideline checks"))
        // The strip is one cell per character, so a character's index is its column.
        let chars = Array(bottom)
        let column = chars.indices.first { String(chars[$0..<min(chars.count, $0 + 7)]) == "2 Table" } ?? 0
        click(&t, column: column + 2, row: 39)
        #expect(t.app.page == .table)
        t.type("?")
        #expect(t.text.contains("Click a tab at the bottom"))
    }

    @Test("PC-17: in a window the page tabs are as wide as their titles in the window's type, 8 points either side, and a click on one changes page")
    func PC_17_tabsMeasuredInTheWindowsType() throws {
        var app = GalleryApp(page: .scrollView, style: GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .macOS), tableRows: 100)
        _ = app.handle(.resize(columns: 160, rows: 50), at: 0)
        var canvas = windowBuffer(Size(width: 1280, height: 805))
        _ = app.render(into: &canvas, at: 0)
        let m = proportionalMeasurer(TypeScale.standard(for: .macOS))
        let titles = GalleryApp.PageKind.allCases.map { "\($0.rawValue + 1) \($0.title)" }
        #expect(app.placedTabs.map(\.width) == titles.map { m.width(of: $0, font: .footnote) + 16 })
        // On the dots' line, which takes what the window has below its last whole line.
        #expect(app.placedTabs.allSatisfy { $0.minY == 784 } && app.dotsArea.maxY == 805)
        let table = app.placedTabs[1]
        _ = app.handle(.mouse(MouseEvent(.press, at: table.center)), at: 0.1)
        #expect(app.page == .table)
        let tabs = try #require(app.accessibility?.first { $0.role == .pageTabList })
        #expect(tabs.children.map(\.frame) == app.placedTabs)
    }
}

@Suite struct GalleryColumnsFitTests {
    @Test("SV-01: columns laid out to fill the table's width show no horizontal scroller and take no sideways scroll", arguments: [ScrollIdiom.macOS, .iOS])
    func SV_01_columnsThatFillDoNotScroll(idiom: ScrollIdiom) {
        for columns in [80, 120, 157, 200] {
            var t = gallery(.table, rows: 100, columns: columns, lines: 40, idiom: idiom)
            t.send(.mouse(MouseEvent(.wheel(.down), button: .none, column: 10, row: 10)))
            t.send(.mouse(MouseEvent(.wheel(.right), button: .none, column: 10, row: 10)))
            t.advance(by: 0.1)
            let scroll = t.app.table.table.list.scroll
            #expect(scroll.indicator(.horizontal) == nil, "\(columns) columns: \(scroll.contentSize.width) points of columns in \(scroll.viewportSize.width)")
            #expect(scroll.offset.x == 0)
        }
    }
}

@Suite struct GalleryLegacyScrollerTests {
    @Test("SV-11: a legacy vertical scroller narrows the rows instead of bringing a horizontal scroller")
    func SV_11_legacyScrollerNarrowsRows() {
        var t = gallery(.idioms, rows: 100, columns: 100, lines: 30, idiom: .macOS)
        t.advance(by: 0.1)
        let rows = t.app.idioms.rows.list.scroll
        #expect(rows.indicatorStyle.kind == .legacy)
        #expect(rows.indicator(.vertical) != nil)
        #expect(rows.indicator(.horizontal) == nil)
        #expect(rows.contentSize.width == rows.contentViewport.width)
        // Overlay scrollers and back: the rows span the whole width, then the narrowed one again.
        t.type("l")
        t.advance(by: 0.1)
        #expect(t.app.idioms.rows.list.scroll.contentSize.width == t.app.idioms.rows.list.scroll.viewportSize.width)
        t.type("l")
        t.advance(by: 0.1)
        #expect(t.app.idioms.rows.list.scroll.indicator(.horizontal) == nil)
    }
}

@Suite struct GalleryScrollerHoverTests {
    @Test("SV-11: in the macOS gallery the pointer over the document's scroller widens it; moving on to the grid lets it go")
    func SV_11_hoverWidensTheDocumentScroller() {
        var t = gallery(.scrollView, rows: 100, columns: 120, lines: 40, idiom: .macOS)
        t.advance(by: 5)
        let frame = t.app.scrollView.document.view.frameCells
        t.send(.mouse(MouseEvent(.move, button: .none, column: frame.maxColumn - 1, row: frame.row + 10)))
        t.advance(by: 0.1)
        #expect(t.app.scrollView.scroll.indicator(.vertical)?.showsTrack == true)
        #expect(t.app.scrollView.scroll.indicator(.vertical)?.opacity == 1)
        t.send(.mouse(MouseEvent(.move, button: .none, column: frame.maxColumn + 10, row: frame.row + 10)))
        t.advance(by: 0.1)
        #expect(t.app.scrollView.scroll.indicator(.vertical)?.showsTrack == false)
        t.advance(by: 2)
        #expect(t.app.scrollView.scroll.indicator(.vertical)?.opacity == 0)
    }
}

@Suite struct GalleryTextDragTests {
    @Test("SV-02: under the macOS idiom a mouse drag on the document selects lines, as in AppKit; the touch idioms drag the content", arguments: [ScrollIdiom.macOS, .iOS])
    func SV_02_dragSelectsOnTheMac(idiom: ScrollIdiom) {
        var t = gallery(.scrollView, rows: 100, columns: 120, lines: 40, idiom: idiom)
        t.advance(by: 1)
        let frame = t.app.scrollView.document.view.frameCells
        t.send(.mouse(MouseEvent(.press, column: 10, row: frame.row + 8)))
        t.advance(by: 0.05)
        t.send(.mouse(MouseEvent(.drag, column: 10, row: frame.row + 5)))
        t.advance(by: 0.05)
        t.send(.mouse(MouseEvent(.drag, column: 10, row: frame.row + 3)))
        t.send(.mouse(MouseEvent(.release, column: 10, row: frame.row + 3)))
        t.advance(by: 0.05)
        let text = t.app.scrollView.text
        if idiom == .macOS {
            #expect(text.selection?.count == 6)
            #expect(t.app.scrollView.scroll.offset.y == 0)
            // A click places the caret: the selection goes.
            click(&t, column: 10, row: frame.row + 12)
            #expect(t.app.scrollView.text.selection == nil)
            // The wheel still scrolls.
            t.send(.mouse(MouseEvent(.wheel(.down), button: .none, column: 10, row: frame.row + 5)))
            t.advance(by: 1)
            #expect(t.app.scrollView.scroll.offset.y > 0)
        } else {
            #expect(text.selection == nil)
            #expect(t.app.scrollView.scroll.offset.y > 0)
        }
    }
}

@Suite struct GalleryFinderOrderTests {
    @Test("LT-12: the gallery's Name column sorts in Finder order: alpha-2 before alpha-10")
    func LT_12_namesInFinderOrder() throws {
        var t = gallery(.table, rows: 200)
        try sortByName(&t)
        let names = (0..<200).compactMap { try? t.app.table.table.list.row(at: IndexPath(row: $0)).name }
        let keys = names.map { TextOrder.finder.sortKey($0) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { !bytesPrecedeForTest($1, $0) })
        let alphas = names.filter { $0.hasPrefix("alpha-") }
        #expect(alphas.count > 3)
        if let two = alphas.firstIndex(where: { $0.hasPrefix("alpha-2.") || $0 == "alpha-2" }),
           let ten = alphas.firstIndex(where: { $0.hasPrefix("alpha-10") }) { #expect(two < ten) }
    }
}

/// Clicks the table page's Name heading and lets the sort finish.
func sortByName(_ t: inout HeadlessTerminal<GalleryApp>) throws {
    let header = line(t, 1)
    let name = try #require(header.firstIndex(of: "N")).utf16Offset(in: header)
    click(&t, column: name + 1, row: 1)
    // The sort runs as background work; here it runs when the test says so.
    t.runWork("sort")
    t.advance(by: 0.2)
}

/// Byte order of two keys (the core's comparison is internal to it).
func bytesPrecedeForTest(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }

@Suite struct GalleryTypeAheadTests {
    @Test("LT-12: typing on the table page selects the first matching row and says how it searched")
    func LT_12_typeAheadOnTheTablePage() throws {
        var t = gallery(.table, rows: 500)
        try sortByName(&t)
        t.type("ki")
        #expect(status(t).contains("typed “ki”: found by binary search"))
        let row = try #require(t.app.table.table.list.selectedIndexPaths.first)
        #expect(try t.app.table.table.list.row(at: row).name.hasPrefix("kilo"))
        t.advance(by: 2)
        t.type("zz")
        #expect(status(t).contains("no row starts with “zz”"))
    }
}

@Suite struct GalleryCopyTests {
    @Test("LT-12: Alt+C copies the selected row with the heading row, tab-separated, and says so")
    func LT_12_copySelectedRows() throws {
        var t = gallery(.table, rows: 50)
        t.type("\u{1B}c")
        #expect(status(t).contains("nothing copied") && t.clipboard == nil)
        t.send(bytes: Array("\u{1B}[B".utf8))
        t.type("\u{1B}c")
        let copied = try #require(t.clipboard)
        let lines = copied.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == "Name\tPath\tSize\tKind\tDate Modified")
        #expect(lines[1].split(separator: "\t").count == 5)
        #expect(status(t).contains("copied 1 row with the heading"))
    }
}

@Suite struct ContactsEditTests {
    @Test("LT-03: in the contacts edit mode, d d deletes two rows one after the other")
    func LT_03_deleteTwice() {
        var t = gallery(.list)
        t.type("3e")
        t.send(bytes: Array("\u{1B}[B".utf8))
        let rows = t.app.list.contacts.list.numberOfRows
        t.type("dd")
        #expect(t.app.list.contacts.list.numberOfRows == rows - 2)
        #expect(!t.app.list.contacts.list.selectedIndexPaths.isEmpty)
    }
}
