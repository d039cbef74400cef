import Scrollwork

/// Draws a ``ListState`` in any of its styles: section headers and footers, row content with
/// accessories (› disclosure, ⓘ detail, ✓ checkmark), selection and focus, edit-mode controls,
/// zebra rows, the elliptical fade, the section index on the trailing side (LT-01 to LT-14).
public struct ListWidget: Sendable {
    /// The point/cell mapping.
    public var metrics = CellMetrics()
    /// Styles.
    public var theme: Theme

    /// A widget drawing with `theme`.
    public init(theme: Theme) { self.theme = theme }

    /// Sets the list's viewport to `rect` (less the index column when there is an index).
    public func layout<Row>(_ list: inout ListState<Row>, in rect: CellRect) {
        let size = metrics.size(of: rect)
        if list.scroll.viewportSize != size { list.setViewport(size) }
    }

    /// The column of the section index, when the list has one.
    public func indexColumn<Row>(_ list: ListState<Row>, in rect: CellRect) -> Int? {
        list.sectionIndexTitles.isEmpty ? nil : rect.maxColumn - 1
    }

    /// Draws the visible items of `list` into `rect` as they look at `time`.
    public func draw<Row>(_ list: ListState<Row>, in rect: CellRect, at time: Double, into buffer: inout Buffer) {
        buffer.fill(rect)
        let indexColumn = indexColumn(list, in: rect)
        let body = CellRect(column: rect.column, row: rect.row, columns: rect.columns - (indexColumn == nil ? 0 : 2), rows: rect.rows)
        let inset = Int(saturating: (list.style.rowInset / metrics.cellWidth).rounded())
        for entry in list.visibleItems(overscan: 0) {
            let top = rect.row + Int(saturating: ((entry.frame.minY - list.scroll.offset.y) / metrics.cellHeight).rounded(.down))
            let height = Swift.max(1, Int(saturating: (entry.frame.height / metrics.cellHeight).rounded()))
            let line = CellRect(column: body.column + inset, row: top, columns: body.columns - 2 * inset, rows: height).intersection(body)
            guard !line.isEmpty || top >= body.row else { continue }
            switch entry.item {
            case .spacer: continue
            case let .header(section):
                guard let header = list.decorations(ofSection: section).header else { continue }
                let grouped = list.style.separatesSections
                let text = grouped ? header.title.uppercased() : header.title
                var style = grouped ? theme.secondary : theme.header
                if !grouped { buffer.fill(line, with: .blank(theme.focus)); style.background = theme.focus.background }
                buffer.draw(" " + text.truncated(toWidth: line.columns - 1), column: line.column, row: top, style: style, clip: body)
            case let .footer(section):
                guard let footer = list.decorations(ofSection: section).footer else { continue }
                buffer.draw(" " + footer.title.truncated(toWidth: line.columns - 1), column: line.column, row: top, style: theme.secondary, clip: body)
            case .showMore:
                buffer.draw(" Show More…", column: line.column, row: top, style: theme.accent, clip: body)
            case let .row(path):
                drawRow(list, path, line: line, top: top, clip: body, at: time, into: &buffer)
            }
        }
        if let column = indexColumn { drawIndex(list, column: column, in: rect, into: &buffer) }
        ScrollViewWidget(theme: theme).drawIndicators(list.scroll, in: body, into: &buffer)
    }

    private func drawRow<Row>(_ list: ListState<Row>, _ path: IndexPath, line: CellRect, top: Int, clip: CellRect, at time: Double, into buffer: inout Buffer) {
        guard let content = try? list.content(at: path) else { return }
        let look = list.appearance(at: path, time: time, accessory: content.accessory)
        var base = theme.text
        if look.usesAlternateBackground { base = theme.zebra }
        if look.isSelected || look.isFlashing { base = theme.selection }
        if look.isFocused && !look.isSelected { base.bold = true; if list.idiom == .tvOS { base = theme.focus } }
        if look.opacity < 0.75 { base.dim = true }
        buffer.fill(line.intersection(clip), with: .blank(base))
        var leading = line.column + 1
        var width = line.columns - 2
        // The elliptical style narrows rows towards the edges.
        if look.scale < 1 {
            let shrink = Int(saturating: ((1 - look.scale) * Double(line.columns) / 2).rounded())
            leading += shrink
            width -= 2 * shrink
        }
        if look.isRaised { buffer.draw("▌", column: line.column, row: top, style: base, clip: clip); buffer.draw("▐", column: line.maxColumn - 1, row: top, style: base, clip: clip) }
        if look.showsDeleteControl {
            var style = theme.destructive
            style.background = base.background
            buffer.draw("⊖", column: leading, row: top, style: style, clip: clip)
            leading += 2
            width -= 2
        }
        var trailing = ""
        switch content.accessory {
        case .disclosureIndicator: trailing = "›"
        case .detailButton: trailing = "ⓘ"
        case .detailDisclosureButton: trailing = "ⓘ ›"
        case .checkmark: trailing = ""
        case .none: break
        }
        if look.showsCheckmark { trailing = "✓" + (trailing.isEmpty ? "" : " " + trailing) }
        if look.showsReorderHandle { trailing += (trailing.isEmpty ? "" : " ") + "≡" }
        let trailingWidth = displayWidth(trailing)
        let lines = content.lines(width: Swift.max(0, width - trailingWidth - (trailingWidth > 0 ? 1 : 0)))
        for (i, text) in lines.enumerated() where top + i < line.maxRow {
            var style = base
            if i > 0 { style.foreground = theme.secondary.foreground; style.dim = theme.secondary.dim || style.dim }
            buffer.draw(text, column: leading, row: top + i, style: style, clip: clip)
        }
        if !trailing.isEmpty {
            var style = look.showsCheckmark ? theme.accent : theme.secondary
            style.background = base.background
            style.reverse = base.reverse
            buffer.draw(trailing, column: line.column + line.columns - 1 - trailingWidth, row: top, style: style, clip: clip)
        }
    }

