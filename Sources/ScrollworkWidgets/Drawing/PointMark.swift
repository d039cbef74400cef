import Scrollwork

/// What a pixel host draws over the cells of a frame: the widgets' drawings in points, their
/// controls among their commands. A terminal's canvas keeps none: it rasterizes the same calls
/// into its cells.
/// Rectangles are in points from the canvas's top-left corner, with ``CellMetrics``' cells.
public enum PointMark: Sendable, Hashable {
    /// A widget drawn in points (``PointDrawing``) over its frame, where it left its cells blank:
    /// cells drawn there after it (an overlay) are drawn over it again, unless the drawing is
    /// itself an overlay (``PointDrawing/isOverlay``).
    case drawing(PointDrawing)
}
