import Scrollwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A grid of cells that widgets draw into and the renderer compares between frames.
///
/// Cells are stored packed (see `PackedCell`): a frame's rows fill, copy and compare as plain
/// memory. ``Cell`` is how a cell is read and written from outside.
public struct Buffer: Sendable {
    /// Width in cells.
    public private(set) var columns: Int
    /// Height in cells.
    public private(set) var rows: Int
    /// The cells, row by row, packed.
    @usableFromInline package private(set) var storage: [PackedCell]
    /// The clusters of more than one code point that cells refer to by index.
    @usableFromInline package private(set) var clusters: [String] = []
    /// The colour pairs that cells refer to by number.
    @usableFromInline package private(set) var colors = ColorPairs()
    /// How large ``clusters`` may grow before it is rebuilt from the cells that use it.
    private var clusterLimit = 64
    /// The largest width or height a buffer takes, in cells; larger sizes are clamped to it.
    public static let maximumSide = 4096

    /// A blank buffer; sizes are clamped to 0…``maximumSide``.
    public init(columns: Int, rows: Int, fill: Cell = .blank()) {
        self.init(columns: columns, rows: rows, fill: fill, colorCapacity: ColorPairs.defaultCapacity)
    }

    /// A blank buffer whose colour table holds `colorCapacity` pairs (for testing what happens
    /// when it is full), and at least two more than it has cells, so that a full table always
    /// has room again once rebuilt from the pairs its cells use.
    package init(columns: Int, rows: Int, fill: Cell = .blank(), colorCapacity: Int) {
        self.columns = Swift.min(Swift.max(0, columns), Self.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Self.maximumSide)
        colors = ColorPairs(capacity: Swift.max(colorCapacity, self.columns * self.rows + 2))
        storage = []
        storage = [PackedCell](repeating: pack(fill), count: self.columns * self.rows)
    }

    /// The whole buffer as a rectangle of cells.
    package var area: CellRect { CellRect(column: 0, row: 0, columns: columns, rows: rows) }

    /// The cells, row by row, unpacked anew on every read: take the array once rather than
    /// reading one cell through it (`buffer[column, row]` reads one).
    public var cells: [Cell] { storage.map(unpack) }

    /// The cell at `column`, `row`; a blank for positions outside. A cell is at most 2 wide: a
    /// larger width is stored as 2.
    public subscript(column: Int, row: Int) -> Cell {
        get { contains(column, row) ? unpack(storage[row * columns + column]) : .blank() }
        set { if contains(column, row) { storage[row * columns + column] = pack(newValue) } }
    }

    /// Puts one code point, one cell wide, at `column`, `row` (nothing outside the buffer):
    /// what drawing a `Cell` does, without making a string for it.
    package mutating func set(_ scalar: Unicode.Scalar, column: Int, row: Int, style: PackedStyle) {
        guard contains(column, row) else { return }
        storage[row * columns + column] = PackedCell(glyph: scalar.value, look: look(style) | 1)
        repairEdges(row: row, from: column, to: column + 1)
    }

    /// True when the position lies inside the buffer.
    public func contains(_ column: Int, _ row: Int) -> Bool { column >= 0 && column < columns && row >= 0 && row < rows }

