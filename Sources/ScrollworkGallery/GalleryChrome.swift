import Scrollwork
import ScrollworkWidgets

/// What the gallery's title bar or status line is drawn from: while it stays the same a terminal
/// copies the cells it drew last.
struct GalleryChromeKey: Equatable, Sendable {
    var text: String
    var frame: Rect
    var theme: ThemeIdentity
    var idiom: ScrollIdiom
}

/// What the gallery's title bar is drawn from: its page, place and buttons, and which button is
/// pressed or under the pointer (a window draws them so; a terminal's key hints look the same).
struct GalleryTitleBarKey: Equatable, Sendable {
    var bar: GalleryTitleBar
    var frame: Rect
    var theme: ThemeIdentity
    var idiom: ScrollIdiom
    var pressed: GalleryTitleBar.Control?
    var hovered: GalleryTitleBar.Control?
}

extension GalleryApp {
    /// Draws the title bar over its rows, one drawing for every host: the title bold (in the
    /// headline type where a window gives the bar two rows), the guideline IDs secondary, and
    /// the controls at the trailing end, as a window's push buttons or a terminal's key hints.
    mutating func drawTitleBar(_ titleBar: GalleryTitleBar, into canvas: inout Canvas) {
        let theme = style.theme
        var bar = theme.header
        bar.background = theme.focus.background
        var ids = theme.secondary
        ids.background = bar.background
        let box = titleArea
        let measurer = canvas.measurer(for: style.idiom)
        let placed = placedTitleBar?.updated(titleBar, width: box.width, height: box.height, measurer: measurer)
            ?? PlacedTitleBar(titleBar, width: box.width, height: box.height, measurer: measurer)
        placedTitleBar = placed
        let title = placed.title, controls = placed.controls
        // A window keeps its text 12 points from the edge and the IDs 12 after the title; a grid
        // a cell and two.
        let inset = canvas.across(points: 12, cells: 1)
        let gap = canvas.across(points: 12, cells: 2)
        let buttonsStart = controls.first?.2.minX ?? box.maxX
        let key = GalleryTitleBarKey(bar: titleBar, frame: box, theme: ThemeIdentity(theme), idiom: style.idiom,
                                     pressed: pressedControl, hovered: hoveredControl)
        let page = page, titleRows = titleRows, idiom = style.idiom, pressed = pressedControl, hovered = hoveredControl
        // A desktop app's chrome carries no guideline IDs: they stay on the checks page and in help.
        let showsGuidelines = style.keys == .terminal
        canvas.reusing(&drawnTitleBar, key: key, in: box, idiom: idiom) { c in
            let m = c.measurer(for: idiom)
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
            let shown = !showsGuidelines ? "" : page.fittedGuidelines(room: buttonsStart - 8 - start) { m.width(of: $0, font: .footnote) }
            c.text(shown, at: Point(x: start, y: top(.footnote)), width: Swift.max(0, buttonsStart - 8 - start), font: .footnote, style: ids)
            c.separator(under: box, theme.separator, hardEdge: false)
            for (control, label, frame) in controls {
                c.button(label, frame: frame, isPressed: pressed == control,
                         isHovered: hovered == control, style: ids)
            }
        }
    }

    /// Draws the status line on the second row from the bottom in the footnote type.
    mutating func drawStatus(_ status: String, into canvas: inout Canvas) {
        let line = statusArea
        let theme = style.theme, idiom = style.idiom
        let key = GalleryChromeKey(text: status, frame: line, theme: ThemeIdentity(theme), idiom: idiom)
        canvas.reusing(&drawnStatus, key: key, in: line, idiom: idiom) { c in
            c.fill(line)
            let m = c.measurer(for: idiom)
            let inset = c.across(points: 8, cells: 1)
            c.text(status, at: Point(x: line.minX + inset, y: line.minY + (line.height - m.lineHeight(.footnote)) / 2), width: line.width - 2 * inset,
                   font: .footnote, style: theme.secondary)
        }
    }
}

extension GalleryApp {
    /// What names the page dots, so that they are not taken for a page's own page control.
    static let dotsCaption = "gallery pages ▸"

