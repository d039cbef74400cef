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

    /// The strip as a segmented control, one drawing for every host: a rounded outline around
    /// the tabs (a window's), the current one filled, each label centred in its tab's cells in
    /// the footnote type, and a divider between two tabs neither of which is current.
    func draw(current: Int, in area: CellRect, idiom: ScrollIdiom, into canvas: inout Canvas) {
        let labels = labels(width: area.columns)
        let frames = frames(in: area)
        guard let first = frames.first, let last = frames.last else { return }
        let metrics = canvas.metrics
        canvas.draw(canvas.points(area), idiom: idiom) { c in
            let m = c.measurer(for: idiom)
            // Inset a point, the outline lies inside the row: a grid, drawing whole cells, has none.
            let strip = metrics.points(CellRect(column: first.column, row: area.row, columns: last.maxColumn - first.column, rows: 1)).insetBy(dx: 0, dy: 1)
            c.stroke(strip, theme.separator, width: 1, radius: 5)
            for (i, frame) in frames.enumerated() {
                let box = metrics.points(frame)
                var style = i == current ? theme.selection : theme.text
                style.bold = i == current
                if i == current { c.fill(box, style, radius: 5) }
                c.text(String(labels[i].dropFirst().dropLast()), at: Point(x: box.minX, y: box.minY + (box.height - m.lineHeight(.footnote)) / 2),
                       width: box.width, font: .footnote, style: style, alignment: .center)
                if i < frames.count - 1 && i != current && i + 1 != current {
                    c.line(from: Point(x: box.maxX + 4, y: box.minY + 3), to: Point(x: box.maxX + 4, y: box.maxY - 3), theme.separator, width: 1)
                }
            }
        }
    }

    /// The page whose tab holds the cell, if any.
    func page(at cell: CellPosition, in area: CellRect) -> Int? {
        frames(in: area).firstIndex { $0.contains(cell) }
    }
}