    /// Makes every cell `cell`, keeping the size and the memory: what a host does before it draws
    /// the next frame into the same buffer.
    public mutating func clear(with cell: Cell = .blank()) {
        forgetFrame()
        let packed = pack(cell)
        let columns = self.columns
        // Safe: the storage holds `rows × columns` cells and the blank row `columns` (made for this
        // width), so each row copied lies inside both.
        unsafe storage.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress, columns > 0 else { return }
            guard packed == .blank else { unsafe cells.update(repeating: packed); return }
            // The usual blank: each row copied from a blank row made once, a memory copy (a
            // third of the cost of storing the cells one by one).
            unsafe Self.blankRow.withUnsafeBufferPointer { blank in
                guard let source = blank.baseAddress else { return }
                for row in 0..<rows { unsafe (base + row * columns).update(from: source, count: columns) }
            }
        }
    }

    /// A row of blank cells as wide as the widest buffer.
    private static let blankRow = [PackedCell](repeating: .blank, count: maximumSide)

    /// Empties what a frame's cells kept beside them, before all of them are set again.
    private mutating func forgetFrame() {
        clusters.removeAll(keepingCapacity: true)
        clusterLimit = 64
        // The colour pairs are kept, so that the next frame numbers them as this one did; a table
        // grown long (colours animated through many values) starts again.
        if colors.count > Self.colorsKept { colors = ColorPairs(capacity: colors.capacity) }
        movedRows.removeAll(keepingCapacity: true)
        freshRows.removeAll(keepingCapacity: true)
    }

    /// How many colour pairs ``clear(with:)`` keeps for the next frame.
    package static let colorsKept = 1024

    /// Fills `rect` (clipped to the buffer) with `cell`.
    package mutating func fill(_ rect: CellRect, with cell: Cell = .blank()) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        if r == area { clear(with: cell); return }
        fill(r, with: pack(cell))
    }

    /// Fills `rect` (clipped to the buffer) with blanks in `style`: a fill without a ``Cell`` to
    /// pack, what a canvas's fill draws on a grid.
    package mutating func fillBlank(_ rect: CellRect, style: PackedStyle) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        guard r != area else {
            // The whole buffer: what it kept beside its cells goes before the colour is numbered.
            forgetFrame()
            let blank = PackedCell(glyph: 0x20, look: look(style) | 1)
            // Safe: every cell of the storage, through its own count.
            unsafe storage.withUnsafeMutableBufferPointer { unsafe $0.update(repeating: blank) }
            return
        }
        fill(r, with: PackedCell(glyph: 0x20, look: look(style) | 1))
    }

    /// Fills `r`, inside the buffer, with `packed`, a row at a time.
    private mutating func fill(_ r: CellRect, with packed: PackedCell) {
        let columns = self.columns, width = r.columns
        // Eight cells a step, as four stores of two: a table fills each of its rows every frame.
        // Safe: a packed cell is 8 bytes (one word); `r` is clipped to the buffer above, so each
        // row's `width` cells from `r.column` lie inside the storage.
        let word = unsafe withUnsafeBytes(of: packed) { unsafe $0.loadUnaligned(as: UInt64.self) }
        let two = SIMD2<UInt64>(repeating: word)
        unsafe storage.withUnsafeMutableBufferPointer { cells in
            guard let start = cells.baseAddress else { return }
            for y in r.row..<r.maxRow {
                let line = unsafe UnsafeMutableRawPointer(start + y * columns + r.column)
                var x = 0
                while x &+ 8 <= width {
                    let at = x &* 8
                    unsafe line.storeBytes(of: two, toByteOffset: at, as: SIMD2<UInt64>.self)
                    unsafe line.storeBytes(of: two, toByteOffset: at &+ 16, as: SIMD2<UInt64>.self)
                    unsafe line.storeBytes(of: two, toByteOffset: at &+ 32, as: SIMD2<UInt64>.self)
                    unsafe line.storeBytes(of: two, toByteOffset: at &+ 48, as: SIMD2<UInt64>.self)
                    x &+= 8
                }
                while x < width { unsafe line.storeBytes(of: word, toByteOffset: x &* 8, as: UInt64.self); x &+= 1 }
            }
        }
        for y in r.row..<r.maxRow { repairEdges(row: y, from: r.column, to: r.maxColumn) }
    }

    /// Changes the style of every cell in `rect` with `change`.
    /// A wide character touched by the rectangle is restyled whole, both its cells.
    package mutating func restyle(_ rect: CellRect, _ change: (inout Style) -> Void) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        // Runs of one style (most of a row) are changed once.
        var last: (from: PackedStyle, to: PackedStyle)? = nil
        for y in r.row..<r.maxRow {
            let base = y * columns
            var start = r.column, end = r.maxColumn
            if storage[base + start].isContinuation && start > 0 { start -= 1 }
            if end < columns && storage[base + end].isContinuation { end += 1 }
            for x in start..<end {
                let cell = storage[base + x]
                let from = packedStyle(of: cell)
                if let last, last.from == from { storage[base + x].look = cell.look & PackedCell.widthBits | look(last.to); continue }
                var style = from.style
                change(&style)
                let to = PackedStyle(style)
                last = (from, to)
                storage[base + x].look = cell.look & PackedCell.widthBits | look(to)
            }
        }
    }

    /// Draws `text` from `column`, `row`, clipped to `clip` (and the buffer), cluster by cluster. A
    /// wide character that does not fit at the clip edge is replaced by a space. Returns the
    /// column after the last cell drawn (saturating, so any position is safe).
    ///
    /// Text is data, never control: a tab becomes spaces up to the next multiple of 8 columns
    /// from `column`, and every other C0 or C1 control character and DEL is drawn as a visible
    /// substitute (a Unicode control picture such as `␛`, or U+FFFD), one cell wide.
    @discardableResult
    package mutating func draw(_ text: String, column: Int, row: Int, style: Style = .plain, clip: CellRect? = nil) -> Int {
        let bounds = clip.map { $0.intersection(area) } ?? area
        guard row >= bounds.row, row < bounds.maxRow, !bounds.isEmpty else { return column.addingSaturating(displayWidth(text)) }
        let base = row * columns
        let look = look(PackedStyle(style))
        // Printable ASCII, the common case, is one cell per byte: no grapheme breaking needed;
        // what follows it (an ellipsis, accented names) goes on from there when each of its code
        // points stands alone, and otherwise the whole text takes the cluster-by-cluster path.
        var native = text
        if unsafe native.utf8.withContiguousStorageIfAvailable({ _ in true }) == nil { native.makeContiguousUTF8() }
        let prefix = drawASCIIPrefix(native, column: column, row: row, bounds: bounds, look: look)
        if prefix.bytes == native.utf8.count { return prefix.end }
        // Text that starts outside ASCII goes on whole (making a substring costs more than
        // drawing a short symbol); text that starts in it, from its first other byte.
        // Safe: the text's bytes are lent for the call, and the prefix drawn is at most their count.
        let standalone = unsafe native.utf8.withContiguousStorageIfAvailable { bytes in
            unsafe drawStandalone(UnsafeBufferPointer(rebasing: bytes[Swift.min(prefix.bytes, bytes.count)...]), column: prefix.end, row: row, bounds: bounds, look: look)
        }
        if let end = standalone ?? nil { return end }
        var x = column
        func put(_ character: Character, width w: Int) -> Bool {
            if w == 0 {
                // A mark with nothing to attach to on screen is dropped; otherwise it joins the cell before.
                if x > bounds.column, x - 1 < bounds.maxColumn {
                    var before = x - 1
                    if storage[base + before].isContinuation && before > 0 { before -= 1 }
                    var joined = self.text(of: storage[base + before])
                    joined.append(character)
                    storage[base + before].glyph = glyph(joined)
                }
                return true
            }
            if x >= bounds.maxColumn { return false }
            if x >= bounds.column {
                if w == 2 && x + 1 >= bounds.maxColumn {
                    storage[base + x] = PackedCell(glyph: 0x20, look: look | 1)
                    repairEdges(row: row, from: x, to: x + 1)
                    x += 1
                    return false
                }
                storage[base + x] = PackedCell(glyph: glyph(character), look: look | UInt32(w))
                if w == 2 { storage[base + x + 1] = PackedCell(glyph: PackedCell.empty, look: look) }
                repairEdges(row: row, from: x, to: x + w)
            }
            x = x.addingSaturating(w)
            return true
        }
        for character in text {
            if let substitutes = visibleSubstitutes(for: character, column: x - column) {
                for (c, w) in substitutes where !put(c, width: w) { return x }
                continue
            }
            if !put(character, width: displayWidth(character)) { break }
        }
        return x
    }

    /// Draws the printable ASCII that `text` starts with (one cell a byte) and returns how many
    /// bytes that is and the column after them; the rest, from the first other byte, is left to
    /// the slower paths. `text`'s UTF-8 is contiguous (the caller makes it so); were it not,
    /// nothing would be drawn here and all of it would be left to them.
    private mutating func drawASCIIPrefix(_ text: String, column: Int, row: Int, bounds: CellRect, look: UInt32) -> (bytes: Int, end: Int) {
        let base = row * columns
        // Safe: `count` stops at the text's length, and the cells written run from `start` to `end`,
        // both inside `bounds` (clipped to the buffer) on a row inside it.
        return unsafe text.utf8.withContiguousStorageIfAvailable { bytes -> (bytes: Int, end: Int) in
            guard let source = bytes.baseAddress else { return (0, column) }
            var count = 0
            while count < bytes.count, unsafe source[count] >= 0x20, unsafe source[count] < 0x7F { count += 1 }
            let start = Swift.max(column, bounds.column)
            let end = Swift.min(column.addingSaturating(count), bounds.maxColumn)
            if start < end {
                unsafe storage.withUnsafeMutableBufferPointer { cells in
                    guard let target = unsafe cells.baseAddress?.advanced(by: base + start) else { return }
                    let offset = start - column
                    for i in 0..<(end - start) { unsafe target[i] = unsafe PackedCell(glyph: UInt32(source[offset + i]), look: look | 1) }
                }
                repairEdges(row: row, from: start, to: end)
            }
            return (count, column.addingSaturating(count))
        } ?? (0, column)
    }

    /// Draws the UTF-8 text `bytes` when each of its code points stands alone as a cluster (see
    /// `Unicode.Scalar.standaloneDisplayWidth`) and returns the column after it; nil for any
    /// other text (or bytes that are not UTF-8). On nil it may have drawn the start of the text:
    /// the cluster-by-cluster path then draws the whole text over the same cells, and more.
    /// The code points are read from the bytes directly: a status line's "·" and "▲" between
    /// words come this way every frame.
    private mutating func drawStandalone(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, bounds: CellRect, look: UInt32) -> Int? {
        let base = row * columns
        var x = column
        var first: Int? = nil
        var i = 0
        while i < bytes.count {
            guard let (scalar, length) = unsafe Self.scalar(in: bytes, at: i), let w = scalar.standaloneDisplayWidth else { return nil }
            i += length
            if x >= bounds.maxColumn {
                // Past the clip: nothing more is drawn, but the rest must still stand alone.
                while i < bytes.count {
                    guard let (rest, length) = unsafe Self.scalar(in: bytes, at: i), rest.standaloneDisplayWidth != nil else { return nil }
                    i += length
                }
                break
            }
            if x >= bounds.column {
                if first == nil { first = x }
                if w == 2 && x + 1 >= bounds.maxColumn {
                    // A wide character cut by the edge: a space in its place, and nothing after.
                    storage[base + x] = PackedCell(glyph: 0x20, look: look | 1)
                    x += 1
                    break
                }
                storage[base + x] = PackedCell(glyph: scalar.value, look: look | UInt32(w))
                if w == 2 { storage[base + x + 1] = PackedCell(glyph: PackedCell.empty, look: look) }
            }
            x = x.addingSaturating(w)
        }
        if let first { repairEdges(row: row, from: first, to: Swift.min(x, bounds.maxColumn)) }
        return x
    }

    /// The code point whose UTF-8 starts at `bytes[i]` and how many bytes it takes; nil where the
    /// bytes there are not a whole, well-formed code point.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        // Safe: callers give `i < bytes.count`, and the bytes after the lead are read only once
        // `i + length` is checked to lie inside.
        let lead = unsafe bytes[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, i + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for k in 1..<length {
            let byte = unsafe bytes[i + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// What to draw for a character holding control characters (nil for one that holds none):
    /// spaces for a tab, a visible picture for each other control, the rest as it is.
    private func visibleSubstitutes(for character: Character, column: Int) -> [(Character, Int)]? {
        guard character.unicodeScalars.contains(where: \.isControlCharacter) else { return nil }
        var result: [(Character, Int)] = []
        var at = column
        for scalar in character.unicodeScalars {
            if scalar.value == 0x09 {
                let spaces = 8 - (at % 8 + 8) % 8
                for _ in 0..<spaces { result.append((" ", 1)) }
                at = at.addingSaturating(spaces)
            } else if scalar.isControlCharacter {
                result.append((Character(scalar.visibleSubstitute), 1))
                at = at.addingSaturating(1)
            } else {
                let c = Character(scalar)
                let w = displayWidth(c)
                result.append((c, w))
                at = at.addingSaturating(w)
            }
        }
        return result
    }

    /// The text of one row, with wide characters once and trailing spaces kept.
    public func text(ofRow row: Int) -> String {
        guard row >= 0 && row < rows else { return "" }
        var line = ""
        for x in 0..<columns { line += text(of: storage[row * columns + x]) }
        return line
    }

    /// The whole buffer as lines of text, trailing spaces removed.
    public var text: String {
        (0..<rows).map { text(ofRow: $0).replacingTrailingSpaces() }.joined(separator: "\n")
    }

    /// Copies rows `source` of `other` over rows starting at `destination` of this buffer (same width).
    package mutating func copyRows(_ source: Range<Int>, of other: Buffer, to destination: Int) {
        guard other.columns == columns else { return }
        for (i, y) in source.enumerated() { copyCells(of: y, from: other, to: destination + i, column: 0) }
    }

    /// Copies rows `lines` of `source` onto the rows from `row` of this buffer, from `column`:
    /// what ``copyCells(of:from:to:column:sourceColumn:width:)`` does a row at a time (`width`
    /// cells from `sourceColumn`, all of each row by default), as one block of memory when whole
    /// rows of the same width are copied inside both buffers.
    package mutating func copyLines(_ lines: Range<Int>, of source: Buffer, to row: Int, column: Int, sourceColumn: Int = 0, width: Int? = nil) {
        if column == 0, sourceColumn == 0, source.columns == columns, (width ?? columns) == columns, lines.lowerBound >= 0, lines.upperBound <= source.rows, row >= 0,
           row <= rows - lines.count, source.clusters.isEmpty, takesColors(of: source) {
            let count = lines.count * columns, from = lines.lowerBound * columns, to = row * columns
            // Safe: the condition above puts `lines` inside `source` and `row..<row + lines.count`
            // inside this buffer, both `columns` wide.
            unsafe storage.withUnsafeMutableBufferPointer { mine in
                unsafe source.storage.withUnsafeBufferPointer { theirs in
                    guard let target = mine.baseAddress, let origin = theirs.baseAddress else { return }
                    // In pieces of 2 KB: a larger copy is a string instruction that counts one
                    // step a byte where instructions are counted (the frame benchmarks).
                    var done = 0
                    while done < count {
                        let n = Swift.min(256, count - done)
                        unsafe (target + to + done).update(from: origin + from + done, count: n)
                        done += n
                    }
                }
            }
            return
        }
        for (i, line) in lines.enumerated() { copyCells(of: line, from: source, to: row + i, column: column, sourceColumn: sourceColumn, width: width) }
    }

    /// Copies `width` cells (all of the row by default) of row `sourceRow` of `source`, from
    /// `sourceColumn`, onto row `row` of this buffer from `column`; whatever falls outside either
    /// buffer is left out. Rows without long clusters copy as memory.
    @usableFromInline package mutating func copyCells(of sourceRow: Int, from source: Buffer, to row: Int, column: Int, sourceColumn: Int = 0, width: Int? = nil) {
        guard sourceRow >= 0, sourceRow < source.rows, row >= 0, row < rows else { return }
        var from = sourceColumn, to = column, count = width ?? source.columns
        if from < 0 { count += from; to -= from; from = 0 }
        if to < 0 { count += to; from -= to; to = 0 }
        count = Swift.min(Swift.min(count, source.columns - from), columns - to)
        guard count > 0 else { return }
        let a = sourceRow * source.columns + from, b = row * columns + to
        if source.clusters.isEmpty && takesColors(of: source) {
            // Safe: `count` was cut to what lies past `from` in the source row and past `to` in this one.
            unsafe storage.withUnsafeMutableBufferPointer { mine in
                unsafe source.storage.withUnsafeBufferPointer { theirs in
                    guard let target = mine.baseAddress, let origin = theirs.baseAddress else { return }
                    unsafe (target + b).update(from: origin + a, count: count)
                }
            }
        } else {
            let agree = takesColors(of: source)
            for i in 0..<count {
                var cell = source.storage[a + i]
                if cell.isCluster { cell.glyph = glyph(source.clusters[cell.clusterIndex]) }
                if !agree { cell.look = cell.look & PackedCell.widthBits | look(source.packedStyle(of: cell)) }
                storage[b + i] = cell
            }
        }
        repairEdges(row: row, from: to, to: to + count)
        // A wide character cut by the copy's own ends loses its other half: a space instead.
        if storage[b].isContinuation && (to == 0 || storage[b - 1].width != 2) { storage[b].glyph = 0x20; storage[b].width = 1 }
        let last = b + count - 1
        if storage[last].width == 2 && (to + count >= columns || !storage[last + 1].isContinuation) { storage[last].glyph = 0x20; storage[last].width = 1 }
    }

    /// Runs `body` on the cells as memory, for drawing paths in other files (each clips what it
    /// writes to `rows × columns`, the storage's count).
    mutating func withStorage<R>(_ body: (inout UnsafeMutableBufferPointer<PackedCell>) -> R) -> R {
        unsafe storage.withUnsafeMutableBufferPointer(body)
    }

    /// Overwriting half of a wide character leaves the other half orphaned: blank it.
    mutating func repairEdges(row: Int, from start: Int, to end: Int) {
        let base = row * columns
        if start > 0, start < columns, storage[base + start - 1].width == 2, storage[base + start].width != 0 {
            storage[base + start - 1].glyph = 0x20
            storage[base + start - 1].width = 1
        }
        if end < columns, end > 0, storage[base + end].isContinuation, storage[base + end - 1].width != 2 {
            storage[base + end].glyph = 0x20
            storage[base + end].width = 1
        }
    }

    // MARK: Rows as memory

    /// A block of rows whose content the drawing widget moved since the frame before, as a hint
    /// for the renderer (which checks it before it uses it): rows `top...bottom` show what they
    /// showed `distance` rows further down (positive: the content moved up).
    package struct MovedRows: Equatable {
        package var top: Int
        package var bottom: Int
        package var distance: Int

        package init(top: Int, bottom: Int, distance: Int) {
            self.top = top
            self.bottom = bottom
            self.distance = distance
        }
    }

    /// Blocks of rows moved since the last frame, noted by the widgets that moved them; emptied by
    /// ``clear(with:)``.
    package private(set) var movedRows: [MovedRows] = []

    /// Notes that rows `top...bottom` now show what they showed `distance` rows further down.
    package mutating func noteMovedRows(top: Int, bottom: Int, distance: Int) {
        guard distance != 0, top >= 0, bottom < rows, top <= bottom, movedRows.count < 16 else { return }
        movedRows.append(MovedRows(top: top, bottom: bottom, distance: distance))
    }

    /// The rows a widget drew anew from what it shows (a table's rows not on screen the frame
    /// before), a bit a row; emptied by ``clear(with:)``. No old row moved to one of them, so a
    /// renderer need not look for one there.
    package private(set) var freshRows: [UInt64] = []

    /// Notes that row `y` was drawn anew from what the widget shows, not moved from the last frame.
    package mutating func noteFreshRow(_ y: Int) {
        guard y >= 0, y < rows else { return }
        let word = y >> 6
        if freshRows.count <= word { freshRows += repeatElement(0, count: word + 1 - freshRows.count) }
        freshRows[word] |= 1 << UInt64(y & 63)
    }

    /// True when row `y` was noted as drawn anew (``noteFreshRow(_:)``).
    package func isFreshRow(_ y: Int) -> Bool {
        let word = y >> 6
        return y >= 0 && word < freshRows.count && freshRows[word] & (1 << UInt64(y & 63)) != 0
    }

    /// True when the first `width` cells of row `y` show what those of row `otherY` of `other`
    /// show. Without long clusters in either buffer, and with colour tables that agree, equal
    /// cells are equal bytes: one `memcmp`.
    @inlinable
    package func rowEqual(_ y: Int, as other: Buffer, _ otherY: Int, width: Int) -> Bool {
        let width = Swift.min(Swift.min(width, columns), other.columns)
        guard width > 0, y >= 0, y < rows, otherY >= 0, otherY < other.rows else { return width <= 0 }
        let a = y * columns, b = otherY * other.columns
        if clusters.isEmpty && other.clusters.isEmpty && (colors.extends(other.colors) || other.colors.extends(colors)) {
            // Safe: `width` is cut to both buffers' widths, and both rows are checked to lie inside.
            return unsafe storage.withUnsafeBytes { mine in
                unsafe other.storage.withUnsafeBytes { theirs in
                    let stride = MemoryLayout<PackedCell>.stride
                    return unsafe memcmp(mine.baseAddress! + a * stride, theirs.baseAddress! + b * stride, width * stride) == 0
                }
            }
        }
        for x in 0..<width where !sameCell(a + x, as: other, b + x) { return false }
        return true
    }

    /// Moves rows `top...bottom` up by `distance` rows (down when negative) and blanks the rows
    /// left behind, in place: what a terminal does with a scroll region.
    package mutating func scrollRows(top: Int, bottom: Int, distance: Int) {
        guard top >= 0, bottom < rows, top <= bottom, distance != 0 else { return }
        let n = Swift.min(abs(distance), bottom - top + 1)
        let columns = self.columns
        // Safe: `top...bottom` is checked to lie inside the rows, and `n` is at most their count.
        unsafe storage.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            let kept = (bottom - top + 1 - n) * columns * MemoryLayout<PackedCell>.stride
            if distance > 0 {
                unsafe memmove(base + top * columns, base + (top + n) * columns, kept)
                unsafe cells[((bottom - n + 1) * columns)..<((bottom + 1) * columns)].update(repeating: .blank)
            } else {
                unsafe memmove(base + (top + n) * columns, base + top * columns, kept)
                unsafe cells[(top * columns)..<((top + n) * columns)].update(repeating: .blank)
            }
        }
    }

    // MARK: Packing

    /// The text a packed cell shows.
    @inlinable
    package func text(of cell: PackedCell) -> String {
        if cell.isCluster { return clusters[cell.clusterIndex] }
        if cell.glyph == PackedCell.empty { return "" }
        return Unicode.Scalar(cell.glyph).map { String(Character($0)) } ?? "\u{FFFD}"
    }

    /// True when the cell at `column`, `row` is a blank in the default style, read packed (no
    /// cell is unpacked); positions outside count as blank.
    package func isDefaultBlank(column: Int, row: Int) -> Bool {
        !contains(column, row) || storage[row * columns + column] == .blank
    }

    /// True when cell `index` shows what cell `otherIndex` of `other` shows, byte for byte.
    @inlinable
    package func sameCell(_ index: Int, as other: Buffer, _ otherIndex: Int) -> Bool {
        let a = storage[index], b = other.storage[otherIndex]
        // The colours by value: each buffer numbers its own.
        guard a.look & PackedCell.shapeBits == b.look & PackedCell.shapeBits, sameColors(a, as: other, b) else { return false }
        guard a.isCluster || b.isCluster else { return a.glyph == b.glyph }
        return a.isCluster && b.isCluster && clusters[a.clusterIndex].utf8.elementsEqual(other.clusters[b.clusterIndex].utf8)
    }

    /// True when `a` of this buffer and `b` of `other` have the same colours, each read in its own table.
    @inlinable
    package func sameColors(_ a: PackedCell, as other: Buffer, _ b: PackedCell) -> Bool {
        colors.pair(numbered: a.colors) == other.colors.pair(numbered: b.colors)
    }

    /// How `cell` of this buffer looks: its attributes and its colours.
    @inlinable
    package func packedStyle(of cell: PackedCell) -> PackedStyle {
        let pair = colors.pair(numbered: cell.colors)
        return PackedStyle(attributes: cell.attributes, foreground: UInt32(truncatingIfNeeded: pair >> 32), background: UInt32(truncatingIfNeeded: pair))
    }

    /// The look of a cell in `style`, with width 0 (added by the caller): its colours numbered
    /// in this buffer's table, added when new.
    package mutating func look(_ style: PackedStyle) -> UInt32 {
        let pair = ColorPairs.pair(style)
        var number = colors.number(of: pair)
        if number == nil {
            compactColors()
            number = colors.number(of: pair)
        }
        return PackedCell.look(width: 0, attributes: style.attributes, colors: number ?? 0)
    }

    /// Makes the colours of this buffer's cells numbers that `source`'s cells can be copied
    /// with, and returns true, when one table starts with the other (taking `source`'s when it
    /// is the longer); false when they differ.
    package mutating func takesColors(of source: Buffer) -> Bool {
        if colors.extends(source.colors) { return true }
        guard source.colors.extends(colors) else { return false }
        colors = source.colors
        return true
    }

    /// Numbers this buffer's colours as `other` does (adding the pairs it lacks), so that cells
    /// drawn here afterwards compare and copy with `other`'s as memory: what a renderer does
    /// with the buffer it draws the next frame in, and a cache of cells with the cells it keeps.
    /// Cheap when this buffer's table is the start of `other`'s (a frame's before it, a cleared
    /// buffer's); otherwise each cell is numbered again.
    public mutating func numberColors(as other: Buffer) {
        guard !takesColors(of: other), other.colors.count + colors.count < other.colors.capacity else { return }
        renumberColors(into: other.colors)
    }

    /// Rebuilds a full colour table from the pairs the cells use, numbering them again.
    private mutating func compactColors() { renumberColors(into: ColorPairs(capacity: colors.capacity)) }

    /// Numbers every cell's colours in `table` (adding the pairs it lacks) and keeps it as this
    /// buffer's. The caller makes sure it has room for them.
    private mutating func renumberColors(into table: ColorPairs) {
        let old = colors
        colors = table
        for i in storage.indices {
            storage[i] = storage[i].withColors(colors.number(of: old.pair(numbered: storage[i].colors)) ?? 0)
        }
    }

    private func unpack(_ cell: PackedCell) -> Cell {
        Cell(text(of: cell), width: cell.width, style: packedStyle(of: cell).style)
    }

    private mutating func pack(_ cell: Cell) -> PackedCell {
        PackedCell(glyph: glyph(cell.text), look: look(PackedStyle(cell.style)) | UInt32(Swift.min(cell.width, 2)))
    }

    /// The glyph for `character`: inline when it is one code point, else kept in the side table.
    private mutating func glyph(_ character: Character) -> UInt32 {
        if let scalar = PackedCell.inlineGlyph(character.unicodeScalars) { return scalar }
        return cluster(String(character))
    }

    /// The glyph for `text`: inline when it is one code point or empty, else kept in the side table.
    private mutating func glyph(_ text: String) -> UInt32 {
        if text.isEmpty { return PackedCell.empty }
        if let scalar = PackedCell.inlineGlyph(text.unicodeScalars) { return scalar }
        return cluster(text)
    }

    /// Adds `text` to the side table. The table is emptied when the whole buffer is cleared, and
    /// rebuilt from the cells that still use it when it has grown to twice their number, so it
    /// stays small and each addition costs constant time on average.
    private mutating func cluster(_ text: String) -> UInt32 {
        if clusters.count >= clusterLimit {
            var kept: [String] = []
            for i in storage.indices where storage[i].isCluster {
                kept.append(clusters[storage[i].clusterIndex])
                storage[i].glyph = PackedCell.clusterFlag | UInt32(kept.count - 1)
            }
            clusters = kept
            clusterLimit = Swift.max(64, 2 * kept.count)
        }
        clusters.append(text)
        return PackedCell.clusterFlag | UInt32(clusters.count - 1)
    }
}

extension Buffer: Hashable {
    /// Same size and the same text, widths and styles in every cell.
    public static func == (a: Buffer, b: Buffer) -> Bool {
        guard a.columns == b.columns, a.rows == b.rows else { return false }
        for i in a.storage.indices where !a.sameCell(i, as: b, i) { return false }
        return true
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
        hasher.combine(rows)
        for cell in storage {
            hasher.combine(cell.look & PackedCell.shapeBits)
            hasher.combine(colors.pair(numbered: cell.colors))
            if cell.isCluster {
                for byte in clusters[cell.clusterIndex].utf8 { hasher.combine(byte) }
            } else {
                hasher.combine(cell.glyph)
            }
        }
    }
}

extension String {
    package func replacingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
