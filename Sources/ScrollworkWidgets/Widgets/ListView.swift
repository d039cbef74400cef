import Scrollwork

/// A list: a `ListState` in any of its styles, with section headers and footers, row content
/// with accessories (› disclosure, ⓘ detail, ✓ checkmark), selection and focus, edit-mode
/// controls, zebra rows, the elliptical fade and the section index on the trailing side (LT-01 to
/// LT-14).
///
/// Keys move the cursor (Shift extends the selection) and Enter activates the row; a click
/// activates the row under it (its detail button when it hits the ⓘ; in edit mode ⊖ deletes the
/// row, and a drag on ≡ moves it, scrolling at the edges), a drag scrolls like a
/// finger, the wheel scrolls, and a press or drag on the index jumps to its section (LT-10,
/// LT-11). What the activations mean comes out of ``takeEvents()``.
public struct ListView<Row: Sendable>: Widget {
    /// The list.
    public var list: ListState<Row>
    /// Styles.
    public var theme: Theme
    /// The point/cell mapping.
    public var metrics = CellMetrics() { didSet { fitToCells() } }
    /// Page Up and Page Down scroll by a page without moving the cursor, as in AppKit's tables
    /// and lists (the default); off, they move the cursor a page.
    public var pageKeysScroll = true
    /// The area of the last render, in points.
    public private(set) var frame = Rect.zero
    /// The cells of ``frame`` on the canvas's grid.
    public private(set) var frameCells = CellRect.none
    /// The rows' cells: `frame` less the section index.
    public private(set) var body = CellRect.none
    /// The index column, when the list has an index.
    public private(set) var indexColumn: Int? = nil
    /// The index letters as drawn: the first one's row and each with its section.
    var index: (top: Int, entries: [(title: String, section: Int)]) = (0, [])
    private var pointer = ScrollPointer()
    private var draggingIndex = false
    private var events: [ListEvent] = []
    var failure: ListError? = nil
    /// True when the last render drew in points.
    private var inPoints = false
    /// Where the last render put the rows, in points (``accessibility`` reads rows against it).
    var accessibleBody = Rect.zero
    /// The cell the cursor row was drawn at.
    public internal(set) var cursorCell: CellPosition? = nil
    /// The top-left corner of ``cursorCell``, in points.
    public var cursorPosition: Point? { cursorCell.map { metrics.origin(of: $0) } }

    /// A view of `list`. Its rows, headers, footers and section gaps become one cell tall, its
    /// line step one cell and its detail-button zone four cells wide: a terminal draws whole rows
    /// (set them on ``list`` afterwards for others; measured heights are kept).
    public init(_ list: ListState<Row>, theme: Theme = Theme()) {
        self.list = list
        self.theme = theme
        fitToCells()
    }

    private mutating func fitToCells() {
        var fitted = metrics.cells(list.metrics)
        fitted.accessoryWidth = 4 * metrics.cellWidth
        if list.metrics != fitted { list.metrics = fitted }
        list.scroll.lineStep = metrics.cell
    }

    /// Activations since the last call (navigate, show details, selection changed), oldest first.
    public mutating func takeEvents() -> [ListEvent] {
        defer { events = [] }
        return events
    }

    /// The last error of a call the view made for its input (a row that had gone), once.
    public mutating func takeError() -> ListError? {
        defer { failure = nil }
        return failure
    }

    // MARK: Drawing

