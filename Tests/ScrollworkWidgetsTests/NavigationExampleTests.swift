import Scrollwork
import Testing
@testable import ScrollworkWidgets

@Suite struct NavigationExampleTests {
    @Test("the article's settings app: Enter drills into General, then About, each titled with a way back; Esc twice comes back to the root with its row still focused; q quits there")
    func drillInAndBack() {
        var t = HeadlessDriver(SettingsApp(), columns: 50, rows: 14)
        #expect(t.text.contains("Settings") && t.text.contains("General") && t.text.contains("Privacy"))
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 1)
        #expect(t.app.content.title == "General" && t.text.contains("‹ Settings") && t.text.contains("Software Update"))
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 1)
        #expect(t.app.content.depth == 3 && t.text.contains("‹ General") && t.text.contains("Version"))
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.escape)))
        t.advance(by: 1)
        #expect(t.app.content.depth == 1 && t.text.contains("Privacy"))
        #expect(t.app.content.top.list.cursor.flatMap { t.app.content.top.list.indexPath(of: $0) } == IndexPath(row: 0), "the root's focus as it was left")
        t.send(.key(KeyEvent(.character("q"))))
        #expect(t.app.wantsQuit)
    }

    @Test("a click on a row with › drills in; a row without one does not")
    func clickDrillsIn() throws {
        var t = HeadlessDriver(SettingsApp(), columns: 50, rows: 14)
        let display = try #require(t.position(of: "Display"))
        t.send(.mouse(MouseEvent(.press, button: .left, column: display.column + 2, row: display.row)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: display.column + 2, row: display.row)))
        t.advance(by: 1)
        #expect(t.app.content.title == "Display")
        let brightness = try #require(t.position(of: "Brightness"))
        t.send(.mouse(MouseEvent(.press, button: .left, column: brightness.column + 2, row: brightness.row)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: brightness.column + 2, row: brightness.row)))
        t.advance(by: 1)
        #expect(t.app.content.title == "Display" && t.app.content.depth == 2)
    }
}
