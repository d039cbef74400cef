import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

func gallery(_ page: GalleryApp.PageKind, rows: Int = 1000, columns: Int = 120, lines: Int = 40, idiom: ScrollIdiom = .iOS) -> HeadlessTerminal<GalleryApp> {
    var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: idiom)
    // Work runs when a test says so, and never sleeps.
    style.simulatesLatency = false
    return HeadlessTerminal(GalleryApp(page: page, style: style, tableRows: rows), columns: columns, rows: lines)
}

func click(_ t: inout HeadlessTerminal<GalleryApp>, column: Int, row: Int) {
    t.send(bytes: Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
}

/// The current page's status line, read from a copy of the gallery (the page reads it in place).
func status(_ t: HeadlessTerminal<GalleryApp>) -> String {
    var app = t.app
    return app.pageStatus
}

func line(_ t: HeadlessTerminal<GalleryApp>, _ row: Int) -> String {
    let lines = t.text.split(separator: "\n", omittingEmptySubsequences: false)
    return row < lines.count ? String(lines[row]) : ""
}

@Suite struct GalleryHeadlessTests {
    @Test("LT-12: dragging a header divider makes the column wider")
    func LT_12_dividerDrag() throws {
        var t = gallery(.table)
        let header = line(t, 1)
        let divider = try #require(header.firstIndex(of: "│")).utf16Offset(in: header)
        t.send(bytes: Array("\u{1B}[<0;\(divider + 1);2M\u{1B}[<32;\(divider + 9);2M\u{1B}[<0;\(divider + 9);2m".utf8))
        let after = line(t, 1)
        let moved = try #require(after.firstIndex(of: "│")).utf16Offset(in: after)
        #expect(moved == divider + 8)
    }
}


@Suite struct GallerySortFeedbackTests {
    /// The table page with `rows` rows and the screen column of the heading that starts with `title`.
    func table(rows: Int = 1000, heading title: String) throws -> (HeadlessTerminal<GalleryApp>, Int) {
        let t = gallery(.table, rows: rows)
        let header = line(t, 1)
        let column = try #require(header.range(of: " " + title)).lowerBound.utf16Offset(in: header) + 1
        return (t, column)
    }

    @Test("LT-12: a heading click shows at once that it is sorting and how far, in the heading and the status line")
    func LT_12_sortingIsAnnounced() throws {
        var (t, size) = try table(heading: "Size")
        click(&t, column: size, row: 1)
        #expect(t.text.contains("Sorting by Size… 0%"))
        #expect(line(t, 1).contains("Size ▲ 0%"))
        t.send(.work(.progress(id: t.pendingWork[0].id, fraction: 0.43)))
        #expect(t.text.contains("Sorting by Size… 43%") && line(t, 1).contains("43%"))
        let ran = t.runWork("sort")
        #expect(ran)
        #expect(t.text.contains("sorted by Size ▲") && !t.text.contains("Sorting"))
    }

    @Test("LT-12: while a sort runs, every Page Down moves the table and draws; the sort applies after, keeping the selection")
    func LT_12_tableMovesWhileSorting() throws {
        var (t, name) = try table(rows: 200_000, heading: "Name")
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.down)))
        let selected = try #require(t.app.table.table.list.selectedIndexPaths.first)
        let file = try t.app.table.table.list.row(at: selected)
        click(&t, column: name, row: 1)
        var offsets: [Double] = []
        for _ in 0..<10 {
            t.send(.key(KeyEvent(.pageDown)))
            t.advance(by: 0.2)
            offsets.append(t.app.table.table.list.scroll.offset.y)
        }
        #expect(offsets == offsets.sorted() && Set(offsets).count == 10, "every page down moved the table")
        #expect(t.app.table.files.sorting != nil && t.app.table.table.sortOrder.isEmpty, "the sort has not applied yet")
        t.runWork("sort")
        #expect(t.app.table.table.sortOrder.first?.columnID == "Name")
        let after = try #require(t.app.table.table.list.selectedIndexPaths.first)
        #expect(try t.app.table.table.list.row(at: after).path == file.path, "the same file is still selected")
    }

    @Test("LT-12: Esc cancels a sort; a second click while sorting starts the new order instead")
    func LT_12_cancelAndReplace() throws {
        var (t, size) = try table(heading: "Size")
        click(&t, column: size, row: 1)
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.table.files.sorting == nil && t.pendingWork.isEmpty)
        #expect(t.text.contains("sort cancelled") && t.app.table.table.sortOrder.isEmpty)
        // Two clicks on Size: the second reverses the order the first was going to give.
        click(&t, column: size, row: 1)
        click(&t, column: size, row: 1)
        #expect(t.pendingWork.count == 1)
        t.runWork("sort")
        #expect(t.app.table.table.sortIndicator(forColumn: 2) == false)
    }

    @Test("LT-12: a result that no longer fits the rows is rejected, and the status line says so")
    func LT_12_staleResultRejected() throws {
        var (t, size) = try table(heading: "Size")
        click(&t, column: size, row: 1)
        // Another sort applies first; the pending job's result then no longer fits.
        try t.app.table.files.table.chooseHeading(0)
        t.runWork("sort")
        #expect(t.app.table.table.sortOrder.first?.columnID == "Name")
        #expect(t.text.contains("the rows changed while sorting"))
    }
}

