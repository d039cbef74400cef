import Scrollwork
import ScrollworkTesting
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The table page's context menus, as someone uses them: a right-click (or Shift+F10, or the
/// Menu key) opens one, the keys or the pointer choose, Esc or a click outside closes it.
@Suite struct ContextMenuTests {
    func gallery(_ keys: KeyConvention = .terminal) -> Pilot<GalleryApp> {
        var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS)
        style.simulatesLatency = false
        style.keys = keys
        let pilot = Pilot(GalleryApp(page: .table, style: style, tableRows: 100), columns: 120, rows: 40)
        pilot.app.table.files.sortsInBackground = false
        return pilot
    }

    @Test("a right-click on a row selects it and opens Copy and Select All there; a click on Select All selects every row")
    func rowMenuByPointer() throws {
        let app = gallery()
        try app.click("hotel-3", button: .right)
        #expect(app.contains("row 4 selected"), "the row right-clicked is selected first:\n\(app.text)")
        let copy = try #require(app.position(of: "Copy"))
        let row = try #require(app.position(of: "hotel-3"))
        #expect(copy.row == row.row + 1 || copy.row == row.row + 2, "the menu opens at the pointer, below it:\n\(app.text)")
        #expect(app.contains("Select All  Ctrl+A") && app.contains("Alt+C"), "the items say their keys:\n\(app.text)")
        try app.click("Select All")
        #expect(app.contains("100 rows selected") && !app.contains("Copy"), "chosen, the menu closes:\n\(app.text)")
    }

    @Test("Shift+F10 opens the focused row's menu with its first item highlighted; ↓ and Enter choose, and Copy copies with the desktop's key shown")
    func rowMenuByKeys() {
        let app = gallery(.desktop)
        app.press(.down).press(.down)
        app.press(.function(10), .shift)
        #expect(app.contains("Copy") && app.contains("Ctrl+C"))
        #expect(app.app.table.menu?.highlighted == 0, "opened from the keyboard, the first item is highlighted")
        app.press(.enter)
        #expect(app.clipboard?.hasPrefix("Name\tPath") == true && app.app.table.menu == nil)
        app.press(.menu).press(.down).press(.enter)
        #expect(app.contains("100 rows selected") && app.app.table.menu == nil)
    }

    @Test("with no row focused, Shift+F10 opens the first heading's menu under the header")
    func keyMenuWithoutFocus() {
        let app = gallery()
        app.press(.function(10), .shift)
        #expect(app.contains("Sort Ascending") && app.position(of: "Sort Ascending")?.row == 3, "\(app.text)")
        app.press(.enter)
        #expect(app.app.table.files.table.sortOrder.first == SortOrder(columnID: "Name", ascending: true))
    }

    @Test("LT-12: a heading's menu sorts descending, fits, pins and hides the column, and shows it again")
    func LT_12_headingMenu() throws {
        let app = gallery()
        try app.click("Size", button: .right)
        #expect(app.contains("Sort Ascending") && app.contains("Sort Descending") && app.contains("Size to Fit") && app.contains("Hide Column"))
        try app.click("Sort Descending")
        #expect(app.app.table.files.table.sortOrder.first == SortOrder(columnID: "Size", ascending: false), "\(app.text)")
        #expect(app.contains("Size ▼"))
        try app.click("Kind", button: .right)
        try app.click("Hide Column")
        #expect(!app.line(1).contains("Kind") && app.contains("Kind hidden"), "\(app.line(1))")
        try app.click("Size", button: .right)
        try app.click("Show Hidden Columns")
        #expect(app.line(1).contains("Kind"), "\(app.line(1))")
        try app.click("Path", button: .right)
        try app.click("Pin Through This Column")
        #expect(app.app.table.files.table.pinnedColumns == 2)
    }

    @Test("Esc closes a menu and a click outside it closes it without reaching the row beneath; a dimmed item cannot be chosen")
    func dismissing() throws {
        let app = gallery()
        try app.click("Name", button: .right)
        #expect(app.contains("Show Hidden Columns"))
        app.press(.escape)
        #expect(!app.contains("Sort Ascending"))
        try app.click("Name", button: .right)
        try app.click("Show Hidden Columns")
        #expect(app.contains("Show Hidden Columns"), "nothing is hidden: the item is dimmed and the menu stays")
        try app.click("echo-12.zip")
        #expect(!app.contains("Sort Ascending") && !app.contains("selected"), "the click outside only closed the menu:\n\(app.text)")
        var element = try #require(app.element(.table))
        #expect(element.rowCount == 100)
        try app.click("Name", button: .right)
        element = try #require(app.element(.menu))
        #expect(element.children.map(\.name).contains("Hide Column") && element.children.first { $0.name == "Show Hidden Columns" }?.state.contains(.disabled) == true)
    }
}
