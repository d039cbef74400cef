import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Wrapped text moves by the rows on screen, as `less` moves it, so that every character of
/// every line can be reached, a line taller than the screen included. The vertical offset stays
/// in lines (a line is 16 points, whatever it wraps to): its whole part is the top line, its
/// fraction how far down that line's rows the top row is. A line longer than ``lineLimit`` is
/// taken a row's width of bytes at a time, read from where the screen shows it.
extension TextPager {
    /// The cells of text a wrapped row holds.
    var wrapColumns: Int { Swift.max(1, view.frameCells.columns - view.content.gutter - 3) }

    /// True when line `i` is longer than the part of a line read whole (``lineLimit``).
    func isLong(_ i: Int) -> Bool {
        let range = index.range(ofRecord: i)
        return range.upperBound - range.lowerBound > UInt64(Self.lineLimit)
    }

    /// The rows line `i` takes when wrapped to the view's width: a long line, its bytes a row
    /// at a time.
    func wrappedRows(_ i: Int) -> Int {
        let columns = wrapColumns
        guard isLong(i) else { return Swift.max(1, line(i).wrapped(toWidth: columns).count) }
        let range = index.range(ofRecord: i)
        let bytes = Int(clamping: range.upperBound - range.lowerBound)
        return Swift.max(1, (bytes + columns - 1) / columns)
    }

    /// The line and the row of it at the top of the view.
    var wrappedTop: (line: Int, row: Int) {
        let y = view.scroll.offset.y / 16
        guard y.isFinite, y > 0, index.count > 0 else { return (0, 0) }
        let line = Swift.min(Int(flooringSaturating: y), index.count - 1)
        let rows = wrappedRows(line)
        // A little over the row's own fraction, so that the row reached by a step is the row shown.
        let row = Swift.min(rows - 1, Int(flooringSaturating: (y - Double(line)) * Double(rows) + 1e-6))
        return (line, Swift.max(0, row))
    }

    /// The vertical offset that puts row `row` of line `line` at the top.
    func offset(line: Int, row: Int) -> Double {
        let rows = wrappedRows(line)
        return (Double(line) + Double(Swift.min(row, rows - 1)) / Double(rows)) * 16
    }

    /// Moves wrapped text by `rows` screen rows (up when negative), stopping at the first row
    /// and at the last row of the last line.
    mutating func scrollWrapped(rows: Int, at time: Double) {
        guard index.count > 0 else { return }
        var (line, row) = wrappedTop
        var rowsOfLine = wrappedRows(line)
        for _ in 0..<rows.magnitude {
            if rows > 0 {
                if row + 1 < rowsOfLine {
                    row += 1
                } else if line + 1 < index.count {
                    line += 1
                    row = 0
                    rowsOfLine = wrappedRows(line)
                } else { break }
            } else {
                if row > 0 {
                    row -= 1
                } else if line > 0 {
                    line -= 1
                    rowsOfLine = wrappedRows(line)
                    row = rowsOfLine - 1
                } else { break }
            }
        }
        setTop(line: line, row: row, at: time)
    }

    /// Puts row `row` of line `line` at the top of the view.
    mutating func setTop(line: Int, row: Int, at time: Double) {
        do { try view.scroll.setOffset(Point(x: view.scroll.offset.x, y: offset(line: line, row: row)), animated: false, time: time) } catch {
            notes.set(.action, "\(error)")
        }
    }

    /// A key or wheel turn that moves wrapped text by rows, done; false for anything else.
    mutating func scrollWrappedText(_ event: Event, at time: Double) -> Bool {
        guard view.content.wraps else { return false }
        let page = Swift.max(1, view.frameCells.rows - 1)
        switch event {
        case let .key(key) where key.modifiers.isEmpty:
            switch key.key {
            case .down: scrollWrapped(rows: 1, at: time)
            case .up: scrollWrapped(rows: -1, at: time)
            case .pageDown, .character(" "): scrollWrapped(rows: page, at: time)
            case .pageUp: scrollWrapped(rows: -page, at: time)
            default: return false
            }
        case let .mouse(mouse):
            switch mouse.kind {
            case .wheel(.down): scrollWrapped(rows: 3, at: time)
            case .wheel(.up): scrollWrapped(rows: -3, at: time)
            default: return false
            }
        default: return false
        }
        return true
    }

    /// Wrapped, the last row of the last line on the view's bottom row, the rows before it
    /// above it, a line taller than what is left shown from the row that fills the view.
    mutating func showWrappedEnd(at time: Double) {
        var line = Swift.max(0, index.count - 1)
        var left = Swift.max(1, view.frameCells.rows)
        while true {
            let rows = wrappedRows(line)
            if rows >= left { return setTop(line: line, row: rows - left, at: time) }
            left -= rows
            if line == 0 { return setTop(line: 0, row: 0, at: time) }
            line -= 1
        }
    }

    /// The text of long line `i` (``isLong(_:)``) from its row `row` on, enough for `rows`
    /// rows, its first whole character on.
    func longLineText(_ i: Int, fromRow row: Int, rows: Int) -> String {
        let range = index.range(ofRecord: i)
        let start = range.lowerBound + UInt64(row) * UInt64(wrapColumns)
        let count = Swift.min(Int(clamping: range.upperBound - start), (rows + 1) * wrapColumns, Self.lineLimit)
        var bytes: [UInt8]
        do { bytes = try file.read(at: start, count: count) } catch { return "⚠ \(error)" }
        // A character cut by the row's start is left to the row before it.
        bytes = Array(bytes.drop { $0 & 0xC0 == 0x80 })
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