    /// The index letters as drawn: spread from the middle of the height, every few when they do
    /// not all fit, each with the section it jumps to.
    private func indexLayout<Row>(_ list: ListState<Row>, in rect: CellRect) -> (top: Int, entries: [(title: String, section: Int)]) {
        let titles = list.sectionIndexTitles
        guard !titles.isEmpty, rect.rows > 0 else { return (rect.row, []) }
        let step = Swift.max(1, Int(saturating: (Double(titles.count) / Double(rect.rows)).rounded(.up)))
        let shown = stride(from: 0, to: titles.count, by: step).map { titles[$0] }
        return (rect.row + Swift.max(0, (rect.rows - shown.count) / 2), shown)
    }

    private func drawIndex<Row>(_ list: ListState<Row>, column: Int, in rect: CellRect, into buffer: inout Buffer) {
        let (top, entries) = indexLayout(list, in: rect)
        for (i, entry) in entries.enumerated() {
            buffer.draw(entry.title.truncated(toWidth: 1), column: column, row: top + i, style: theme.accent, clip: rect)
        }
    }

    // MARK: Input

    /// The list movement for a key (arrows, Page Up/Down, Home/End), if any.
    public static func move(for key: KeyEvent) -> ListMove? {
        switch key.key {
        case .up: return .up
        case .down: return .down
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        default: return nil
        }
    }

    /// Turns a mouse event into list calls: a click activates a row (its detail button when it hits
    /// the ⓘ), a press and drag scrolls like a finger, the wheel scrolls, and clicking or dragging
    /// the index jumps to its section (LT-10, LT-11). Returns the activation's event, if any.
    public func handle<Row>(_ event: MouseEvent, in rect: CellRect, list: inout ListState<Row>,
                            capture: inout PointerCapture?, at time: Double) -> ListEvent? {
        let indexColumn = indexColumn(list, in: rect)
        if case .press = event.kind, event.button == .left, event.column == indexColumn, rect.contains(column: event.column, row: event.row) {
            capture = PointerCapture(.sectionIndex, column: event.column, row: event.row)
            jump(list: &list, row: event.row, in: rect)
            return nil
        }
        if capture?.target == .sectionIndex {
            if case .drag = event.kind { jump(list: &list, row: event.row, in: rect) }
            if case .release = event.kind { capture = nil }
            return nil
        }
        let body = CellRect(column: rect.column, row: rect.row, columns: rect.columns - (indexColumn == nil ? 0 : 2), rows: rect.rows)
        let wasCapture = capture
        let scrollWidget = ScrollViewWidget(theme: theme)
        guard scrollWidget.handle(event, in: body, state: &list.scroll, capture: &capture, at: time) else { return nil }
        // A press and release without moving is a tap on the row under the pointer.
        if case .release = event.kind, let c = wasCapture, c.target == .content, !c.moved,
           case let .showMore(section)? = item(list, row: event.row, in: body) {
            try? list.showMore(inSection: section)
            return nil
        }
        if case .release = event.kind, let c = wasCapture, c.target == .content, !c.moved,
           let path = rowPath(list, row: event.row, in: body) {
            let onDetail = event.column >= body.maxColumn - 4
            return try? list.activate(path, target: onDetail ? .detailButton : .row, at: time)
        }
        return nil
    }

    /// The item under cell row `row`, if any.
    public func item<Row>(_ list: ListState<Row>, row: Int, in rect: CellRect) -> ListItem? {
        let y = list.scroll.offset.y + (Double(row - rect.row) + 0.5) * metrics.cellHeight
        guard y >= 0, y < list.heights.totalHeight, let index = list.heights.item(atOffset: y) else { return nil }
        return list.item(at: index)
    }

    /// The row under cell row `row`, if any.
    public func rowPath<Row>(_ list: ListState<Row>, row: Int, in rect: CellRect) -> IndexPath? {
        guard case let .row(path)? = item(list, row: row, in: rect) else { return nil }
        return path
    }

    /// Jumps to the section of the index letter at `row`; above or below the letters, to the
    /// first or last.
    private func jump<Row>(list: inout ListState<Row>, row: Int, in rect: CellRect) {
        let (top, entries) = indexLayout(list, in: rect)
        guard !entries.isEmpty else { return }
        let i = Swift.min(Swift.max(row - top, 0), entries.count - 1)
        try? list.jump(toSection: entries[i].section)
    }
}
