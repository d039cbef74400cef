import Foundation
import Scrollwork
#if Window
import ScrollworkPixels
#endif
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

@Suite struct ReadmeExampleTests {
    @Test("LT-01, LT-12: the README's table app shows a million files, sorts on a heading click off the loop, scrolls and quits")
    func LT_01_LT_12_readmeExampleRuns() throws {
        var t = HeadlessTerminal(Files(), columns: 60, rows: 10)
        #expect(t.text.contains("Name") && t.text.contains("Size") && t.text.contains("Kind") && t.text.contains("file-0"))
        t.send(.key(KeyEvent(.end)))
        t.advance(by: 1)
        #expect(t.text.contains("file-999999"))
        // A click on the Size heading sorts, in the background, with nothing written by the app.
        let header = t.text.split(separator: "\n")[0]
        let size = try #require(header.range(of: "Size")).lowerBound.utf16Offset(in: header)
        t.send(.mouse(MouseEvent(.press, button: .left, column: size + 1, row: 0)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: size + 1, row: 0)))
        #expect(t.pendingWork.map(\.id.name) == ["sort"])
        let sorted = t.runWork("sort")
        #expect(sorted && t.app.content.table.sortOrder.first?.columnID == "Size")
        t.send(.key(KeyEvent(.home)))
        t.advance(by: 1)
        let first = try t.app.content.table.list.row(at: IndexPath(row: 0))
        #expect(first * 7_919 % 1_000_003 == 0, "the smallest size first")
        // The wheel scrolls; q quits.
        t.send(.mouse(MouseEvent(.wheel(.down), button: .none, column: 5, row: 5)))
        t.advance(by: 1)
        #expect(t.app.content.table.list.scroll.offset.y > 0)
        t.send(.key(KeyEvent(.character("q"))))
        #expect(t.app.wantsQuit)
    }

    @Test("the README app's user code is at most 15 lines")
    func readmeAppIsShort() throws {
        // Lines between the markers that are code: not blank, not comments, not imports.
        let source = #filePath.replacingOccurrences(of: "ReadmeExampleTests.swift", with: "ReadmeExample.swift")
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let body = text.components(separatedBy: "// BEGIN README EXAMPLE")[1].components(separatedBy: "// END README EXAMPLE")[0]
        let code = body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
        #expect(code.count <= 15, "\(code.count) lines")
    }

    #if Window
    @Test("LT-01: docs/pixels.md's example draws the rows into a PNG of 1170 × 2532 pixels")
    func readmePixelExampleRuns() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UInt32.random(in: 0...UInt32.max)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try showFiles(inWindow: false, png: path)
        let image = try PixelImage(png: path)
        #expect(image.width == 1170 && image.height == 2532)
        // Text on the first rows: some pixels lit near the top left.
        #expect((0..<60).contains { y in (0..<300).contains { image.pixel(x: $0, y: y).red > 0.5 } })
    }
    #endif
}
