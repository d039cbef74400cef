import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
import ScrollworkWidgets
@testable import ScrollworkViewer

/// Terminal screen readers read where the cursor is: each of the viewer's screens puts it on the
/// first character of what has focus.
@Suite struct ViewerCursorTests {
    /// The screen's text from the cursor's cell to the end of its row.
    func atCursor<A: App>(_ t: HeadlessTerminal<A>) -> String {
        guard let cell = t.cursorPosition else { return "(no cursor)" }
        let lines = t.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard cell.row < lines.count else { return "(off the screen)" }
        return String(lines[cell.row].dropFirst(cell.column))
    }

    @Test("the pager's cursor is on the first character of its top line, after the line numbers, and follows the page")
    func pager() throws {
        let file = TemporaryFile(name: "notes.txt", (1...100).map { "line \($0)" }.joined(separator: "\n") + "\n")
        var t = try EndIsTheEndTests.pager(file)
        while t.runWork("index") {}
        t.advance(by: 0.1)
        #expect(atCursor(t).trimmingCharacters(in: .whitespaces) == "line 1", "\(atCursor(t))")
        t.send(.key(KeyEvent(.pageDown)))
        t.advance(by: 1)
        let top = atCursor(t).trimmingCharacters(in: .whitespaces)
        #expect(top.hasPrefix("line ") && top != "line 1", "the page's new top line: \(top)")
    }

    @Test("a file's table and a folder's listing put the cursor on the focused row's first character")
    func tableAndListing() throws {
        let csv = TemporaryFile(name: "cities.csv", "City,Country\nTokyo,Japan\nDelhi,India\nShanghai,China\n")
        guard case let .table(viewer) = try OpenFile.opened(path: csv.path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("not a table")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 60, rows: 10)
        while t.runWork("growth") {}
        // Row 1 is focused from the start; Down goes to row 2.
        t.send(.key(KeyEvent(.down)))
        t.advance(by: 0.5)
        #expect(atCursor(t).trimmingCharacters(in: .whitespaces).hasPrefix("2"), "the row number first: \(atCursor(t))")
        #expect(atCursor(t).contains("Delhi"))
    }
}
