import Scrollwork

/// Where a view with a header above its rows (a table, an outline with columns) drew that
/// header: its first cell row in a terminal, its first `pointHeight` points in a pixel host. A
/// pointer event is then read against what was drawn, in cells or in points.
struct HeaderRow {
    /// A header's height in points (AppKit's table header view is 23 to 28 across releases).
    static var standardPointHeight: Double { 28 }

    /// The header's height in points when the view drew in points; nil when it drew cells.
    var pointHeight: Double? = nil

    /// True when `mouse` is on the header of a view drawn in `frame`.
    func contains(_ mouse: MouseEvent, frame: CellRect, metrics: CellMetrics) -> Bool {
        guard let height = pointHeight else { return metrics.cell(of: mouse).row == frame.row }
        return metrics.point(of: mouse, in: frame).y < height
    }

    /// How far below the rows' top `mouse` is, in points: from the top of `body` in cells, from
    /// its own point under the header in points.
    func viewportY(of mouse: MouseEvent, frame: CellRect, body: CellRect, metrics: CellMetrics) -> Double {
        guard let height = pointHeight else { return metrics.point(of: mouse, in: body).y }
        return metrics.point(of: mouse, in: frame).y - height
    }
}
