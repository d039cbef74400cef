import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// #64: wrapped text moves by screen rows, keys and wheel alike, so that every character of
/// every line can be reached, and G shows the true end.
@Suite struct WrappedPagerTests {
    /// The pager over `text` in a file called `name`, `w` pressed, 80 × 12.
    static func wrapped(_ file: TemporaryFile) throws -> HeadlessTerminal<TextPager> {
        guard case let .pager(pager) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            throw OpenFile.Failure(description: "not a pager")
        }
        var t = HeadlessTerminal(pager, columns: 80, rows: 12)
        while t.runWork("index") {}
        t.type("w")
        return t
    }

    /// The text rows on screen, after the gutter, without the status line.
    static func textRows(_ t: HeadlessTerminal<TextPager>) -> [String] {
        t.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { row in
            guard let bar = row.firstIndex(of: "│") else { return "" }
            // The scroll indicator's blocks at the right edge are not text.
            let text = row[row.index(after: bar)...].dropFirst().filter { !("\u{2580}"..."\u{259F}").contains($0) }
            return String(text).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("Down steps a line taller than the screen a row at a time through every character; the wheel too; G shows its end")
    func tallLineReachedRowByRow() throws {
        let long = (0..<7706).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined()
        let file = TemporaryFile(name: "tall.log", (["first", "second", long, "after"]).joined(separator: "\n") + "\n")
        var t = try Self.wrapped(file)
        var seen: [String] = []
        for _ in 0..<200 {
            seen.append(Self.textRows(t)[0])
            t.send(.key(KeyEvent(.down)))
        }
        // The top row went through every row of every line once, then stayed at the end.
        let rowsOfLong = Int((Double(7706) / Double(t.app.wrapColumns)).rounded(.up))
        #expect(seen.prefix(2) == ["first", "second"])
        #expect(seen[2..<(2 + rowsOfLong)].joined() == long, "every character of the long line passed the top row")
        #expect(seen[2 + rowsOfLong] == "after")
        t.type("g")
        t.advance(by: 1)
        t.send(.mouse(MouseEvent(.wheel(.down), column: 10, row: 5)))
        // Three rows down: past "first" and "second", and the long line's first row.
        #expect(Self.textRows(t)[0] == String(long.dropFirst(t.app.wrapColumns).prefix(t.app.wrapColumns)), "\(Self.textRows(t)[0])")
        t.type("G")
        let rows = Self.textRows(t)
        #expect(rows.last == "after" && rows[rows.count - 2].hasSuffix(String(long.suffix(3))), "\(rows)")
        #expect(rows.filter { !$0.isEmpty }.count == rows.count, "the end fills the screen: \(rows)")
    }

    @Test("a line of 3 MB, past what is read of a line at once, is reached to its last byte")
    func hugeLineReachedToItsEnd() throws {
        let file = TemporaryFile(name: "huge.log", "start\n" + String(repeating: "x", count: 3_000_000) + "THEEND\nlast line\n")
        var t = try Self.wrapped(file)
        t.type("G")
        let rows = Self.textRows(t)
        #expect(rows.last == "last line" && rows[rows.count - 2].hasSuffix("THEEND"), "\(rows)")
        t.send(.key(KeyEvent(.pageUp)))
        #expect(Self.textRows(t).allSatisfy { $0.allSatisfy { $0 == "x" } && !$0.isEmpty })
    }
}

/// #64: `F` goes on with the new file when a log is rotated by renaming it, as `tail -F` does.
@Suite struct FollowRotationTests {
    @Test("F after a rename rotation (mv app.log app.log.1, a new app.log) shows the new file's lines and says so; without F, it says what happened")
    func followSurvivesRotation() throws {
        let file = TemporaryFile(name: "app.log", "old 1\nold 2\n")
        let rotated = file.path + ".1"
        defer { unlink(rotated) }
        guard case let .pager(pager) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("not a pager")
            return
        }
        var t = HeadlessTerminal(pager, columns: 80, rows: 10)
        while t.runWork("index") {}
        t.type("F")
        // The old file's last words, then the rotation.
        let old = FileHandle(forWritingAtPath: file.path)!
        old.seekToEndOfFile()
        old.write(Data("old 3\n".utf8))
        try old.close()
        rename(file.path, rotated)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("new 1\nnew 2\n".utf8))
        for _ in 0..<4 {
            t.advance(by: 1.1)
            while t.runWork("index") {}
        }
        #expect(t.text.contains("new 2") && t.app.status.contains("following the new file"), "\(t.text)")
        #expect(t.app.index.count == 2)
        // Without F: the file as it was, and a message.
        var still = HeadlessTerminal(try #require({ () -> TextPager? in
            if case let .pager(p) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) { return p }
            return nil
        }()), columns: 80, rows: 10)
        while still.runWork("index") {}
        rename(file.path, file.path + ".2")
        defer { unlink(file.path + ".2") }
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("other\n".utf8))
        still.advance(by: 1.1)
        #expect(still.text.contains("new 1") && still.app.status.contains("F follows the new one"), "\(still.app.status)")
    }
}
