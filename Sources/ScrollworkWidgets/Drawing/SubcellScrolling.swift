import Scrollwork

/// Scrolling finer than cells for pixel hosts: a scrolling widget draws its content at the whole
/// cell at or before its offset, and a pixel host moves those cells by the rest (SV-01's motion
/// is not rounded to lines).
///
/// The content is drawn again, as a copy, at that whole-cell offset and one cell further on each
/// axis that lies between cells, into scratch buffers; the cells are kept in a
/// ``PointMark/scrolledContent(_:)`` mark. Only a pixel host does: on a terminal, which shows
/// whole cells, it returns at once, and the copies never ask again. Content drawn in points
/// lies at its exact offset already and is not recorded.
///
/// A scroll view records its own content. A widget that draws more content on the scroll view's
/// lines (a carousel in a document) turns the view's ``ScrollView/drawsBetweenCells`` off and
/// records the whole with ``record(offset:content:metrics:axes:into:drawing:)``, so that what it
/// adds moves with the text instead of vanishing under it.
public enum SubcellScrolling {
    /// Records the content of `widget` shown in `content`, whose scrolling is at `scroll`, when
    /// its offset lies between whole cells and `canvas` is a pixel host's drawing in points.
    /// Only the axes in `axes` move between cells (a table's heading scrolls sideways with its
    /// rows, so a table moves finer than cells only vertically).
    static func record<W: Widget>(_ widget: W, scroll: WritableKeyPath<W, ScrollState>, content: CellRect,
                                  metrics: CellMetrics, axes: Axis.Set = .both, into canvas: inout Canvas, at time: Double) {
        record(offset: widget[keyPath: scroll].offset, content: content, metrics: metrics, axes: axes, into: &canvas) { move, scratch in
            var copy = widget
            copy[keyPath: scroll] = copy[keyPath: scroll].movedForDrawing(by: move)
            let area = copy.frame
            copy.render(in: area, into: &scratch, at: time)
        }
    }

    /// Records the content shown in `content`, scrolled to `offset`, when the offset lies between
    /// whole cells (on `axes`) and `canvas` is a pixel host's drawing in points. `drawing` draws the content on a
    /// scratch canvas like `canvas` with its scroll offset moved by the given points, which
    /// puts it on whole cells (and a cell further, for the row or column that comes into view).
    public static func record(offset: Point, content: CellRect, metrics: CellMetrics, axes: Axis.Set = .both,
                              into canvas: inout Canvas, drawing: (Point, inout Canvas) -> Void) {
        guard canvas.drawsInPoints, !canvas.isScratch else { return }
        let rect = content.intersection(canvas.cells.area)
        func rest(_ v: Double, _ cell: Double) -> Double {
            guard v.isFinite else { return 0 }
            return v - (v / cell).rounded(.down) * cell
        }
        let dx = axes.contains(.horizontal) ? rest(offset.x, metrics.cellWidth) : 0
        let dy = axes.contains(.vertical) ? rest(offset.y, metrics.cellHeight) : 0
        guard !rect.isEmpty, dx > 0 || dy > 0 else { return }
        let extraColumn = dx > 0 ? 1 : 0, extraRow = dy > 0 ? 1 : 0
        var cells = Buffer(columns: rect.columns + extraColumn, rows: rect.rows + extraRow)
        for (stepX, stepY) in [(0, 0), (1, 0), (0, 1), (1, 1)] where stepX <= extraColumn && stepY <= extraRow {
            let move = Point(x: -dx + Double(stepX) * metrics.cellWidth, y: -dy + Double(stepY) * metrics.cellHeight)
            var scratch = canvas.scratch()
            drawing(move, &scratch)
            // The whole-cell copy gives every cell; the copies a cell further give the column,
            // row or corner that comes into view.
            let columns = stepX == 0 ? 0..<rect.columns : (rect.columns - 1)..<rect.columns
            let rows = stepY == 0 ? 0..<rect.rows : (rect.rows - 1)..<rect.rows
            for y in rows {
                for x in columns { cells[x + stepX, y + stepY] = scratch.cells[rect.column + x, rect.row + y] }
            }
        }
        canvas.record(.scrolledContent(ScrolledCells(rect: rect, shift: Point(x: -dx, y: -dy), cells: cells)))
    }
}
