import Scrollwork
import ScrollworkWidgets

/// The lines of a text file in a scroll view: their numbers in a gutter, the text cut at the
/// view's edge and scrolled sideways, or wrapped. The pager reads the lines on screen into
/// `shown` before each frame; the file is never held whole.
struct FileLines: ScrollContent {
    var theme: Theme
    /// The lines on screen and a few more, from `first`, without their line endings.
    var shown: [String] = []
    /// The number of the first line in `shown` (from 0).
    var first = 0
    /// Wrap long lines instead of scrolling sideways.
    var wraps = false
    /// Cells for the line numbers.
    var gutter = 6
    /// The line with the current search match.
    var match: Int? = nil

    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let rect = window.rect
        let textColumns = Swift.max(1, rect.columns - gutter - 3)
        var row = rect.row
        var line = window.firstRow
        while row < rect.maxRow, line - first < shown.count {
            defer { line += 1 }
            guard line >= first else { row += 1; continue }
            let text = shown[line - first]
            let style = line == match ? theme.selection : theme.text
            let pieces = wraps ? text.wrapped(toWidth: textColumns) : [String(text.dropping(columns: window.firstColumn))]
            for (k, piece) in (pieces.isEmpty ? [""] : pieces).enumerated() where row < rect.maxRow {
                let number = k == 0 ? String(line + 1) : ""
                canvas.cells.draw(String(repeating: " ", count: Swift.max(0, gutter - number.count)) + number + " │ ", column: rect.column, row: row,
                            style: theme.secondary, clip: rect)
                canvas.cells.draw(piece, column: rect.column + gutter + 3, row: row, style: style, clip: rect)
                row += 1
            }
        }
    }

    /// The lines on screen, whole (without their numbers, unwrapped).
    func accessibleLines(in window: ScrollWindow) -> [String]? {
        let start = Swift.max(window.firstRow - first, 0), end = Swift.min(window.firstRow - first + window.rect.rows, shown.count)
        return start < end ? Array(shown[start..<end]) : []
    }
}

extension String {
    /// The text without its first `columns` cells (a wide character cut in half goes whole).
    func dropping(columns: Int) -> Substring {
        guard columns > 0 else { return self[...] }
        var width = 0
        var index = startIndex
        while index < endIndex, width < columns {
            width += displayWidth(String(self[index]))
            index = self.index(after: index)
        }
        return self[index...]
    }
}
