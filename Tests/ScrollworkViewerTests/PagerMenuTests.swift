import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// The pager's text menu: a right-click on a line, Shift+F10 or the Menu key.
@Suite struct PagerMenuTests {
    static func pager(_ file: TemporaryFile) throws -> HeadlessTerminal<TextPager> {
        guard case let .pager(pager) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            throw OpenFile.Failure(description: "a text file opens in the pager")
        }
        var t = HeadlessTerminal(pager, columns: 80, rows: 12)
        while t.runWork() {}
        t.advance(by: 0.1)
        return t
    }

    static func click(_ t: inout HeadlessTerminal<TextPager>, _ text: String, button: MouseEvent.Button = .left) throws {
        let lines = t.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let row = lines.firstIndex(where: { $0.contains(text) }), let range = lines[row].range(of: text) else {
            throw OpenFile.Failure(description: "\(text) is not on screen:\n\(t.text)")
        }
        let column = displayWidth(String(lines[row][..<range.lowerBound])) + 1
        t.send(.mouse(MouseEvent(.press, button: button, column: column, row: row)))
        t.send(.mouse(MouseEvent(.release, button: button, column: column, row: row)))
    }

    @Test("a right-click on a line opens the text's menu; Copy Line copies that line whole, Copy Lines on Screen the lines shown")
    func rightClickCopiesTheLine() throws {
        let file = TemporaryFile(name: "app.log", (1...50).map { "entry \($0): the service answered" }.joined(separator: "\n") + "\n")
        var t = try Self.pager(file)
        try Self.click(&t, "entry 3:", button: .right)
        #expect(t.app.menu != nil && t.text.contains("Copy Line 3"), "\(t.text)")
        try Self.click(&t, "Copy Line 3")
        #expect(t.clipboard == "entry 3: the service answered")
        #expect(t.app.menu == nil && t.text.contains("copied line 3"))
        try Self.click(&t, "entry 5:", button: .right)
        try Self.click(&t, "Copy Lines on Screen")
        let copied = try #require(t.clipboard).split(separator: "\n")
        #expect(copied.first == "entry 1: the service answered" && copied.count == 11, "\(copied)")
    }

    @Test("the Menu key opens the menu on the top line, its first item highlighted; the menu takes every key while open, q included; Esc closes it", arguments: [KeyEvent(.menu), KeyEvent(.function(10), .shift)])
    func keysOpenIt(key: KeyEvent) throws {
        let file = TemporaryFile(name: "notes.txt", (1...50).map { "note \($0)" }.joined(separator: "\n") + "\n")
        var t = try Self.pager(file)
        t.send(.key(key))
        #expect(t.app.menu?.highlighted == 0)
        t.send(.key(KeyEvent(.character("q"))))
        #expect(!t.wantsQuit && t.app.menu != nil, "q is the menu's while it is open")
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.menu == nil)
        t.send(.key(key))
        t.send(.key(KeyEvent(.enter)))
        #expect(t.clipboard == "note 1")
        // Wrap, from the menu: the fourth item that can be chosen.
        t.send(.key(key))
        for _ in 0..<3 { t.send(.key(KeyEvent(.down))) }
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.view.content.wraps)
    }
}
