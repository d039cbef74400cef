import Scrollwork
import ScrollworkTesting
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// In a window the gallery follows a desktop app's keys; in a terminal, a terminal program's.
@Suite struct DesktopKeysTests {
    func gallery(_ keys: KeyConvention, page: GalleryApp.PageKind = .table) -> Pilot<GalleryApp> {
        var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS)
        style.simulatesLatency = false
        style.keys = keys
        return Pilot(GalleryApp(page: page, style: style, tableRows: 100), columns: 120, rows: 40)
    }

    @Test("in a window F10 opens the gallery's primary menu at the top right (Keyboard Shortcuts F1, Next and Previous Page, About Scrollwork, Quit Ctrl+Q); its items do what their keys do; About names the version; a terminal's F10 opens nothing")
    func primaryMenu() throws {
        let terminal = gallery(.terminal)
        terminal.press(.function(10))
        #expect(terminal.app.primaryMenu == nil)
        let app = gallery(.desktop)
        app.press(.function(10))
        let items = try #require(app.app.primaryMenu?.items)
        #expect(items.map(\.title) == ["Keyboard Shortcuts", "Next Page", "Previous Page", "", "About Scrollwork", "Quit"])
        #expect(items.map(\.shortcut) == ["F1", "Ctrl+Tab", "Ctrl+Shift+Tab", "", "", "Ctrl+Q"])
        #expect(app.contains("About Scrollwork") && app.app.primaryMenu?.highlighted == 0)
        app.press(.down).press(.enter)
        #expect(app.app.page == .list && app.app.primaryMenu == nil, "Next Page went to the next page")
        app.press(.function(10))
        try app.click("About Scrollwork")
        #expect(app.app.showsHelp && app.contains("Scrollwork \(scrollworkVersion)"))
        app.press(.escape)
        #expect(!app.app.showsHelp)
        app.press(.function(10)).press(.escape)
        #expect(app.app.primaryMenu == nil && !app.wantsQuit, "Esc closes the menu without choosing")
        app.press(.function(10)).press(.end).press(.enter)
        #expect(app.wantsQuit)
    }

    @Test("desktop keys: Ctrl+C copies the selected rows and the app stays, Tab keeps the page, Ctrl+Tab and Ctrl+PgUp change it, Ctrl+Q quits")
    func desktop() {
        let app = gallery(.desktop)
        app.press(.down).press(.down, .shift)
        app.press(.character("c"), .control)
        #expect(!app.wantsQuit && app.clipboard?.hasPrefix("Name\tPath\tSize") == true && app.clipboard?.split(separator: "\n").count == 3)
        app.press(.tab).press(.tab).press(.tab).press(.character("]"))
        #expect(app.app.page == .table, "Tab moves focus within the page; ] is no page key here")
        #expect(app.title == "Table - Scrollwork", "the window's title names the page")
        #expect(app.line(0).hasPrefix(" 2/7 Table") && !app.line(0).contains("LT-"), "the page alone, no guideline IDs: \(app.line(0))")
        app.press(.tab, .control)
        #expect(app.app.page == .list && app.title == "List - Scrollwork")
        app.press(.pageUp, .control)
        #expect(app.app.page == .table)
        app.press(.function(1))
        #expect(app.contains("Ctrl+Tab Ctrl+PgDn") && app.contains("Ctrl+C"), "help shows the window's keys:\n\(app.text)")
        #expect(app.contains("Table") && !app.contains("shows LT-") && !app.contains("LT-12"), "a desktop app's help names no guideline IDs:\n\(app.text)")
        app.press(.escape)
        app.press(.character("q"))
        #expect(!app.wantsQuit, "q is typing in a desktop app")
        app.press(.character("q"), .control)
        #expect(app.wantsQuit)
    }

    /// A group of three widgets that take keys.
    struct ThreeFields: WidgetGroup {
        var a = TextField(prompt: "a")
        var b = TextField(prompt: "b")
        var c = TextField(prompt: "c")
        var routing = Routing()
        var children: [Child<Self>] { [Child(\.a), Child(\.b), Child(\.c)] }
    }

    @Test("Tab and Shift+Tab go round every widget that takes keys when asked to wrap (a window's Tab), and stop at the ends otherwise (a terminal's, which moves on to the next page)")
    func tabWrapsAround() {
        var group = ThreeFields()
        #expect(group.focusedChild == \ThreeFields.a, "the first widget has the focus to begin with")
        var seen: [AnyKeyPath] = []
        for _ in 0..<7 {
            let moved = group.moveFocus(forward: true, wrapping: true)
            #expect(moved)
            seen.append(group.focusedChild!)
        }
        #expect(seen == [\ThreeFields.b, \ThreeFields.c, \ThreeFields.a, \ThreeFields.b, \ThreeFields.c, \ThreeFields.a, \ThreeFields.b])
        _ = group.moveFocus(forward: false)
        let back = group.moveFocus(forward: false, wrapping: true)
        #expect(back && group.focusedChild == \ThreeFields.c, "Shift+Tab from the first goes to the last")
        let past = group.moveFocus(forward: true)
        #expect(!past, "without wrapping, the last one says so and keeps the focus")
        #expect(group.focusedChild == \ThreeFields.c)
        // The gallery's window pages keep the focus on the page, round and round.
        let app = gallery(.desktop, page: .scrollView)
        for _ in 0..<9 { app.press(.tab) }
        for _ in 0..<9 { app.press(.tab, .shift) }
        #expect(app.app.page == .scrollView)
    }

    @Test("desktop keys: Ctrl+F opens the scroll view page's search, Ctrl+W closes the help, then the window")
    func findAndClose() {
        let app = gallery(.desktop, page: .scrollView)
        app.press(.character("f"), .control)
        var shown = app.app
        let editing = shown.pageIsEditingText
        #expect(editing, "the search field has the keyboard")
        app.press(.escape).press(.function(1))
        #expect(app.app.showsHelp)
        app.press(.character("w"), .control)
        #expect(!app.app.showsHelp && !app.wantsQuit)
        app.press(.character("w"), .control)
        #expect(app.wantsQuit)
    }

    @Test("terminal keys stay a terminal program's: Ctrl-C quits, ] and Tab at the last control change the page")
    func terminal() {
        let app = gallery(.terminal)
        #expect(app.line(0).hasPrefix(" Scrollwork · 2/7 Table") && app.line(0).contains("LT-06"))
        app.press(.character("]"))
        #expect(app.app.page == .list)
        app.press(.character("c"), .control)
        #expect(app.wantsQuit)
    }
}