@Suite struct GalleryRobustnessTests {
    @Test("every page draws at 1×1, 0×0 and tiny sizes without crashing", arguments: GalleryApp.PageKind.allCases.map(\.rawValue))
    func tinySizes(page: Int) {
        var t = gallery(GalleryApp.PageKind(rawValue: page)!)
        for (c, r) in [(1, 1), (0, 0), (3, 2), (10, 4), (200, 60), (120, 40)] {
            t.resize(columns: c, rows: r)
            t.advance(by: 0.1)
        }
        #expect(t.text.contains("Scrollwork"))
    }

    @Test("a megabyte paste, broken UTF-8 and a flood of mouse events lose no keystroke")
    func floodsAndGarbage() {
        var t = gallery(.scrollView)
        t.send(bytes: Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1_000_000) + Array("\u{1B}[201~".utf8))
        t.send(bytes: [0xFF, 0xC3, 0x28, 0xE2, 0x82])
        var flood: [UInt8] = []
        for i in 0..<10_000 { flood += Array("\u{1B}[<35;\(i % 120 + 1);\(i % 40 + 1)M".utf8) }
        t.send(bytes: flood)
        t.type("]")
        #expect(t.text.contains("2/7 Table"))
    }

    @Test("SV-01: idle, the gallery asks for no frames")
    func SV_01_idleNeedsNoFrames() {
        var t = gallery(.scrollView)
        t.advance(by: 5)
        #expect(!t.isAnimating)
        #expect(t.wakeTime == nil)
        t.send(.key(KeyEvent(.pageDown)))
        #expect(t.isAnimating)
        t.advance(by: 5)
        #expect(!t.isAnimating && t.wakeTime == nil)
    }

    @Test("every guideline ID is shown on some page")
    func everyGuidelineHasAPage() {
        let shown = Set(GalleryApp.PageKind.allCases.flatMap(\.guidelines))
        let scroll: [String] = ["SV-01", "SV-02", "SV-03", "SV-04", "SV-05", "SV-06a", "SV-06b", "SV-06c", "SV-06d", "SV-06e",
                                "SV-07", "SV-08", "SV-09", "SV-10", "SV-11", "SV-12", "SV-13", "SV-14", "SV-15", "SV-16"]
        let lists: [String] = (1...14).map { n in n < 10 ? "LT-0\(n)" : "LT-\(n)" }
        let pages: [String] = (1...17).map { n in n < 10 ? "PC-0\(n)" : "PC-\(n)" }
        let all = scroll + lists + pages
        #expect(Set(all).subtracting(shown).sorted() == [])
    }
}

@Suite struct GalleryAppearanceTests {
    @Test("SV-03: every page flashes its scroll indicators when it appears", arguments: [GalleryApp.PageKind.scrollView, .table, .list, .outline, .idioms, .checks])
    func SV_03_pagesFlashOnAppear(kind: GalleryApp.PageKind) {
        var t = gallery(.pageControl)
        t.advance(by: 5)
        #expect(!t.isAnimating)
        t.send(.key(KeyEvent(.function(kind.rawValue + 2))))
        #expect(t.isAnimating)
        t.advance(by: 0.5)
        let indicators = t.screen.cells.filter { "▁▂▃▄▅▆▇█".contains($0.text) }.count
        #expect(indicators > 0)
        t.advance(by: 5)
        #expect(!t.isAnimating)
    }
}

/// What the gallery tells a screen reader, through the app as a host would ask.
@Suite struct GalleryAccessibilityTests {
    @Test("LT-12: the table page says it shows a table of a million rows, and which rows are on screen")
    func LT_12_tablePage() throws {
        var t = gallery(.table, rows: 1_000_000, columns: 100, lines: 20)
        t.send(.key(KeyEvent(.pageDown)))
        t.advance(by: 1)
        let screen = t.app.accessibility
        let table = try #require(screen?.first { $0.role == .table })
        #expect(table.rowCount == 1_000_000 && table.columnCount == 5)
        let rows = table.children.filter { $0.role == .row }
        #expect(!rows.isEmpty && (rows.first?.rowIndex ?? 0) > 0)
        #expect(rows.allSatisfy { $0.children.count == 5 })
        #expect(screen?.first { $0.role == .pageControl }?.value == "page 2 of 7", "the gallery's own page dots")
    }

