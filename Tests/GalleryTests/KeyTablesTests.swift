import Foundation
import Scrollwork
import ScrollworkTerminal
@testable import ScrollworkGallery
@testable import ScrollworkViewer
import ScrollworkWidgets
import Testing

/// Keys are interpreted by command tables, and what people read about them is made from those
/// tables: the help overlay of every page and the key reference, docs/keys.md.
@Suite struct KeyTablesTests {
    /// The key reference of docs/keys.md, made from the tables.
    static var reference: String {
        let widgets: [KeyHelp] = [ScrollCommand.keys.help, RowsCommand.listKeys.help, RowsCommand.tableKeys.help, OutlineCommand.keys.help,
                                  TextFieldCommand.keys.help, PageControlCommand.keys.help, PageTurn.keys(along: .horizontal).help,
                                  PointerCommand.scrolling.help, PointerCommand.list.help, PointerCommand.table.help, PointerCommand.outline.help,
                                  PointerCommand.pageDots.help, MenuCommand.keys.help, PointerCommand.menu.help,
                                  NavigationCommand.keys.help]
        let gallery: [KeyHelp] = [GalleryApp.commands.help] + GalleryApp.PageKind.allCases.map { KeyHelp(title: "\($0.title) page", entries: $0.keys.entries) }
            + [GalleryApp.desktopCommands.help, TablePage.desktopCommands.help, GalleryApp.pointer.help, GridView.zoomGestures.help]
        let viewers: [KeyHelp] = [ViewerKeys.table.help, ViewerKeys.pager.help, ViewerKeys.directory.help, ViewerKeys.database.help, ViewerKeys.databaseTable.help,
                                  ViewerKeys.record.help, ViewerKeys.sheet.help, ViewerKeys.openedFromListing.help,
                                  KeyHelp(title: "In a window (scrollwork open --window), besides the keys above",
                                          entries: Array(ViewerKeys.desktopTable.help.entries.prefix(ViewerKeys.desktopTable.overrides.count)))]
        func section(_ heading: String, _ tables: [KeyHelp]) -> String {
            "## \(heading)\n\n" + tables.filter { !$0.entries.isEmpty }.map(\.markdown).joined(separator: "\n\n")
        }
        return [section("The widgets", widgets), section("The gallery", gallery), section("scrollwork open", viewers)].joined(separator: "\n\n")
    }

    static let keysPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/keys.md")

    @Test("docs/keys.md is what the command tables say (SCROLLWORK_WRITE_KEYS=1 rewrites it)")
    func readmeKeysAreTheTables() throws {
        let text = try String(contentsOf: Self.keysPage, encoding: .utf8)
        let begin = "<!-- keys: made from the command tables by KeyTablesTests -->\n", end = "\n<!-- /keys -->"
        let start = try #require(text.range(of: begin), "docs/keys.md has no key reference")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let current = String(text[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["SCROLLWORK_WRITE_KEYS"] == "1", current != Self.reference {
            try (String(text[..<start.upperBound]) + Self.reference + String(text[stop.lowerBound...])).write(to: Self.keysPage, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == Self.reference, "docs/keys.md differs from the command tables; run SCROLLWORK_WRITE_KEYS=1 swift test --filter KeyTablesTests")
    }

    @Test("every page's help overlay lists the page's keys and the gallery's, from their tables", arguments: GalleryApp.PageKind.allCases)
    func helpListsTheKeys(page: GalleryApp.PageKind) {
        var t = gallery(page, columns: 200, lines: 80)
        t.type("?")
        let text = t.text
        for entry in page.keys.entries { #expect(text.contains(entry.keys) && text.contains(entry.does), "\(entry.keys) \(entry.does)") }
        #expect(text.contains(GalleryApp.commands.help.compact.prefix(40)))
    }

    @Test("a key runs the first command bound to it; a key bound to none runs nothing")
    func tablesMatch() {
        #expect(GalleryApp.commands.command(for: KeyEvent(.character("]"))) == .step(1))
        #expect(GalleryApp.commands.command(for: KeyEvent(.function(4))) == .page(2))
        #expect(GalleryApp.commands.command(for: KeyEvent(.character("]"), .alt)) == nil)
        #expect(ViewerKeys.table.command(for: KeyEvent(.character("q"))) == .quit, "q quits before type-ahead takes it")
        #expect(ViewerKeys.table.command(for: KeyEvent(.character("x"))) == .typeAhead("x"))
        #expect(RowsCommand.tableKeys.command(for: KeyEvent(.character("a"), .control)) == .selectAll)
        #expect(ScrollCommand(key: KeyEvent(.character(" "), .shift)) == .pageUp && ScrollCommand(key: KeyEvent(.character(" "))) == .pageDown)
        let help = RowsCommand.tableKeys.help
        #expect(help.lines(fitting: 200).first?.hasPrefix("Esc   ") == true && help.lines(fitting: 40).first == "Esc: cancel the sort under way",
                "keys padded into a column where it leaves room, \"keys: does\" on a narrow screen")
        #expect(KeyEvent(.character("c"), .alt).label == "Alt+C" && KeyEvent(.tab, .shift).label == "Shift+Tab" && KeyEvent(.pageDown).label == "PgDn")
    }
}
