/// Draws bars with eighth-of-a-cell precision at their ends, for indicator thumbs.
enum BarDrawing {
    static let lowerBlocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let leftBlocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// A vertical bar in `column` from `start` to `end` (rows, fractional, absolute).
    static func vertical(_ buffer: inout Buffer, column: Int, from start: Double, to end: Double, style: Style, clip: CellRect) {
        // Only the rows inside both the clip and the buffer are visited, however long the bar.
        let clip = clip.intersection(buffer.area)
        guard end > start, !clip.isEmpty else { return }
        let first = Swift.max(Int(saturating: start.rounded(.down)), clip.row), last = Swift.min(Int(saturating: end.rounded(.up)), clip.maxRow)
        guard first < last else { return }
        for row in first..<last where clip.contains(column: column, row: row) {
            let top = Swift.max(start, Double(row)), bottom = Swift.min(end, Double(row + 1))
            let eighths = Int(saturating: ((bottom - top) * 8).rounded())
            guard eighths > 0 else { continue }
            if eighths >= 8 {
                buffer[column, row] = Cell("█", style: style)
            } else if bottom >= Double(row + 1) - 1e-9 {
                // The bar fills the lower part of the cell.
                buffer[column, row] = Cell(String(lowerBlocks[eighths - 1]), style: style)
            } else if top <= Double(row) + 1e-9 {
                // The upper part: the complementary lower block in reverse video.
                var inverted = style
                inverted.reverse.toggle()
                buffer[column, row] = Cell(String(lowerBlocks[7 - eighths]), style: inverted)
            } else {
                buffer[column, row] = Cell(String(lowerBlocks[eighths - 1]), style: style)
            }
        }
    }

    /// A horizontal bar in `row` from `start` to `end` (columns, fractional, absolute).
    static func horizontal(_ buffer: inout Buffer, row: Int, from start: Double, to end: Double, style: Style, clip: CellRect) {
        let clip = clip.intersection(buffer.area)
        guard end > start, !clip.isEmpty else { return }
        let first = Swift.max(Int(saturating: start.rounded(.down)), clip.column), last = Swift.min(Int(saturating: end.rounded(.up)), clip.maxColumn)
        guard first < last else { return }
        for column in first..<last where clip.contains(column: column, row: row) {
            let left = Swift.max(start, Double(column)), right = Swift.min(end, Double(column + 1))
            let eighths = Int(saturating: ((right - left) * 8).rounded())
            guard eighths > 0 else { continue }
            if eighths >= 8 {
                buffer[column, row] = Cell("█", style: style)
            } else if left <= Double(column) + 1e-9 {
                buffer[column, row] = Cell(String(leftBlocks[eighths - 1]), style: style)
            } else if right >= Double(column + 1) - 1e-9 {
                var inverted = style
                inverted.reverse.toggle()
                buffer[column, row] = Cell(String(leftBlocks[7 - eighths]), style: inverted)
            } else {
                buffer[column, row] = Cell(String(leftBlocks[eighths - 1]), style: style)
            }
        }
    }
}
