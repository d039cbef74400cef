import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A kept area (``DrawnArea``) is copied only while both its key and its cells are the same,
/// and what it copies is what drawing it again would draw.
@Suite struct DrawnAreaTests {
    /// Draws `text` through `kept` at `column` on a fresh 20 × 2 grid; returns the grid and
    /// whether the drawing ran (false when the kept cells were copied).
    static func frame(_ kept: inout DrawnArea<String>, key: String, text: String, column: Int = 0) -> (cells: Buffer, drew: Bool) {
        var canvas = Canvas(cells: Buffer(columns: 20, rows: 2))
        let rect = canvas.metrics.points(CellRect(column: column, row: 0, columns: 10, rows: 1))
        var drew = false
        canvas.reusing(&kept, key: key, in: rect, idiom: .iOS) { c in
            drew = true
            c.fill(rect, Style(background: .ansi(4)))
            c.text(text, at: rect.origin, width: rect.width, style: Style(foreground: .ansi(3), background: .ansi(4)))
        }
        return (canvas.cells, drew)
    }

    @Test("the same key over the same cells copies what was drawn; another key or other cells draw again")
    func copiesOnlyTheSameKeyOverTheSameCells() {
        var kept = DrawnArea<String>()
        let first = Self.frame(&kept, key: "a", text: "first")
        #expect(first.drew)
        let copied = Self.frame(&kept, key: "a", text: "ignored")
        #expect(!copied.drew)
        #expect(copied.cells == first.cells, "a copy shows what was drawn:\n\(copied.cells.text)")
        let newKey = Self.frame(&kept, key: "b", text: "second")
        #expect(newKey.drew)
        #expect(newKey.cells.text.contains("second"))
        // The same key over other cells draws there; copying the old cells would put them in
        // the wrong place.
        let moved = Self.frame(&kept, key: "b", text: "moved", column: 5)
        #expect(moved.drew)
        #expect(moved.cells.text.hasPrefix("     moved"), "\(moved.cells.text)")
        let again = Self.frame(&kept, key: "b", text: "ignored", column: 5)
        #expect(!again.drew)
        #expect(again.cells == moved.cells)
    }
}