    /// Sets the viewport to `area` less the index, then draws the visible items at `time`.
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        let area = canvas.cells(in: bounds)
        frameCells = area
        indexColumn = list.sectionIndexTitles.isEmpty || area.columns < 3 ? nil : area.maxColumn - 1
        body = area.inset(right: indexColumn == nil ? 0 : 2)
        cursorCell = nil
        inPoints = canvas.pointContext != nil
        if let context = canvas.pointContext {
            renderPoints(in: area, context: context, into: &canvas, at: time)
            return
        }
        let size = metrics.size(of: body)
        accessibleBody = canvas.metrics.points(body)
        if list.scroll.viewportSize != size { list.setViewport(size) }
        // A legacy scroller set since takes its track from the width the rows span (SV-11).
        if list.scroll.indicatorStyle.reservesTrack { list.fitContentWidth() }
        canvas.cells.fill(area)
        let inset = metrics.columns(forPoints: list.style.rowInset + metrics.cellWidth / 2)
        for entry in list.visibleItems(overscan: 0) {
            let top = body.row.addingSaturating(metrics.rows(forPoints: entry.frame.minY - list.scroll.offset.y))
            let height = Swift.max(1, Int(saturating: (entry.frame.height / metrics.cellHeight).rounded()))
            let line = CellRect(column: body.column + inset, row: top, columns: body.columns - 2 * inset, rows: height).intersection(body)
            guard !line.isEmpty || top >= body.row else { continue }
            switch entry.item {
            case .spacer: continue
            case let .header(section):
                drawHeader(section, line: line, top: top, into: &canvas)
            case let .footer(section):
                guard let footer = list.decorations(ofSection: section).footer else { continue }
                canvas.cells.draw(" " + footer.title.truncated(toWidth: line.columns - 1), column: line.column, row: top, style: theme.secondary, clip: body)
            case .showMore:
                canvas.cells.draw(" Show More…", column: line.column, row: top, style: theme.accent, clip: body)
            case let .row(path):
                drawRow(path, line: line, top: top, at: time, into: &canvas)
            }
        }
        if let pinned = list.pinnedHeader {
            // The current section's header stays on top of its rows until the next pushes it up.
            let top = body.row.addingSaturating(metrics.rows(forPoints: pinned.y))
            let line = CellRect(column: body.column + inset, row: top, columns: body.columns - 2 * inset, rows: 1).intersection(body)
            if !line.isEmpty { drawHeader(pinned.section, line: line, top: top, into: &canvas) }
        }
        if let column = indexColumn { drawIndex(column: column, into: &canvas) }
        ScrollIndicatorDrawing(metrics: metrics, theme: theme).draw(list.scroll, in: body, into: &canvas)
        // Pixel hosts only: the terminal never copies the widget for it.
        if canvas.drawsPointMarks { SubcellScrolling.record(self, scroll: \.list.scroll, content: body, metrics: metrics, into: &canvas, at: time) }
    }

    private func drawHeader(_ section: Int, line: CellRect, top: Int, into canvas: inout Canvas) {
        guard let header = list.decorations(ofSection: section).header else { return }
        let grouped = list.style.separatesSections
        let text = grouped ? header.title.uppercased() : header.title
        var style = grouped ? theme.secondary : theme.header
        if !grouped { canvas.cells.fill(line, with: .blank(theme.focus)); style.background = theme.focus.background }
        canvas.cells.draw(" " + text.truncated(toWidth: line.columns - 1), column: line.column, row: top, style: style, clip: body)
    }

    private mutating func drawRow(_ path: IndexPath, line: CellRect, top: Int, at time: Double, into canvas: inout Canvas) {
        let clip = body
        let content: RowContent
        do { content = try list.content(at: path) } catch { return }
        let look = list.appearance(at: path, time: time, accessory: content.accessory)
        if look.isFocused, clip.contains(column: line.column, row: top) { cursorCell = CellPosition(column: line.column + 1, row: top) }
        var base = theme.text
        if look.usesAlternateBackground { base = theme.zebra }
        if look.isSelected || look.isFlashing { base = theme.selection }
        if look.isFocused && !look.isSelected { base.bold = true; if list.idiom == .tvOS { base = theme.focus } }
        if look.opacity < 0.75 { base.dim = true }
        canvas.cells.fill(line.intersection(clip), with: .blank(base))
        var leading = line.column + 1
        var width = line.columns - 2
        // The elliptical style narrows rows towards the edges.
        if look.scale < 1 {
            let shrink = Int(saturating: ((1 - look.scale) * Double(line.columns) / 2).rounded())
            leading += shrink
            width -= 2 * shrink
        }
        if look.isRaised { canvas.cells.draw("▌", column: line.column, row: top, style: base, clip: clip); canvas.cells.draw("▐", column: line.maxColumn - 1, row: top, style: base, clip: clip) }
        if look.showsDeleteControl {
            var style = theme.destructive
            style.background = base.background
            canvas.cells.draw("⊖", column: leading, row: top, style: style, clip: clip)
            leading += 2
            width -= 2
        }
        var trailing = Self.trailingSymbols(content.accessory, checkmark: look.showsCheckmark).joined(separator: " ")
        if look.showsReorderHandle { trailing += (trailing.isEmpty ? "" : " ") + "≡" }
        let trailingWidth = displayWidth(trailing)
        let lines = content.lines(width: Swift.max(0, width - trailingWidth - (trailingWidth > 0 ? 1 : 0)))
        for (i, text) in lines.enumerated() where top + i < line.maxRow {
            var style = base
            if i > 0 { style.foreground = theme.secondary.foreground; style.dim = theme.secondary.dim || style.dim }
            canvas.cells.draw(text, column: leading, row: top + i, style: style, clip: clip)
        }
        if !trailing.isEmpty {
            var style = look.showsCheckmark ? theme.accent : theme.secondary
            style.background = base.background
            style.reverse = base.reverse
            canvas.cells.draw(trailing, column: line.column + line.columns - 1 - trailingWidth, row: top, style: style, clip: clip)
        }
    }

    /// The symbols at a row's trailing end, leading first: ✓ when it shows the checkmark, then
    /// its accessory's (› disclosure, ⓘ detail, both for a detail disclosure button).
    static func trailingSymbols(_ accessory: RowContent.Accessory, checkmark: Bool) -> [String] {
        var symbols: [String]
        switch accessory {
        case .disclosureIndicator: symbols = ["›"]
        case .detailButton: symbols = ["ⓘ"]
        case .detailDisclosureButton: symbols = ["ⓘ", "›"]
        case .checkmark, .none: symbols = []
        }
        if checkmark { symbols.insert("✓", at: 0) }
        return symbols
    }

    /// Places the index letters one a row, spread from the middle of the frame's height, every
    /// few when not all fit; a press on a row finds its letter in ``index``.
    mutating func layOutIndex() {
        let titles = list.sectionIndexTitles
        guard !titles.isEmpty, frameCells.rows > 0 else { index = (frameCells.row, []); return }
        let step = Swift.max(1, Int(saturating: (Double(titles.count) / Double(frameCells.rows)).rounded(.up)))
        let shown = stride(from: 0, to: titles.count, by: step).map { titles[$0] }
        index = (frameCells.row + Swift.max(0, (frameCells.rows - shown.count) / 2), shown)
    }

    /// The index letters as ``layOutIndex()`` places them.
    private mutating func drawIndex(column: Int, into canvas: inout Canvas) {
        layOutIndex()
        for (i, entry) in index.entries.enumerated() {
            canvas.cells.draw(entry.title.truncated(toWidth: 1), column: column, row: index.top + i, style: theme.accent, clip: frameCells)
        }
    }

    // MARK: Input

    /// Keys move the cursor and activate; the pointer taps, scrolls and uses the index.
    public mutating func handle(_ event: Event, at time: Double) -> EventResult {
        switch event {
        case let .key(key): return handleKey(key, at: time)
        case let .mouse(mouse): return handleMouse(mouse, at: time)
        default: return .ignored
        }
    }

    private mutating func handleKey(_ key: KeyEvent, at time: Double) -> EventResult {
        // Alt with a key is the app's (moving a row in edit mode, say), never a list movement.
        guard !key.modifiers.contains(.alt), let command = RowsCommand.listKeys.command(for: key) else { return .ignored }
        switch command {
        case .selectAll:
            guard list.selectAll() else { return .ignored }
            if let cursor = list.cursor, let path = list.indexPath(of: cursor) { events.append(.selectionChanged(path)) }
            return .handled
        case .move:
            if let move = ListMove(key: key), !(pageKeysScroll && (move == .pageUp || move == .pageDown)) {
                do { try list.moveCursor(move, extending: key.modifiers.contains(.shift), at: time) } catch { failure = error }
                return .handled
            }
        case .activate:
            guard let id = list.cursor, let path = list.indexPath(of: id) else { return .ignored }
            do { events.append(try list.activate(path, target: .row, at: time)) } catch { failure = error }
            return .handled
        case .scroll, .cancelSort:
            break
        }
        guard let scroll = ScrollCommand(key: key) else { return .ignored }
        list.scroll.perform(scroll, time: time)
        return .handled
    }

    private mutating func handleMouse(_ mouse: MouseEvent, at time: Double) -> EventResult {
        let cell = metrics.cell(of: mouse)
        if case .press = mouse.kind, mouse.button == .left, cell.column == indexColumn, frameCells.contains(cell) {
            draggingIndex = true
            jump(toIndexRow: cell.row)
            return .handled
        }
        if draggingIndex {
            switch mouse.kind {
            case .drag: jump(toIndexRow: cell.row)
            case .release: draggingIndex = false
            default: return .ignored
            }
            return .handled
        }
        // The pointer's own point finds the row under it (in points rows are not whole cells).
        let point = metrics.point(of: mouse, in: body)
        if let drag = list.reordering {
            // The row follows the pointer; near an edge the list scrolls (see tick).
            switch mouse.kind {
            case .drag: list.moveReorder(pointerY: point.y, at: time)
            case .release:
                if let to = list.endReorder(at: time), to != drag.origin { events.append(.moved(from: drag.origin, to: to)) }
            default: return .ignored
            }
            return .handled
        }
        if case .press = mouse.kind, mouse.button == .left, body.contains(cell),
           case let .row(path)? = list.item(atViewportY: point.y), list.reorderHandleFrame(at: path)?.contains(point) == true {
            // ≡ in edit mode: a drag moves the row instead of scrolling the list.
            do { try list.beginReorder(at: path, pointerY: point.y, at: time) } catch { failure = error }
            return .handled
        }
        let tap = pointer.isTap(mouse)
        let result = pointer.handle(mouse, in: body, state: &list.scroll, metrics: metrics, at: time)
        guard tap else { return result }
        // The pinned header covers the row beneath it: a tap there reaches no row.
        if let pinned = list.pinnedHeader, inPoints ? (pinned.y..<(pinned.y + list.metrics.headerHeight)).contains(point.y)
            : cell.row == body.row.addingSaturating(metrics.rows(forPoints: pinned.y)) { return .handled }
        // A press and release without moving is a tap on the item under the pointer.
        switch list.item(atViewportY: point.y) {
        case let .showMore(section)?:
            do { try list.showMore(inSection: section) } catch { failure = error }
        case let .row(path)? where list.deleteControlFrame(at: path)?.contains(point) == true:
            // ⊖ in edit mode deletes the row (undo brings it back).
            do {
                try list.deleteRows(at: [path])
                events.append(.deleted(path))
            } catch { failure = error }
        case let .row(path)?:
            let onDetail = list.detailButtonFrame(at: path)?.contains(point) ?? false
            do {
                events.append(try list.activate(path, target: onDetail ? .detailButton : .row, extending: mouse.modifiers.extendsSelection,
                                                toggling: mouse.modifiers.togglesSelection, at: time))
            } catch { failure = error }
        default: break
        }
        return .handled
    }

    /// Jumps to the section of the index letter at `row`; above or below the letters, to the
    /// first or last.
    private mutating func jump(toIndexRow row: Int) {
        guard !index.entries.isEmpty else { return }
        let i = Swift.min(Swift.max(row - index.top, 0), index.entries.count - 1)
        let section = index.entries[i].section
        do { try list.jump(toSection: section) } catch { failure = error }
    }

    /// Stretches at the edge for a wheel turn nothing could use (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { ScrollPointer.overscroll(mouse, state: &list.scroll, at: time) }
    /// Advances the scrolling, and a dragged row over the rows scrolling beneath it.
    public mutating func tick(at time: Double) {
        list.scroll.tick(at: time)
        list.followReorderPointer()
    }
    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { list.scroll.flashIndicators(at: time) }
    /// True while the list scrolls, an indicator fades or a chosen row flashes.
    public var isAnimating: Bool { list.scroll.isAnimating }
    /// When an indicator starts to fade.
    public var wakeTime: Double? { list.scroll.wakeTime }
}
