import Scrollwork
import ScrollworkTesting
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// A help sheet longer than the window scrolls instead of being cut off for good.
@Suite struct HelpScrollingTests {
    func gallery(rows: Int) -> Pilot<GalleryApp> {
        var style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS)
        style.simulatesLatency = false
        return Pilot(GalleryApp(page: .table, style: style, tableRows: 100), columns: 70, rows: rows)
    }

    @Test("a help sheet too long for the window scrolls with ↓, Page Down, End and the wheel, and back with ↑ and Home; any other key closes it")
    func scrolls() {
        let app = gallery(rows: 14)
        app.press(.character("?"))
        let last = "Click or drag the dots at the bottom to change page."
        #expect(app.app.showsHelp && app.contains("Table") && !app.contains(last) && app.contains("…"), "cut at first:\n\(app.text)")
        app.press(.down)
        #expect(app.app.showsHelp && app.app.helpTopLine == 1, "↓ scrolls a line and keeps the sheet")
        app.press(.end)
        #expect(app.contains(last) && !app.contains("…"), "End shows the last lines:\n\(app.text)")
        let bottom = app.app.helpTopLine
        app.press(.pageDown).press(.down)
        #expect(app.app.helpTopLine == bottom, "no further than the last page")
        app.press(.home)
        #expect(app.app.helpTopLine == 0 && app.contains("Table"))
        app.send(.mouse(MouseEvent(.wheel(.down), button: .none, column: 10, row: 5)))
        #expect(app.app.helpTopLine == 3, "a notch of the wheel, three lines")
        app.press(.character("x"))
        #expect(!app.app.showsHelp, "another key closes it")
        app.press(.character("?"))
        #expect(app.app.helpTopLine == 0, "opened again at its top")
    }

    @Test("a help sheet that fits does not scroll")
    func fits() {
        let app = gallery(rows: 60)
        app.press(.character("?")).press(.down).press(.end)
        #expect(app.app.showsHelp && app.app.helpTopLine == 0)
    }
}