    /// Draws the dots' caption at the leading end of their line, in the space the dots leave,
    /// where the line holds twice the caption and 160 points more.
    mutating func drawDotsCaption(into canvas: inout Canvas) {
        let box = dotsArea
        let m = canvas.measurer(for: style.idiom)
        let captionWidth: Double
        if let kept = measuredDotsCaption, kept.measurer == m {
            captionWidth = kept.width
        } else {
            captionWidth = m.width(of: Self.dotsCaption, font: .footnote) + 8
            measuredDotsCaption = (m, captionWidth)
        }
        guard box.width >= 2 * captionWidth + 160 else { return }
        // Up to the dots (their frame is empty when none fit), and never past the middle.
        let dotsStart = dots.frame.isEmpty ? box.maxX : dots.frame.minX
        let room = Rect(x: box.minX, y: box.minY, width: Swift.max(0, Swift.min(dotsStart, box.midX) - box.minX), height: box.height)
        let theme = style.theme, idiom = style.idiom
        let key = GalleryChromeKey(text: Self.dotsCaption, frame: room, theme: ThemeIdentity(theme), idiom: idiom)
        canvas.reusing(&drawnDotsCaption, key: key, in: room, idiom: idiom) { c in
            let top = box.minY + (box.height - c.measurer(for: idiom).lineHeight(.footnote)) / 2
            c.text(Self.dotsCaption, at: Point(x: box.minX + 8, y: top), font: .footnote, style: theme.secondary)
        }
    }
}

