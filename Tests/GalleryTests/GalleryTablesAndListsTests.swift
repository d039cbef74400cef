import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The table and list abilities of issue #15, as a person finds them in the gallery.
@Suite struct GalleryTablesAndListsTests {
    func column(of text: String, in line: String) -> Int? {
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    func lines(_ t: HeadlessTerminal<GalleryApp>) -> [String] { t.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test("LT-10: ⓘ opens an info sheet over the settings list, which stays where it was; Esc closes it")
    func LT_10_infoSheet() throws {
        var t = gallery(.list)
        let screen = lines(t)
        let row = try #require(screen.firstIndex { $0.contains("Bluetooth") })
        let info = try #require(column(of: "ⓘ", in: screen[row]))
        click(&t, column: info, row: row)
        #expect(t.text.contains("ⓘ Bluetooth") && t.text.contains("Done (Esc)"))
        #expect(lines(t)[1].contains("NETWORK") || lines(t)[2].contains("NETWORK"), "the list shows above the sheet")
        #expect(status(t).contains("no navigation"))
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.text.contains("Done (Esc)") && t.text.contains("Bluetooth"))
        // A click on Done, where it is drawn, closes the sheet too.
        click(&t, column: info, row: row)
        let shown = lines(t)
        let doneRow = try #require(shown.firstIndex { $0.contains("Done (Esc)") })
        click(&t, column: try #require(column(of: "Done", in: shown[doneRow])), row: doneRow)
        #expect(!t.text.contains("Done (Esc)") && t.text.contains("Bluetooth"))
    }

    @Test("LT-10: a row with › drills into its page through the navigation stack: titled, with ‹ Settings; Esc and a click on ‹ Settings come back to the list as it was")
    func LT_10_drillIn() throws {
        var t = gallery(.list)
        t.type("1")
        t.send(.key(KeyEvent(.down)))
        #expect(t.app.list.settingsList.list.cursor.flatMap { t.app.list.settingsList.list.indexPath(of: $0) } == IndexPath(row: 0))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 1)
        #expect(t.app.list.settings.depth == 2 && t.app.list.settings.title == "Wi-Fi")
        #expect(t.text.contains("‹ Settings") && t.text.contains("The detail view of Wi-Fi"))
        #expect(status(t).contains("opened Wi-Fi (Esc goes back)"))
        t.send(.key(KeyEvent(.escape)))
        t.advance(by: 1)
        #expect(t.app.list.settings.depth == 1 && t.text.contains("NETWORK") && !t.text.contains("‹ Settings"))
        #expect(t.app.list.settingsList.list.cursor.flatMap { t.app.list.settingsList.list.indexPath(of: $0) } == IndexPath(row: 0), "the list's focus as it was left")
        #expect(!status(t).contains("opened"))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 1)
        let screen = lines(t)
        let row = try #require(screen.firstIndex { $0.contains("‹ Settings") })
        let back = try #require(column(of: "‹ Settings", in: screen[row]))
        click(&t, column: back + 2, row: row)
        t.advance(by: 1)
        #expect(t.app.list.settings.depth == 1)
    }

    @Test("LT-03: in edit mode a click on ⊖ deletes a contact and u brings it back")
    func LT_03_deleteControl() throws {
        var t = gallery(.list)
        t.type("3e")
        let screen = lines(t)
        let row = try #require(screen.firstIndex { $0.contains("⊖") })
        let minus = try #require(column(of: "⊖", in: screen[row]))
        let before = t.app.list.contacts.list.numberOfRows
        click(&t, column: minus, row: row)
        #expect(t.app.list.contacts.list.numberOfRows == before - 1)
        #expect(status(t).contains("deleted") && status(t).contains("u undoes"))
        t.type("u")
        #expect(t.app.list.contacts.list.numberOfRows == before)
    }

    @Test("LT-12: a divider held at the window's edge widens its column; the table then scrolls sideways with Name pinned")
    func LT_12_sidewaysInTheGallery() throws {
        var t = gallery(.table)
        let header = lines(t)[1]
        let bars = header.indices.filter { header[$0] == "│" }.map { header.distance(from: header.startIndex, to: $0) }
        let pathBar = try #require(bars.dropFirst().first)
        t.send(bytes: Array("\u{1B}[<0;\(pathBar + 1);2M".utf8))
        t.send(bytes: Array("\u{1B}[<32;120;2M".utf8))
        t.advance(by: 2)
        t.send(bytes: Array("\u{1B}[<0;120;2m".utf8))
        #expect(t.app.table.table.list.scroll.offset.x > 0)
        #expect(lines(t)[1].hasPrefix(" Name"), "the pinned column stays at the leading edge")
        // Shift+wheel up goes back to the start.
        for _ in 0..<40 { t.send(bytes: Array("\u{1B}[<68;60;10M".utf8)) }
        t.advance(by: 2)
        #expect(t.app.table.table.list.scroll.offset.x == 0 && lines(t)[1].contains("Path"))
    }

    @Test("the page-control page names its two rows of dots: the weather's and the gallery's")
    func namedDots() {
        let t = gallery(.pageControl)
        let screen = lines(t)
        #expect(screen.contains { $0.contains("the weather's pages ▸") && $0.contains("●") })
        #expect(screen.contains { $0.contains("gallery pages ▸") && $0.contains("●") })
    }
}
