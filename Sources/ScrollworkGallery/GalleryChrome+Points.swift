import Scrollwork
import ScrollworkWidgets

/// The gallery's title bar and status line in a window: the interface font at the idiom's
/// footnote size, the title bold, the guideline IDs secondary, push buttons at the trailing end.
extension GalleryApp {
    /// Draws the title bar in points over row 0, with `controls` as buttons.
    func drawTitleBar(title: String, controls: [(GalleryTitleBar.Control, String, CellRect)], context: PointContext, into buffer: inout Buffer) {
        let theme = style.theme
        var bar = theme.header
        bar.background = theme.focus.background
        let box = buffer.points(CellRect(column: 0, row: 0, columns: buffer.columns, rows: 1), CellMetrics())
        var d = PointDrawing(frame: box, measurer: context.measurer(for: style.idiom))
        d.fill(box, bar)
        let top = d.lineTop(.footnote, centredIn: box.minY, height: box.height)
        let buttonsStart = controls.first.map { CellMetrics().points($0.2).minX } ?? box.maxX
        let titleWidth = d.text(String(title.trimmingPrefix(" ")), at: Point(x: 8, y: top), width: buttonsStart - 16, font: .footnote, bar)
        var ids = theme.secondary
        ids.background = bar.background
        let start = 8 + titleWidth + 12
        let shown = page.fittedGuidelines(room: buttonsStart - 8 - start) { d.measurer.width(of: $0, font: .footnote) }
        d.text(shown, at: Point(x: start, y: top), width: buttonsStart - 8 - start, font: .footnote, ids)
        buffer.record(.drawing(d))
        recordButtons(controls, into: &buffer)
    }

    /// The title bar's controls as a window's push buttons, the pressed one drawn pressed.
    func recordButtons(_ controls: [(GalleryTitleBar.Control, String, CellRect)], into buffer: inout Buffer) {
        for (control, _, frame) in controls {
            buffer.record(.button(title: control.buttonTitle, frame: CellMetrics().points(frame), isPressed: pressedControl == control))
        }
    }

    /// Draws the status line in points over the buffer's second row from the bottom.
    func drawStatus(_ status: String, context: PointContext, into buffer: inout Buffer) {
        let box = buffer.points(CellRect(column: 0, row: buffer.rows - 2, columns: buffer.columns, rows: 1), CellMetrics())
        // The line ends at its row: a stretched last row belongs to the dots below.
        let line = Rect(x: box.minX, y: box.minY, width: box.width, height: CellMetrics().cellHeight)
        var d = PointDrawing(frame: line, measurer: context.measurer(for: style.idiom))
        d.text(status, at: Point(x: 8, y: d.lineTop(.footnote, centredIn: line.minY, height: line.height)), width: line.width - 16, font: .footnote, style.theme.secondary)
        buffer.record(.drawing(d))
    }
}

extension GalleryApp.PageKind {
    /// As many whole guideline IDs as fit `room` (measured by `width`), then "…": an ID is never
    /// cut in half, and a lone "…" says nothing, so none show unless one fits.
    func fittedGuidelines(room: Double, width: (String) -> Double) -> String {
        var shown = ""
        for (i, id) in guidelines.enumerated() {
            let next = shown.isEmpty ? id : shown + " " + id
            let more = i < guidelines.count - 1
            if width(next) + (more ? width(" …") : 0) > room {
                if !shown.isEmpty { shown += " …" }
                break
            }
            shown = next
        }
        return width(shown) <= room ? shown : ""
    }
}
