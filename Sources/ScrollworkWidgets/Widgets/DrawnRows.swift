import Scrollwork

/// The rows a list-like view drew in its last frame, kept so that the next frame copies the rows
/// that only moved instead of reading, formatting and drawing them again (a one-row scroll draws
/// one row).
///
/// The rows are kept only while their ``Key`` stays the same: the area, the columns' cells, the
/// theme and the revisions of the rows and columns. A row is reused only when it is the same row
/// (its ``RowID``) drawn with the same look: a number the drawing view gives each way it draws
/// a row (zebra, hovered, selected, focused), which with the key decides the row's style.
struct DrawnRows {
    /// Everything besides a row itself that decides how it is drawn.
    struct Key: Equatable {
        var area: CellRect
        var layout: [Int]
        var theme: ThemeIdentity
        var rows: ContentRevision
        var columns: ContentRevision
    }

    private var key: Key? = nil
    /// The key's area, read on its own: reading it through the optional key copied the key, its
    /// arrays retained and released, for every row.
    private var area: CellRect? = nil
    /// The kept rows' cells, one line a row, as wide as the area.
    private var cells = Buffer(columns: 0, rows: 0)
    /// The kept rows in the order they were drawn (top to bottom): which line of `cells` holds
    /// each, the buffer row it was drawn on and the look it was drawn with. Rows are asked for in the same order, so a search
    /// goes on from the last row found instead of hashing.
    private var kept: [(id: RowID, line: Int, row: Int, look: UInt8)] = []
    /// A range that holds every identity in `kept` (it may hold more), when there are any.
    private var keptRange: ClosedRange<Int>? = nil
    /// Where the search through `kept` goes on from.
    private var searchFrom = 0
    /// Rows drawn this frame: the row, the buffer row it was drawn on, its look, and the line
    /// of `cells` that already holds it when it was copied from there.
    private var drawn: [(id: RowID, row: Int, look: UInt8, line: Int?)] = []
    /// How far the reused rows moved since the last frame (old row minus new row), when they did.
    private var moved: Int? = nil
    /// Which lines of `cells` the rows kept this frame use, worked out in ``end(from:)``.
    private var inUse: [Bool] = []
    /// Reused rows not copied yet: `count` lines of `cells` from `line`, onto buffer rows from `row`.
    private var pending: (line: Int, row: Int, count: Int)? = nil

    /// Starts a frame drawn with `key`; the rows of the last frame stay usable only if it is the
    /// same as theirs.
    mutating func begin(_ key: Key) {
        if self.key != key {
            kept.removeAll(keepingCapacity: true)
            keptRange = nil
            self.key = key
            area = key.area
        }
        drawn.removeAll(keepingCapacity: true)
        searchFrom = 0
        moved = nil
        pending = nil
    }

    /// Copies row `id`, drawn last frame with `look`, onto buffer row `row` and returns true; false
    /// when it was not kept (the caller then draws it and calls ``drew(_:row:look:)``).
    mutating func reuse(_ id: RowID, look: UInt8, onto row: Int, of buffer: inout Buffer) -> Bool {
        guard area != nil, let found = kept[searchFrom...].firstIndex(where: { $0.id == id }), kept[found].look == look else {
            // The caller draws the row now: what is waiting to be copied goes first, as it came first.
            copyPending(into: &buffer)
            return false
        }
        let line = kept[found]
        searchFrom = found + 1
        // Rows kept on lines one after another and shown one under another are copied at once.
        if let run = pending, run.line + run.count == line.line, run.row + run.count == row {
            pending?.count += 1
        } else {
            copyPending(into: &buffer)
            pending = (line.line, row, 1)
        }
        if moved == nil { moved = line.row - row }
        drawn.append((id, row, look, line.line))
        return true
    }

    /// Copies the run of reused rows waiting in `pending` onto `buffer`.
    private mutating func copyPending(into buffer: inout Buffer) {
        guard let run = pending, let area else { return }
        pending = nil
        buffer.copyLines(run.line..<(run.line + run.count), of: cells, to: run.row, column: area.column)
    }

    /// Records that row `id` was drawn on buffer row `row`, with `look`; returns true when it is
    /// new on screen (not among the rows kept from the last frame, with any look).
    mutating func drew(_ id: RowID, row: Int, look: UInt8) -> Bool {
        drawn.append((id, row, look, nil))
        // Outside the kept identities' range it is new without a search (a page down's rows).
        guard let range = keptRange, range.contains(id.rawValue) else { return true }
        return !kept.contains { $0.id == id }
    }

    /// Keeps the rows drawn this frame, reading the newly drawn ones back from `buffer` before
    /// anything is drawn over them into lines no kept row still needs, and tells the renderer
    /// how far the reused ones moved.
    mutating func end(from buffer: inout Buffer) {
        copyPending(into: &buffer)
        guard let area else { return }
        if cells.columns != area.columns || cells.rows != area.rows {
            cells = Buffer(columns: area.columns, rows: area.rows)
            for i in drawn.indices { drawn[i].line = nil }
        }
        // Colours numbered as the frame's: the kept rows then copy back as memory.
        cells.numberColors(as: buffer)
        // Which lines kept rows still need: kept between frames, so no array is made each frame.
        inUse.removeAll(keepingCapacity: true)
        inUse.append(contentsOf: repeatElement(false, count: area.rows))
        for row in drawn { if let line = row.line { inUse[line] = true } }
        var free = 0, low = Int.max, high = Int.min
        kept.removeAll(keepingCapacity: true)
        // Rows drawn one under another onto free lines one after another are read back at once.
        var run: (row: Int, line: Int, count: Int)? = nil
        func readBack(_ run: (row: Int, line: Int, count: Int)?) {
            guard let run else { return }
            cells.copyLines(run.row..<(run.row + run.count), of: buffer, to: run.line, column: 0, sourceColumn: area.column, width: area.columns)
        }
        for row in drawn where row.row >= area.row && row.row < area.maxRow {
            low = Swift.min(low, row.id.rawValue)
            high = Swift.max(high, row.id.rawValue)
            if let line = row.line {
                kept.append((row.id, line, row.row, row.look))
                continue
            }
            while free < inUse.count && inUse[free] { free += 1 }
            guard free < inUse.count else { break }
            inUse[free] = true
            if let last = run, last.row + last.count == row.row, last.line + last.count == free {
                run?.count += 1
            } else {
                readBack(run)
                run = (row.row, free, 1)
            }
            kept.append((row.id, free, row.row, row.look))
        }
        readBack(run)
        keptRange = low <= high ? low...high : nil
        if let moved, moved != 0 { buffer.noteMovedRows(top: area.row, bottom: area.maxRow - 1, distance: moved) }
    }
}
