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
    public func size(of rect: CellRect) -> Size {
        Size(width: Double(rect.columns) * cellWidth, height: Double(rect.rows) * cellHeight)
    }

    /// `rect` in points from the buffer's top-left corner.
    public func points(_ rect: CellRect) -> Rect {
        Rect(origin: Point(x: Double(rect.column) * cellWidth, y: Double(rect.row) * cellHeight), size: size(of: rect))
    }

    /// The centre in points, relative to `rect`'s origin, of the cell at `column`, `row`.
    public func point(column: Int, row: Int, in rect: CellRect) -> Point {
        Point(x: (Double(column - rect.column) + 0.5) * cellWidth, y: (Double(row - rect.row) + 0.5) * cellHeight)
    }

    /// The point of `mouse` relative to `rect`'s origin: where in its cell it was when the host
    /// says (``MouseEvent/offsetInCell``), else the cell's centre.
    public func point(of mouse: MouseEvent, in rect: CellRect) -> Point {
        let offset = mouse.offsetInCell ?? Point(x: 0.5, y: 0.5)
        return Point(x: (Double(mouse.column - rect.column) + offset.x) * cellWidth,
                     y: (Double(mouse.row - rect.row) + offset.y) * cellHeight)
    }

    /// Whole columns in `points` (rounded down; NaN is 0, huge values are held at `Int`'s ends).
    public func columns(forPoints points: Double) -> Int { Int(saturating: (points / cellWidth).rounded(.down)) }

    /// Whole rows in `points` (rounded down; NaN is 0, huge values are held at `Int`'s ends).
    public func rows(forPoints points: Double) -> Int { Int(saturating: (points / cellHeight).rounded(.down)) }

    /// A length in points along `axis`, in cells (fractional).
    public func cells(_ points: Double, _ axis: Axis) -> Double {
        points / (axis == .horizontal ? cellWidth : cellHeight)
    }
}