    @Test("LT-12, PC-02, SV-01: every page says its title, its buttons, what it shows, the gallery's page dots and its status line")
    func LT_12_PC_02_SV_01_everyPage() throws {
        for kind in GalleryApp.PageKind.allCases {
            let t = gallery(kind, rows: 1000, columns: 120, lines: 40)
            var app = t.app
            let found = app.accessibility
            let screen = try #require(found)
            let roles = Set(roles(in: screen))
            #expect(screen.children.first?.role == .staticText && screen.children.first?.name.contains(kind.title) == true, "\(kind): the title first")
            let buttons = screen.children.filter { $0.role == .button }
            #expect(!buttons.isEmpty && buttons.allSatisfy { $0.actions.map(\.kind) == [.click] && $0.frame.height > 0 }, "\(kind): the title bar's buttons")
            #expect(screen.children.last?.role == .staticText && screen.children.last?.name == status(t), "\(kind): the status line last")
            #expect(screen.first { $0.role == .pageControl && $0.name == "Gallery pages" }?.range?.current == Double(kind.rawValue + 1), "\(kind)")
            let shown: AccessibilityElement.Role? = switch kind {
            case .scrollView: .document
            case .table: .table
            case .list: .list
            case .outline: .outline
            case .pageControl: .pageControl
            case .idioms, .checks: nil
            }
            if let shown { #expect(roles.contains(shown), "\(kind) shows a \(shown)") }
        }
    }

    @Test("a screen reader's press of the title bar's Next page button turns the gallery's page, as a click does")
    func nextPageButton() throws {
        var t = gallery(.table)
        var app = t.app
        let found = app.accessibility?.first { $0.role == .button && $0.name.contains("next") }
        let next = try #require(found)
        for event in next.actions[0].events { t.send(event) }
        #expect(t.app.page == .list)
    }

    @Test("PC-17: under macOS, which has no page controls, the gallery's pages are a row of tabs, the current one selected, each pressed by a click")
    func PC_17_macOSTabs() throws {
        var t = gallery(.outline, idiom: .macOS)
        var app = t.app
        let found = app.accessibility?.first { $0.role == .pageTabList }
        let tabs = try #require(found).children
        #expect(tabs.map(\.name) == GalleryApp.PageKind.allCases.map(\.title))
        #expect(tabs.filter { $0.state.contains(.selected) }.map(\.name) == [GalleryApp.PageKind.outline.title])
        for event in tabs[1].actions[0].events { t.send(event) }
        #expect(t.app.page == .table)
        app = t.app
        #expect(app.accessibility?.first { $0.role == .pageControl && $0.name == "Gallery pages" } == nil)
    }

    func roles(in element: AccessibilityElement) -> [AccessibilityElement.Role] {
        [element.role] + element.children.flatMap { roles(in: $0) }
    }
}

@Suite struct PageDotSlideTests {
    /// The page control page's own dots (the weather's), as a screen reader finds them.
    func weatherDots(_ t: HeadlessTerminal<GalleryApp>) -> AccessibilityElement? {
        var app = t.app
        return app.accessibility?.first { $0.role == .pageControl && $0.name != "Gallery pages" }
    }

    @Test("PC-14: a click on a page dot slides to its page, animated; with Reduce Motion it is there at once")
    func PC_14_dotClickSlides() throws {
        for reduces in [false, true] {
            var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS, reducesMotion: reduces)
            style.simulatesLatency = false
            var t = HeadlessTerminal(GalleryApp(page: .pageControl, style: style, tableRows: 100), columns: 100, rows: 30)
            let next = try #require(weatherDots(t)?.actions.first { $0.kind == .increment })
            for event in next.events { t.send(event) }
            var app = t.app
            let moving = app.isAnimating
            if reduces {
                #expect(!moving && weatherDots(t)?.range?.current == 2, "Reduce Motion: at once")
            } else {
                #expect(moving, "the pages slide")
                t.advance(by: 2)
                app = t.app
                let settled = !app.isAnimating
                #expect(settled && weatherDots(t)?.range?.current == 2, "and settle on page 2")
            }
        }
    }
}

/// The carousel lies on the document's lines and goes under the document's top as they scroll.
@Suite struct CarouselUnderTheTopTests {
    @Test("SV-04: scrolled a line at a time past the nested carousel, the title bar and the toolbar above the document stay whole: the carousel shows only within the document")
    func SV_04_carouselStaysInTheDocument() {
        var t = gallery(.scrollView, lines: 30)
        t.advance(by: 0.1)
        let lines = { t.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let title = lines()[0], toolbar = lines()[1]
        #expect(title.hasPrefix(" Scrollwork · 1/7") && toolbar.contains("Document"), "\(t.text)")
        var sawCards = false
        for step in 1...40 {
            t.send(.key(KeyEvent(.down)))
            t.advance(by: 0.5)
            #expect(lines()[0] == title && lines()[1] == toolbar, "after \(step) lines:\n\(t.text)")
            sawCards = sawCards || lines()[2].contains("╰") || lines()[2].contains("│  ")
        }
        #expect(sawCards, "the carousel passed under the document's top")
    }
}
