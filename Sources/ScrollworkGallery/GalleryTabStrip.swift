import Scrollwork
import ScrollworkWidgets

/// The gallery's page selector where page controls are not supported (macOS, PC-17): a strip of
/// tabs, one per page, as the diagnostic recommends, with the current page highlighted.
struct GalleryTabStrip {
    var theme: Theme

    /// The tabs' labels for `width` cells: the pages' titles when they fit, else their numbers.
    func labels(width: Int) -> [String] {
        let titles = GalleryApp.PageKind.allCases.map { " \($0.rawValue + 1) \($0.title) " }
        let full = titles.reduce(0) { $0 + displayWidth($1) } + titles.count - 1
        return full <= width ? titles : GalleryApp.PageKind.allCases.map { " \($0.rawValue + 1) " }
    }

    /// Each tab's cells in `area`: centred, separated by a divider.
    func frames(in area: CellRect) -> [CellRect] {
        let labels = labels(width: area.columns)
        let total = labels.reduce(0) { $0 + displayWidth($1) } + labels.count - 1
        var x = area.column + max(0, (area.columns - total) / 2)
        return labels.map { label in
            defer { x += displayWidth(label) + 1 }
            return CellRect(column: x, row: area.row, columns: displayWidth(label), rows: 1)
        }
    }

    func draw(current: Int, in area: CellRect, into canvas: inout Canvas) {
        let labels = labels(width: area.columns)
        for (i, frame) in frames(in: area).enumerated() {
            var style = i == current ? theme.selection : theme.secondary
            style.bold = i == current
            canvas.cells.draw(labels[i], column: frame.column, row: frame.row, style: style, clip: area)
            if i < labels.count - 1 { canvas.cells.draw("│", column: frame.maxColumn, row: frame.row, style: theme.separator, clip: area) }
        }
    }

    /// The strip in points, as a segmented control: a rounded outline around the tabs, the
    /// current one filled, each title centred in its tab's cells in the idiom's footnote size.
    func drawPoints(current: Int, in area: CellRect, measurer: TextMeasurer, into canvas: inout Canvas) {
        let metrics = CellMetrics()
        let frames = frames(in: area)
        guard let first = frames.first, let last = frames.last else { return }
        var d = PointDrawing(frame: canvas.points(area), measurer: measurer)
        let strip = metrics.points(CellRect(column: first.column, row: area.row, columns: last.maxColumn - first.column, rows: 1)).insetBy(dx: 0, dy: 1)
        d.stroke(strip, theme.separator, width: 1, radius: 5)
        for (i, frame) in frames.enumerated() {
            let box = metrics.points(frame).insetBy(dx: 0, dy: 1)
            var style = i == current ? theme.selection : theme.text
            style.bold = i == current
            if i == current { d.fill(box, style, radius: 5) }
            d.text(GalleryApp.PageKind.allCases[i].title, at: Point(x: box.minX, y: d.lineTop(.footnote, centredIn: box.minY, height: box.height)),
                   width: box.width, font: .footnote, style, alignment: .center)
            if i < frames.count - 1 && i != current && i + 1 != current {
                d.line(from: Point(x: box.maxX + 4, y: box.minY + 3), to: Point(x: box.maxX + 4, y: box.maxY - 3), theme.separator, width: 1)
            }
        }
        canvas.record(.drawing(d))
    }

    /// The page whose tab holds the cell, if any.
    func page(at cell: CellPosition, in area: CellRect) -> Int? {
        frames(in: area).firstIndex { $0.contains(cell) }
    }
}
