import Scrollwork
import ScrollworkWidgets

/// The gallery's page selector where page controls are not supported (macOS, PC-17): a strip of
/// tabs, one per page, as the diagnostic recommends, with the current page highlighted.
struct GalleryTabStrip {
    var theme: Theme
    /// What the tabs' labels are measured with: the host's, in the footnote type.
    var measurer: TextMeasurer

    /// The space either side of a tab's label, and between two tabs (where the divider is).
    static let padding: Double = 8

    /// The tabs' labels for `width` points: the pages' titles when they fit, else their numbers.
    func labels(width: Double) -> [String] {
        let titles = GalleryApp.PageKind.allCases.map { "\($0.rawValue + 1) \($0.title)" }
        return self.width(of: titles) <= width ? titles : GalleryApp.PageKind.allCases.map { "\($0.rawValue + 1)" }
    }

    /// Each tab's frame in `area`, one line (`line` points) tall: centred, separated by a divider.
    func frames(in area: Rect, line: Double) -> [Rect] {
        let labels = labels(width: area.width)
        var x = area.minX + Swift.max(0, (area.width - width(of: labels)) / 2)
        return labels.map { label in
            let w = tabWidth(label)
            defer { x += w + Self.padding }
            return Rect(x: x, y: area.minY, width: w, height: Swift.min(line, area.height))
        }
    }

    /// The strip as a segmented control, one drawing for every host: a rounded outline around
    /// the tabs `frames` gives (a window's), the current one filled, each label centred in its
    /// tab in the footnote type, and a divider between two tabs neither of which is current.
    func draw(current: Int, frames: [Rect], in area: Rect, idiom: ScrollIdiom, into canvas: inout Canvas) {
        let labels = labels(width: area.width)
        guard let first = frames.first, let last = frames.last, labels.count == frames.count else { return }
        canvas.draw(area, idiom: idiom) { c in
            let m = c.measurer(for: idiom)
            // Inset a point, the outline lies inside the row: a grid, drawing whole cells, has none.
            let strip = Rect(x: first.minX, y: first.minY, width: last.maxX - first.minX, height: first.height).insetBy(dx: 0, dy: 1)
            c.stroke(strip, theme.separator, width: 1, radius: 5)
            for (i, box) in frames.enumerated() {
                var style = i == current ? theme.selection : theme.text
                style.bold = i == current
                if i == current { c.fill(box, style, radius: 5) }
                c.text(labels[i], at: Point(x: box.minX, y: box.minY + (box.height - m.lineHeight(.footnote)) / 2),
                       width: box.width, font: .footnote, style: style, alignment: .center)
                if i < frames.count - 1 && i != current && i + 1 != current {
                    c.line(from: Point(x: box.maxX + 4, y: box.minY + 3), to: Point(x: box.maxX + 4, y: box.maxY - 3), theme.separator, width: 1)
                }
            }
        }
    }

    /// A tab's width: its label with ``padding`` either side.
    private func tabWidth(_ label: String) -> Double { measurer.width(of: label, font: .footnote) + 2 * Self.padding }

    /// The points `labels` take as tabs, with a divider's space between two.
    private func width(of labels: [String]) -> Double {
        labels.reduce(0) { $0 + tabWidth($1) } + Self.padding * Double(Swift.max(0, labels.count - 1))
    }
}
