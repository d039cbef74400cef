import Scrollwork

extension Canvas {
    /// For a pixel host: one line of text on the first `rows` rows of `rect` (a caption, a
    /// heading, a tab's name, a toolbar's title) in the interface font at `font`'s size, `inset`
    /// points in, centred in those rows, in `style`'s colours (its background filled across the row when it has one, a
    /// hairline under the text when it is underlined). Returns false, drawing nothing, without
    /// a ``pointContext``: the caller draws the cells a terminal shows instead.
    public mutating func drawLabelInPoints(_ text: String, in rect: CellRect, style: Style, font: FontRole = .footnote,
                                           idiom: ScrollIdiom = .iOS, inset: Double = 8, rows: Int = 1, metrics: CellMetrics = CellMetrics()) -> Bool {
        guard let context = pointContext else { return false }
        let row = CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: Swift.min(Swift.max(1, rows), rect.rows))
        guard !row.isEmpty else { return true }
        let box = metrics.points(row)
        var d = PointDrawing(frame: box, measurer: context.measurer(for: idiom))
        if style.background != .default || style.reverse { d.fill(box, style) }
        let top = d.lineTop(font, centredIn: box.minY, height: box.height)
        let drawn = d.text(text, at: Point(x: box.minX + inset, y: top), width: box.width - inset, font: font, style)
        if style.underline {
            let y = top + d.measurer.ascent(font) + 1.5
            d.line(from: Point(x: box.minX + inset, y: y), to: Point(x: box.minX + inset + drawn, y: y), style, width: 1)
        }
        record(.drawing(d))
        return true
    }
}
