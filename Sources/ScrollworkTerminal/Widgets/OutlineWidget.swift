import Scrollwork

/// Draws an ``OutlineState``: ▸ for a collapsed node with children, ▾ for an expanded one,
/// indentation per level, the keyboard cursor (LT-12).
public struct OutlineWidget: Sendable {
    /// The point/cell mapping.
    public var metrics = CellMetrics()
    /// Styles.
    public var theme: Theme

    /// A widget drawing with `theme`.
    public init(theme: Theme) { self.theme = theme }

    /// Sets the outline's viewport to `rect`.
    public func layout<S>(_ outline: inout OutlineState<S>, in rect: CellRect) {
        let size = metrics.size(of: rect)
        if outline.scroll.viewportSize != size { outline.setViewport(size) }
    }

    /// Draws the visible rows; `title` gives each node's text.
    public func draw<S>(_ outline: OutlineState<S>, in rect: CellRect, into buffer: inout Buffer, title: (S.Node) -> String) {
        buffer.fill(rect)
        for (index, row) in outline.visibleRows(overscan: 0) {
            let y = rect.row + Int(saturating: ((Double(index) * outline.rowHeight - outline.scroll.offset.y) / metrics.cellHeight).rounded(.down))
            guard y >= rect.row, y < rect.maxRow else { continue }
            let style = outline.cursor == row.path ? theme.selection : theme.text
            if outline.cursor == row.path { buffer.fill(CellRect(column: rect.column, row: y, columns: rect.columns, rows: 1), with: .blank(style)) }
            let indent = Int(saturating: (outline.indent(forLevel: row.level) / metrics.cellWidth).rounded())
            let triangle = row.isExpandable ? (row.isExpanded ? "▾" : "▸") : " "
            var marker = style
            if !row.isExpandable { marker.dim = true }
            buffer.draw(triangle, column: rect.column + 1 + indent, row: y, style: marker, clip: rect)
            let text = title(row.node).truncated(toWidth: Swift.max(0, rect.columns - indent - 4))
            buffer.draw(text, column: rect.column + 3 + indent, row: y, style: style, clip: rect)
        }
        ScrollViewWidget(theme: theme).drawIndicators(outline.scroll, in: rect, into: &buffer)
    }

    /// Turns a mouse event into outline calls: a click on a triangle expands or collapses (with
    /// Alt, with all descendants), a click on a row moves the cursor there, drag and wheel scroll.
    public func handle<S>(_ event: MouseEvent, in rect: CellRect, outline: inout OutlineState<S>,
                          capture: inout PointerCapture?, at time: Double) {
        let before = capture
        guard ScrollViewWidget(theme: theme).handle(event, in: rect, state: &outline.scroll, capture: &capture, at: time) else { return }
        guard case .release = event.kind, let c = before, c.target == .content, !c.moved else { return }
        let index = Int(saturating: ((outline.scroll.offset.y + (Double(event.row - rect.row) + 0.5) * metrics.cellHeight) / outline.rowHeight).rounded(.down))
        guard let row = outline.row(at: index) else { return }
        let triangleColumn = rect.column + 1 + Int(saturating: (outline.indent(forLevel: row.level) / metrics.cellWidth).rounded())
        if abs(event.column - triangleColumn) <= 1 && row.isExpandable {
            try? outline.toggle(row.path, descendants: event.modifiers.contains(.alt))
        }
        try? outline.setCursor(row.path)
    }
}
