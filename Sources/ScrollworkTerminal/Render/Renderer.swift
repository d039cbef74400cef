import Scrollwork

/// Turns a frame into the fewest bytes that make the terminal show it.
///
/// The renderer keeps what the terminal shows and writes only the difference: changed cells in
/// coalesced runs, cursor moves and attribute changes only where needed. When a block of rows
/// moved up or down (a scroll), it asks the terminal to move them with a scroll region (DECSTBM
/// and SU/SD), so a one-row scroll costs about one row of text. Each frame is wrapped in
/// synchronized output (mode 2026) so it appears at once.
public struct Renderer: Sendable {
    /// The colours the terminal can show.
    public var colorMode: ColorMode
    /// Use scroll regions for moved blocks of rows.
    public var usesScrollRegions = true
    /// Wrap frames in synchronized output.
    public var usesSynchronizedOutput = true
    /// What the terminal shows now; nil forces a full repaint.
    public private(set) var screen: Buffer? = nil
    /// Bytes written for the last frame.
    public private(set) var lastFrameBytes = 0

    private var cursor: (column: Int, row: Int)? = nil
    private var style: Style? = nil

    /// A renderer for a terminal of `colorMode`.
    public init(colorMode: ColorMode) {
        self.colorMode = colorMode
    }

    /// Forgets what the terminal shows, so the next frame repaints everything (after a resize,
    /// or when the terminal was used by something else).
    public mutating func invalidate() {
        screen = nil
        cursor = nil
        style = nil
    }

    /// The bytes that turn the terminal's screen into `frame`. An unchanged frame writes nothing.
    public mutating func render(_ frame: Buffer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        var previous: Buffer
        if let shown = screen, shown.columns == frame.columns, shown.rows == frame.rows {
            previous = shown
            if usesScrollRegions, let shift = Self.detectScroll(from: previous, to: frame) {
                applyScroll(shift, to: &previous, into: &out)
            }
        } else {
            out += ANSI.resetScrollRegion + ANSI.resetStyle + ANSI.clearScreen
            style = .plain
            cursor = nil
            previous = Buffer(columns: frame.columns, rows: frame.rows)
        }
        writeDifferences(from: previous, to: frame, into: &out)
        screen = frame
        if out.isEmpty {
            lastFrameBytes = 0
            return []
        }
        if usesSynchronizedOutput { out = ANSI.beginSynchronized + out + ANSI.endSynchronized }
        lastFrameBytes = out.count
        return out
    }

    // MARK: Scrolling

    /// A block of rows `top ... bottom` (inclusive, in the new frame's terms) whose content moved
    /// by `distance` rows: positive when it moved up (scrolling towards the end).
    struct Shift: Equatable {
        var top: Int
        var bottom: Int
        var distance: Int
    }

    /// Finds the largest run of rows that the new frame shows shifted from the old one.
    static func detectScroll(from old: Buffer, to new: Buffer) -> Shift? {
        let rows = new.rows
        guard rows >= 3 else { return nil }
        let oldHashes = (0..<rows).map { rowHash(old, $0) }, newHashes = (0..<rows).map { rowHash(new, $0) }
        var best: Shift? = nil, bestLength = 0
        for distance in -(rows / 2)...(rows / 2) where distance != 0 {
            var runStart = -1
            for y in 0...rows {
                let source = y + distance
                let matches = y < rows && source >= 0 && source < rows && newHashes[y] == oldHashes[source]
                    && newHashes[y] != oldHashes[y] && rowsEqual(new, y, old, source)
                if matches {
                    if runStart < 0 { runStart = y }
                } else if runStart >= 0 {
                    let length = y - runStart
                    if length > bestLength {
                        bestLength = length
                        best = Shift(top: runStart, bottom: y - 1, distance: distance)
                    }
                    runStart = -1
                }
            }
        }
        // Worth a scroll only when it saves more than the few bytes of the region commands.
        return bestLength >= 2 ? best : nil
    }

    private static func rowHash(_ b: Buffer, _ y: Int) -> Int {
        var h = Hasher()
        for x in 0..<b.columns { h.combine(b[x, y]) }
        return h.finalize()
    }

    private static func rowsEqual(_ a: Buffer, _ ya: Int, _ b: Buffer, _ yb: Int) -> Bool {
        (0..<a.columns).allSatisfy { a[$0, ya] == b[$0, yb] }
    }

