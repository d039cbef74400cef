import Foundation
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// What `scrollwork open` and the gallery's table say is true now: missing values sort last,
/// the status line holds only current messages, and a file that shrinks is read again.
@Suite struct OpenViewerTruthTests {
    static func open(_ file: TemporaryFile, rows: Int = 20) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 100, rows: rows)
        while t.runWork("growth") {}
        return t
    }

    /// Clicks the heading whose title starts the text `title` and runs the sort.
    static func sort(_ t: inout HeadlessTerminal<TableViewer>, by title: String, run: Bool = true) throws {
        let header = String(t.text.split(separator: "\n")[0])
        let column = try #require(header.range(of: title)).lowerBound.utf16Offset(in: header)
        t.send(.mouse(MouseEvent(.press, column: column, row: 0)))
        t.send(.mouse(MouseEvent(.release, column: column, row: 0)))
        if run { #expect(t.runWork("sort") == true) }
    }

    static func column(_ t: HeadlessTerminal<TableViewer>, _ c: Int) throws -> [String] {
        try (0..<t.app.screen.view.table.list.numberOfRows).map { try t.app.screen.view.table.list.row(at: IndexPath(row: $0))[c] ?? "" }
    }

    @Test("NA, null and empty cells sort after every number in both directions, and the column still sorts as numbers")
    func missingValuesSortLast() throws {
        let delays = ["12", "NA", "-3", "", "7", "null", "100", "NA", "0", "2.5"]
        let file = TemporaryFile(name: "flights.csv", "flight,dep_delay\n" + delays.enumerated().map { "f\($0.offset),\($0.element)" }.joined(separator: "\n") + "\n")
        var t = try Self.open(file)
        #expect(t.app.screen.view.table.columns[2].alignment == .trailing, "a numeric column despite its gaps")
        try Self.sort(&t, by: "dep_delay")
        #expect(try Self.column(t, 1) == ["-3", "0", "2.5", "7", "12", "100", "NA", "", "null", "NA"])
        try Self.sort(&t, by: "dep_delay")
        #expect(try Self.column(t, 1) == ["100", "12", "7", "2.5", "0", "-3", "NA", "", "null", "NA"])
        #expect(t.text.contains(" NA"), "a missing value shows as written")
    }

    @Test("the status line of scrollwork open says how long the sort took, and only the current sort's story")
    func openSortStatus() throws {
        let file = TemporaryFile(name: "n.csv", "name,count\n" + (0..<300).map { "row-\($0),\(($0 * 7) % 300)" }.joined(separator: "\n") + "\n")
        var t = try Self.open(file)
        try Self.sort(&t, by: "count")
        #expect(t.app.status.contains("sorted by count ▲") && t.app.status.contains("sorted in"))
        // A new sort under way: no earlier time, only its progress.
        try Self.sort(&t, by: "count", run: false)
        #expect(!t.app.status.contains("sorted in") && t.app.status.contains("sorting by count"))
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.status.contains("sort by count cancelled") && !t.app.status.contains("sorted in") && !t.app.status.contains("sorting by"))
        try Self.sort(&t, by: "count")
        #expect(t.app.status.contains("sorted in") && !t.app.status.contains("cancelled"))
    }

    @Test("a new search does not show the last search's match while it runs; a key clears the answer to the last key")
    func searchStatusIsCurrent() throws {
        let file = TemporaryFile(name: "s.csv", "name,n\n" + (0..<300).map { "row-\($0),\($0)" }.joined(separator: "\n") + "\n")
        var t = try Self.open(file)
        t.type("/row-200")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.runWork("search") == true)
        #expect(t.app.status.contains("match in row 201"))
        t.type("/row-250")
        t.send(.key(KeyEvent(.enter)))
        #expect(!t.app.status.contains("match in row 201") && t.app.status.contains("searching"))
        #expect(t.runWork("search") == true)
        #expect(t.app.status.contains("match in row 251"))
        t.type(":zzz")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.status.contains("no column named"))
        t.send(.key(KeyEvent(.down)))
        // The answer to the last key goes with the next key, as on every table.
        #expect(!t.app.status.contains("no column named"))
    }

    /// Writes `text` over the file at `path` from its start, cutting it there (copytruncate).
    static func rewrite(_ path: String, _ text: String) {
        let fd = Glibc.open(path, O_WRONLY | O_TRUNC)
        Array(text.utf8).withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test("F on a log cut short by copytruncate reads it again from the start and shows the lines written after")
    func followAfterTruncationInPager() throws {
        let file = TemporaryFile(name: "app.log", (1...200).map { "old line \($0)" }.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()).pager(), columns: 80, rows: 10)
        while t.runWork("index") {}
        t.type("F")
        t.advance(by: 1.5)
        Self.rewrite(file.path, "")
        t.advance(by: 1.5)
        #expect(t.app.status.contains("shrank"))
        while t.runWork("index") {}
        let fd = Glibc.open(file.path, O_WRONLY | O_APPEND)
        Array("new line 1\nnew line 2\n".utf8).withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
        t.advance(by: 1.5)
        while t.runWork("index") {}
        t.advance(by: 1)
        #expect(t.text.contains("new line 2") && t.app.index.count == 2)
        #expect(!t.text.contains("old line"), "no line of the old file, and no blank numbered lines: \(t.text)")
    }

    @Test("F on a CSV cut short reads it again; the message fits 80 columns whatever the size")
    func followAfterTruncationInTable() throws {
        let file = TemporaryFile(name: "t.csv", "time,message\n" + (1...100).map { "\($0),old \($0)" }.joined(separator: "\n") + "\n")
        var t = try Self.open(file)
        t.type("F")
        t.advance(by: 1.5)
        Self.rewrite(file.path, "time,message\n1,fresh\n")
        t.advance(by: 1.5)
        while t.runWork("growth") {}
        t.advance(by: 0.5)
        #expect(t.app.screen.view.table.list.numberOfRows == 1 && t.text.contains("fresh") && !t.text.contains("old 100"))
        #expect(displayWidth(FileIndexing.shrankNote(size: .max)) <= 80)
    }
}

extension OpenFile.Opened {
    /// The pager this opened as (tests).
    func pager() throws -> TextPager {
        guard case let .pager(pager) = self else { throw OpenFile.Failure(description: "not a pager") }
        return pager
    }
}
