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
    package mutating func drawFittedASCII(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, room: Int, truncation: Truncation,
                                          alignment: ColumnAlignment, style: PackedStyle, clip: CellRect) -> (start: Int, end: Int) {
        let count = bytes.count, room = Swift.max(0, room)
        // The kept head and tail: all of it when it fits, else around one ellipsis cell.
        let head: Int, tail: Int, width: Int
        if count <= room {
            (head, tail, width) = (count, 0, count)
        } else if room == 0 {
            (head, tail, width) = (0, 0, 0)
        } else {
            let budget = room - 1
            switch truncation {
            case .tail: (head, tail) = (budget, 0)
            case .head: (head, tail) = (0, budget)
            case .middle: (head, tail) = ((budget + 1) / 2, budget - (budget + 1) / 2)
            }
            width = room
        }
        let start: Int
        switch alignment {
        case .leading: start = column
        case .trailing: start = column.addingSaturating(room - width)
        case .center: start = column.addingSaturating((room - width) / 2)
        }
        let end = start.addingSaturating(width)
        // The clip and the buffer, compared directly: a CellRect made for this costs more than
        // the cells a short text draws.
        guard row >= Swift.max(0, clip.row), row < Swift.min(rows, clip.maxRow) else { return (start, end) }
        let first = Swift.max(start, clip.column, 0), last = Swift.min(end, clip.maxColumn, columns)
        guard first < last, let source = bytes.baseAddress else { return (start, end) }
        let cut = width < count
        let columns = self.columns
        withStorage { cells in
            guard let line = cells.baseAddress?.advanced(by: row * columns) else { return }
            // Bytes `offset…` of the text into cells `from..<to`, as far as they are shown.
            func copy(from: Int, to: Int, offset: Int) {
                let a = Swift.max(from, first), b = Swift.min(to, last)
                guard a < b else { return }
                let read = source + (offset + a - from)
                for x in a..<b { line[x] = PackedCell(glyph: UInt32(read[x - a]), width: 1, style: style) }
            }
            guard cut else { return copy(from: start, to: end, offset: 0) }
            copy(from: start, to: start + head, offset: 0)
            let mark = start + head
            if mark >= first && mark < last { line[mark] = PackedCell(glyph: 0x2026, width: 1, style: style) }
            copy(from: mark + 1, to: end, offset: count - tail)
        }
        repairEdges(row: row, from: first, to: last)
        return (start, end)
    }

    /// True when every byte is printable ASCII (0x20…0x7E), read eight at a time.
    package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        let count = bytes.count
        var i = 0
        // A byte below 0x20 borrows into its top bit when 0x20 is taken from it, one of 0x7F
        // reaches it when 1 is added, and one from 0x80 has it set already; a borrow or a carry
        // between bytes only follows such a byte.
        while i + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let flags = (word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101) | word
            if flags & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < count {
            if start[i] < 0x20 || start[i] >= 0x7F { return false }
            i += 1
        }
        return true
    }
}
