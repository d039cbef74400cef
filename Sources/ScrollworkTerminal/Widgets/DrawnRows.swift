import Scrollwork

/// The rows a list-like view drew in its last frame, kept so that the next frame copies the rows
/// that only moved instead of reading, formatting and drawing them again (a one-row scroll draws
/// one row).
///
/// The rows are kept only while their ``Key`` stays the same: the area, the columns' cells, the
/// theme and the revisions of the rows and columns. A row is reused only when it is the same row
/// (its ``RowID``) drawn in the same style.
struct DrawnRows {
    /// Everything besides a row itself that decides how it is drawn.
    struct Key: Equatable {
        var area: CellRect
        var layout: [Int]
        var theme: Theme
        var rows: ContentRevision
        var columns: ContentRevision
    }

    private var key: Key? = nil
    /// The kept rows' cells, one line a row, as wide as the area.
    private var cells = Buffer(columns: 0, rows: 0)
    /// Which line of `cells` holds each kept row, and the style it was drawn in.
    private var lines: [RowID: (line: Int, style: Style)] = [:]
    /// Rows drawn this frame: the row, the buffer row it was drawn on and its style.
    private var drawn: [(id: RowID, row: Int, style: Style)] = []
    /// How far the reused rows moved since the last frame (old row minus new row), when they did.
    private var moved: Int? = nil

    /// Starts a frame drawn with `key`; the rows of the last frame stay usable only if it is the
    /// same as theirs.
    mutating func begin(_ key: Key) {
        if self.key != key {
            lines.removeAll(keepingCapacity: true)
            self.key = key
        }
        drawn.removeAll(keepingCapacity: true)
        moved = nil
    }

    /// Copies row `id`, drawn last frame in `style`, onto buffer row `row` and returns true; false
    /// when it was not kept (the caller draws it and calls ``drew(_:row:style:)`` either way).
    mutating func reuse(_ id: RowID, style: Style, onto row: Int, of buffer: inout Buffer) -> Bool {
        guard let kept = lines[id], kept.style == style, let area = key?.area else { return false }
        buffer.copyCells(of: kept.line, from: cells, to: row, column: area.column)
        if moved == nil { moved = (area.row + kept.line) - row }
        return true
    }

    /// Records that row `id` is on buffer row `row`, in `style`.
    mutating func drew(_ id: RowID, row: Int, style: Style) {
        drawn.append((id, row, style))
    }

    /// Keeps the rows drawn this frame, read back from `buffer` before anything is drawn over
    /// them, and tells the renderer how far the reused ones moved.
    mutating func end(from buffer: inout Buffer) {
        guard let area = key?.area else { return }
        if cells.columns != area.columns || cells.rows != area.rows { cells = Buffer(columns: area.columns, rows: area.rows) }
        lines.removeAll(keepingCapacity: true)
        for row in drawn where row.row >= area.row && row.row < area.maxRow {
            let line = row.row - area.row
            cells.copyCells(of: row.row, from: buffer, to: line, column: 0, sourceColumn: area.column, width: area.columns)
            lines[row.id] = (line, row.style)
        }
        if let moved, moved != 0 { buffer.noteMovedRows(top: area.row, bottom: area.maxRow - 1, distance: moved) }
    }
}
