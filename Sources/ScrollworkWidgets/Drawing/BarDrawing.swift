/// Draws bars with eighth-of-a-cell precision at their ends, for indicator thumbs.
enum BarDrawing {
    static let lowerBlocks: [Unicode.Scalar] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let leftBlocks: [Unicode.Scalar] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// A vertical bar in `column` from `start` to `end` (rows, fractional, absolute).
    static func vertical(_ buffer: inout Buffer, column: Int, from start: Double, to end: Double, style: Style, clip: CellRect) {
        // Only the rows inside both the clip and the buffer are visited, however long the bar.
        let clip = clip.intersection(buffer.area)
        guard end > start, !clip.isEmpty else { return }
        let first = Swift.max(Int(flooringSaturating: start), clip.row), last = Swift.min(Int(saturating: end.rounded(.up)), clip.maxRow)
        guard first < last else { return }
        var inverted = style
        inverted.reverse.toggle()
        let plain = PackedStyle(style), reversed = PackedStyle(inverted)
        guard column >= clip.column && column < clip.maxColumn else { return }
        for row in first..<last {
            // Cells the bar covers whole need no measuring.
            if Double(row) >= start && Double(row + 1) <= end { buffer.set("█", column: column, row: row, style: plain); continue }
            let top = Swift.max(start, Double(row)), bottom = Swift.min(end, Double(row + 1))
            let eighths = Int(saturating: ((bottom - top) * 8).rounded())
            guard eighths > 0 else { continue }
            if eighths >= 8 {
                buffer.set("█", column: column, row: row, style: plain)
            } else if bottom >= Double(row + 1) - 1e-9 {
                // The bar fills the lower part of the cell.
                buffer.set(lowerBlocks[eighths - 1], column: column, row: row, style: plain)
            } else if top <= Double(row) + 1e-9 {
                // The upper part: the complementary lower block in reverse video.
                buffer.set(lowerBlocks[7 - eighths], column: column, row: row, style: reversed)
            } else {
                buffer.set(lowerBlocks[eighths - 1], column: column, row: row, style: plain)
            }
        }
    }

    /// A horizontal bar in `row` from `start` to `end` (columns, fractional, absolute).
    static func horizontal(_ buffer: inout Buffer, row: Int, from start: Double, to end: Double, style: Style, clip: CellRect) {
        let clip = clip.intersection(buffer.area)
        guard end > start, !clip.isEmpty else { return }
        let first = Swift.max(Int(flooringSaturating: start), clip.column), last = Swift.min(Int(saturating: end.rounded(.up)), clip.maxColumn)
        guard first < last else { return }
        var inverted = style
        inverted.reverse.toggle()
        let plain = PackedStyle(style), reversed = PackedStyle(inverted)
        guard row >= clip.row && row < clip.maxRow else { return }
        for column in first..<last {
            // Cells the bar covers whole need no measuring.
            if Double(column) >= start && Double(column + 1) <= end { buffer.set("█", column: column, row: row, style: plain); continue }
            let left = Swift.max(start, Double(column)), right = Swift.min(end, Double(column + 1))
            let eighths = Int(saturating: ((right - left) * 8).rounded())
            guard eighths > 0 else { continue }
            if eighths >= 8 {
                buffer.set("█", column: column, row: row, style: plain)
            } else if left <= Double(column) + 1e-9 {
                buffer.set(leftBlocks[eighths - 1], column: column, row: row, style: plain)
            } else if right >= Double(column + 1) - 1e-9 {
                buffer.set(leftBlocks[7 - eighths], column: column, row: row, style: reversed)
            } else {
                buffer.set(leftBlocks[eighths - 1], column: column, row: row, style: plain)
            }
        }
    }
}
