import Scrollwork
import ScrollworkTesting
import Testing
import ScrollworkWidgets

/// The "Context menus" article's example, used as a person would: a right-click, the keyboard.
@Suite struct ContextMenuExampleTests {
    @Test("a right-click on a row opens its menu where the pointer is; a click on an item runs it on that row and closes the menu")
    func rightClick() throws {
        let pilot = Pilot(FilesWithMenu(), columns: 40, rows: 10)
        try pilot.click("photo.jpg", button: .right)
        #expect(pilot.contains("Copy Name") && pilot.app.menu != nil)
        try pilot.click("Copy Name")
        #expect(pilot.app.menu == nil && pilot.app.status == "copied photo.jpg")
    }

    @Test("Shift+F10 opens the focused row's menu with its first item highlighted; ↓ and Enter choose, Esc closes without choosing")
    func keyboard() {
        let pilot = Pilot(FilesWithMenu(), columns: 40, rows: 10)
        pilot.press(.down).press(.down)
        pilot.press(.function(10), .shift)
        #expect(pilot.app.menu?.highlighted == 0)
        pilot.press(.down).press(.down).press(.enter)
        #expect(pilot.app.status == "deleted photo.jpg", "the separator is passed over: \(pilot.app.status)")
        pilot.press(.menu)
        #expect(pilot.app.menu != nil)
        pilot.press(.escape)
        #expect(pilot.app.menu == nil && pilot.app.status == "deleted photo.jpg", "Esc chose nothing")
    }
}
