import Scrollwork

/// Rows kept from frame to frame on a grid: a view that draws rows (a table) copies the rows that
/// only moved since the last frame instead of reading, formatting and drawing them again, and
/// tells the renderer how far they moved. Drawing in points keeps nothing: every call here is
/// then a no-op and every row is drawn.
extension Canvas {
    /// Starts a frame of rows drawn with `key`; the rows `cache` kept stay usable only if they
    /// were drawn with the same key.
    mutating func beginRows(_ cache: inout DrawnRows, key: DrawnRows.Key) {
        guard !drawsInPoints else { return }
        cache.begin(key)
    }

    /// Copies row `id`, drawn last frame with look `look` (see ``DrawnRows``), to `rect` and
    /// returns true; false when it was not kept (the caller then draws it and calls
    /// ``drewRow(_:id:look:at:)``).
    mutating func reuseRow(_ cache: inout DrawnRows, id: RowID, look: UInt8, at rect: Rect) -> Bool {
        guard !drawsInPoints else { return false }
        return cache.reuse(id, look: look, onto: gridRow(of: rect), of: &cells)
    }

    /// Notes that row `id` was drawn at `rect` with look `look`, and tells the renderer the row
    /// is new on screen: it was not among the rows kept from the last frame.
    mutating func drewRow(_ cache: inout DrawnRows, id: RowID, look: UInt8, at rect: Rect) {
        guard !drawsInPoints else { return }
        let row = gridRow(of: rect)
        if cache.drew(id, row: row, look: look) { cells.noteFreshRow(row) }
    }

    /// The grid row a row's rectangle is drawn on: the one that holds its top.
    private func gridRow(of rect: Rect) -> Int { metrics.cell(at: Point(x: rect.minX, y: rect.minY + 1e-6)).row }

    /// Keeps the rows drawn this frame for the next one.
    mutating func endRows(_ cache: inout DrawnRows) {
        guard !drawsInPoints else { return }
        cache.end(from: &cells)
    }
}
