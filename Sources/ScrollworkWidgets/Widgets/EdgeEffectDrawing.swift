import Scrollwork

/// Draws a scroll edge effect next to a floating bar (SV-08): `soft` dims the content rows that
/// slide under the bar, more as more content lies under it; `hard` draws an opaque separator.
struct EdgeEffectDrawing {
    /// Styles.
    var theme: Theme
    /// The point/cell mapping.
    var metrics = CellMetrics()

    /// Draws `effect` for `state` along the edge of `content` (the cells the scrolling content
    /// occupies, next to the bar).
    func draw(_ effect: ScrollEdgeEffect, state: ScrollState, idiom: ScrollIdiom, content: CellRect, into canvas: inout Canvas) {
        let intensity = effect.intensity(in: state)
        guard intensity > 0, !content.isEmpty else { return }
        let style = effect.resolvedStyle(for: idiom)
        if canvas.drawsPointMarks {
            canvas.record(.edgeEffect(effect, style: style, intensity: intensity, content: metrics.points(content)))
            return
        }
        let row: Int, column: Int
        switch effect.edge {
        case .top: row = content.row; column = content.column
        case .bottom: row = content.maxRow - 1; column = content.column
        case .left: row = content.row; column = content.column
        case .right: row = content.row; column = content.maxColumn - 1
        }
        switch style {
        case .hard:
            if effect.edge.axis == .vertical {
                canvas.cells.fill(CellRect(column: content.column, row: row, columns: content.columns, rows: 1), with: Cell("─", style: theme.separator))
            } else {
                canvas.cells.fill(CellRect(column: column, row: content.row, columns: 1, rows: content.rows), with: Cell("│", style: theme.separator))
            }
        case .soft, .automatic:
            // Up to two rows fade, the nearest most.
            let depth = intensity > 0.5 ? 2 : 1
            for i in 0..<depth {
                let r: CellRect
                switch effect.edge {
                case .top: r = CellRect(column: content.column, row: row + i, columns: content.columns, rows: 1)
                case .bottom: r = CellRect(column: content.column, row: row - i, columns: content.columns, rows: 1)
                case .left: r = CellRect(column: column + i, row: content.row, columns: 1, rows: content.rows)
                case .right: r = CellRect(column: column - i, row: content.row, columns: 1, rows: content.rows)
                }
                canvas.cells.restyle(r.intersection(content)) { $0.dim = true }
            }
        }
    }
}