    /// Scrolls the region on the terminal and in the model of what it shows.
    private mutating func applyScroll(_ shift: Shift, to previous: inout Buffer, into out: inout [UInt8]) {
        // The region spans the moved rows in both their old and new places.
        let top = shift.distance > 0 ? shift.top : shift.top + shift.distance
        let bottom = shift.distance > 0 ? shift.bottom + shift.distance : shift.bottom
        let n = abs(shift.distance)
        // Lines scrolled in take the current background: reset it first.
        if style != .plain { out += ANSI.resetStyle; style = .plain }
        out += ANSI.scrollRegion(top: top, bottom: bottom)
        out += shift.distance > 0 ? ANSI.scrollUp(n) : ANSI.scrollDown(n)
        out += ANSI.resetScrollRegion
        cursor = (0, 0)  // DECSTBM homes the cursor
        var moved = previous
        let height = bottom - top + 1
        if shift.distance > 0 {
            moved.copyRows((top + n)..<(bottom + 1), of: previous, to: top)
            moved.fill(CellRect(column: 0, row: bottom - n + 1, columns: previous.columns, rows: n))
        } else {
            moved.copyRows(top..<(top + height - n), of: previous, to: top + n)
            moved.fill(CellRect(column: 0, row: top, columns: previous.columns, rows: n))
        }
        previous = moved
    }

    // MARK: Cells

    private mutating func writeDifferences(from old: Buffer, to new: Buffer, into out: inout [UInt8]) {
        let columns = new.columns
        for y in 0..<new.rows {
            var x = 0
            while x < columns {
                guard new[x, y] != old[x, y] else { x += 1; continue }
                var start = x
                if new[start, y].isContinuation && start > 0 { start -= 1 }
                // Extend the run over changed cells and short unchanged gaps (cheaper than a move).
                var end = x + 1
                var lastChanged = x
                while end < columns {
                    if new[end, y] != old[end, y] { lastChanged = end } else if end - lastChanged > 3 { break }
                    end += 1
                }
                end = lastChanged + 1
                if end < columns && new[end, y].isContinuation { end += 1 }
                writeRun(new, row: y, from: start, to: end, into: &out)
                x = end
            }
        }
    }

    private mutating func writeRun(_ b: Buffer, row: Int, from start: Int, to end: Int, into out: inout [UInt8]) {
        move(to: start, row: row, into: &out)
        var x = start
        while x < end {
            let cell = b[x, row]
            if cell.isContinuation { x += 1; continue }
            setStyle(cell.style, into: &out)
            out += Array(cell.text.utf8)
            x += Int(Swift.max(1, cell.width))
        }
        // Past the last column the terminal's cursor waits to wrap: its place is unknown.
        cursor = x >= b.columns ? nil : (x, row)
    }

    private mutating func move(to column: Int, row: Int, into out: inout [UInt8]) {
        if let c = cursor, c.row == row {
            if c.column == column { return }
            if column > c.column {
                let forward = ANSI.forward(column - c.column)
                out += forward
                cursor = (column, row)
                return
            }
            if column == 0 { out.append(0x0D); cursor = (0, row); return }
        }
        out += ANSI.moveTo(column: column, row: row)
        cursor = (column, row)
    }

    private mutating func setStyle(_ next: Style, into out: inout [UInt8]) {
        guard style != next else { return }
        var params: [String] = []
        let current = style ?? .plain
        let turnsOff = (current.bold && !next.bold) || (current.dim && !next.dim) || (current.italic && !next.italic)
            || (current.underline && !next.underline) || (current.reverse && !next.reverse) || style == nil
        var base = current
        if turnsOff { params.append("0"); base = .plain }
        if next.bold && !base.bold { params.append("1") }
        if next.dim && !base.dim { params.append("2") }
        if next.italic && !base.italic { params.append("3") }
        if next.underline && !base.underline { params.append("4") }
        if next.reverse && !base.reverse { params.append("7") }
        let fg = next.foreground.downsampled(to: colorMode) ?? .default
        let bg = next.background.downsampled(to: colorMode) ?? .default
        let baseFg = base.foreground.downsampled(to: colorMode) ?? .default
        let baseBg = base.background.downsampled(to: colorMode) ?? .default
        if fg != baseFg || (turnsOff && fg != .default) { params.append(ANSI.colorParameters(fg, background: false)) }
        if bg != baseBg || (turnsOff && bg != .default) { params.append(ANSI.colorParameters(bg, background: true)) }
        if !params.isEmpty { out += ANSI.csi(params.joined(separator: ";") + "m") }
        style = next
    }
}
