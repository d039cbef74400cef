import Scrollwork

/// A table drawn in points for a pixel host: the idiom's row height (24 points on macOS, 44 on
/// touch idioms), a 28-point header with hairline dividers, proportional text truncated by the
/// host's measurer as each column says, rows placed to the point while they move.
extension TableView {
    /// The header's height in points.
    static var pointHeaderHeight: Double { HeaderRow.standardPointHeight }

    /// In a window, the points between a column's edge and its text (AppKit's cell inset).
    public var cellPadding: Double { pointIdiom == .macOS ? 6 : 8 }

    /// The idiom whose metrics the table is drawn at in points.
    public var pointIdiom: ScrollIdiom { layoutIdiom ?? table.list.idiom }

    /// Lays the table out in the points of `area` and records its drawing.
    mutating func renderPoints(in area: CellRect, context: PointContext, into canvas: inout Canvas, at time: Double) {
        var native = ListMetrics.standard(for: pointIdiom)
        native.rowsVaryInHeight = table.list.metrics.rowsVaryInHeight
        if table.list.metrics != native { table.list.metrics = native }
        let box = canvas.points(area)
        let header = Rect(x: box.minX, y: box.minY, width: box.width, height: Swift.min(Self.pointHeaderHeight, box.height))
        let bodyBox = Rect(x: box.minX, y: header.maxY, width: box.width, height: box.height - header.height)
        body = area.inset(top: Swift.min(area.rows, metrics.rows(forPoints: header.height + metrics.cellHeight - 0.001)))
        if table.availableWidth != box.width { table.setAvailableWidth(box.width) }
        if table.list.scroll.viewportSize != bodyBox.size { table.list.setViewport(bodyBox.size) }
        if table.list.scroll.indicatorStyle.reservesTrack { table.list.fitContentWidth() }
        canvas.cells.fill(area)
        shownRows = 0..<0
        var drawing = PointDrawing(frame: box, measurer: context.measurer(for: pointIdiom))
        // Each column's left edge and width in view points: pinned ones in place, others scrolled.
        var x = 0.0
        let columns = table.columnWidths.enumerated().map { i, width -> (x: Double, width: Double) in
            defer { x += width }
            return (box.minX + x - (i < table.pinnedColumns ? 0 : table.list.scroll.offset.x), width)
        }
        let pinnedEdge = table.pinnedColumns > 0 && table.pinnedColumns <= columns.count
            ? columns[table.pinnedColumns - 1].x + columns[table.pinnedColumns - 1].width : box.minX
        let scrolledClip = Rect(x: pinnedEdge, y: box.minY, width: Swift.max(0, box.maxX - pinnedEdge), height: box.height)
        func clip(_ column: Int) -> Rect { column < table.pinnedColumns ? box : scrolledClip }
        let list = table.list
        drawing.clipped(to: bodyBox) { d in
            for entry in list.visibleItems(overscan: 0) {
                guard case let .row(path) = entry.item else { continue }
                shownRows = shownRows.isEmpty ? path.row..<(path.row + 1) : Swift.min(shownRows.lowerBound, path.row)..<Swift.max(shownRows.upperBound, path.row + 1)
                let rect = Rect(x: box.minX, y: bodyBox.minY + entry.frame.minY - list.scroll.offset.y, width: box.width, height: entry.frame.height)
                let look = list.appearance(at: path, time: time, accessory: RowContent.Accessory.none)
                var style = theme.text
                if look.usesAlternateBackground { d.fill(rect, theme.zebra) }
                if look.isSelected || look.isFlashing { style = theme.selection; d.fill(rect, style) }
                if look.isFocused && !look.isSelected { style.bold = true }
                if look.isFocused {
                    let row = area.row.addingSaturating(metrics.rows(forPoints: rect.midY - metrics.points(area).minY))
                    if area.contains(column: body.column, row: row) { cursorCell = CellPosition(column: body.column, row: row) }
                }
                let value: Row
                // A row that went between the layout and this read is drawn empty, as with cells.
                do { value = try readRow(list, path) } catch { continue }
                let top = d.lineTop(.body, centredIn: rect.minY, height: rect.height)
                for (i, column) in columns.enumerated() where column.width > 2 * cellPadding {
                    let spec = table.columns[i]
                    // The whole text: the table's layout with room for any text, then cut to points.
                    let text = layoutCell(table, value, i, Truncation.maximumPaddedWidth).text
                    let font: FontRole = spec.alignment == .trailing ? .monospacedDigits : .body
                    func draw(_ d: inout PointDrawing) {
                        d.text(text, at: Point(x: column.x + cellPadding, y: top), width: column.width - 2 * cellPadding, font: font, style,
                               alignment: spec.alignment, truncation: spec.truncation)
                    }
                    // Truncation keeps text inside its column; only a column sliding under the
                    // pinned ones needs a clip.
                    if i >= table.pinnedColumns && column.x < pinnedEdge { d.clipped(to: scrolledClip, draw) } else { draw(&d) }
                }
            }
        }
        // Header: opaque, with a hairline under it and between headings.
        var headerStyle = theme.header
        headerStyle.background = theme.focus.background
        drawing.fill(header, headerStyle)
        drawing.line(from: Point(x: header.minX, y: header.maxY - 0.5), to: Point(x: header.maxX, y: header.maxY - 0.5), theme.separator, width: 1)
        let top = drawing.lineTop(.headline, centredIn: header.minY, height: header.height)
        for (i, column) in columns.enumerated() where column.width > 0 {
            let arrow = headingArrow(forColumn: i)
            let room = column.width - 2 * cellPadding
            let arrowWidth = drawing.measurer.width(of: arrow, font: .headline)
            drawing.clipped(to: Rect(x: clip(i).minX, y: header.minY, width: clip(i).width, height: header.height)) { d in
                let titleWidth = d.text(table.columns[i].title, at: Point(x: column.x + cellPadding, y: top), width: room - arrowWidth, font: .headline, headerStyle)
                if !arrow.isEmpty { d.text(arrow, at: Point(x: column.x + cellPadding + titleWidth, y: top), width: arrowWidth + 1, font: .headline, headerStyle) }
                if i < columns.count - 1 {
                    let divider = column.x + column.width - 0.5
                    d.line(from: Point(x: divider, y: header.minY + 5), to: Point(x: divider, y: header.maxY - 5), theme.separator, width: 1)
                }
            }
        }
        canvas.record(.drawing(drawing))
        ScrollIndicatorDrawing(metrics: metrics, theme: theme).draw(table.list.scroll, in: body, into: &canvas)
    }
}
