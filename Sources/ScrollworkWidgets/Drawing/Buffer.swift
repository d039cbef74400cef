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
    /// How large ``clusters`` may grow before it is rebuilt from the cells that use it.
    private var clusterLimit = 64
    /// The largest width or height a buffer takes, in cells; larger sizes are clamped to it.
    public static let maximumSide = 4096

    /// A blank buffer; sizes are clamped to 0…``maximumSide``.
    public init(columns: Int, rows: Int, fill: Cell = .blank()) {
        self.columns = Swift.min(Swift.max(0, columns), Self.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Self.maximumSide)
        storage = []
        storage = [PackedCell](repeating: pack(fill), count: self.columns * self.rows)
    }

    /// The whole buffer as a rectangle of cells.
    public var area: CellRect { CellRect(column: 0, row: 0, columns: columns, rows: rows) }

    /// The cells, row by row.
    public var cells: [Cell] { storage.map(unpack) }

    /// The cell at `column`, `row`; a blank for positions outside.
    public subscript(column: Int, row: Int) -> Cell {
        get { contains(column, row) ? unpack(storage[row * columns + column]) : .blank() }
        set { if contains(column, row) { storage[row * columns + column] = pack(newValue) } }
    }

    /// Puts one code point, one cell wide, at `column`, `row` (nothing outside the buffer):
    /// what drawing a `Cell` does, without making a string for it.
    package mutating func set(_ scalar: Unicode.Scalar, column: Int, row: Int, style: PackedStyle) {
        guard contains(column, row) else { return }
        storage[row * columns + column] = PackedCell(glyph: scalar.value, width: 1, style: style)
        repairEdges(row: row, from: column, to: column + 1)
    }

    /// True when the position lies inside the buffer.
    public func contains(_ column: Int, _ row: Int) -> Bool { column >= 0 && column < columns && row >= 0 && row < rows }

    /// Makes every cell `cell`, keeping the size and the memory: what a host does before it draws
    /// the next frame into the same buffer.
    public mutating func clear(with cell: Cell = .blank()) {
        clusters.removeAll(keepingCapacity: true)
        clusterLimit = 64
        movedRows.removeAll(keepingCapacity: true)
        freshRows.removeAll(keepingCapacity: true)
        let packed = pack(cell)
        let columns = self.columns
        storage.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress, columns > 0 else { return }
            if packed == .blank {
                // The usual blank: each row copied from a blank row made once, a memory copy.
                Self.blankRow.withUnsafeBufferPointer { blank in
                    guard let source = blank.baseAddress else { return }
                    for row in 0..<rows { (base + row * columns).update(from: source, count: columns) }
                }
            } else {
                cells.update(repeating: packed)
            }
        }
    }

    /// A row of blank cells as wide as the widest buffer.
    private static let blankRow = [PackedCell](repeating: .blank, count: maximumSide)

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: CellRect, with cell: Cell = .blank()) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        if r == area { clear(with: cell); return }
        let packed = pack(cell)
        let columns = self.columns
        storage.withUnsafeMutableBufferPointer { cells in
            guard let start = cells.baseAddress else { return }
            // The first cell set, then copied onto twice as many cells at a time: a memory copy
            // a step, where setting cells one by one costs ten instructions each.
            for y in r.row..<r.maxRow {
                let line = start + y * columns + r.column
                line.pointee = packed
                var filled = 1
                while filled < r.columns {
                    let n = Swift.min(filled, r.columns - filled)
                    (line + filled).update(from: line, count: n)
                    filled += n
                }
            }
        }
        for y in r.row..<r.maxRow { repairEdges(row: y, from: r.column, to: r.maxColumn) }
    }

    /// Changes the style of every cell in `rect` with `change`.
    /// A wide character touched by the rectangle is restyled whole, both its cells.
    public mutating func restyle(_ rect: CellRect, _ change: (inout Style) -> Void) {
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
                let from = storage[base + x].packedStyle
                if let last, last.from == from { storage[base + x].packedStyle = last.to; continue }
                var style = from.style
                change(&style)
                let to = PackedStyle(style)
                last = (from, to)
                storage[base + x].packedStyle = to
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
    public mutating func draw(_ text: String, column: Int, row: Int, style: Style = .plain, clip: CellRect? = nil) -> Int {
        let bounds = clip.map { $0.intersection(area) } ?? area
        guard row >= bounds.row, row < bounds.maxRow, !bounds.isEmpty else { return column.addingSaturating(displayWidth(text)) }
        let base = row * columns
        let packedStyle = PackedStyle(style)
        // Printable ASCII, the common case, is one cell per byte: no grapheme breaking needed;
        // what follows it (an ellipsis, accented names) goes on from there when each of its code
        // points stands alone, and otherwise the whole text takes the cluster-by-cluster path.
        var native = text
        if native.utf8.withContiguousStorageIfAvailable({ _ in true }) == nil { native.makeContiguousUTF8() }
        let prefix = drawASCIIPrefix(native, column: column, row: row, bounds: bounds, style: packedStyle)
        if prefix.bytes == native.utf8.count { return prefix.end }
        // Text that starts outside ASCII goes on whole (making a substring costs more than
        // drawing a short symbol); text that starts in it, from its first other byte.
        let standalone = prefix.bytes == 0 ? drawStandalone(native, column: column, row: row, bounds: bounds, style: packedStyle)
            : drawStandalone(Substring(native.utf8[native.utf8.index(native.utf8.startIndex, offsetBy: prefix.bytes)...]),
                             column: prefix.end, row: row, bounds: bounds, style: packedStyle)
        if let end = standalone { return end }
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
                    storage[base + x] = PackedCell(glyph: 0x20, width: 1, style: packedStyle)
                    repairEdges(row: row, from: x, to: x + 1)
                    x += 1
                    return false
                }
                storage[base + x] = PackedCell(glyph: glyph(character), width: UInt8(w), style: packedStyle)
                if w == 2 { storage[base + x + 1] = PackedCell(glyph: PackedCell.empty, width: 0, style: packedStyle) }
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
    private mutating func drawASCIIPrefix(_ text: String, column: Int, row: Int, bounds: CellRect, style: PackedStyle) -> (bytes: Int, end: Int) {
        let base = row * columns
        return text.utf8.withContiguousStorageIfAvailable { bytes -> (bytes: Int, end: Int) in
            guard let source = bytes.baseAddress else { return (0, column) }
            var count = 0
            while count < bytes.count, source[count] >= 0x20, source[count] < 0x7F { count += 1 }
            let start = Swift.max(column, bounds.column)
            let end = Swift.min(column.addingSaturating(count), bounds.maxColumn)
            if start < end {
                storage.withUnsafeMutableBufferPointer { cells in
                    guard let target = cells.baseAddress?.advanced(by: base + start) else { return }
                    let offset = start - column
                    for i in 0..<(end - start) { target[i] = PackedCell(glyph: UInt32(source[offset + i]), width: 1, style: style) }
                }
                repairEdges(row: row, from: start, to: end)
            }
            return (count, column.addingSaturating(count))
        } ?? (0, column)
    }

    /// Draws `text` when each of its code points stands alone as a cluster (see
    /// `Unicode.Scalar.standaloneDisplayWidth`) and returns the column after it; nil for any
    /// other text. On nil it may have drawn the start of the text: the cluster-by-cluster path
    /// then draws the whole text over the same cells, and more.
    private mutating func drawStandalone<Text: StringProtocol>(_ text: Text, column: Int, row: Int, bounds: CellRect, style: PackedStyle) -> Int? {
        let base = row * columns
        var x = column
        var first: Int? = nil
        for scalar in text.unicodeScalars {
            guard let w = scalar.standaloneDisplayWidth else { return nil }
            if x >= bounds.maxColumn {
                // Past the clip: nothing more is drawn, but the rest must still stand alone.
                for rest in text.unicodeScalars where rest.standaloneDisplayWidth == nil { return nil }
                break
            }
            if x >= bounds.column {
                if first == nil { first = x }
                if w == 2 && x + 1 >= bounds.maxColumn {
                    // A wide character cut by the edge: a space in its place, and nothing after.
                    storage[base + x] = PackedCell(glyph: 0x20, width: 1, style: style)
                    x += 1
                    break
                }
                storage[base + x] = PackedCell(glyph: scalar.value, width: UInt8(w), style: style)
                if w == 2 { storage[base + x + 1] = PackedCell(glyph: PackedCell.empty, width: 0, style: style) }
            }
            x = x.addingSaturating(w)
        }
        if let first { repairEdges(row: row, from: first, to: Swift.min(x, bounds.maxColumn)) }
        return x
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
        if source.clusters.isEmpty {
            storage.withUnsafeMutableBufferPointer { mine in
                source.storage.withUnsafeBufferPointer { theirs in
                    guard let target = mine.baseAddress, let origin = theirs.baseAddress else { return }
                    (target + b).update(from: origin + a, count: count)
                }
            }
        } else {
            for i in 0..<count {
                var cell = source.storage[a + i]
                if cell.isCluster { cell.glyph = glyph(source.clusters[cell.clusterIndex]) }
                storage[b + i] = cell
            }
        }
        repairEdges(row: row, from: to, to: to + count)
        // A wide character cut by the copy's own ends loses its other half: a space instead.
        if storage[b].isContinuation && (to == 0 || storage[b - 1].width != 2) { storage[b].glyph = 0x20; storage[b].width = 1 }
        let last = b + count - 1
        if storage[last].width == 2 && (to + count >= columns || !storage[last + 1].isContinuation) { storage[last].glyph = 0x20; storage[last].width = 1 }
    }

    /// Runs `body` on the cells as memory, for drawing paths in other files.
    mutating func withStorage<R>(_ body: (inout UnsafeMutableBufferPointer<PackedCell>) -> R) -> R {
        storage.withUnsafeMutableBufferPointer(body)
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
    /// show. Without long clusters in either buffer, equal cells are equal bytes: one `memcmp`.
    @inlinable
    package func rowEqual(_ y: Int, as other: Buffer, _ otherY: Int, width: Int) -> Bool {
        let width = Swift.min(Swift.min(width, columns), other.columns)
        guard width > 0, y >= 0, y < rows, otherY >= 0, otherY < other.rows else { return width <= 0 }
        let a = y * columns, b = otherY * other.columns
        if clusters.isEmpty && other.clusters.isEmpty {
            return storage.withUnsafeBytes { mine in
                other.storage.withUnsafeBytes { theirs in
                    let stride = MemoryLayout<PackedCell>.stride
                    return memcmp(mine.baseAddress! + a * stride, theirs.baseAddress! + b * stride, width * stride) == 0
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
        storage.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            let kept = (bottom - top + 1 - n) * columns * MemoryLayout<PackedCell>.stride
            if distance > 0 {
                memmove(base + top * columns, base + (top + n) * columns, kept)
                cells[((bottom - n + 1) * columns)..<((bottom + 1) * columns)].update(repeating: .blank)
            } else {
                memmove(base + (top + n) * columns, base + top * columns, kept)
                cells[(top * columns)..<((top + n) * columns)].update(repeating: .blank)
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
        guard a.isCluster || b.isCluster else { return a == b }
        return a.isCluster && b.isCluster && a.width == b.width && a.packedStyle == b.packedStyle
            && clusters[a.clusterIndex].utf8.elementsEqual(other.clusters[b.clusterIndex].utf8)
    }

    private func unpack(_ cell: PackedCell) -> Cell {
        Cell(text(of: cell), width: cell.width, style: cell.packedStyle.style)
    }

    private mutating func pack(_ cell: Cell) -> PackedCell {
        PackedCell(glyph: glyph(cell.text), width: cell.width, style: PackedStyle(cell.style))
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
            hasher.combine(cell.width)
            hasher.combine(cell.attributes)
            hasher.combine(cell.foreground)
            hasher.combine(cell.background)
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
