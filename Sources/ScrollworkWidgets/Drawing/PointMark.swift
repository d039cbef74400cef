import Scrollwork

/// A part of a frame that a pixel host draws at its true size in points, over the cells: what a
/// cell grid can only suggest (a 3-point indicator that fades, 7-point page dots, a soft edge).
///
/// Widgets describe these parts on a ``Canvas`` whose ``Canvas/drawsPointMarks`` is on, instead
/// of drawing them as characters; a terminal never turns it on and draws the characters.
/// Rectangles are in points from the canvas's top-left corner, with ``CellMetrics``' cells.
public enum PointMark: Sendable, Hashable {
    /// A scroll indicator (and a legacy scroller's track) of the viewport at `viewport`; the
    /// indicator's own rectangles are relative to the viewport's origin.
    case scrollIndicator(ScrollIndicator, viewport: Rect)
    /// A page control laid out by its state, centred in `frame` (the cells it takes); the dot of
    /// page `hovered`, under the pointer, a shade stronger.
    case pageControl(PageControlState, frame: Rect, hovered: Int?)
    /// A scroll edge effect along `effect.edge` of `content`, resolved to `style`, at
    /// `intensity` (0…1, how much content lies under the bar).
    case edgeEffect(ScrollEdgeEffect, style: ScrollEdgeEffect.Style, intensity: Double, content: Rect)
    /// Scrolled content whose cells are drawn whole rows and columns from where it truly lies.
    case scrolledContent(ScrolledCells)
    /// A push button of a window's own controls (an app's title bar): `title` centred in
    /// `frame`, drawn pressed while held and shaded under the pointer. A terminal shows the
    /// same control as text.
    case button(title: String, frame: Rect, isPressed: Bool, isHovered: Bool)
    /// watchOS: the page indicator beside the crown for the viewport at `viewport`, on `page` of
    /// `count` and `progress` (0…1) through it (SV-15).
    case crownPages(page: Int, count: Int, progress: Double, viewport: Rect)
    /// A widget drawn in points (``PointDrawing``) over its frame, where it left its cells blank:
    /// cells drawn there after it (an overlay) are drawn over it again.
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
