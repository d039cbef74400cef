extension Buffer {
    /// Puts `scalars`, one cell wide each, in a row from `column` on `row` (nothing outside the
    /// buffer): a row of single code points (box drawing, shading) set at once, where setting
    /// them one at a time checks and repairs the row's edges for every cell.
    package mutating func put(_ scalars: ArraySlice<Unicode.Scalar>, column: Int, row: Int, style: PackedStyle) {
        guard row >= 0, row < rows else { return }
        let first = Swift.max(0, column), last = Swift.min(columns, column.addingSaturating(scalars.count))
        guard first < last else { return }
        let columns = self.columns, look = look(style) | 1
        // Safe: `row` and `first..<last` are checked above to lie in the buffer, and cell `x` takes
        // scalar `x - column`, inside `scalars` since `last <= column + scalars.count`.
        unsafe withStorage { cells in
            guard let line = unsafe cells.baseAddress?.advanced(by: row * columns) else { return }
            for x in first..<last { unsafe line[x] = PackedCell(glyph: scalars[scalars.startIndex + (x - column)].value, look: look) }
        }
        repairEdges(row: row, from: first, to: last)
    }
}
