import Scrollwork
import ScrollworkWidgets

/// The gallery's title bar and status line in a window: the interface font at the idiom's
/// footnote size, the title bold, the guideline IDs secondary, push buttons at the trailing end.
extension GalleryApp {
    /// Draws the title bar in points over row 0, with `controls` as buttons.
    func drawTitleBar(title: String, controls: [(GalleryTitleBar.Control, String, CellRect)], context: PointContext, into canvas: inout Canvas) {
        let theme = style.theme
        var bar = theme.header
        bar.background = theme.focus.background
        let box = canvas.points(CellRect(column: 0, row: 0, columns: canvas.cells.columns, rows: titleRows))
        var d = PointDrawing(frame: box, measurer: context.measurer(for: style.idiom))
        d.fill(box, bar)
        // A bar two rows tall has room for the title in the headline type, as a header bar's.
        let font: FontRole = titleRows > 1 ? .headline : .footnote
        let top = d.lineTop(font, centredIn: box.minY, height: box.height)
        let buttonsStart = controls.first.map { CellMetrics().points($0.2).minX } ?? box.maxX
        // The app's name goes first when the whole title does not fit the type.
        var shownTitle = String(title.trimmingPrefix(" "))
        if d.measurer.width(of: shownTitle, font: font, bold: true) > buttonsStart - 20, let dot = shownTitle.firstIndex(of: "·") {
            shownTitle = String(shownTitle[shownTitle.index(after: dot)...].drop { $0 == " " })
        }
        let titleWidth = d.text(shownTitle, at: Point(x: 12, y: top), width: buttonsStart - 20, font: font, bar)
        var ids = theme.secondary
        ids.background = bar.background
        let start = 12 + titleWidth + 12
        let shown = page.fittedGuidelines(room: buttonsStart - 8 - start) { d.measurer.width(of: $0, font: .footnote) }
        d.text(shown, at: Point(x: start, y: d.lineTop(.footnote, centredIn: box.minY, height: box.height)), width: buttonsStart - 8 - start, font: .footnote, ids)
        d.line(from: Point(x: box.minX, y: box.maxY - 0.5), to: Point(x: box.maxX, y: box.maxY - 0.5), theme.separator, width: 1)
        canvas.record(.drawing(d))
        recordButtons(controls, into: &canvas)
    }

    /// The title bar's controls as a window's push buttons, the pressed one drawn pressed.
    func recordButtons(_ controls: [(GalleryTitleBar.Control, String, CellRect)], into canvas: inout Canvas) {
        for (control, _, frame) in controls {
            // A push button is 24 points tall (AppKit's regular size), centred in a taller bar.
            var box = CellMetrics().points(frame)
            if box.height > 24 { box = Rect(x: box.minX, y: box.minY + (box.height - 24) / 2, width: box.width, height: 24) }
            canvas.record(.button(title: control.buttonTitle, frame: box, isPressed: pressedControl == control))
        }
    }

    /// Draws the status line in points over the buffer's second row from the bottom.
    func drawStatus(_ status: String, context: PointContext, into canvas: inout Canvas) {
        let box = canvas.points(CellRect(column: 0, row: canvas.cells.rows - 2, columns: canvas.cells.columns, rows: 1))
        // The line ends at its row: a stretched last row belongs to the dots below.
        let line = Rect(x: box.minX, y: box.minY, width: box.width, height: CellMetrics().cellHeight)
        var d = PointDrawing(frame: line, measurer: context.measurer(for: style.idiom))
        d.text(status, at: Point(x: 8, y: d.lineTop(.footnote, centredIn: line.minY, height: line.height)), width: line.width - 16, font: .footnote, style.theme.secondary)
        canvas.record(.drawing(d))
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
