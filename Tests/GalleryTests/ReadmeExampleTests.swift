import Foundation
import Scrollwork
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

@Suite struct ReadmeExampleTests {
    @Test("LT-01: the README example shows a million rows and scrolls to the end")
    func LT_01_readmeExampleRuns() {
        var t = HeadlessTerminal(Numbers(), columns: 40, rows: 10)
        #expect(t.text.hasPrefix(" Row 0"))
        t.send(.key(KeyEvent(.end)))
        t.advance(by: 1)
        #expect(t.text.contains("Row 999999"))
        // Page Down from the top moves a page on.
        t.send(.key(KeyEvent(.home)))
        t.advance(by: 1)
        t.send(.key(KeyEvent(.pageDown)))
        t.advance(by: 1)
        #expect(t.app.content.list.scroll.offset.y > 0)
        // Flick: a press, a fast drag upward and a release keep the rows moving after the release.
        t.send(.key(KeyEvent(.home)))
        t.advance(by: 1)
        t.send(.mouse(MouseEvent(.press, button: .left, column: 5, row: 8)))
        for row in [6, 4, 2] {
            t.advance(by: 0.016)
            t.send(.mouse(MouseEvent(.drag, button: .left, column: 5, row: row)))
        }
        t.send(.mouse(MouseEvent(.release, button: .left, column: 5, row: 2)))
        let released = t.app.content.list.scroll.offset.y
        t.advance(by: 0.5)
        #expect(t.app.content.list.scroll.offset.y > released, "momentum after the release")
        // The wheel scrolls; q quits.
        let top = t.app.content.list.scroll.offset.y
        t.send(.mouse(MouseEvent(.wheel(.down), button: .none, column: 5, row: 5)))
        t.advance(by: 1)
        #expect(t.app.content.list.scroll.offset.y > top)
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

    @Test("LT-01: the README's pixel example draws the rows into a PNG of 1170 × 2532 pixels")
    func readmePixelExampleRuns() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UInt32.random(in: 0...UInt32.max)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try showNumbers(inWindow: false, png: path)
        let image = try PixelImage(png: path)
        #expect(image.width == 1170 && image.height == 2532)
        // Text on the first rows: some pixels lit near the top left.
        #expect((0..<60).contains { y in (0..<300).contains { image.pixel(x: $0, y: y).red > 0.5 } })
    }
}
