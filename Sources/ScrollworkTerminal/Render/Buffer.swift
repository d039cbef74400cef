import Scrollwork

/// A grid of cells that widgets draw into and the renderer compares between frames.
public struct Buffer: Sendable, Hashable {
    /// Width in cells.
    public private(set) var columns: Int
    /// Height in cells.
    public private(set) var rows: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// The largest width or height a buffer takes, in cells; larger sizes are clamped to it.
    public static let maximumSide = 4096

    /// A blank buffer; sizes are clamped to 0…``maximumSide``.
    public init(columns: Int, rows: Int, fill: Cell = .blank()) {
        self.columns = Swift.min(Swift.max(0, columns), Self.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Self.maximumSide)
        cells = [Cell](repeating: fill, count: self.columns * self.rows)
    }

    /// The whole buffer as a rectangle of cells.
    public var area: CellRect { CellRect(column: 0, row: 0, columns: columns, rows: rows) }

    /// The cell at `column`, `row`; a blank for positions outside.
    public subscript(column: Int, row: Int) -> Cell {
        get { contains(column, row) ? cells[row * columns + column] : .blank() }
        set { if contains(column, row) { cells[row * columns + column] = newValue } }
    }

    /// True when the position lies inside the buffer.
    public func contains(_ column: Int, _ row: Int) -> Bool { column >= 0 && column < columns && row >= 0 && row < rows }

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: CellRect, with cell: Cell = .blank()) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.row..<r.maxRow {
            let base = y * columns
            for x in r.column..<r.maxColumn { cells[base + x] = cell }
            repairEdges(row: y, from: r.column, to: r.maxColumn)
        }
    }

    /// Changes the style of every cell in `rect` with `change`.
    /// A wide character touched by the rectangle is restyled whole, both its cells.
    public mutating func restyle(_ rect: CellRect, _ change: (inout Style) -> Void) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.row..<r.maxRow {
            let base = y * columns
            var start = r.column, end = r.maxColumn
            if cells[base + start].isContinuation && start > 0 { start -= 1 }
            if end < columns && cells[base + end].isContinuation { end += 1 }
            for x in start..<end { change(&cells[base + x].style) }
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
        let bounds = (clip ?? area).intersection(area)
        guard row >= bounds.row, row < bounds.maxRow, !bounds.isEmpty else { return column.addingSaturating(displayWidth(text)) }
        let base = row * columns
        // Printable ASCII, the common case, is one cell per byte: no grapheme breaking needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let count = text.utf8.count
            let start = Swift.max(column, bounds.column)
            let end = Swift.min(column.addingSaturating(count), bounds.maxColumn)
            guard start < end else { return column.addingSaturating(count) }
            var x = column
            for byte in text.utf8 {
                if x >= end { break }
                if x >= start { cells[base + x] = Cell(String(UnicodeScalar(byte)), width: 1, style: style) }
                x += 1
            }
            repairEdges(row: row, from: start, to: end)
            return column.addingSaturating(count)
        }
        var x = column
        func put(_ character: Character, width w: Int) -> Bool {
            if w == 0 {
                // A mark with nothing to attach to on screen is dropped; otherwise it joins the cell before.
                if x > bounds.column, x - 1 < bounds.maxColumn {
                    var before = x - 1
                    if self[before, row].isContinuation && before > 0 { before -= 1 }
                    cells[base + before].text.append(character)
                }
                return true
            }
            if x >= bounds.maxColumn { return false }
            if x >= bounds.column {
                if w == 2 && x + 1 >= bounds.maxColumn {
                    cells[base + x] = Cell(" ", width: 1, style: style)
                    repairEdges(row: row, from: x, to: x + 1)
                    x += 1
                    return false
                }
                cells[base + x] = Cell(String(character), width: UInt8(w), style: style)
                if w == 2 { cells[base + x + 1] = Cell("", width: 0, style: style) }
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
        for x in 0..<columns { line += cells[row * columns + x].text }
        return line
    }

    /// The whole buffer as lines of text, trailing spaces removed.
    public var text: String {
        (0..<rows).map { text(ofRow: $0).replacingTrailingSpaces() }.joined(separator: "\n")
    }

    /// Copies rows `source` of `other` over rows starting at `destination` of this buffer (same width).
    mutating func copyRows(_ source: Range<Int>, of other: Buffer, to destination: Int) {
        guard other.columns == columns else { return }
        for (i, y) in source.enumerated() where y >= 0 && y < other.rows && destination + i >= 0 && destination + i < rows {
            let from = y * columns, to = (destination + i) * columns
            for x in 0..<columns { cells[to + x] = other.cells[from + x] }
        }
    }

    /// Overwriting half of a wide character leaves the other half orphaned: blank it.
    private mutating func repairEdges(row: Int, from start: Int, to end: Int) {
        let base = row * columns
        if start > 0, start < columns, cells[base + start - 1].width == 2, cells[base + start].width != 0 {
            cells[base + start - 1] = Cell(" ", width: 1, style: cells[base + start - 1].style)
        }
        if end < columns, end > 0, cells[base + end].isContinuation, cells[base + end - 1].width != 2 {
            cells[base + end] = Cell(" ", width: 1, style: cells[base + end].style)
        }
    }
}

