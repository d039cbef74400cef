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
/// LT-11). What the activations mean comes back in each ``Reply`` as `ListEvent`s.
public struct ListView<Row: Sendable>: StatefulWidget {
    /// The state, by the name the widget's own code knows it by; ``state`` outside the package.
    package var list: ListState<Row>
    /// Styles.
    public var theme: Theme
    /// What a screen reader calls the list: the title people see over it ("Contacts"); "" when
    /// it has none.
    public var accessibilityLabel = ""
    /// The point/cell mapping.
    public var metrics = CellMetrics() { didSet { fitToCells() } }
    /// Page Up and Page Down scroll by a page without moving the cursor, as in AppKit's tables
    /// and lists (the default); off, they move the cursor a page.
    public var pageKeysScroll = true
    /// Which keys do what: ``RowsCommand/listKeys`` unless rebound.
    public var keys = RowsCommand.listKeys
    /// What clicks and the wheel do: ``PointerCommand/list`` unless rebound.
    public var gestures = PointerCommand.list
    /// The row under the pointer, drawn in ``Theme/hover`` while it is not selected.
    public private(set) var hoveredRow: IndexPath? = nil
    /// The area of the last render, in points.
    public internal(set) var frame = Rect.zero
    /// The cells of ``frame`` on the canvas's grid.
    package internal(set) var frameCells = CellRect.none
    /// The rows' cells: `frame` less the section index.
    package internal(set) var body = CellRect.none
    /// The index column, when the list has an index.
    public internal(set) var indexColumn: Int? = nil
    /// The index letters as drawn: the first one's row and each with its section.
    var index: (top: Int, entries: [(title: String, section: Int)]) = (0, [])
    private var pointer = ScrollPointer()
    private var draggingIndex = false
    /// Where the last render put the rows, in points (``accessibility`` reads rows against it,
    /// and the pointer finds them in it).
    var accessibleBody = Rect.zero
    /// Where the last render put the section index, in points; nil without one.
    var indexFrame: Rect? = nil
    /// The cell the cursor row was drawn at.
    package internal(set) var cursorCell: CellPosition? = nil
    /// The top-left corner of the focused row's cell, in points: where a terminal puts its cursor.
    public var cursorPosition: Point? { cursorCell.map { metrics.origin(of: $0) } }

    /// A view of `list`. Its rows, headers, footers and section gaps become one cell tall, its
    /// line step one cell and its detail-button zone four cells wide: a terminal draws whole rows
    /// (set them on ``state`` afterwards for others; measured heights are kept).
    public init(_ list: ListState<Row>, theme: Theme = Theme()) {
        self.list = list
        self.theme = theme
        fitToCells()
    }

    mutating func fitToCells() {
        var fitted = metrics.cells(list.metrics)
        fitted.accessoryWidth = 4 * metrics.cellWidth
        if list.metrics != fitted { list.metrics = fitted }
        list.scroll.lineStep = metrics.cell
    }

    /// The list: its rows, sections, selection and scrolling.
    public var state: ListState<Row> {
        get { list }
        set { list = newValue }
        // In place: a get and a set would copy the state's storage on every change made through it.
        _modify { yield &list }
    }

    /// How many rows the list has, in every section.
    public var numberOfRows: Int { list.numberOfRows }
    /// The focused row (the cursor), if any.
    public var focusedRow: IndexPath? { list.cursor.flatMap { list.indexPath(of: $0) } }
    /// The selected rows, in order.
    public var selectedRows: [IndexPath] { list.selectedIndexPaths }

    // MARK: Drawing

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

    // MARK: Input

    /// Keys move the cursor and activate; the pointer taps, scrolls and uses the index. The
    /// reply reports activations, deletions, moves and selection changes (`ListEvent`).
    public mutating func handle(_ event: Event, at time: Double) -> Reply<ListEvent> {
        var reply = Reply<ListEvent>()
        switch event {
        case let .key(key): reply.result = handleKey(key, at: time, into: &reply)
        case let .mouse(mouse): reply.result = handleMouse(mouse, at: time, into: &reply)
        default: break
        }
        return reply
    }

    private mutating func handleKey(_ key: KeyEvent, at time: Double, into reply: inout Reply<ListEvent>) -> EventResult {
        guard let command = keys.command(for: key) else { return .ignored }
        switch command {
        case .selectAll:
            guard list.selectAll() else { return .ignored }
            if let cursor = list.cursor, let path = list.indexPath(of: cursor) { reply.report(.selectionChanged(path)) }
        case let .move(move, _) where pageKeysScroll && (move == .pageUp || move == .pageDown):
            list.scroll.perform(ScrollCommand(move), time: time)
        case let .move(move, extending):
            do { try list.moveCursor(move, extending: extending, at: time) } catch { reply.fail(error) }
        case .activate:
            guard let id = list.cursor, let path = list.indexPath(of: id) else { return .ignored }
            do { reply.report(try list.activate(path, target: .row, at: time)) } catch { reply.fail(error) }
        case let .scroll(scroll):
            list.scroll.perform(scroll, time: time)
        case .cancelSort, .showMenu:
            return .ignored
        }
        return .handled
    }

