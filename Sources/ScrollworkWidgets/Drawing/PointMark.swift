import Scrollwork

/// What a pixel host draws over the cells of a frame: the widgets' drawings in points (their
/// controls among their commands) and scrolled content drawn in cells that lies between whole
/// cells. A terminal's canvas keeps none: it rasterizes the same calls into its cells.
/// Rectangles are in points from the canvas's top-left corner, with ``CellMetrics``' cells.
public enum PointMark: Sendable, Hashable {
    /// Scrolled content whose cells are drawn whole rows and columns from where it truly lies.
    case scrolledContent(ScrolledCells)
    /// A widget drawn in points (``PointDrawing``) over its frame, where it left its cells blank:
    /// cells drawn there after it (an overlay) are drawn over it again, unless the drawing is
    /// itself an overlay (``PointDrawing/isOverlay``).
    case drawing(PointDrawing)
}

/// Scrolled content as a pixel host draws it between whole cells: the content's cells from the
/// whole cell at or before its offset, one more row and column where the offset lies between
/// cells, and how far to move them.
public struct ScrolledCells: Sendable, Hashable {
    /// The cells the content is shown in (the host clips to them).
    public var rect: CellRect
    /// How far the content lies from whole cells, in points: minus the offset's part of a cell
    /// on each axis (each within one cell, 0 or negative).
    public var shift: Point
    /// The content's cells: `rect`'s size, plus a row when `shift.y` is not 0 and a column when
    /// `shift.x` is not 0. Its top-left cell is drawn at `rect`'s origin moved by ``shift``.
    public var cells: Buffer

    /// Content of `rect` drawn from `cells` moved by `shift`.
    public init(rect: CellRect, shift: Point, cells: Buffer) {
        self.rect = rect
        self.shift = shift
        self.cells = cells
    }
}
