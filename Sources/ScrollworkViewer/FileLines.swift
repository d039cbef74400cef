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
    /// Wrapped: the rows of the first shown line's text that lie above the view.
    var skipRows = 0
    /// Wrapped: the row of the first line at the top of the view (its number shows on its first).
    var topRow = 0

    /// Draws the lines in monospaced text, each where it lies in the content (a window shows
    /// them at the offset exactly, a terminal on the row that holds their top): the number
    /// right-aligned in the gutter and a rule after it, which stay put sideways, then the text,
    /// which scrolls under them. The line with the match is on the selection colour.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let box = window.box, cell = window.metrics.cellWidth, lineHeight = window.metrics.cellHeight
        let textLeft = box.minX + Double(gutter + 3) * cell
        let textArea = Rect(x: textLeft, y: box.minY, width: Swift.max(0, box.maxX - textLeft), height: box.height)
        // Sideways, whole characters are cut from the front and the rest of the offset moves the text.
        let shift = wraps || !window.offset.x.isFinite ? 0 : window.offset.x - Double(window.firstColumn) * cell
        let measurer = canvas.textMeasurer
        let rule = box.minX + (Double(gutter) + 1.5) * cell
        // One row more than fit: between rows, the last is partly in view.
        for (offset, shown) in rows(in: window, count: window.rect.rows + 1).enumerated() {
            guard let shown else { continue }
            // Wrapped, the offset's fraction says which row of the top line is first, not how far
            // to shift the text: rows sit on the view's own rows.
            let y = wraps ? box.minY + Double(offset) * lineHeight : box.minY + Double(window.firstRow + offset) * lineHeight - window.offset.y
            guard y.isFinite else { continue }
            if shown.isFirst {
                canvas.text(String(shown.line + 1), at: Point(x: box.minX, y: y), width: Double(gutter) * cell, font: .monospaced,
                            style: theme.secondary, alignment: .trailing)
            }
            canvas.line(from: Point(x: rule, y: y), to: Point(x: rule, y: y + lineHeight - 0.001), theme.secondary)
            let origin = Point(x: textLeft - shift, y: y)
            canvas.clipped(to: textArea) { c in
                if shown.line == match {
                    c.fill(Rect(x: origin.x, y: y, width: measurer.width(of: shown.piece, font: .monospaced), height: lineHeight), theme.selection)
                }
                c.text(shown.piece, at: origin, font: .monospaced, style: shown.line == match ? theme.selection : theme.text)
            }
        }
    }

    /// What each row of `window` shows, top to bottom: a line's number, the piece of it on the
    /// row (a wrapped line takes several) and whether it is the line's first; nil for a row of a
    /// line not read yet. `count` rows from the window's first (its height unless given).
    func rows(in window: ScrollWindow, count: Int? = nil) -> [(line: Int, piece: String, isFirst: Bool)?] {
        let rect = window.rect
        let count = count ?? rect.rows
        let textColumns = Swift.max(1, rect.columns - gutter - 3)
        var rows: [(line: Int, piece: String, isFirst: Bool)?] = []
        // Wrapped, the top line is `first` (the offset's fraction is its row); cut, the window's.
        var line = wraps ? first : window.firstRow
        while rows.count < count, line - first < shown.count {
            defer { line += 1 }
            guard line >= first else { rows.append(nil); continue }
            let text = shown[line - first]
            let pieces = wraps ? text.wrapped(toWidth: textColumns) : [String(text.dropping(columns: window.firstColumn))]
            let skipped = wraps && line == first ? skipRows : 0
            for (k, piece) in (pieces.isEmpty ? [""] : pieces).enumerated().dropFirst(skipped) where rows.count < count {
                rows.append((line, piece, k == 0 && (line != first || topRow == 0)))
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
