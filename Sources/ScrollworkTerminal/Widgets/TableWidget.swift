import Scrollwork

/// Draws a ``TableState``: a pinned header with ▲/▼ on the sorted column and │ dividers that
/// people drag, zebra rows, per-column truncation and alignment, the selection, and the hard edge
/// under the header once rows scroll beneath it (LT-06, LT-07, LT-12, SV-08).
public struct TableWidget: Sendable {
    /// The point/cell mapping.
    public var metrics = CellMetrics()
    /// Styles.
    public var theme: Theme

    /// A widget drawing with `theme`.
    public init(theme: Theme) { self.theme = theme }

    /// The rows' area: `rect` below the header row.
    public func body(of rect: CellRect) -> CellRect { rect.inset(top: 1) }

    /// Fits the columns to `rect`'s width and the rows' viewport to its body.
    public func layout<Row>(_ table: inout TableState<Row>, in rect: CellRect) {
        let width = Double(rect.columns) * metrics.cellWidth
        if table.availableWidth != width { table.setAvailableWidth(width) }
        ListWidget(theme: theme).layout(&table.list, in: body(of: rect))
    }

    /// Each column's first cell and width in cells (the last column takes what rounding leaves).
    public func columnCells<Row>(_ table: TableState<Row>, in rect: CellRect) -> [(column: Int, width: Int)] {
        var result: [(Int, Int)] = []
        var x = 0.0
        for width in table.columnWidths {
            let start = Int(saturating: (x / metrics.cellWidth).rounded())
            x += width
            let end = Int(saturating: (x / metrics.cellWidth).rounded())
            result.append((rect.column + start, Swift.max(0, end - start)))
        }
        return result
    }

    /// Draws the header and the visible rows at `time`.
    public func draw<Row>(_ table: TableState<Row>, in rect: CellRect, at time: Double, into buffer: inout Buffer) {
        guard rect.rows > 0 else { return }
        let cells = columnCells(table, in: rect)
        // Header: opaque, with a hard edge once content is under it.
        let edge = ScrollEdgeEffect(edge: .top, floating: [.pinnedTableHeader], depth: metrics.cellHeight)
        var headerStyle = theme.header
        headerStyle.background = theme.focus.background
        if edge.intensity(in: table.list.scroll) > 0 { headerStyle.underline = true }
        buffer.fill(CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1), with: .blank(headerStyle))
        for (i, cell) in cells.enumerated() where cell.width > 0 {
            let arrow = table.sortIndicator(forColumn: i).map { $0 ? " ▲" : " ▼" } ?? ""
            let title = (table.columns[i].title.truncated(toWidth: Swift.max(0, cell.width - 2 - displayWidth(arrow))) + arrow)
            buffer.draw(" " + title, column: cell.column, row: rect.row, style: headerStyle, clip: rect)
            if i < cells.count - 1 { buffer.draw("│", column: cell.column + cell.width - 1, row: rect.row, style: headerStyle, clip: rect) }
        }
        let body = body(of: rect)
        let list = table.list
        // Each row is filled as it is drawn; only rows without a table row are blanked here. Only
        // the rows the buffer has count, however tall the rectangle.
        let shown = body.intersection(buffer.area)
        var drawn = [Bool](repeating: false, count: shown.rows)
        for entry in list.visibleItems(overscan: 0) {
            guard case let .row(path) = entry.item else { continue }
            let row = body.row + Int(saturating: ((entry.frame.minY - list.scroll.offset.y) / metrics.cellHeight).rounded(.down))
            guard row >= shown.row, row < shown.maxRow else { continue }
            drawn[row - shown.row] = true
            guard let value = try? list.row(at: path) else { continue }
            let look = list.appearance(at: path, time: time, accessory: RowContent.Accessory.none)
            var style = look.usesAlternateBackground ? theme.zebra : theme.text
            if look.isSelected || look.isFlashing { style = theme.selection }
            if look.isFocused && !look.isSelected { style.bold = true }
            buffer.fill(CellRect(column: body.column, row: row, columns: body.columns, rows: 1), with: .blank(style))
            for (i, cell) in cells.enumerated() where cell.width > 1 {
                let (text, indent) = table.cellLayout(of: value, column: i, width: cell.width - 2)
                buffer.draw(text, column: cell.column + 1 + indent, row: row, style: style, clip: body)
            }
        }
        for (i, done) in drawn.enumerated() where !done {
            buffer.fill(CellRect(column: body.column, row: shown.row + i, columns: body.columns, rows: 1))
        }
        ScrollViewWidget(theme: theme).drawIndicators(list.scroll, in: body, into: &buffer)
    }

    // MARK: Input

    /// Turns a mouse event into table calls: a click on a heading sorts (again reverses), a drag on
    /// a divider resizes, rows select on click and scroll on drag and wheel. Returns the row
    /// activation's event, if any.
    public func handle<Row>(_ event: MouseEvent, in rect: CellRect, table: inout TableState<Row>,
                            capture: inout PointerCapture?, at time: Double) -> ListEvent? {
        let cells = columnCells(table, in: rect)
        switch (event.kind, capture?.target) {
        case (.press, _) where event.button == .left && event.row == rect.row && rect.contains(column: event.column, row: event.row):
            // A divider can be grabbed a cell to either side; a click there that does not drag
            // still sorts by the heading under it.
            if let divider = cells.indices.dropLast().first(where: { abs(cells[$0].column + cells[$0].width - 1 - event.column) <= 1 }),
               table.columns[divider].isResizable {
                capture = PointerCapture(.divider(divider), column: event.column, row: event.row)
            } else if let column = cells.firstIndex(where: { event.column >= $0.column && event.column < $0.column + $0.width }) {
                capture = PointerCapture(.heading(column), column: event.column, row: event.row)
            }
            return nil
        case let (.drag, .divider(i)?):
            let delta = Double(event.column - (capture?.lastColumn ?? event.column)) * metrics.cellWidth
            if delta != 0 { try? table.dragDivider(after: i, by: delta) }
            capture?.lastColumn = event.column
            capture?.moved = true
            return nil
        case (.release, .divider?):
            let pressed = capture
            capture = nil
            if let pressed, !pressed.moved,
               let column = cells.firstIndex(where: { pressed.column >= $0.column && pressed.column < $0.column + $0.width - 1 }) {
                try? table.chooseHeading(column)
            }
            return nil
        case (.drag, .heading?):
            if event.column != capture?.column { capture?.moved = true }
            return nil
        case let (.release, .heading(i)?):
            let moved = capture?.moved ?? true
            capture = nil
            if !moved { try? table.chooseHeading(i) }
            return nil
        default:
            return ListWidget(theme: theme).handle(event, in: body(of: rect), list: &table.list, capture: &capture, at: time)
        }
    }
}