    private mutating func handleMouse(_ mouse: MouseEvent, at time: Double, into reply: inout Reply<ListEvent>) -> EventResult {
        if case .move = mouse.kind {
            let y = mouse.y - accessibleBody.minY
            hoveredRow = accessibleBody.contains(mouse.location) ? list.item(atViewportY: y).flatMap { if case let .row(path) = $0 { path } else { nil } } : nil
        }
        if case .press = mouse.kind, mouse.button == .left, indexFrame?.contains(mouse.location) == true {
            draggingIndex = true
            jump(toIndexAt: mouse.y, into: &reply)
            return .handled
        }
        if draggingIndex {
            switch mouse.kind {
            case .drag: jump(toIndexAt: mouse.y, into: &reply)
            case .release: draggingIndex = false
            default: return .ignored
            }
            return .handled
        }
        // The pointer's own point finds the row under it (in points rows are not whole cells).
        let point = Point(x: mouse.x - accessibleBody.minX, y: mouse.y - accessibleBody.minY)
        if let drag = list.reordering {
            // The row follows the pointer; near an edge the list scrolls (see tick).
            switch mouse.kind {
            case .drag: list.moveReorder(pointerY: point.y, at: time)
            case .release:
                if let to = list.endReorder(at: time), to != drag.origin { reply.report(.moved(from: drag.origin, to: to)) }
            default: return .ignored
            }
            return .handled
        }
        if case .press = mouse.kind, mouse.button == .left, accessibleBody.contains(mouse.location),
           case let .row(path)? = list.item(atViewportY: point.y), list.reorderHandleFrame(at: path)?.contains(point) == true {
            // ≡ in edit mode: a drag moves the row instead of scrolling the list.
            do { try list.beginReorder(at: path, pointerY: point.y, at: time) } catch { reply.fail(error) }
            return .handled
        }
        let click = pointer.click(mouse)
        let result = pointer.handle(mouse, in: accessibleBody, state: &list.scroll, gestures: gestures, at: time)
        guard let click, case let .choose(change)? = gestures.command(for: click) else { return result }
        // The pinned header covers the row beneath it: a tap there reaches no row.
        if let pinned = list.pinnedHeader, (pinned.y..<(pinned.y + list.metrics.headerHeight)).contains(point.y) { return .handled }
        // A press and release without moving is a tap on the item under the pointer.
        switch list.item(atViewportY: point.y) {
        case let .showMore(section)?:
            do { try list.showMore(inSection: section) } catch { reply.fail(error) }
        case let .row(path)? where list.deleteControlFrame(at: path)?.contains(point) == true:
            // ⊖ in edit mode deletes the row (undo brings it back).
            do {
                try list.deleteRows(at: [path])
                reply.report(.deleted(path))
            } catch { reply.fail(error) }
        case let .row(path)?:
            let onDetail = list.detailButtonFrame(at: path)?.contains(point) ?? false
            do {
                reply.report(try list.activate(path, target: onDetail ? .detailButton : .row, extending: change == .extend,
                                                toggling: change == .toggle, at: time))
            } catch { reply.fail(error) }
        default: break
        }
        return .handled
    }

    /// Jumps to the section of the index letter at `y` points down the canvas (the letters are
    /// a cell row apart on every host); above or below the letters, to the first or last.
    private mutating func jump(toIndexAt y: Double, into reply: inout Reply<ListEvent>) {
        guard !index.entries.isEmpty else { return }
        let row = y.isFinite ? Int(flooringSaturating: y / metrics.cellHeight) : 0
        let i = Swift.min(Swift.max(row.subtractingSaturating(index.top), 0), index.entries.count - 1)
        let section = index.entries[i].section
        do { try list.jump(toSection: section) } catch { reply.fail(error) }
    }

    /// Stretches at the edge for a wheel turn nothing could use (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { ScrollPointer.overscroll(mouse, state: &list.scroll, gestures: gestures, at: time) }
    /// Advances the scrolling, and a dragged row over the rows scrolling beneath it.
    public mutating func tick(at time: Double) -> Reply<ListEvent> {
        list.scroll.tick(at: time)
        list.followReorderPointer()
        return .ignored
    }
    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { list.scroll.flashIndicators(at: time) }
    /// True while the list scrolls, an indicator fades or a chosen row flashes.
    public var isAnimating: Bool { list.scroll.isAnimating }
    /// The list's diagnostics (LT-02, LT-11), from a sample of its rows.
    public var diagnostics: [Diagnostic] { list.diagnostics() }
    /// When an indicator starts to fade.
    public var wakeTime: Double? { list.scroll.wakeTime }
}
