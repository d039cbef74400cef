import Scrollwork

/// How points (the core's unit) map to terminal cells: 8 × 16 points per cell by default, so the
/// published constants (a 36 pt indicator, a 15 pt scroller track) keep their meaning.
public struct CellMetrics: Sendable, Hashable {
    /// Points per column; a value that is not a positive finite number is replaced by 8.
    public var cellWidth: Double = 8 { didSet { if !(cellWidth > 0 && cellWidth.isFinite) { cellWidth = 8 } } }
    /// Points per row; a value that is not a positive finite number is replaced by 16.
    public var cellHeight: Double = 16 { didSet { if !(cellHeight > 0 && cellHeight.isFinite) { cellHeight = 16 } } }

    /// The default mapping.
    public init() {}

    /// One cell in points: the line step of every terminal scroll view.
    public var cell: Size { Size(width: cellWidth, height: cellHeight) }

    /// `metrics` with rows, headers, footers and section gaps one cell tall each: a terminal
    /// draws whole rows. Accessories (ⓘ, ⊖, ≡) take three cells, what their symbol and the space
    /// around it are drawn in, so a click beside one reaches the row. Whether rows vary in height
    /// is kept.
    public func cells(_ metrics: ListMetrics) -> ListMetrics {
        var m = metrics
        (m.rowHeight, m.headerHeight, m.footerHeight, m.sectionSpacing) = (cellHeight, cellHeight, cellHeight, cellHeight)
        m.accessoryWidth = 3 * cellWidth
        return m
    }

    /// The size in points of `rect`.
    package func size(of rect: CellRect) -> Size {
        Size(width: Double(rect.columns) * cellWidth, height: Double(rect.rows) * cellHeight)
    }

    /// `rect` in points from the buffer's top-left corner.
    package func points(_ rect: CellRect) -> Rect {
        Rect(origin: Point(x: Double(rect.column) * cellWidth, y: Double(rect.row) * cellHeight), size: size(of: rect))
    }

    /// `x` moved to the nearest column boundary (a half rounds up); a value that is not finite
    /// is kept. Edges summed in points land on whole cells through it.
    public func aligned(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        return ((x + cellWidth / 2) / cellWidth).rounded(.down) * cellWidth
    }

    /// The point of `mouse` relative to `rect`'s origin.
    package func point(of mouse: MouseEvent, in rect: CellRect) -> Point {
        Point(x: mouse.x - Double(rect.column) * cellWidth, y: mouse.y - Double(rect.row) * cellHeight)
    }

    /// The cell that holds `point`; each coordinate is held to ±10⁹ cells, as
    /// every cell position is, so that any point has one and arithmetic on it cannot overflow.
    public func cell(at point: Point) -> CellPosition {
        CellPosition(column: CellRect.position(columns(forPoints: point.x)), row: CellRect.position(rows(forPoints: point.y)))
    }

    /// The top-left corner of `cell`, in points.
    public func origin(of cell: CellPosition) -> Point {
        Point(x: Double(cell.column) * cellWidth, y: Double(cell.row) * cellHeight)
    }

    /// The cell `mouse` is in.
    public func cell(of mouse: MouseEvent) -> CellPosition { cell(at: mouse.location) }

    /// The cells `rect` covers: each edge moved to the cell boundary it lies on or just past, so
    /// a rectangle made from cells (``points(_:)``) gives back those cells, and one a pixel
    /// host stretched over a fraction of a cell at its far edge gives the whole cells it covers.
    @usableFromInline package func cells(in rect: Rect) -> CellRect {
        let r = rect.standardized
        // A hair of slack: 8.000000001 points is still the edge of the first cell.
        func edge(_ v: Double, _ size: Double) -> Int { Int(flooringSaturating: v / size + 1e-6) }
        let column = edge(r.minX, cellWidth), row = edge(r.minY, cellHeight)
        return CellRect(column: column, row: row, columns: edge(r.maxX, cellWidth).subtractingSaturating(column),
                        rows: edge(r.maxY, cellHeight).subtractingSaturating(row))
    }

    /// Whole columns in `points` (rounded down; NaN is 0, huge values are held at `Int`'s ends).
    public func columns(forPoints points: Double) -> Int { Int(flooringSaturating: points / cellWidth) }

    /// Whole rows in `points` (rounded down; NaN is 0, huge values are held at `Int`'s ends).
    public func rows(forPoints points: Double) -> Int { Int(flooringSaturating: points / cellHeight) }

    /// A length in points along `axis`, in cells (fractional).
    public func cells(_ points: Double, _ axis: Axis) -> Double {
        points / (axis == .horizontal ? cellWidth : cellHeight)
    }
}
