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
        for (offset, shown) in rows(in: window).enumerated() {
            let row = rect.row + offset
            guard let shown else { continue }
            let number = shown.isFirst ? String(shown.line + 1) : ""
            canvas.cells.draw(String(repeating: " ", count: Swift.max(0, gutter - number.count)) + number + " │ ", column: rect.column, row: row,
                              style: theme.secondary, clip: rect)
            canvas.cells.draw(shown.piece, column: rect.column + gutter + 3, row: row, style: shown.line == match ? theme.selection : theme.text, clip: rect)
        }
    }

    /// What each row of `window` shows, top to bottom: a line's number, the piece of it on the
    /// row (a wrapped line takes several) and whether it is the line's first; nil for a row of a
    /// line not read yet.
    func rows(in window: ScrollWindow) -> [(line: Int, piece: String, isFirst: Bool)?] {
        let rect = window.rect
        let textColumns = Swift.max(1, rect.columns - gutter - 3)
        var rows: [(line: Int, piece: String, isFirst: Bool)?] = []
        var line = window.firstRow
        while rows.count < rect.rows, line - first < shown.count {
            defer { line += 1 }
            guard line >= first else { rows.append(nil); continue }
            let text = shown[line - first]
            let pieces = wraps ? text.wrapped(toWidth: textColumns) : [String(text.dropping(columns: window.firstColumn))]
            for (k, piece) in (pieces.isEmpty ? [""] : pieces).enumerated() where rows.count < rect.rows {
                rows.append((line, piece, k == 0))
            }
        }
        return rows
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
