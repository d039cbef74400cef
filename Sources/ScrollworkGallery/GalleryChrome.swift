import Scrollwork
import ScrollworkWidgets

extension GalleryApp {
    /// Draws the title bar over its rows, one drawing for every host: the title bold (in the
    /// headline type where a window gives the bar two rows), the guideline IDs secondary, and
    /// the controls at the trailing end, as a window's push buttons or a terminal's key hints.
    func drawTitleBar(_ titleBar: GalleryTitleBar, into canvas: inout Canvas) {
        let theme = style.theme
        var bar = theme.header
        bar.background = theme.focus.background
        var ids = theme.secondary
        ids.background = bar.background
        let columns = canvas.cells.columns
        let (title, controls) = titleBar.placed(columns: columns)
        let box = canvas.points(CellRect(column: 0, row: 0, columns: columns, rows: titleRows))
        // A window keeps its text 12 points from the edge and the IDs 12 after the title; a grid
        // a cell and two.
        let inset = canvas.drawsInPoints ? 12.0 : canvas.metrics.cellWidth
        let gap = canvas.drawsInPoints ? 12.0 : 2 * canvas.metrics.cellWidth
        let buttonsStart = controls.first.map { canvas.metrics.points($0.2).minX } ?? box.maxX
        canvas.draw(box, idiom: style.idiom) { c in
            let m = c.measurer(for: style.idiom)
            c.fill(box, bar)
            let font: FontRole = titleRows > 1 ? .headline : .footnote
            func top(_ font: FontRole) -> Double { box.minY + (box.height - m.lineHeight(font)) / 2 }
            let room = buttonsStart - inset - 8
            // The app's name goes first when the whole title does not fit.
            var shownTitle = String(title.trimmingPrefix(" "))
            if m.width(of: shownTitle, font: font, bold: true) > room, let dot = shownTitle.firstIndex(of: "·") {
                shownTitle = String(shownTitle[shownTitle.index(after: dot)...].drop { $0 == " " })
            }
            let titleWidth = c.text(shownTitle, at: Point(x: box.minX + inset, y: top(font)), width: room, font: font, style: bar)
            let start = box.minX + inset + titleWidth + gap
            let shown = page.fittedGuidelines(room: buttonsStart - 8 - start) { m.width(of: $0, font: .footnote) }
            c.text(shown, at: Point(x: start, y: top(.footnote)), width: Swift.max(0, buttonsStart - 8 - start), font: .footnote, style: ids)
            c.separator(under: box, theme.separator, hardEdge: false)
        }
        for (control, label, frame) in controls {
            canvas.button(titleBar.buttons ? control.buttonTitle : label, frame: canvas.metrics.points(frame), isPressed: pressedControl == control, style: ids)
        }
    }

    /// Draws the status line on the second row from the bottom in the footnote type.
    func drawStatus(_ status: String, into canvas: inout Canvas) {
        let row = CellRect(column: 0, row: canvas.cells.rows - 2, columns: canvas.cells.columns, rows: 1)
        let box = canvas.points(row)
        // The line ends at its row: a stretched last row belongs to the dots below.
        let line = Rect(x: box.minX, y: box.minY, width: box.width, height: canvas.metrics.cellHeight)
        canvas.draw(line, idiom: style.idiom) { c in
            c.fill(line)
            let m = c.measurer(for: style.idiom)
            let inset = c.drawsInPoints ? 8.0 : c.metrics.cellWidth
            c.text(status, at: Point(x: line.minX + inset, y: line.minY + (line.height - m.lineHeight(.footnote)) / 2), width: line.width - 2 * inset,
                   font: .footnote, style: style.theme.secondary)
        }
    }
}

extension GalleryApp {
    /// The help overlay in a window: a sheet over the whole window, at most 640 points of text
    /// wide, with the page's title in the headline type, its notes in the body type, its keys in
    /// two columns (the keys bold) and the gallery's keys below in the secondary colour. When the
    /// window is too short, the last line that fits is "…", as in a terminal.
    func helpDrawing(pointer: String, context: PointContext) -> PointDrawing {
        let m = context.measurer(for: style.idiom)
        let theme = style.theme
        let canvas = Rect(x: 0, y: 0, width: context.size.width, height: context.size.height)
        var d = PointDrawing(frame: canvas, measurer: m)
        var panel = theme.text
        panel.background = theme.focus.background
        d.fill(canvas, panel)
        let width = Swift.max(0, Swift.min(canvas.width - 32, 640))
        let left = (canvas.width - width) / 2
        // Each line as it is drawn: its runs (where each starts, how wide it may be, its text,
        // type and colour) and its height.
        typealias Run = (x: Double, width: Double, text: String, font: FontRole, style: Style)
        var lines: [(runs: [Run], height: Double)] = []
        func add(_ text: String, font: FontRole, style: Style, x: Double = left, width: Double = width, lead: Run? = nil) {
            for (i, line) in m.wrapped(text, toWidth: width, font: font, bold: style.bold).enumerated() {
                let run: Run = (x, width, line, font, style)
                lines.append(((i == 0 ? lead.map { [$0] } ?? [] : []) + [run], m.lineHeight(font) + 2))
            }
        }
        func gap() { lines.append(([], m.lineHeight(.footnote) / 2)) }
        add("\(page.title) — shows \(page.guidelines.joined(separator: ", "))", font: .headline, style: theme.header)
        gap()
        // The notes are broken into lines for a terminal; a line that starts in lower case goes on
        // from the one before, so the window wraps them as the sentences they are.
        let notes = (page.help + [pointer]).reduce(into: [String]()) { notes, line in
            if let first = line.first, first.isLowercase, !notes.isEmpty { notes[notes.count - 1] += " " + line } else { notes.append(line) }
        }
        for note in notes { add(note, font: .body, style: theme.text) }
        gap()
        var keyStyle = theme.text
        keyStyle.bold = true
        let entries = page.keys.entries
        let keyWidth = Swift.min(width * 0.4, (entries.map { m.width(of: $0.keys, font: .body, bold: true) }.max() ?? 0) + 16)
        for entry in entries {
            add(entry.does, font: .body, style: theme.text, x: left + keyWidth, width: width - keyWidth,
                lead: (left, keyWidth - 8, entry.keys, .body, keyStyle))
        }
        gap()
        add(Self.commands.help.compact, font: .footnote, style: theme.secondary)
        var y = 16.0
        let bottom = canvas.maxY - 16
        for (i, line) in lines.enumerated() {
            // The last line that fits says there is more.
            if i < lines.count - 1, y + line.height + m.lineHeight(.body) > bottom {
                d.text("…", at: Point(x: left, y: y), width: width, font: .body, theme.text)
                break
            }
            for run in line.runs { d.text(run.text, at: Point(x: run.x, y: y), width: run.width, font: run.font, run.style) }
            y += line.height
        }
        return d
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
