import Scrollwork
import ScrollworkTesting
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// What a screen reader is told of the gallery outside its tables: menus, the help, the lists'
/// names and section headers, the page-control page, and which page each object belongs to.
@Suite struct GalleryScreenReaderTests {
    func gallery(_ page: GalleryApp.PageKind, keys: KeyConvention = .desktop) -> Pilot<GalleryApp> {
        var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .macOS)
        style.simulatesLatency = false
        style.keys = keys
        return Pilot(GalleryApp(page: page, style: style, tableRows: 100), columns: 120, rows: 40)
    }

    /// What the gallery tells a screen reader now.
    func screen(_ pilot: Pilot<GalleryApp>) throws -> AccessibilityElement {
        var app = pilot.app
        let found = app.accessibility
        return try #require(found)
    }

    @Test("LT-12: the primary menu (F10) is told of with its items and their keys, its highlighted item focused, nothing under it focused")
    func LT_12_primaryMenu() throws {
        let app = gallery(.table).press(.function(10))
        let screen = try screen(app)
        let menu = try #require(screen.first { $0.role == .menu })
        #expect(menu.state.contains(.focused) && menu.children.first?.name == "Keyboard Shortcuts" && menu.children.first?.value == "F1")
        #expect(menu.children.first?.state.contains(.focused) == true)
        #expect(screen.children.filter { $0.state.contains(.focused) }.map(\.role) == [.menu], "only the menu has the keys")
        app.press(.escape)
        #expect(try self.screen(app).first { $0.role == .menu } == nil)
    }

    @Test("LT-12: the help is a dialog of the lines it shows, each key with what it does, and has the focus; the page beneath it is not told of")
    func LT_12_helpDialog() throws {
        let app = gallery(.list).press(.function(1))
        let screen = try screen(app)
        let dialog = try #require(screen.first { $0.role == .dialog })
        #expect(dialog.name == "Keyboard Shortcuts" && dialog.state.contains(.focused))
        let lines = dialog.children.map(\.name)
        #expect(lines.first == "List" && lines.contains { $0.hasPrefix("Ctrl+Tab Ctrl+PgDn, the next page") || $0.contains("the next page") }, "\(lines.prefix(12))")
        #expect(dialog.children.allSatisfy { $0.role == .staticText && $0.frame.height > 0 })
        #expect(screen.first { $0.role == .list } == nil, "the sheet covers the page")
    }

    @Test("LT-12: the list page's lists are named by their titles, and the contacts' section headers are headings where they are drawn")
    func LT_12_listNamesAndHeadings() throws {
        let screen = try screen(gallery(.list))
        let lists = screen.all { $0.role == .list }
        #expect(lists.map(\.name) == ["Settings", "Text Size", "Contacts"], "\(lists.map(\.name))")
        let contacts = try #require(lists.last)
        let headings = contacts.children.filter { $0.role == .heading }
        #expect(headings.first?.name == "A" && headings.allSatisfy { $0.frame.height > 0 && $0.frame.minY >= contacts.frame.minY }, "\(headings.map(\.name))")
        // Each heading is above the rows of its section.
        let firstRow = try #require(contacts.children.first { $0.role == .row })
        #expect(headings[0].frame.maxY <= firstRow.frame.minY + 0.001)
    }

    @Test("PC-02: the page-control page's dots are named and have the keys that turn its pages; the page shown is read as text")
    func PC_02_pageControlPage() throws {
        let app = gallery(.pageControl)
        var screen = try self.screen(app)
        let dots = try #require(screen.first { $0.role == .pageControl && $0.name == "Cities" })
        #expect(dots.state.contains(.focused) && dots.value == "page 1 of 6")
        let text = try #require(screen.first { $0.role == .document })
        #expect(text.value?.hasPrefix("My Location\n") == true, "\(text.value ?? "nil")")
        app.press(.right)
        app.advance(by: 2)
        screen = try self.screen(app)
        #expect(screen.first { $0.role == .pageControl && $0.name == "Cities" }?.value == "page 2 of 6")
        #expect(screen.first { $0.role == .document }?.value?.hasPrefix(PageControlPage.cities[1]) == true)
    }

    @Test("SV-01: the scroll view's document is read from its text around what shows, the caret on the first line shown: each line scrolled moves the caret to the next line's start")
    func SV_01_documentCaretFollowsTheScroll() throws {
        let app = gallery(.scrollView)
        func document() throws -> AccessibilityElement { try #require(try screen(app).first { $0.role == .document }) }
        let top = try document()
        #expect(top.caretOffset == 0 && top.name.isEmpty && top.value?.hasPrefix("Scrollwork\n") == true)
        app.press(.down)
        app.advance(by: 1)
        let scrolled = try document()
        let lines = (scrolled.value ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let caret = try #require(scrolled.caretOffset)
        // The text stays (the same block of lines); the caret is on the start of a later line.
        #expect(scrolled.value == top.value && caret > 0)
        #expect(lines.reduce(into: [0]) { $0.append($0.last! + $1.count + 1) }.contains(caret), "\(caret) is a line's start")
    }

    @Test("SV-01: the document's lines lie where they are drawn, and the characters selected are its text's selection")
    func SV_01_documentLinesAndSelection() throws {
        var t = GalleryTests.gallery(.scrollView, idiom: .macOS)
        t.app.scrollView.document.view.content.select(from: TextPosition(line: 0, offset: 2), to: TextPosition(line: 2, offset: 3))
        t.advance(by: 0.1)
        let found = t.app.accessibility?.first { $0.role == .document }
        let document = try #require(found)
        let lines = (document.value ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(document.lineFrames.count == lines.count && document.lineFrames.first.map { abs($0.minY - document.frame.minY) < 0.5 } == true)
        #expect(zip(document.lineFrames, document.lineFrames.dropFirst()).allSatisfy { $1.minY > $0.minY }, "each line below the last")
        #expect(document.textSelection == 2..<(lines[0].count + 1 + lines[1].count + 1 + 3), "\(String(describing: document.textSelection))")
    }

    @Test("LT-12: each page is told of as its own object (its title its identifier), so a bridge retires one page's objects when another takes its place")
    func LT_12_pagesHaveIdentifiers() throws {
        for kind in GalleryApp.PageKind.allCases {
            let screen = try screen(gallery(kind))
            #expect(screen.children.contains { $0.role == .group && $0.identifier == kind.title }, "\(kind)")
        }
    }
}

extension AccessibilityElement {
    /// Every element, depth first from this one, that `matches` says is one.
    func all(where matches: (AccessibilityElement) -> Bool) -> [AccessibilityElement] {
        (matches(self) ? [self] : []) + children.flatMap { $0.all(where: matches) }
    }
}
