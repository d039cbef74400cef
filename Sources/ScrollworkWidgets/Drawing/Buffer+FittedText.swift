import Scrollwork

extension Buffer {
    /// Draws printable ASCII `bytes` in `room` cells from `column` on `row`: cut as `truncation`
    /// cuts text (``Truncation/apply(to:width:)``), placed as `alignment` says, and only inside
    /// `clip` and the buffer. Returns the column where the placed text ends and the column it
    /// starts at.
    ///
    /// The same cells as drawing `Truncation`'s string with ``draw(_:column:row:style:clip:)``,
    /// without making that string: a table draws every one of its cells this way each frame.
    /// Every byte must be printable ASCII (0x20…0x7E); the caller checks.
    /// `look` is a one-wide cell's look in this buffer (``look(_:)`` with width 1).
    package mutating func drawFittedASCII(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, room: Int, truncation: Truncation,
                                          alignment: ColumnAlignment, look: UInt32, clip: CellRect) -> (start: Int, end: Int) {
        let count = bytes.count, room = Swift.max(0, room)
        // The kept head and tail (the core's cut): all of it when it fits, else around one ellipsis cell.
        let head: Int, tail: Int, width: Int
        if let kept = truncation.keptEnds(ofCharacters: count, width: room) {
            (head, tail, width) = (kept.head, kept.tail, room)
        } else {
            (head, tail, width) = (count, 0, count)
        }
        let start: Int
        switch alignment {
        case .leading: start = column
        case .trailing: start = column.addingSaturating(room - width)
        case .center: start = column.addingSaturating((room - width) / 2)
        }
        let end = start.addingSaturating(width)
        // The clip and the buffer, compared directly: a CellRect made for this costs more than
        // the cells a short text draws. (Two-argument min and max: the variadic ones make an array.)
        guard row >= Swift.max(0, clip.row), row < Swift.min(rows, clip.maxRow) else { return (start, end) }
        let first = Swift.max(Swift.max(start, clip.column), 0), last = Swift.min(Swift.min(end, clip.maxColumn), columns)
        guard first < last, let source = bytes.baseAddress else { return (start, end) }
        let cut = width < count
        let columns = self.columns
        // Safe: `row` and `first..<last` are checked above to lie in the buffer, and the bytes read
        // for cells `a..<b` lie in the head (`head` bytes from 0) or the tail (`tail` from
        // `count - tail`), both inside the text's `count`.
        unsafe withStorage { cells in
            guard let line = unsafe cells.baseAddress?.advanced(by: row * columns) else { return }
            // Bytes `offset…` of the text into cells `from..<to`, as far as they are shown: a
            // cell is two 32-bit fields, which the compiler stores as one word.
            func copy(from: Int, to: Int, offset: Int) {
                let a = Swift.max(from, first), b = Swift.min(to, last)
                guard a < b else { return }
                let read = unsafe source + (offset &+ a &- from), out = unsafe line + a
                for i in 0..<(b &- a) { unsafe out[i] = unsafe PackedCell(glyph: UInt32(read[i]), look: look) }
            }
            if cut {
                copy(from: start, to: start + head, offset: 0)
                let mark = start + head
                if mark >= first && mark < last { unsafe line[mark] = PackedCell(glyph: 0x2026, look: look) }
                copy(from: mark + 1, to: end, offset: count - tail)
            } else {
                copy(from: start, to: end, offset: 0)
            }
            // Overwriting half of a wide character leaves the other half orphaned: blank it.
            if first > 0, unsafe line[first - 1].width == 2 { unsafe line[first - 1].glyph = 0x20; unsafe line[first - 1].width = 1 }
            if last < columns, unsafe line[last].isContinuation { unsafe line[last].glyph = 0x20; unsafe line[last].width = 1 }
        }
        return (start, end)
    }
}
