import Foundation
import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// The viewers' context menus: a right-click on a cell or a heading, or Shift+F10 on the focused
/// row, opens what the viewer does there, each item running the command its keys run.
@Suite struct ViewerMenuTests {
    /// The cell where `text` shows, (column, row).
    static func cell(of text: String, in screen: String, occurrence: Int = 1) throws -> (Int, Int) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        var seen = 0
        for (row, line) in lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            seen += 1
            if seen == occurrence { return (line.distance(from: line.startIndex, to: range.lowerBound) + 1, row) }
        }
        throw OpenFile.Failure(description: "\(text) is not on screen:\n\(screen)")
    }

    static func click<A: App>(_ t: inout HeadlessTerminal<A>, _ text: String, button: MouseEvent.Button = .left, occurrence: Int = 1) throws {
        let (column, row) = try cell(of: text, in: t.text, occurrence: occurrence)
        t.send(.mouse(MouseEvent(.press, button: button, column: column, row: row)))
        t.send(.mouse(MouseEvent(.release, button: button, column: column, row: row)))
    }

    @Test("a file's row menu filters to the value right-clicked, and its heading menu sorts by the column; each item shows its key")
    func fileMenus() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        // Row 2 of the file is flight 2, on carrier UA (see ExploreViewerTests.rows).
        let carrier = ExploreViewerTests.rows[1][1]
        try Self.click(&t, carrier, button: .right, occurrence: 2)
        #expect(t.text.contains("Filter to This Value") && t.text.contains("Save View…") && t.text.contains("Enter"), "\(t.text)")
        try Self.click(&t, "Filter to This Value")
        #expect(t.runWork("sort") == true)
        #expect(t.app.status.contains("filtered by carrier=\(carrier)") && t.app.screen.menu == nil, "\(t.app.status)")
        try Self.click(&t, "dep_del", button: .right)
        #expect(t.text.contains("Sort Descending") && t.text.contains("Hide Column"))
        try Self.click(&t, "Sort Descending")
        #expect(t.runWork("sort") == true)
        #expect(t.app.status.contains("dep_delay") && t.app.status.contains("▼"), "\(t.app.status)")
    }

    @Test("Shift+F10 opens the focused row's menu with its first item highlighted; ↓ ↓ ↓ Enter shows the record; Esc closes a menu")
    func fileMenuByKeys() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        // Typed ahead of a frame (as a terminal batches keys), Down then Shift+F10 open the
        // row's menu: the row's place is worked out, not read from a frame not yet drawn.
        t.deliver([.key(KeyEvent(.down)), .key(KeyEvent(.function(10), .shift))])
        t.draw()
        #expect(t.text.contains("Filter to This Value"), "the focused row's menu, not a heading's:\n\(t.text)")
        #expect(t.app.screen.menu?.highlighted == 0)
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.menu == nil && !t.text.contains("Filter to This Value"))
        t.send(.key(KeyEvent(.menu)))
        for _ in 0..<2 { t.send(.key(KeyEvent(.down))) }
        #expect(t.app.screen.menu?.items[t.app.screen.menu?.highlighted ?? 0].title == "Show Record")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.record != nil, "the record of the focused row is shown:\n\(t.text)")
    }

    @Test("a database table's heading menu sorts in the database and its row menu counts the values")
    func databaseMenus() throws {
        try DatabaseViewerTests.withFlights(rows: 500) { path, _ in
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            try Self.click(&t, "delay", button: .right)
            #expect(t.text.contains("Sort Ascending") && !t.text.contains("Save View…"), "\(t.text)")
            try Self.click(&t, "Sort Ascending")
            DatabaseViewerTests.settle(&t)
            #expect(t.text.split(separator: "\n")[0].contains("delay ▲"), "\(t.text)")
            t.send(.key(KeyEvent(.down)))
            t.send(.key(KeyEvent(.function(10), .shift)))
            #expect(t.text.contains("Filter to This Value") && t.text.contains("Frequency"), "\(t.text)")
            try Self.click(&t, "Frequency")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.sheet != nil, "the frequency table of the column is shown:\n\(t.text)")
        }
    }
}