/// A rectangle of cells.
///
/// Positions are clamped to ±``CellRect/coordinateLimit`` and sizes to 0…``CellRect/coordinateLimit``:
/// no screen comes near that, and it keeps every sum and difference of positions and sizes far
/// from `Int`'s ends, so layout arithmetic cannot overflow.
public struct CellRect: Sendable, Hashable {
    /// The largest position or size a rectangle keeps (10⁹ cells).
    public static let coordinateLimit = 1_000_000_000

    /// The first column.
    public var column: Int { didSet { column = Self.position(column) } }
    /// The first row.
    public var row: Int { didSet { row = Self.position(row) } }
    /// Width in cells.
    public var columns: Int { didSet { columns = Self.size(columns) } }
    /// Height in cells.
    public var rows: Int { didSet { rows = Self.size(rows) } }

    /// Creates a rectangle; negative sizes count as empty.
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = Self.position(column)
        self.row = Self.position(row)
        self.columns = Self.size(columns)
        self.rows = Self.size(rows)
    }

    @inline(__always) static func position(_ v: Int) -> Int { Swift.min(Swift.max(v, -coordinateLimit), coordinateLimit) }
    @inline(__always) static func size(_ v: Int) -> Int { Swift.min(Swift.max(v, 0), coordinateLimit) }

    /// The column after the last (held at `Int.max` rather than overflowing).
    public var maxColumn: Int { column.addingSaturating(columns) }
    /// The row after the last (held at `Int.max` rather than overflowing).
    public var maxRow: Int { row.addingSaturating(rows) }
    /// True when it holds no cells.
    public var isEmpty: Bool { columns == 0 || rows == 0 }

    /// True when the cell lies inside.
    public func contains(column c: Int, row r: Int) -> Bool { c >= column && c < maxColumn && r >= row && r < maxRow }

    /// The cells both rectangles hold.
    public func intersection(_ other: CellRect) -> CellRect {
        let c0 = Swift.max(column, other.column), r0 = Swift.max(row, other.row)
        let c1 = Swift.min(maxColumn, other.maxColumn), r1 = Swift.min(maxRow, other.maxRow)
        return CellRect(column: c0, row: r0, columns: c1.subtractingSaturating(c0), rows: r1.subtractingSaturating(r0))
    }

    /// The rectangle shrunk by the given number of cells on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> CellRect {
        CellRect(column: column.addingSaturating(left), row: row.addingSaturating(top),
                 columns: columns.subtractingSaturating(left).subtractingSaturating(right),
                 rows: rows.subtractingSaturating(top).subtractingSaturating(bottom))
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
