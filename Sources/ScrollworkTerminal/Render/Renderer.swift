import Scrollwork
import ScrollworkWidgets

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
    /// How far the terminal can be trusted to measure grapheme clusters as `displayWidth(_:)`
    /// does; ``TerminalWidthModel/conservative`` unless the terminal said otherwise.
    public var widthModel = TerminalWidthModel.conservative
    /// What the terminal shows now; nil forces a full repaint.
    public private(set) var screen: Buffer? = nil
    /// Bytes written for the last frame.
    public private(set) var lastFrameBytes = 0

    private var cursor: (column: Int, row: Int)? = nil
    /// The buffer of the frame before the last, kept for ``nextBuffer(columns:rows:)``.
    private var spare: Buffer? = nil
    /// One blank row, what a scroll region brings in.
    private var blankRow = Buffer(columns: 0, rows: 1)
    /// The terminal's current attributes; nil when unknown.
    private var style = PackedStyle.unknown
    /// The attribute changes written lately, for writing them again.
    private var styleChanges = StyleChanges()
    /// The row hashes of `screen`, when the frame that became it was hashed: the next frame's
    /// scroll search needs them and would otherwise hash the same cells again.
    private var screenHashes: [UInt64]? = nil

    /// A renderer for a terminal of `colorMode`.
    public init(colorMode: ColorMode) {
        self.colorMode = colorMode
    }

    /// A blank buffer of `columns` × `rows` (clamped as `Buffer` clamps them) for the next
    /// frame: the one the frame before last was drawn in, cleared, when its size fits, so that a
    /// host drawing a frame at a time allocates no buffers.
    public mutating func nextBuffer(columns: Int, rows: Int) -> Buffer {
        var buffer = Buffer(columns: 0, rows: 0)
        if let spare = spare.take(), spare.columns == columns && spare.rows == rows {
            buffer = spare
            buffer.clear()
        } else {
            buffer = Buffer(columns: columns, rows: rows)
        }
        // Colours numbered as on the screen, so that the frame's rows compare with it as memory;
        // unless the screen's table has grown long, which the cleared buffer leaves behind.
        if let screen, screen.colors.count <= Buffer.colorsKept { buffer.numberColors(as: screen) }
        return buffer
    }

    /// Forgets what the terminal shows, so the next frame repaints everything (after a resize,
    /// or when the terminal was used by something else).
    public mutating func invalidate() {
        screen = nil
        screenHashes = nil
        cursor = nil
        style = .unknown
    }

    /// The bytes that turn the terminal's screen into `frame`, leaving the terminal's cursor on
    /// `cursorPosition` when it is inside the frame (the focused row or field, for screen readers
    /// that follow the cursor). An unchanged frame with the cursor in place writes nothing.
    public mutating func render(_ frame: Buffer, cursorPosition: CellPosition? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(8192)
        // Written first and taken back when the frame writes nothing else.
        if usesSynchronizedOutput { out += ANSI.beginSynchronized }
        let opening = out.count
        let previous: Buffer
        var scrolled: ScrolledRows? = nil
        var hashes: [UInt64]? = nil
        var changed: [Bool]? = nil
        if let shown = screen, shown.columns == frame.columns, shown.rows == frame.rows {
            previous = shown
            if usesScrollRegions {
                // A move the widgets noted is checked row by row first: when it holds, the other
                // rows are compared as they are written, and the screen is compared once.
                if let shift = Self.hintedScroll(from: previous, to: frame) {
                    scrolled = applyScroll(shift, comparedWidth: Self.scrollWidth(frame), into: &out)
                } else {
                    changed = Self.changedRows(from: previous, to: frame)
                    if let rows = changed, let shift = Self.scroll(from: previous, hashes: screenHashes, to: frame, changed: rows, newHashes: &hashes) {
                        scrolled = applyScroll(shift, comparedWidth: Self.scrollWidth(frame), into: &out)
                    }
                }
            }
        } else {
            out += ANSI.resetScrollRegion + ANSI.resetStyle + ANSI.clearScreen
            style = PackedStyle(.plain)
            cursor = nil
            previous = Buffer(columns: frame.columns, rows: frame.rows)
        }
        if scrolled != nil, blankRow.columns != frame.columns { blankRow = Buffer(columns: frame.columns, rows: 1) }
        writeDifferences(from: previous, scrolled: scrolled, changed: changed, to: frame, into: &out)
        if let target = cursorPosition, frame.contains(target.column, target.row) { move(to: target.column, row: target.row, into: &out) }
        spare = screen
        screen = frame
        screenHashes = hashes
        if out.count == opening {
            lastFrameBytes = 0
            return []
        }
        if usesSynchronizedOutput { out += ANSI.endSynchronized }
        lastFrameBytes = out.count
        return out
    }

    // MARK: Scrolling

    /// A block of rows that shows the old frame's rows moved: rows `top...bottom` of the new frame
    /// show what rows `distance` further down showed (positive when the content moved up). The
    /// same description widgets give as hints.
    typealias Shift = Buffer.MovedRows

    /// The block of rows to move with a scroll region before writing `new` over `old` when no
    /// move the widgets noted holds (``hintedScroll(from:to:)`` is asked first): when two or more
    /// rows changed that no widget drew anew (`Buffer.freshRows`), the largest shifted run that
    /// row hashes find. `oldHashes` are `old`'s row hashes when known; `newHashes` receives
    /// `new`'s when they were worked out.
    static func scroll(from old: Buffer, hashes oldHashes: [UInt64]? = nil, to new: Buffer, changed: [Bool], newHashes: inout [UInt64]?) -> Shift? {
        guard new.rows >= 3, changed.count == new.rows else { return nil }
        // Only rows that changed where they are can have moved, and none a widget drew anew.
        var changed = changed
        if !new.freshRows.isEmpty {
            for y in changed.indices where changed[y] && new.isFreshRow(y) { changed[y] = false }
        }
        guard changed.lazy.filter({ $0 }).count >= 2 else { return nil }
        let hashes = rowHashes(new)
        newHashes = hashes
        let previous = oldHashes.flatMap { $0.count == old.rows ? $0 : nil } ?? rowHashes(old)
        return detectScroll(from: old, oldHashes: previous, to: new, newHashes: hashes, changed: changed)
    }

    /// The first block of rows the widgets noted as moved that really shows the old rows moved
    /// (`Buffer.hintedMove(from:comparedWidth:)`), compared without the scroll indicators' columns.
    static func hintedScroll(from old: Buffer, to new: Buffer) -> Shift? {
        new.hintedMove(from: old, comparedWidth: scrollWidth(new))
    }

    /// Which rows of `new` differ from the same rows of `old` (the sizes must agree): worked
    /// out once, for both scroll searches and the rows the scroll leaves where they are.
    static func changedRows(from old: Buffer, to new: Buffer) -> [Bool] {
        (0..<new.rows).map { !new.rowEqual($0, as: old, $0, width: new.columns) }
    }

    /// Finds the largest run of rows that the new frame shows shifted from the old one.
    ///
    /// Rows are compared without their last two columns, where scroll indicators are drawn over
    /// the content: the indicator does not move with the rows, and the few cells it changes are
    /// written after the scroll like any other difference.
    /// `changed` says which rows differ from the old ones in the same place.
    static func detectScroll(from old: Buffer, oldHashes: [UInt64], to new: Buffer, newHashes: [UInt64], changed: [Bool]) -> Shift? {
        let rows = new.rows
        guard rows >= 3, oldHashes.count == rows, newHashes.count == rows, changed.count == rows else { return nil }
        let width = scrollWidth(new)
        var best: Shift? = nil, bestLength = 0
        // Only distances at which some changed row has an old row's hash can start a run: find
        // those first, instead of trying every distance on every row.
        let byHash = oldHashes.indices.sorted { (oldHashes[$0], $0) < (oldHashes[$1], $1) }
        var candidates: [Int] = []
        for y in 0..<rows where changed[y] {
            let hash = newHashes[y]
            var low = 0, high = byHash.count
            while low < high {
                let mid = (low + high) / 2
                if oldHashes[byHash[mid]] < hash { low = mid + 1 } else { high = mid }
            }
            var i = low
            while i < byHash.count, oldHashes[byHash[i]] == hash {
                let distance = byHash[i] - y
                if distance != 0 && abs(distance) <= rows / 2 { candidates.append(distance) }
                i += 1
            }
        }
        candidates.sort()
        for (n, distance) in candidates.enumerated() where n == 0 || candidates[n - 1] != distance {
            var runStart = -1
            for y in 0...rows {
                let source = y + distance
                let matches = y < rows && source >= 0 && source < rows && changed[y] && newHashes[y] == oldHashes[source]
                    && new.rowEqual(y, as: old, source, width: width)
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

    /// The columns scroll detection compares: all but the last two.
    static func scrollWidth(_ b: Buffer) -> Int { Swift.min(b.columns, Swift.max(1, b.columns - 2)) }

    /// A hash of every row of `b` over its first ``scrollWidth(_:)`` cells: every third cell (every
    /// cell where long clusters are), its text and look (numbered colours: a frame whose colours
    /// are numbered otherwise only finds fewer moved rows). Rows with equal hashes are compared
    /// in full before they count as equal, so what is left out costs only a compare.
    static func rowHashes(_ b: Buffer) -> [UInt64] {
        let width = scrollWidth(b), columns = b.columns
        let hasClusters = !b.clusters.isEmpty
        let stride = MemoryLayout<PackedCell>.stride
        // Safe: cell `x` runs over row `y`'s first `width` cells (at most `columns`), inside the
        // storage's `rows × columns`; a cell is 8 bytes, read as one word.
        return unsafe b.storage.withUnsafeBufferPointer { cells in
            guard let start = cells.baseAddress else { return [] }
            let raw = unsafe UnsafeRawPointer(start)
            return (0..<b.rows).map { y in
                var h: UInt64 = 0xCBF2_9CE4_8422_2325
                let base = y * columns
                var x = base
                while x < base + width {
                    var low = unsafe raw.loadUnaligned(fromByteOffset: x &* stride, as: UInt64.self)
                    if unsafe hasClusters && cells[x].isCluster {
                        // A cluster's index means something only in its own buffer: hash its bytes.
                        for byte in unsafe b.clusters[cells[x].clusterIndex].utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
                        low >>= 32
                    }
                    h = (h ^ low) &* 0x100_0000_01B3
                    // Which cells are sampled depends on the column, never on the row.
                    x &+= hasClusters ? 1 : 3
                }
                return h
            }
        }
    }

    /// Rows a scroll region moved on the terminal: rows `top...bottom` now show the old rows
    /// `distance` further down, and those that came from outside the region are blank.
    struct ScrolledRows {
        var top: Int
        var bottom: Int
        var distance: Int
        /// The rows found to show old rows moved, compared over their first `comparedWidth`
        /// columns: those columns need no second look.
        var verified: ClosedRange<Int>
        var comparedWidth: Int

        /// The columns of row `y` known to show what the terminal shows after the scroll.
        func knownEqualColumns(of y: Int) -> Int { verified.contains(y) ? comparedWidth : 0 }

        /// The old row that row `y` shows now: itself outside the region, nil for a blank row.
        func source(of y: Int) -> Int? {
            guard y >= top && y <= bottom else { return y }
            let from = y + distance
            return from >= top && from <= bottom ? from : nil
        }
    }

    /// Scrolls the region on the terminal; returns how its rows moved. The model of the screen
    /// is not moved: the comparison reads each row from where it came from.
    /// `width` is how many columns of each row of the shift were compared.
    private mutating func applyScroll(_ shift: Shift, comparedWidth width: Int, into out: inout [UInt8]) -> ScrolledRows {
        // The region spans the moved rows in both their old and new places.
        let top = shift.distance > 0 ? shift.top : shift.top + shift.distance
        let bottom = shift.distance > 0 ? shift.bottom + shift.distance : shift.bottom
        let n = abs(shift.distance)
        // Lines scrolled in take the current background: reset it first.
        let plain = PackedStyle(.plain)
        if style != plain { out += ANSI.resetStyle; style = plain }
        ANSI.appendScroll(top: top, bottom: bottom, up: shift.distance > 0, lines: n, into: &out)
        cursor = (0, 0)  // DECSTBM homes the cursor
        return ScrolledRows(top: top, bottom: bottom, distance: shift.distance, verified: shift.top...shift.bottom, comparedWidth: width)
    }

    // MARK: Cells

    /// Writes the cells of `new` that differ from what the terminal shows: `screen`, with the
    /// rows of `scrolled` moved. `changed`, when known, says which rows differ from `screen` in
    /// place (all columns).
    private mutating func writeDifferences(from screen: Buffer, scrolled: ScrolledRows?, changed: [Bool]?, to new: Buffer, into out: inout [UInt8]) {
        let columns = new.columns
        // Without long clusters anywhere, and with the screen's colours numbered alike (the
        // blank row's one pair is every table's first), equal cells are equal bits.
        let bitwise = new.clusters.isEmpty && screen.clusters.isEmpty && PackedCell.isPlainMemory && new.colors.extends(screen.colors)
        // Every buffer's storage is reached once a frame: choosing a buffer a row copied it, and
        // retained and released its arrays, forty times a frame.
        let blank = blankRow
        // Safe: the screen is the frame's size (a frame of another size is drawn over a blank one of
        // its own) and the blank row its width, so row `y` of the one and `oldY` of the other, both
        // below `rows`, are `columns` cells each, which is as far as any read below goes.
        unsafe new.storage.withUnsafeBufferPointer { newCells in
            unsafe screen.storage.withUnsafeBufferPointer { screenCells in
                unsafe blank.storage.withUnsafeBufferPointer { blankCells in
                    for y in 0..<new.rows {
                        // What the terminal shows on this row now: the old row that moved here, or blank.
                        let source = scrolled.map { $0.source(of: y) } ?? y
                        let fromBlank = source == nil
                        let oldY = source ?? 0
                        // A moved row's first columns were compared when the scroll was found.
                        let known = source == nil ? 0 : scrolled?.knownEqualColumns(of: y) ?? 0
                        if source == y, let changed, changed.count == new.rows {
                            if !changed[y] { continue }
                        } else if known == 0, fromBlank ? new.rowEqual(y, as: blank, 0, width: columns) : new.rowEqual(y, as: screen, oldY, width: columns) {
                            continue
                        } else if known > 0, bitwise, let mine = newCells.baseAddress, let theirs = screenCells.baseAddress,
                                  unsafe Self.firstDifference(new: UnsafeRawPointer(mine + y * columns), old: UnsafeRawPointer(theirs + oldY * columns),
                                                       from: known, columns: columns) >= columns {
                            // A moved row whose last columns are unchanged too: nothing to write.
                            continue
                        }
                        // Each buffer named as it is: choosing one with `?:` makes a copy of it.
                        if fromBlank {
                            guard let start = blankCells.baseAddress else { continue }
                            unsafe writeChangedRuns(of: y, in: new, cells: newCells, over: blank, row: 0, at: UnsafeRawPointer(start), from: known, bitwise: bitwise,
                                             inPlace: false, into: &out)
                        } else {
                            guard let start = screenCells.baseAddress else { continue }
                            unsafe writeChangedRuns(of: y, in: new, cells: newCells, over: screen, row: oldY, at: UnsafeRawPointer(start + oldY * columns),
                                             from: known, bitwise: bitwise, inPlace: oldY == y, into: &out)
                        }
                    }
                }
            }
        }
    }

    /// Writes the runs of row `y` of `new` (`cells` are its cells) that differ from row `oldY`
    /// of `old` (`oldRow` is that row in place), from column `known` on: changed cells and the
    /// short unchanged gaps between them.
    ///
    /// Found and written in one pass, each cell read once: a page down changes nearly every
    /// cell, and comparing a run first and reading it again to write it cost twice the loop. A
    /// printable ASCII cell in the terminal's current style (nearly all of them) goes into a row
    /// of bytes sent in one append; any other cell is written on its own.
    private mutating func writeChangedRuns(of y: Int, in new: Buffer, cells newCells: UnsafeBufferPointer<PackedCell>, over old: Buffer, row oldY: Int,
                                           at oldRow: UnsafeRawPointer, from known: Int, bitwise: Bool, inPlace: Bool, into out: inout [UInt8]) {
        guard let newStart = newCells.baseAddress, known < new.columns else { return }
        let columns = new.columns, stride = MemoryLayout<PackedCell>.stride
        // Cells are read as words only where `bitwise` holds, which includes the cell's layout check.
        let conservative = widthModel == .conservative
        let base = y * columns, oldBase = oldY * old.columns
        let newRow = unsafe UnsafeRawPointer(newStart + base)
        /// Cell `x` of the new row as one word (its glyph below its look), read in place.
        @inline(__always) func word(_ x: Int) -> UInt64 { unsafe newRow.loadUnaligned(fromByteOffset: x &* stride, as: UInt64.self) }
        // A row a widget drew anew over another row where it is (a page down's rows) often
        // differs from it everywhere, every cell restyled: when every eighth cell differs, it is
        // written whole from its first to its last difference without comparing each cell.
        // Otherwise (and over a blank row a scroll brought in, or a row moved) its unchanged
        // stretches may be long enough to be worth moving past.
        let whole = unsafe bitwise && inPlace && new.isFreshRow(y) ? Self.differsThroughout(new: newRow, old: oldRow, from: known, columns: columns) : nil
        @inline(__always) func differs(_ x: Int) -> Bool {
            if let whole { return x <= whole }
            guard bitwise else { return !new.sameCell(base + x, as: old, oldBase + x) }
            return unsafe word(x) != oldRow.loadUnaligned(fromByteOffset: x &* stride, as: UInt64.self)
        }
        // Safe: at most one byte a cell waits in `pending` (`count` is flushed before it passes
        // `columns`), and cells are read only below `columns` in rows the caller checked.
        unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(1, columns)) { pending in
            guard let bytes = pending.baseAddress else { return }
            var count = 0
            /// The bytes waiting in `bytes`, sent before anything else is written.
            func flush(_ out: inout [UInt8]) {
                guard count > 0 else { return }
                unsafe out.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                count = 0
            }
            var x = known
            while x < columns {
                // Unchanged cells (most of a row a scroll left in place) in a loop of their own.
                if bitwise { x = unsafe Self.firstDifference(new: newRow, old: oldRow, from: x, columns: columns) }
                guard x < columns else { break }
                guard differs(x) else { x &+= 1; continue }
                // A changed second half of a wide character is drawn by its first.
                let start = unsafe x > 0 && newStart[base &+ x].isContinuation ? x &- 1 : x
                move(to: start, row: y, into: &out)
                // The cells before `written` are written; an ASCII cell goes into `bytes` when its
                // look (`upper`: the word above the glyph, with width 1) is the terminal's:
                // unknown until a cell of the run has set it.
                var written = start, lastChanged = x, at = x
                var upper = UInt64.max
                // A cluster the terminal may draw wider than we think can spill over the cells
                // after it: those are written again, so the spill never outlives the frame.
                var spillEnd = 0
                while true {
                    // Cell `at` changed: the gap before it, then it, each on its own.
                    if conservative && UInt32(truncatingIfNeeded: word(at)) >= 0x80 {
                        spillEnd = unsafe Swift.max(spillEnd, Self.spillEnd(newStart[base &+ at], in: new, at: at))
                    }
                    while written <= at {
                        let cell = unsafe newStart[base &+ written]
                        if cell.isContinuation { written &+= 1; continue }
                        flush(&out)
                        let column = written
                        written = writeCell(cell, of: new, at: column, row: y, into: &out)
                        // The terminal now has this cell's style.
                        upper = (word(column) >> 34) << 34 | 1 << 32
                    }
                    lastChanged = at
                    var next = at &+ 1, ended = false
                    // After printable ASCII, more of it is likely: the rest of a word, a line.
                    if let whole, unsafe next >= spillEnd && written == next && newStart[base &+ at].isPrintableASCII {
                        // The same without comparing, up to the row's last difference.
                        let end = unsafe Self.copyASCII(new: newRow, from: next, to: whole &+ 1, upper: upper, into: bytes, count: count)
                        count &+= end &- next
                        lastChanged = end &- 1
                        if end > whole { written = end; break }
                        next = end
                        written = next
                    } else if unsafe bitwise && next >= spillEnd && written == next && newStart[base &+ at].isPrintableASCII {
                        // The common case, in a loop of its own: ASCII in the terminal's style.
                        let copied = unsafe Self.copyASCII(new: newRow, old: oldRow, from: next, lastChanged: lastChanged, columns: columns,
                                                    upper: upper, into: bytes, count: count)
                        count = copied.count
                        lastChanged = copied.lastChanged
                        if copied.ended { written = lastChanged &+ 1; break }
                        next = copied.at
                        written = next
                    }
                    // The next changed cell, over three unchanged ones at most.
                    while next < columns && next >= spillEnd && !differs(next) {
                        if next &- lastChanged > 3 { ended = true; break }
                        next &+= 1
                    }
                    if ended || next >= columns { break }
                    at = next
                }
                flush(&out)
                // Past the last column the terminal's cursor waits to wrap: its place is unknown.
                cursor = written >= columns ? nil : (written, y)
                x = Swift.max(written, lastChanged &+ 1)
            }
        }
    }

    // The loops below read rows given as raw pointers: each caller passes rows of `columns`
    // cells inside their buffers (and `bytes` with room for one byte a cell), and each loop reads
    // only cells below `columns`.

    /// The last cell from `start` on in which row `new` differs from row `old`, compared as
    /// bits, when every eighth cell from `start` up to it differs too; nil otherwise. A loop of
    /// its own, so that its values stay in registers.
    @inline(never)
    static func differsThroughout(new: UnsafeRawPointer, old: UnsafeRawPointer, from start: Int, columns: Int) -> Int? {
        @inline(__always) func differs(_ x: Int) -> Bool {
            let offset = x &* MemoryLayout<PackedCell>.stride
            return unsafe new.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != old.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        var last = columns &- 1
        while last >= start && !differs(last) { last &-= 1 }
        guard last >= start else { return nil }
        var at = start
        while at < last {
            guard differs(at) else { return nil }
            at &+= 8
        }
        return last
    }

    /// Puts cells `start..<end` of row `new` into `bytes` from `count` while each is printable
    /// ASCII in the terminal's style (`upper`: the look above the glyph, with width 1); returns
    /// the first cell it did not put there (`end` when it put them all). A loop of its own, so
    /// that its values stay in registers.
    @inline(never)
    static func copyASCII(new: UnsafeRawPointer, from start: Int, to end: Int, upper: UInt64, into bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let out = unsafe bytes + (count &- start), stride = MemoryLayout<PackedCell>.stride
        @inline(__always) func fits(_ w: UInt64) -> Bool { (w & ~0x7F) == upper && UInt8(truncatingIfNeeded: w) &- 0x20 < 0x5F }
        var at = start
        // Two cells a step while both fit; the last one, or the pair's first, on its own.
        while at &+ 1 < end {
            let w0 = unsafe new.loadUnaligned(fromByteOffset: at &* stride, as: UInt64.self)
            let w1 = unsafe new.loadUnaligned(fromByteOffset: at &* stride &+ stride, as: UInt64.self)
            guard fits(w0) && fits(w1) else { break }
            unsafe out[at] = UInt8(truncatingIfNeeded: w0)
            unsafe out[at &+ 1] = UInt8(truncatingIfNeeded: w1)
            at &+= 2
        }
        while at < end {
            let w = unsafe new.loadUnaligned(fromByteOffset: at &* stride, as: UInt64.self)
            guard fits(w) else { break }
            unsafe out[at] = UInt8(truncatingIfNeeded: w)
            at &+= 1
        }
        return at
    }

    /// The first cell from `start` on in which row `new` differs from row `old`, compared as
    /// bits; `columns` when none does. A loop of its own, so that its values stay in registers.
    @inline(never)
    static func firstDifference(new: UnsafeRawPointer, old: UnsafeRawPointer, from start: Int, columns: Int) -> Int {
        var at = start
        var offset = at &* MemoryLayout<PackedCell>.stride
        while at < columns {
            if unsafe new.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != old.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return at }
            at &+= 1
            offset &+= MemoryLayout<PackedCell>.stride
        }
        return columns
    }

    /// Goes on with a run from cell `start` of a row (`new`, over `old`, compared as bits),
    /// putting into `bytes` from `count` each cell that is printable ASCII in the terminal's
    /// style (`upper`: the look above the glyph, with width 1),
    /// changed or in a gap of up to three unchanged ones. Returns where it stopped: `ended`
    /// when the run ended (a fourth unchanged cell, or the row's end), with the bytes of the gap
    /// after `lastChanged` taken back; else at cell `at`, the first of the gap when one was
    /// open, which the caller must write its own way. A loop of its own, not inlined, so its
    /// values stay in registers: it runs for nearly every cell of a page down.
    @inline(never)
    static func copyASCII(new: UnsafeRawPointer, old: UnsafeRawPointer, from start: Int, lastChanged: Int, columns: Int, upper: UInt64,
                          into bytes: UnsafeMutablePointer<UInt8>, count: Int) -> (at: Int, lastChanged: Int, count: Int, ended: Bool) {
        // Every cell copied is one byte: cell `x`'s goes to `out[x]`, and what is kept follows
        // from the last changed cell. Few values, so that the loop keeps them all in registers.
        let out = unsafe bytes + (count &- start), stride = MemoryLayout<PackedCell>.stride
        var at = start, last = lastChanged
        var offset = at &* stride
        while at < columns {
            let w = unsafe new.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let same = unsafe w == old.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // A fourth unchanged cell ends the run.
            if same && at &- last > 3 { return (at, last, count &+ (last &+ 1 &- start), true) }
            // Glyph 0x20…0x7E, width 1, the terminal's attributes and colours; else the caller writes it.
            guard (w & ~0x7F) == upper, UInt8(truncatingIfNeeded: w) &- 0x20 < 0x5F else { break }
            if !same { last = at }
            unsafe out[at] = UInt8(truncatingIfNeeded: w)
            at &+= 1
            offset &+= stride
        }
        // The row's end ends the run; a cell to write another way leaves the gap before it to the caller.
        return (at < columns ? last &+ 1 : at, last, count &+ (last &+ 1 &- start), at >= columns)
    }

    /// The column up to which a terminal that disagrees about the width of `cell`, drawn at
    /// `column`, could draw over the cells after it (`column` itself when it cannot).
    @inline(__always)
    static func spillEnd(_ cell: PackedCell, in buffer: Buffer, at column: Int) -> Int {
        if cell.glyph < 0x80 || cell.glyph == PackedCell.empty { return column }
        let scalars: Int
        if cell.isCluster {
            scalars = buffer.clusters[cell.clusterIndex].unicodeScalars.count
        } else {
            guard TerminalWidthModel.isUncertain(scalar: cell.glyph) else { return column }
            scalars = 1
        }
        // Each code point drawn on its own takes at most two cells.
        return column + Swift.max(Int(cell.width), Swift.min(2 * scalars, 16))
    }

    /// Writes `cell` (not the second half of a wide one), column `x` of row `row` of `b`, in its
    /// style where the terminal's cursor is; returns the column after it.
    private mutating func writeCell(_ cell: PackedCell, of b: Buffer, at x: Int, row: Int, into out: inout [UInt8]) -> Int {
        setStyle(b.packedStyle(of: cell), into: &out)
        let width = Int(Swift.max(1, cell.width))
        if cell.glyph >= 0x20 && cell.glyph < 0x7F {
            out.append(UInt8(truncatingIfNeeded: cell.glyph))
        } else if widthModel == .conservative && (cell.isCluster || (cell.glyph < PackedCell.empty && TerminalWidthModel.isUncertain(scalar: cell.glyph))) {
            // Blank the cells first (a terminal that draws the cluster narrower leaves nothing
            // stale), draw it, then place the cursor after it by position, not by trust.
            out.append(contentsOf: repeatElement(0x20, count: width))
            ANSI.appendMove(column: x, row: row, into: &out)
            Self.appendVisible(b.text(of: cell), into: &out)
            if x + width < b.columns { ANSI.appendMove(column: x + width, row: row, into: &out) }
        } else if cell.glyph < PackedCell.empty, let scalar = Unicode.Scalar(cell.glyph), !scalar.isControlCharacter {
            // One code point, printable: its UTF-8 straight out.
            UTF8.encode(scalar).map { for byte in $0 { out.append(byte) } }
        } else {
            Self.appendVisible(b.text(of: cell), into: &out)
        }
        return x + width
    }

    /// Writes a cell's text so that it can only ever show: control characters (which a cell can
    /// hold when it was built directly rather than drawn) become visible pictures, and an empty
    /// cell a space, so the cursor always moves as far as the cell is wide.
    static func appendVisible(_ text: String, into out: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.isEmpty { out.append(0x20); return }
        var safe = true
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte < 0xA0) { safe = false; break }
            previous = byte
        }
        if safe { out.append(contentsOf: utf8); return }
        for scalar in text.unicodeScalars { out.append(contentsOf: String(Character(scalar.visibleSubstitute)).utf8) }
    }

    private mutating func move(to column: Int, row: Int, into out: inout [UInt8]) {
        if let c = cursor, c.row == row {
            if c.column == column { return }
            if column > c.column {
                ANSI.appendForward(column - c.column, into: &out)
                cursor = (column, row)
                return
            }
            if column == 0 { out.append(0x0D); cursor = (0, row); return }
        }
        ANSI.appendMove(column: column, row: row, into: &out)
        cursor = (column, row)
    }

    private mutating func setStyle(_ next: PackedStyle, into out: inout [UInt8]) {
        guard style != next else { return }
        styleChanges.append(from: style, to: next, colorMode: colorMode, into: &out)
        style = next
    }

    /// Appends the SGR sequence that changes the terminal's attributes from `current` (unknown
    /// when nil) to `next`, with colours downsampled to `colorMode`.
    static func appendStyleChange(from style: Style?, to next: Style, colorMode: ColorMode, into out: inout [UInt8]) {
        let current = style ?? .plain
        let turnsOff = (current.bold && !next.bold) || (current.dim && !next.dim) || (current.italic && !next.italic)
            || (current.underline && !next.underline) || (current.reverse && !next.reverse) || style == nil
        let base = turnsOff ? Style.plain : current
        // Written straight into the output: CSI, parameters separated by ";", then "m".
        var count = 0
        func add(_ n: Int) {
            if count == 0 { out.append(0x1B); out.append(UInt8(ascii: "[")) } else { out.append(UInt8(ascii: ";")) }
            count += 1
            if n >= 100 { out.append(UInt8(48 + n / 100)) }
            if n >= 10 { out.append(UInt8(48 + (n / 10) % 10)) }
            out.append(UInt8(48 + n % 10))
        }
        func add(_ color: Color, background: Bool) {
            switch color {
            case .default: add(background ? 49 : 39)
            case let .ansi(n): add((n < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + Int(n % 8))
            case let .palette(n): add(background ? 48 : 38); add(5); add(Int(n))
            case let .rgb(r, g, b): add(background ? 48 : 38); add(2); add(Int(r)); add(Int(g)); add(Int(b))
            }
        }
        if turnsOff { add(0) }
        if next.bold && !base.bold { add(1) }
        if next.dim && !base.dim { add(2) }
        if next.italic && !base.italic { add(3) }
        if next.underline && !base.underline { add(4) }
        if next.reverse && !base.reverse { add(7) }
        let fg = next.foreground.downsampled(to: colorMode) ?? .default
        let bg = next.background.downsampled(to: colorMode) ?? .default
        if fg != (base.foreground.downsampled(to: colorMode) ?? .default) { add(fg, background: false) }
        if bg != (base.background.downsampled(to: colorMode) ?? .default) { add(bg, background: true) }
        if count > 0 { out.append(UInt8(ascii: "m")) }
    }

    /// The frame as lines of text with SGR colours and no cursor movement, each line ending with
    /// an attribute reset, for printing inline or into a pipe (`scrollwork snapshot --ansi`).
    public static func inlineANSI(_ frame: Buffer, colorMode: ColorMode) -> String {
        var out: [UInt8] = []
        for y in 0..<frame.rows {
            var style: Style? = .plain
            for x in 0..<frame.columns {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                if style != cell.style { appendStyleChange(from: style, to: cell.style, colorMode: colorMode, into: &out); style = cell.style }
                appendVisible(cell.text, into: &out)
            }
            out += ANSI.resetStyle
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