extension GalleryApp {
    /// The help overlay: a sheet over the whole window, one drawing for every host, with the
    /// page's title in the headline type, its notes in the body type, its keys in two columns
    /// (the keys bold) and the gallery's keys below in the secondary colour. A window keeps its
    /// text at most 640 points wide, a terminal takes its width inside a frame. When the sheet
    /// is too short, the last line that fits is "…".
    /// Scrolls the help sheet for `key` (↑ ↓ a line, Page Up, Page Down and Space a page, Home and
    /// End to the ends); false for any other key, which closes it.
    mutating func scrollHelp(for key: KeyEvent) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        let page = Swift.max(1, helpPageLines - 1)
        switch key.key {
        case .down: helpTopLine = helpTopLine.addingSaturating(1)
        case .up: helpTopLine = helpTopLine.subtractingSaturating(1)
        case .pageDown, .character(" "): helpTopLine = helpTopLine.addingSaturating(page)
        case .pageUp: helpTopLine = helpTopLine.subtractingSaturating(page)
        case .home: helpTopLine = 0
        case .end: helpTopLine = Int.max
        default: return false
        }
        return true
    }

    mutating func drawHelp(into canvas: inout Canvas) {
        let theme = style.theme
        let showsGuidelines = style.keys == .terminal
        let pointer = style.idiom.supportsPageControls ? "Click or drag the dots at the bottom to change page." : "Click a tab at the bottom to change page."
        // The sheet covers the window: nothing drawn beneath it is kept.
        canvas.clear()
        let sheet = canvas.bounds
        // Too small a terminal for a frame has the text to its edges.
        let framed = sheet.width >= 8 * canvas.metrics.cellWidth && sheet.height >= 4 * canvas.metrics.cellHeight
        let margin = framed ? 2 * canvas.metrics.cellWidth : 0
        let requestedTop = helpTopLine
        var shownTop = 0, shownCount = 0
        var placed: [AccessibilityElement] = []
        canvas.draw(sheet, idiom: style.idiom) { c in
            let m = c.measurer(for: style.idiom)
            var panel = theme.text
            panel.background = theme.focus.background
            c.fill(sheet, panel)
            // Square in a window; a grid's box rounds its corners (any radius does).
            if framed { c.stroke(sheet, theme.separator, radius: c.across(points: 0, cells: 1)) }
            // A window's lines stop at a readable 640 points; a grid's take the width there is.
            let width = Swift.max(0, Swift.min(sheet.width - 2 * margin, c.across(points: 640, cells: .infinity)))
            let left = (sheet.width - width) / 2
            // Each line as it is drawn: its runs (where each starts, how wide it may be, its text,
            // type and colour) and its height.
            typealias Run = (x: Double, width: Double, text: String, font: FontRole, style: Style)
            var lines: [(runs: [Run], height: Double)] = []
            func add(_ text: String, font: FontRole, style: Style, x: Double = left, width: Double = width, lead: Run? = nil) {
                for (i, line) in m.wrapped(text, toWidth: width, font: font, bold: style.bold).enumerated() {
                    let run: Run = (x, width, line, font, style)
                    lines.append(((i == 0 ? lead.map { [$0] } ?? [] : []) + [run], c.alignedRow(m.lineHeight(font) + 2)))
                }
            }
            func gap() { lines.append(([], c.alignedRow(m.lineHeight(.footnote) / 2))) }
            var heading = panel
            heading.bold = true
            if helpIsAbout {
                add("Scrollwork \(scrollworkVersion)", font: .title, style: heading)
                add("Apple's Human Interface Guidelines for scroll views, lists and tables, and page controls, in Swift, on Linux: "
                    + "this gallery shows each guideline at work, and `scrollwork open` explores files and databases of any size.", font: .body, style: panel)
                gap()
            }
            // A desktop app's help names what the page is, not the guideline IDs it shows: those
            // stay on the checks page (and in a terminal's help, where the gallery is a demo).
            add(showsGuidelines ? "\(page.title) — shows \(page.guidelines.joined(separator: ", "))" : page.title, font: .headline, style: heading)
            gap()
            // The keys first, what help is opened for; the notes after them, the first cut where
            // the sheet is short.
            var keyStyle = panel
            keyStyle.bold = true
            // A window in the macOS idiom names keys as a Mac's help does (⌃⇥, ⇧F10).
            let entries = page.keys(for: style.keys).named(for: style.keys, in: style.idiom).entries
            let keyWidth = c.aligned(Swift.min(width * 0.4, (entries.map { m.width(of: $0.keys, font: .body, bold: true) }.max() ?? 0) + 16))
            for entry in entries {
                add(entry.does, font: .body, style: panel, x: left + keyWidth, width: width - keyWidth,
                    lead: (left, keyWidth - 8, entry.keys, .body, keyStyle))
            }
            gap()
            var secondary = theme.secondary
            secondary.background = panel.background
            add(commands.help.named(for: style.keys, in: style.idiom).compact, font: .footnote, style: secondary)
            gap()
            // The notes are broken into lines for reading in source; a line that starts in lower
            // case goes on from the one before, so they wrap as the sentences they are.
            let notes = (page.help + [pointer]).reduce(into: [String]()) { notes, line in
                if let first = line.first, first.isLowercase, !notes.isEmpty { notes[notes.count - 1] += " " + line } else { notes.append(line) }
            }
            for note in notes { add(note, font: .body, style: panel) }
            var y = sheet.minY + (framed ? c.alignedRow(16) : 0)
            let bottom = sheet.maxY - (framed ? c.alignedRow(16) : 0)
            // Scrolled no further than the last page: from the end, the lines that fit.
            var lastTop = lines.count, room = bottom - y
            while lastTop > 0, room - lines[lastTop - 1].height >= -0.001 {
                room -= lines[lastTop - 1].height
                lastTop -= 1
            }
            let top = Swift.min(Swift.max(0, requestedTop), lastTop)
            shownTop = top
            for (i, line) in lines.enumerated() where i >= top {
                // The last line that fits says there is more.
                if i < lines.count - 1, y + line.height + m.lineHeight(.body) > bottom + 0.001 {
                    if y + m.lineHeight(.body) <= bottom + 0.001 { c.text("…", at: Point(x: left, y: y), width: width, style: panel) }
                    break
                }
                for run in line.runs { c.text(run.text, at: Point(x: run.x, y: y), width: run.width, font: run.font, style: run.style) }
                // A key and what it does are read as one line, the key first.
                if !line.runs.isEmpty {
                    placed.append(AccessibilityElement(role: .staticText, name: line.runs.map(\.text).joined(separator: ", "),
                                                       frame: Rect(x: left, y: y, width: width, height: line.height)))
                }
                y += line.height
                shownCount += 1
            }
        }
        helpTopLine = shownTop
        placedHelp = placed
        helpPageLines = Swift.max(1, shownCount)
    }
}

extension GalleryApp.PageKind {
    /// As many whole guideline IDs as fit `room` (measured by `width`), then "…": an ID is never
    /// cut in half, and a lone "…" says nothing, so none show unless one fits. Each ID is
    /// measured once, and the run as the sum of its parts.
    func fittedGuidelines(room: Double, width: (String) -> Double) -> String {
        let space = width(" "), more = width(" …")
        var shown: [String] = [], used = 0.0
        for (i, id) in guidelines.enumerated() {
            let next = used + (shown.isEmpty ? 0 : space) + width(id)
            if next + (i < guidelines.count - 1 ? more : 0) > room {
                return shown.isEmpty ? "" : shown.joined(separator: " ") + " …"
            }
            shown.append(id)
            used = next
        }
        return shown.joined(separator: " ")
    }
}
