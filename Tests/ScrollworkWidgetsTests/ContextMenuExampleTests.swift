import Scrollwork
import ScrollworkTesting
import Testing
import ScrollworkWidgets

/// The "Context menus" article's example, used as a person would: a right-click, the keyboard.
@Suite struct ContextMenuExampleTests {
    @Test("a right-click on a row opens its menu where the pointer is; a click on an item runs it on that row and closes the menu")
    func rightClick() throws {
        let pilot = Pilot(FilesTable(), columns: 60, rows: 10)
        try pilot.click("file-2", button: .right)
        #expect(pilot.contains("Copy Name") && pilot.app.menu != nil)
        try pilot.click("Copy Name")
        #expect(pilot.app.menu == nil && pilot.app.status == "copied file-2")
    }

    @Test("Shift+F10 opens the focused row's menu with its first item highlighted; ↓ and Enter choose (Sort by Size sorts), Esc closes without choosing")
    func keyboard() {
        let pilot = Pilot(FilesTable(), columns: 60, rows: 10)
        pilot.press(.down).press(.down)
        pilot.press(.function(10), .shift)
        #expect(pilot.app.menu?.highlighted == 0)
        pilot.press(.down).press(.down).press(.enter).runAllWork()
        #expect(pilot.app.content.table.sortOrder.first?.columnID == pilot.app.content.table.columns[1].id, "the separator is passed over")
        pilot.press(.menu)
        #expect(pilot.app.menu != nil)
        pilot.press(.down).press(.escape)
        #expect(pilot.app.menu == nil && pilot.app.status.isEmpty, "Esc chose nothing")
    }

    @Test("1, 2 and 3 sort by that column in the background, again reverses; q quits")
    func keyboardSort() {
        let pilot = Pilot(FilesTable(), columns: 60, rows: 10)
        pilot.type("3").runAllWork()
        #expect(pilot.app.content.table.sortOrder.first == SortOrder(columnID: pilot.app.content.table.columns[2].id, ascending: true))
        pilot.type("3").runAllWork()
        #expect(pilot.app.content.table.sortOrder.first?.ascending == false && pilot.contains("Folder"))
        pilot.type("q")
        #expect(pilot.wantsQuit)
    }
}
