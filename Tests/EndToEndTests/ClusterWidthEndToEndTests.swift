import Foundation
import Testing

/// The C library's `wcwidth(3)`, which the Glibc module does not export.
@_silgen_name("wcwidth") func cWidth(_ character: Int32) -> Int32

/// Terminals measure some grapheme clusters differently from `displayWidth` (tmux draws 👍🏽 in
/// four cells); a disagreement must never move what follows the cluster on its row.
@Suite(.enabled(if: Tmux.isAvailable)) struct ClusterWidthEndToEndTests {
    /// The column of every "│" in a line captured from tmux, as tmux 3.3 lays it out: each code
    /// point takes its C library `wcwidth`, except a ZWJ sequence, which tmux keeps in one
    /// two-cell cell. (That is how tmux draws 👍🏽 in four cells where `displayWidth` says two.)
    static func dividerColumns(_ line: Substring) -> [Int] {
        setlocale(LC_CTYPE, "C.UTF-8")
        var columns: [Int] = [], column = 0
        for character in line {
            if character == "│" { columns.append(column) }
            if character.unicodeScalars.contains(where: { $0.value == 0x200D }) { column += 2; continue }
            for scalar in character.unicodeScalars { column += max(0, Int(cWidth(Int32(bitPattern: scalar.value)))) }
        }
        return columns
    }

    /// The rows of the scroll view page's cluster table on `screen`, with the columns of their
    /// first two dividers.
    static func tableRows(_ screen: String) -> [(row: String, dividers: [Int])] {
        let names = ["Name", "thumbs up, skin tone", "flag of Japan", "family, ZWJ sequence", "e + combining acute", "heart + VS16", "box drawing"]
        return screen.split(separator: "\n").compactMap { line in
            guard names.contains(where: { line.contains("│ " + $0) }) else { return nil }
            return (String(line), Array(dividerColumns(line).prefix(2)))
        }
    }

    @Test("dividers after 👍🏽, 🇯🇵, 👨‍👩‍👧, a decomposed é and VS16 stay in their columns while scrolling down and up")
    func dividersStayInTheirColumns() throws {
        let t = try Tmux(Tmux.scrollwork, columns: 100, rows: 40)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        t.keys("/")
        t.keys("thumbs up", "Enter")
        // The match comes into view at the bottom; bring the whole table up.
        #expect(t.wait { Self.tableRows($0).count >= 1 })
        for _ in 0..<8 { t.keys("Down") }
        #expect(t.wait { Self.tableRows($0).count == 7 })
        for key in Array(repeating: "Down", count: 6) + Array(repeating: "Up", count: 9) + ["PageUp", "PageDown"] {
            t.keys(key)
            Thread.sleep(forTimeInterval: 0.08)
            // Let any motion settle, then read the rows of the table that are on screen.
            var rows: [(row: String, dividers: [Int])] = []
            t.wait(timeout: 2) { screen in
                rows = Self.tableRows(screen)
                return rows.count > 0 && Set(rows.map(\.dividers)).count == 1
            }
            for row in rows { #expect(row.dividers == [9, 36], "after \(key): \(row.row)") }
        }
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }
}