/// The viewers in a window follow a desktop app's keys; every other key is the terminal's.
@Suite struct ViewerDesktopKeysTests {
    @Test("in a window F10 opens the primary menu at the top right (Keyboard Shortcuts F1, Search Ctrl+F, Save View…, About Scrollwork, Quit Ctrl+Q); About shows the version and Esc closes it; Quit quits; a terminal's F10 does nothing")
    func primaryMenu() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        t.send(.key(KeyEvent(.function(10))))
        #expect(t.app.screen.menu == nil, "a terminal's F10 is the terminal's")
        t.app.keyConvention = .desktop
        t.send(.key(KeyEvent(.function(10))))
        let titles = try #require(t.app.screen.menu?.items.map(\.title))
        #expect(titles == ["Keyboard Shortcuts", "Search", "Save View…", "About Scrollwork", "", "Quit"], "\(titles)")
        #expect(t.app.screen.menu?.items.first?.shortcut == "F1" && t.app.screen.menu?.items.last?.shortcut == "Ctrl+Q")
        #expect(t.app.screen.menu?.highlighted == 0)
        try ViewerMenuTests.click(&t, "About Scrollwork")
        #expect(t.text.contains("Version") && t.text.contains(scrollworkVersion), "\(t.text)")
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.text.contains(scrollworkVersion))
        t.send(.key(KeyEvent(.function(10))))
        t.send(.key(KeyEvent(.end)))
        t.send(.key(KeyEvent(.enter)))
        #expect(t.wantsQuit)
    }

    @Test("in a window the search prompt edits as a desktop field: Ctrl+Shift+← selects a word, Ctrl+C copies it to the clipboard and the prompt stays, Ctrl+X cuts it; a terminal's Ctrl+C in the prompt does not copy")
    func promptCopiesInAWindow() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        t.app.keyConvention = .desktop
        t.send(.key(KeyEvent(.character("f"), .control)))
        t.type("dep delay")
        t.send(.key(KeyEvent(.left, [.control, .shift])))
        t.send(.key(KeyEvent(.character("c"), .control)))
        #expect(t.clipboard == "delay" && t.app.screen.field?.text == "dep delay" && !t.wantsQuit)
        t.send(.key(KeyEvent(.character("x"), .control)))
        #expect(t.app.screen.field?.text == "dep " && t.clipboard == "delay")
        t.send(.key(KeyEvent(.escape)))
        t.app.keyConvention = .terminal
        t.type("/abc")
        t.send(.key(KeyEvent(.left, [.control, .shift])))
        t.send(.key(KeyEvent(.character("x"), .control)))
        #expect(t.app.screen.field?.text == "abc", "a terminal's Ctrl+X is not a cut")
    }

    @Test("a frequency sheet in a window takes F10 too: its menu's Keyboard Shortcuts lists the sheet's keys")
    func primaryMenuOnASheet() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        t.app.keyConvention = .desktop
        t.type("]f")
        while t.runWork() {}
        #expect(t.app.screen.sheet != nil)
        t.send(.key(KeyEvent(.function(10))))
        t.send(.key(KeyEvent(.enter)))
        #expect(t.text.contains("Sorting and filtering") || t.text.contains("Moving and searching"), "\(t.text)")
    }

    @Test("in a window Ctrl+C copies the focused row instead of quitting, Ctrl+F searches, Ctrl+Q and Ctrl+W quit, and the menu names Ctrl+C")
    func desktopKeys() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        t.app.keyConvention = .desktop
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.character("c"), .control)))
        #expect(!t.wantsQuit && t.clipboard?.contains("carrier") == true, "\(t.clipboard ?? "nothing copied")")
        t.send(.key(KeyEvent(.character("f"), .control)))
        #expect(t.app.screen.field != nil && t.text.contains("Search"))
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.function(10), .shift)))
        #expect(t.text.contains("Ctrl+C") && !t.text.contains("Alt+C"), "\(t.text)")
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.character("w"), .control)))
        #expect(t.wantsQuit)
        #expect(ViewerKeys.desktopPager.command(for: KeyEvent(.character("c"), .control)) == nil, "the pager copies nothing: Ctrl+C does nothing there")
        #expect(ViewerKeys.desktopDatabase.command(for: KeyEvent(.character("q"), .control)) == .quit)
        #expect(ViewerKeys.table.command(for: KeyEvent(.character("c"), .control)) == .quit, "a terminal's Ctrl-C still quits")
    }
}
