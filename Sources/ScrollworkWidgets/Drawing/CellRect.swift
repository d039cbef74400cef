import Scrollwork

/// A rectangle of cells.
///
/// Positions are clamped to ±``CellRect/coordinateLimit`` and sizes to 0…``CellRect/coordinateLimit``:
/// no screen comes near that, and it keeps every sum and difference of positions and sizes far
/// from `Int`'s ends, so layout arithmetic cannot overflow.
@usableFromInline package struct CellRect: Sendable, Hashable {
    /// The largest position or size a rectangle keeps (10⁹ cells).
    @usableFromInline package static let coordinateLimit = 1_000_000_000

    /// The first column.
    @usableFromInline package var column: Int { didSet { column = Self.position(column) } }
    /// The first row.
    @usableFromInline package var row: Int { didSet { row = Self.position(row) } }
    /// Width in cells.
    @usableFromInline package var columns: Int { didSet { columns = Self.size(columns) } }
    /// Height in cells.
    @usableFromInline package var rows: Int { didSet { rows = Self.size(rows) } }

    /// Creates a rectangle; negative sizes count as empty.
    @usableFromInline package init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = Self.position(column)
        self.row = Self.position(row)
        self.columns = Self.size(columns)
        self.rows = Self.size(rows)
    }

    @inline(__always) static func position(_ v: Int) -> Int { Swift.min(Swift.max(v, -coordinateLimit), coordinateLimit) }
    @inline(__always) static func size(_ v: Int) -> Int { Swift.min(Swift.max(v, 0), coordinateLimit) }

    /// The column after the last (held at `Int.max` rather than overflowing).
    @usableFromInline package var maxColumn: Int { column.addingSaturating(columns) }
    /// The row after the last (held at `Int.max` rather than overflowing).
    @usableFromInline package var maxRow: Int { row.addingSaturating(rows) }
    /// True when it holds no cells.
    @usableFromInline package var isEmpty: Bool { columns == 0 || rows == 0 }

    /// True when the cell lies inside.
    @usableFromInline package func contains(column c: Int, row r: Int) -> Bool { c >= column && c < maxColumn && r >= row && r < maxRow }

    /// True when `cell` lies inside.
    @usableFromInline package func contains(_ cell: CellPosition) -> Bool { contains(column: cell.column, row: cell.row) }

    /// The cells both rectangles hold.
    @usableFromInline package func intersection(_ other: CellRect) -> CellRect {
        let c0 = Swift.max(column, other.column), r0 = Swift.max(row, other.row)
        let c1 = Swift.min(maxColumn, other.maxColumn), r1 = Swift.min(maxRow, other.maxRow)
        return CellRect(column: c0, row: r0, columns: c1.subtractingSaturating(c0), rows: r1.subtractingSaturating(r0))
    }

    /// The rectangle shrunk by the given number of cells on each side.
    @usableFromInline package func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> CellRect {
        CellRect(column: column.addingSaturating(left), row: row.addingSaturating(top),
                 columns: columns.subtractingSaturating(left).subtractingSaturating(right),
                 rows: rows.subtractingSaturating(top).subtractingSaturating(bottom))
    }
}
