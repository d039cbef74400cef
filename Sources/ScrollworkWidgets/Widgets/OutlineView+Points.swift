import Scrollwork

/// An outline drawn in points for a pixel host: the idiom's row height and type, disclosure
/// triangles as symbols, columns right-aligned as a Finder list's, rows placed to the point.
extension OutlineView {
    /// The space between a row's edge and its triangle.
    var rowPadding: Double { layoutIdiom == .macOS ? 6 : 16 }

    /// The triangle's centre in points from the rows' leading edge, at `level`.
    func triangleX(level: Int) -> Double { rowPadding + outline.indent(forLevel: level) + 6 }

    /// Lays the outline out in the points of `whole` and records its drawing.
    mutating func renderPoints(in whole: CellRect, context: PointContext, into canvas: inout Canvas, at time: Double) {
        let rowHeight = ListMetrics.standard(for: layoutIdiom).rowHeight
        if outline.rowHeight != rowHeight { outline.rowHeight = rowHeight }
        let box = canvas.points(whole)
        let headerHeight = columns.isEmpty ? 0 : Swift.min(HeaderRow.standardPointHeight, box.height)
        let area = Rect(x: box.minX, y: box.minY + headerHeight, width: box.width, height: box.height - headerHeight)
        accessibleBody = area
        body = whole.inset(top: Swift.min(whole.rows, metrics.rows(forPoints: headerHeight + metrics.cellHeight - 0.001)))
        if outline.scroll.viewportSize != area.size { outline.setViewport(area.size) }
        if outline.scroll.indicatorStyle.reservesTrack { outline.fitContentWidth() }
        canvas.cells.fill(whole)
        var d = PointDrawing(frame: box, measurer: context.measurer(for: layoutIdiom))
        // Columns from the trailing edge, a cell apart; those that leave the names too little room are left out.
        var x = area.maxX - rowPadding
        let placed = columns.reversed().map { column -> (x: Double, width: Double) in
            x -= Double(column.width) * metrics.cellWidth
            defer { x -= metrics.cellWidth }
            return (x, Double(column.width) * metrics.cellWidth)
        }.reversed().map { $0 }
        let shown = columns.indices.filter { placed[$0].x >= area.minX + 12 * metrics.cellWidth }
        let nameEnd = shown.first.map { placed[$0].x - metrics.cellWidth } ?? area.maxX - rowPadding
        let visible = outline.visibleRows(overscan: 0)
        let firstTop = visible.first.map { outline.contentOffset(ofRow: $0.index) - outline.scroll.offset.y } ?? 0
        d.clipped(to: area) { d in
            for (index, row) in visible {
                let rect = Rect(x: area.minX, y: area.minY + firstTop + Double(index - visible[0].index) * rowHeight, width: area.width, height: rowHeight)
                let isCursor = outline.cursor == row.path
                let style = isCursor ? theme.selection : theme.text
                if isCursor {
                    d.fill(rect, style)
                    let cellRow = whole.row.addingSaturating(metrics.rows(forPoints: rect.midY - metrics.points(whole).minY))
                    if body.contains(column: body.column, row: cellRow) { cursorCell = CellPosition(column: body.column, row: cellRow) }
                }
                let size = d.measurer.size(.body)
                let triangle = rect.minX + triangleX(level: row.level)
                if row.isExpandable {
                    var marker = isCursor ? style : theme.secondary
                    marker.background = style.background
                    d.symbol(row.isExpanded ? "▾" : "▸", centre: Point(x: triangle, y: rect.midY), size: size * 0.8, marker)
                }
                let top = d.lineTop(.body, centredIn: rect.minY, height: rect.height)
                let left = triangle + 12
                d.text(title(row.node), at: Point(x: left, y: top), width: nameEnd - left, font: .body, style)
                for i in shown {
                    let column = placed[i]
                    let alignment = columns[i].alignment
                    d.text(columns[i].value(row.node), at: Point(x: column.x, y: top), width: column.width, font: alignment == .leading ? .body : .monospacedDigits,
                           isCursor ? style : theme.secondary, alignment: alignment)
                }
            }
        }
        if headerHeight > 0 {
            var header = theme.header
            header.background = theme.focus.background
            let bar = Rect(x: box.minX, y: box.minY, width: box.width, height: headerHeight)
            d.fill(bar, header)
            d.line(from: Point(x: bar.minX, y: bar.maxY - 0.5), to: Point(x: bar.maxX, y: bar.maxY - 0.5), theme.separator, width: 1)
            let top = d.lineTop(.headline, centredIn: bar.minY, height: bar.height)
            d.text("Name" + sortArrow(forHeading: 0), at: Point(x: bar.minX + rowPadding, y: top), width: nameEnd - bar.minX - rowPadding, font: .headline, header)
            for i in shown {
                let column = placed[i]
                d.text(columns[i].title + sortArrow(forHeading: i + 1), at: Point(x: column.x, y: top), width: column.width, font: .headline, header,
                       alignment: columns[i].alignment == .leading ? .leading : .trailing)
            }
        }
        canvas.record(.drawing(d))
        ScrollIndicatorDrawing(metrics: metrics, theme: theme).draw(outline.scroll, in: body, into: &canvas)
    }
}
