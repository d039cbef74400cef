import Foundation
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// The keys a VisiData or `less` user presses without reading the source (#42): sorting from the
/// keyboard, searching in the order shown, prompts whose filled-in text typing replaces, and a
/// status line that says each thing once and nothing stale.
@Suite struct KeysPeopleExpectTests {
    static let tails = ["N20", "N07", "N55", "N31", "N20", "N99", "N07", "N12"]
    static let file = "id,tail,delay\n" + tails.enumerated().map { "\($0.offset + 1),\($0.element),\(($0.offset * 37) % 50)" }.joined(separator: "\n") + "\n"

    static func open(_ file: TemporaryFile) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 100, rows: 14)
        while t.runWork("growth") {}
        return t
    }

    static func column(_ t: HeadlessTerminal<TableViewer>, _ c: Int) -> [String] {
        (0..<t.app.screen.view.table.list.numberOfRows).compactMap { try? t.app.screen.view.table.list.row(at: IndexPath(row: $0))[c] }
    }

    @Test("o and O sort by the current column, ascending and descending, in the background")
    func sortFromTheKeyboard() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("]"))))
        t.send(.key(KeyEvent(.character("o"))))
        var sorted = t.runWork("sort")
        #expect(sorted && Self.column(t, 1) == Self.tails.sorted())
        t.send(.key(KeyEvent(.character("O"))))
        sorted = t.runWork("sort")
        #expect(sorted && Self.column(t, 1) == Self.tails.sorted(by: >))
        t.advance(by: 0.1)
        #expect(t.text.contains("tail ▼"), "\(t.text)")
        #expect(ViewerKeys.table.help.entries.contains { $0.keys == "o" && $0.does.contains("ascending") })
    }

    @Test("/ and n after a sort find the next match from the focus in the order shown, not in the file's; n past the last goes round and says so")
    func searchInTheOrderShown() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("]"))))
        t.send(.key(KeyEvent(.character("o"))))
        _ = t.runWork("sort")
        // Sorted: N07 N07 N12 N20 N20 N31 N55 N99. From the top, N2 first matches row 4.
        t.send(.key(KeyEvent(.home)))
        t.type("/N2\r")
        var ran = t.runWork("search")
        #expect(ran)
        func focused() -> Int? { t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }?.row }
        #expect(focused() == 3)
        #expect(t.app.status.contains("match in row 4") && t.app.status.contains("in the order shown"))
        t.send(.key(KeyEvent(.character("n"))))
        ran = t.runWork("search")
        #expect(ran && focused() == 4)
        t.send(.key(KeyEvent(.character("n"))))
        ran = t.runWork("search")
        #expect(ran)
        #expect(focused() == 3 && t.app.status.contains("search hit the end, went on from the top"), "\(t.app.status)")
        t.send(.key(KeyEvent(.character("N"))))
        ran = t.runWork("search")
        #expect(ran && focused() == 4 && t.app.status.contains("search hit the top, went on from the end"), "\(t.app.status)")
        t.send(.key(KeyEvent(.character("N"))))
        ran = t.runWork("search")
        #expect(ran && focused() == 3 && !t.app.status.contains("went on"))
    }

    @Test("a prompt's filled-in text is selected: typing replaces it, Backspace removes it")
    func promptTextIsSelected() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("]"))))
        t.send(.key(KeyEvent(.character("|"))))
        #expect(t.app.screen.field?.text == "tail" && t.app.screen.field?.isTextSelected == true)
        t.type("delay>20\r")
        _ = t.runWork("sort")
        #expect(t.app.filterTexts == ["delay>20"], "\(t.app.status)")
        t.send(.key(KeyEvent(.character("|"))))
        t.send(.key(KeyEvent(.backspace)))
        #expect(t.app.screen.field?.text == "")
        t.send(.key(KeyEvent(.character("x"))))
        #expect(t.app.screen.field?.text == "x")
    }

    @Test("the status line says a thing once, and forgets a match's row once a filter renumbers the rows")
    func statusSaysEachThingOnce() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("]"))))
        let status = t.app.status
        #expect(status.components(separatedBy: "column tail").count == 2, "\(status)")
        t.type("/N31\r")
        _ = t.runWork("search")
        #expect(t.app.status.contains("match in row 4"))
        t.type("|delay>20\r")
        _ = t.runWork("sort")
        #expect(!t.app.status.contains("match in row"), "\(t.app.status)")
    }

    @Test("? lists the keys one a line under the headings of their groups")
    func helpByGroup() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("?"))))
        let lines = try #require(t.app.screen.detail?.content.lines.map(\.text))
        let headings = ViewerCommand.Group.allCases.map { "── " + $0.rawValue }
        for heading in headings { #expect(lines.contains { $0.hasPrefix(heading) }, "\(heading)") }
        for binding in ViewerKeys.table.bindings { #expect(lines.contains { $0.contains(binding.summary.prefix(30)) }, "\(binding.summary)") }
        let sorting = try #require(lines.firstIndex { $0.hasPrefix("── Sorting") })
        #expect(lines[sorting...].contains { $0.contains("sort by the current column, ascending") })
    }

    @Test("G, g and the page keys move the focus in a summary or frequency sheet too")
    func sheetKeys() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("I"))))
        let summarised = t.runWork("summary")
        #expect(summarised && t.app.screen.sheet != nil)
        func focused() -> Int? { t.app.screen.sheet?.view.table.list.cursor.flatMap { t.app.screen.sheet?.view.table.list.indexPath(of: $0) }?.row }
        t.send(.key(KeyEvent(.character("G"))))
        #expect(focused() == 2)
        t.send(.key(KeyEvent(.character("g"))))
        #expect(focused() == 0)
        t.send(.key(KeyEvent(.end)))
        #expect(focused() == 2)
    }

    @Test("Ctrl-C quits from under a sheet, a row shown whole and the keys, as from the table; a prompt keeps it, and a window's Ctrl+C copies")
    func interruptQuitsFromAnywhere() throws {
        let file = TemporaryFile(name: "tails.csv", Self.file)
        let control = KeyEvent(.character("c"), .control)
        for over in ["I", "\r", "?"] {
            var t = try Self.open(file)
            t.type(over)
            _ = t.runWork("summary")
            #expect(t.app.screen.sheet != nil || t.app.screen.overlay != nil || t.app.record != nil, "\(over)")
            t.send(.key(control))
            #expect(t.wantsQuit, "Ctrl-C over \(over)")
        }
        var t = try Self.open(file)
        t.type("/ab")
        t.send(.key(control))
        #expect(!t.wantsQuit, "a prompt keeps Ctrl-C")
        var window = try Self.open(file)
        window.app.keyConvention = .desktop
        window.type("I")
        _ = window.runWork("summary")
        window.send(.key(control))
        #expect(!window.wantsQuit && window.app.screen.sheet != nil, "a window's Ctrl+C copies")
    }
}
