import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// What `scrollwork open` tells a screen reader about a file: its table with every row counted,
/// the records on screen, and the prompt while one is open.
@Suite struct ViewerAccessibilityTests {
    @Test("LT-12: a file's table says how many records it has and reads the records on screen; an open prompt has focus")
    func LT_12_fileTable() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        let first = t.app.accessibility
        let table = try #require(first?.first { $0.role == .table })
        // The record number first, as the viewer shows it, then the file's columns.
        #expect(table.rowCount == 600 && table.columnCount == 5 && table.state.contains(.focused))
        // Called by the file it shows, as the page's title names it.
        #expect(!table.name.isEmpty && file.path.hasSuffix(table.name), "\(table.name)")
        #expect(table.children.filter { $0.role == .columnHeader }.map(\.name) == ["#", "id", "carrier", "dep_delay", "origin"])
        let row = try #require(table.children.first { $0.role == .row })
        #expect(row.rowIndex == 0 && row.children.map(\.name) == ["1"] + ExploreViewerTests.rows[0])
        t.type("/")
        let searching = t.app.accessibility
        let field = try #require(searching?.first { $0.role == .textField })
        #expect(field.state.contains(.focused) && searching?.first { $0.role == .table }?.state.contains(.focused) == false)
    }

    @Test("LT-12: the keys, a record and a context menu over a file's table are told of with the focus: the keys and the record as text to read, the menu by its highlighted item")
    func LT_12_overTheTable() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        t.type("?")
        var screen = t.app.accessibility
        let help = try #require(screen?.first { $0.role == .dialog })
        #expect(help.name == "Keyboard Shortcuts" && help.state.contains(.focused))
        #expect(help.first { $0.role == .document }?.value?.contains("Moving and searching") == true)
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.enter)))
        screen = t.app.accessibility
        let record = try #require(screen?.first { $0.role == .scrollArea })
        #expect(record.state.contains(.focused), "the record has the keys")
        let fields = record.first { $0.role == .document }?.value ?? ""
        #expect(fields.hasPrefix("id: ") && fields.contains("carrier: "), "\(fields)")
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.function(10), .shift)))
        screen = t.app.accessibility
        let menu = try #require(screen?.first { $0.role == .menu })
        #expect(menu.state.contains(.focused) && menu.children.first?.name == "Filter to This Value" && menu.children.first?.state.contains(.focused) == true)
    }
}
