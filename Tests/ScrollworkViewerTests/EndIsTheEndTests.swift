import Foundation
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// G and End go to the end of the whole file, however far the index has read; the keys that
/// move the view move the focus; the pager shows the line it went to, however lines wrap (#42).
@Suite struct EndIsTheEndTests {
    static func table(_ file: TemporaryFile, rows: Int = 10) throws -> HeadlessTerminal<TableViewer> {
        HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: rows)
    }

    static func bigCSV(_ rows: Int = 5000) -> TemporaryFile {
        TemporaryFile(name: "big.csv", "id,text\n" + (1...rows).map { "\($0)," + String(repeating: "x", count: 100) }.joined(separator: "\n") + "\n")
    }

    static func focusedRow(_ t: HeadlessTerminal<TableViewer>) -> Int? {
        t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }?.row
    }

    @Test("G and End pressed while the file is still indexed follow the index to the last row, and say so")
    func endWaitsForTheIndex() throws {
        for key in [KeyEvent(.character("G")), KeyEvent(.end)] {
            let file = Self.bigCSV()
            var t = try Self.table(file)
            let indexed = t.app.screen.view.table.list.numberOfRows
            #expect(indexed < 5000)
            t.send(.key(key))
            #expect(Self.focusedRow(t) == indexed - 1)
            #expect(t.app.seekingEnd && t.app.status.contains("going to the last row"))
            while t.runWork("growth") {}
            #expect(Self.focusedRow(t) == 4999, "\(key)")
            #expect(!t.app.seekingEnd && !t.app.status.contains("going to the last row"))
            t.advance(by: 1)
            #expect(t.text.contains("5000"), "the last record is on screen: \(t.text)")
        }
    }

    @Test("Esc stops going to the end; any other key does too")
    func escStopsWaiting() throws {
        let file = Self.bigCSV()
        var t = try Self.table(file)
        t.send(.key(KeyEvent(.character("G"))))
        let before = Self.focusedRow(t)
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.app.seekingEnd && t.app.status.contains("stopped going to the end"))
        while t.runWork("growth") {}
        #expect(Self.focusedRow(t) == before)
        t.send(.key(KeyEvent(.end)))
        t.send(.key(KeyEvent(.up)))
        #expect(!t.app.seekingEnd)
    }

    @Test("g, G, Home, End and the page keys move the focus with the view: Enter then shows the record on screen")
    func keysMoveTheFocus() throws {
        let file = Self.bigCSV(300)
        var t = try Self.table(file)
        while t.runWork("growth") {}
        t.send(.key(KeyEvent(.character("G"))))
        #expect(Self.focusedRow(t) == 299)
        t.send(.key(KeyEvent(.character("g"))))
        #expect(Self.focusedRow(t) == 0)
        #expect(t.app.screen.view.table.list.scroll.offset.y == 0)
        t.send(.key(KeyEvent(.pageDown)))
        let paged = try #require(Self.focusedRow(t))
        #expect(paged > 3)
        t.send(.key(KeyEvent(.pageUp)))
        #expect(Self.focusedRow(t) == 0)
        t.send(.key(KeyEvent(.end)))
        #expect(Self.focusedRow(t) == 299)
        t.send(.key(KeyEvent(.home)))
        #expect(Self.focusedRow(t) == 0)
        t.send(.key(KeyEvent(.enter)))
        // The first row's record (rows are named from 0; the header is no row).
        #expect(t.app.record?.record == 0)
    }

    static func pager(_ file: TemporaryFile, rows: Int = 12) throws -> HeadlessTerminal<TextPager> {
        guard case let .pager(pager) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            throw OpenFile.Failure(description: "not text")
        }
        return HeadlessTerminal(pager, columns: 80, rows: rows)
    }

    @Test("with wrap on, a search shows the line it found although a line before it fills many screens")
    func wrappedSearchShowsTheMatch() throws {
        var lines = (1...40).map { "line \($0) of the log" }
        lines[13] = String(repeating: "long ", count: 1541)
        lines[27] = "line 28 mentions libpq"
        let file = TemporaryFile(name: "app.log", lines.joined(separator: "\n") + "\n")
        // 45 rows: a third of the way down from line 28 is line 14, which wraps to 100 rows.
        var t = try Self.pager(file, rows: 45)
        while t.runWork("index") {}
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("w"))))
        t.advance(by: 0.1)
        t.type("/libpq\r")
        while t.runWork("search") {}
        t.advance(by: 1)
        #expect(t.app.status.contains("match on line 28"))
        #expect(t.text.contains("line 28 mentions libpq"), "\(t.text)")
    }

    @Test("with wrap on, G shows the last line although the line before it is far longer than a screen")
    func wrappedEndShowsTheLastLine() throws {
        let file = TemporaryFile(name: "wide.txt", String(repeating: "a", count: 200_000) + "\nthe second line\n")
        var t = try Self.pager(file)
        while t.runWork("index") {}
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("w"))))
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("G"))))
        t.advance(by: 1)
        #expect(t.text.contains("the second line"), "\(t.text)")
        t.send(.key(KeyEvent(.character("g"))))
        t.advance(by: 1)
        #expect(!t.text.contains("the second line"))
    }

    @Test("G in the pager while the file is still indexed follows the index to the last line")
    func pagerEndWaitsForTheIndex() throws {
        let file = TemporaryFile(name: "big.log", (1...5000).map { "log line \($0) " + String(repeating: "-", count: 60) }.joined(separator: "\n") + "\n")
        var t = try Self.pager(file)
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("G"))))
        #expect(t.app.seekingEnd && t.app.status.contains("going to the last line"))
        while t.runWork("index") {}
        t.advance(by: 1)
        #expect(!t.app.seekingEnd)
        #expect(t.text.contains("log line 5000 "), "\(t.text)")
    }

    @Test("F draws a line completed after a partial write, and the lines after it")
    func followAfterAPartialLine() throws {
        let file = TemporaryFile(name: "grow.log", (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n")
        var t = try Self.pager(file)
        while t.runWork("index") {}
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("F"))))
        func append(_ text: String) {
            let fd = open(file.path, O_WRONLY | O_APPEND)
            _ = text.withCString { write(fd, $0, strlen($0)) }
            close(fd)
            t.advance(by: 1.1)
            while t.runWork("index") {}
            t.advance(by: 1)
        }
        append("partial")
        #expect(t.text.contains("partial"))
        append(" now whole\n")
        #expect(t.text.contains("partial now whole"), "\(t.text)")
        append("the next line\n")
        #expect(t.text.contains("the next line"), "\(t.text)")
        append("and one more\n")
        #expect(t.text.contains("and one more"), "\(t.text)")
    }

    @Test("g and G in a folder move the focus to the first and last entries")
    func directoryEndsMoveTheFocus() throws {
        let directory = NSTemporaryDirectory() + "ends-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for k in 0..<40 { _ = FileManager.default.createFile(atPath: directory + "/file\(String(format: "%02d", k)).txt", contents: Data("x".utf8)) }
        guard case let .directory(viewer) = try OpenFile.opened(path: directory, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("not a directory")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 80, rows: 12)
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("G"))))
        let outline = { t.app.listing?.view.outline }
        #expect(outline()?.cursor.flatMap { outline()?.flatIndex(of: $0) } == 39)
        t.send(.key(KeyEvent(.character("g"))))
        #expect(outline()?.cursor.flatMap { outline()?.flatIndex(of: $0) } == 0)
    }
}

/// Overlay indicators never hide the focused row (#42).
@Suite struct IndicatorsClearTheFocusTests {
    @Test("in a table wider than the view, G and #N put the focused row above the horizontal indicator, not under it")
    func focusAboveTheIndicator() throws {
        let header = (1...30).map { "column\($0)" }.joined(separator: ",")
        let rows = (1...200).map { r in (1...30).map { c in c == 1 ? "id\(r)" : "v\(r)x\(c)" }.joined(separator: ",") }
        let file = TemporaryFile(name: "wide.csv", header + "\n" + rows.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 12)
        while t.runWork("growth") {}
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.character("G"))))
        t.advance(by: 0.05)
        #expect(t.text.contains("id200 "), "\(t.text)")
        t.type("#")
        t.type("150\r")
        t.advance(by: 0.05)
        #expect(t.text.contains("id150 "), "\(t.text)")
    }
}
