import Scrollwork
import ScrollworkWidgets

/// A million generated files in a table: sort by clicking a heading (again to reverse), resize
/// by dragging a divider, zebra rows, middle-truncated paths, a pinned header with a hard edge.
struct TablePage: GalleryPage {
    static let title = "Table"
    static let guidelines = ["LT-01", "LT-06", "LT-07", "LT-12", "SV-08"]
    static let help = [
        "Click a heading to sort by it; click it again to reverse. Earlier sorts break ties.",
        "Sorts run in the background: the heading shows how far, the table keeps moving, Esc cancels.",
        "Names sort as Finder sorts them: ignoring case, with numbers read as numbers (file-2 before file-10).",
        "Typing selects the first row that starts with what was typed (the status line says how it searched).",
        "Drag a │ divider in the header to resize a column; the others make room. Held at the right edge, it keeps growing.",
        "Double-click a │ to fit the column before it to its content. Drag a heading sideways to move its column.",
        "Wider than the window, the table scrolls sideways: Shift+wheel, ← →, or drag; the Name column stays.",
        "Click a row to select it. Several rows, as on a Mac: Shift-click or Alt-click selects a range, Ctrl-click adds or removes a row; sorting keeps them selected.",
        "The sources: a million generated files · 100,000 files from a slow source (rows arrive in pages; Enter on a ⚠ row retries) · a log that grows.",
        "Wheel or drag to scroll a million rows; the header stays, with a hard edge below it.",
        "Right-click a row or a heading (or press Shift+F10 or Menu) for its menu: Copy, Select All; the sorts, Size to Fit, pinning and hiding columns.",
    ]

    /// What the page's own keys do.
    enum Command: Sendable, Hashable {
        case nextSource, copy
        /// A character of a name typed to find a row.
        case typeAhead(Character)
    }

    /// The keys a terminal and a window share.
    private static let nextSource = KeyBinding(Command.nextSource, "the next source: generated, slow, growing", keys: KeyEvent(.character("m"), .alt))
    private static let typeAhead = KeyBinding<Command>.typeAhead("select the first row that starts with what is typed") { .typeAhead($0) }

    /// The page's keys, then the table's.
    static let commands = CommandTable<Command>("Table page", [
        KeyBinding(.copy, "copy the selected rows (up to 10,000) with the heading, tab-separated (OSC 52)", keys: KeyEvent(.character("c"), .alt)),
        nextSource, typeAhead,
    ])

    /// The page's keys in a window: Ctrl+C copies, as a desktop app's does.
    static let desktopCommands = CommandTable<Command>("Table page (in a window)", [
        KeyBinding(.copy, "copy the selected rows (up to 10,000) with the heading, tab-separated", keys: KeyEvent(.character("c"), .control), label: "Ctrl+C"),
        nextSource, typeAhead,
    ])

    /// The page's keys and the table's, in words.
    static var keys: KeyHelp { keys(for: .terminal) }

    /// The page's keys under `convention` and the table's, in words.
    static func keys(for convention: KeyConvention) -> KeyHelp {
        KeyHelp(title: "Table page", entries: commands(for: convention).help.entries + RowsCommand.tableKeys.help.entries)
    }

    /// The page's own keys under `convention`.
    static func commands(for convention: KeyConvention) -> CommandTable<Command> { convention == .desktop ? desktopCommands : commands }

    /// Whose keys the page follows.
    let keyConvention: KeyConvention

    /// The most rows Alt+C copies: OSC 52 goes through the terminal, which caps what it takes.
    static let copyLimit = 10_000

    /// What the table shows: generated files, a slow source, a growing log.
    enum Mode: Int, CaseIterable { case generated, slow, growing }
    var mode = Mode.generated
    var files: TableView<FileRow>
    var remote: RemoteFilesView
    var log: GrowingLogView
    var routing = Routing()
    var frame = Rect.zero
    /// What has been typed for type-ahead selection.
    var typed = TypeAheadState()
    /// The status line's messages (the last sort's time, a copy, type-ahead), each cleared by its owner.
    var notes = StatusNotes()
    /// Rows copied with Alt+C, until the driver takes them.
    var effects: [Effect] = []
    /// The context menu while it is open (the page's modal child).
    var menu: MenuView<MenuAction>? = nil
    /// Columns the menu hid, in the order hidden.
    var hiddenColumns: [HiddenColumn] = []
    /// True when the event being handled is a key: a menu it opens highlights its first item.
    var lastEventWasKey = false

    /// The table of `rows` generated files, with `extraColumns` more columns of numbers after
    /// Finder's five (a wide table, for measuring what columns off screen cost).
    init(style: GalleryStyle, rows: Int = 1_000_000, extraColumns: Int = 0) {
        var columns: [TableColumn<FileRow>] = [
            TableColumn("Name", width: ColumnWidth.clamping(min: 64, ideal: 160, max: 320), textOrder: .finder) { .string($0.name) },
            TableColumn("Path", width: ColumnWidth.clamping(min: 64, ideal: 320), truncation: .middle) { .string($0.path) },
            // Sizes as Finder shows them; the column sorts by the byte count. Its narrowest keeps
            // every size whole ("Zero bytes", "936 KB") and the heading with its sort arrow.
            TableColumn("Size", width: ColumnWidth.clamping(min: 96, ideal: 96, max: 160), alignment: .trailing,
                        format: { if case let .int(bytes) = $0 { finderByteCount(bytes) } else { $0.description } }) { $0.isFolder ? .missing("--") : .int($0.size) },
            TableColumn("Kind", width: ColumnWidth.clamping(min: 56, ideal: 112, max: 200)) { .string($0.kind) },
            TableColumn("Date Modified", width: ColumnWidth.clamping(min: 96, ideal: 120, max: 160)) { .string($0.date) },
        ]
        for k in 0..<Swift.max(0, Swift.min(extraColumns, 10_000)) {
            columns.append(TableColumn("Value \(k + 1)", width: ColumnWidth.clamping(min: 48, ideal: 80, max: 160), alignment: .trailing) { .int($0.size % 1_000 &+ k) })
        }
        keyConvention = style.keys
        var table = TableState(rows: GeneratedRows(count: rows) { FileRow(index: $0) }, columns: columns)
        table.list.scroll = style.scrollState()
        // Sortable headings and several selected rows are macOS's table (LT-12): this table
        // behaves as a Mac's does, whatever --idiom says (iOS would want edit mode first, LT-03).
        table.list.idiom = .macOS
        table.list.selectionMode = .multiple
        // Wider than the window, the table scrolls sideways and the names stay.
        table.pinnedColumns = 1
        files = TableView(table, theme: style.theme)
        files.layoutIdiom = style.idiom
        remote = RemoteFilesView(theme: style.theme, scroll: style.scrollState(), simulatesLatency: style.simulatesLatency)
        log = GrowingLogView(theme: style.theme, scroll: style.scrollState())
    }

    var children: [Child<Self>] {
        switch mode {
        case .generated: return sources[0]
        case .slow: return sources[1]
        case .growing: return sources[2]
        }
    }

    /// Each source's table as the page's one child, made once: a frame lists the children
    /// several times.
    let sources: [[Child<TablePage>]] = [[Child(\.files), Child(\.menu, modal: true)], [Child(\.remote)], [Child(\.log)]]

    var table: TableState<FileRow> { files.table }

    /// Takes in what a call of a table caused outside the page's routing (a menu's sort, a
    /// source not shown hearing from its work): how a sort ended to the status line, errors
    /// too, and its effects into the page's reply. Returns the reply.
    @discardableResult
    mutating func absorb(_ reply: Reply<TableEvent>) -> Reply<TableEvent> {
        notes.noteSortStatus(from: reply.effects)
        if let message = errorNote(reply.errors) { notes.set(.action, message) }
        effects += reply.effects
        return reply
    }

    /// The slow source's pages the rows shown need, while it is the source shown.
    mutating func workForShownRows() -> [Effect] { mode == .slow ? remote.workForShownRows() : [] }

    /// A mutating getter, as the protocol asks: a non-mutating one, called from the app's
    /// mutating access, had the whole page (8 KB) copied first, on every frame.
    var status: String {
        mutating get {
            switch mode {
            case .slow: return remote.status
            case .growing: return log.status
            case .generated: break
            }
            // One string grown in place: the status line is asked for every frame.
            var status = grouped(files.table.list.numberOfRows)
            status.reserveCapacity(96)
            status += " rows"
            if let sorting = files.sorting {
                status += " · Sorting by \(files.sortingTitle ?? "a column")… \(sorting.fraction.wholePercent)% (Esc cancels)"
            } else if notes[.sort] == nil {
                // The last sort's own message (below) says how it ended; without one, the order.
                if let key = files.table.sortOrder.first {
                    status += " · sorted by "
                    status += key.columnID
                    status += key.ascending ? " ▲" : " ▼"
                } else {
                    status += " · unsorted"
                }
            }
            // Counted, not listed: a million selected rows must not cost a frame.
            let selected = files.table.list.selection
            if selected.count > 1 {
                status += " · "
                status += grouped(selected.count)
                status += " rows selected"
            } else if let id = selected.first, let path = files.table.list.indexPath(of: id) {
                status += " · row "
                status += grouped(path.row + 1)
                status += " selected"
            }
            for part in notes.parts {
                status += " · "
                status += part
            }
            return status
        }
    }

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        switch mode {
        case .slow: remote.render(in: bounds, into: &canvas, at: time); return
        case .growing: log.render(in: bounds, into: &canvas, at: time); return
        case .generated: break
        }
        fitSizeColumn(on: canvas)
        files.render(in: bounds, into: &canvas, at: time)
        menu?.render(in: bounds, into: &canvas, at: time)
    }

    /// The Size column's narrowest holds "Zero bytes" in the body type, which in a window may
    /// need more than the 96 points that hold it in cells (an iPhone's 17-point type).
    private mutating func fitSizeColumn(on canvas: Canvas) {
        guard let column = files.table.columns.firstIndex(where: { $0.title == "Size" }) else { return }
        let limits = files.table.columns[column].width
        let measurer = canvas.measurer(for: files.pointIdiom)
        // A point for the measure's rounding, which whole cells do not need.
        let room = 2 * canvas.across(points: files.cellPadding, cells: 1) + canvas.across(points: 1, cells: 0)
        let needed = (measurer.width(of: finderByteCount(0), font: .body) + room).rounded(.up)
        guard limits.min < needed else { return }
        do {
            try files.table.setWidthLimits(.clamping(min: needed, ideal: Swift.max(limits.ideal, needed), max: Swift.max(limits.max, needed)), ofColumn: column)
        } catch { notes.set(.action, "\(error)") }
    }

    mutating func willHandle(_ event: Event) {
        if event.isPersonAction { notes.clear(.action) }
        if case .key = event { lastEventWasKey = true } else { lastEventWasKey = false }
    }

    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {
        if let message = errorNote(reply.errors) { notes.set(.action, message) }
        // A new sort makes the last one's message stale; how a sort ends comes as the table's
        // status effect.
        let events = reply.reports(from: \Self.files)
        if events.contains(where: { if case .headingClicked = $0 { true } else { false } }) { notes.clear(.sort) }
        notes.noteSortStatus(from: reply.effects)
        collectMenu(reply.reports(from: \Self.menu), events, at: time)
    }

    /// Copies the selected rows, tab-separated, with the heading row (OSC 52 on a terminal).
    mutating func copySelection() {
        let table = files.table
        let selected = table.list.selectedIndexPaths
        var rows: [FileRow] = []
        do { rows = try selected.prefix(Self.copyLimit).map { try table.list.row(at: $0) } } catch { return notes.set(.action, "\(error)") }
        guard !rows.isEmpty else { return notes.set(.action, "select a row first: nothing copied") }
        effects.append(.copy(tabSeparated([table.columns.map(\.title)] + rows.map { row in table.columns.map { $0.shownText(of: row) } })))
        notes.set(.action, copiedNote(rows.count, of: selected.count, toClipboard: keyConvention == .desktop))
    }

    /// The page's keys: copy, the next source, type-ahead; and work's news for a source not shown.
    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        if case .work = event {
            // The source not shown still hears from its work; what that causes goes on as the
            // shown one's would.
            let sorted = absorb(files.handle(event, at: time))
            return sorted.isHandled ? .handled : absorb(remote.handle(event, at: time)).result
        }
        guard case let .key(key) = event, let command = Self.commands(for: keyConvention).command(for: key) else { return .ignored }
        switch command {
        case .nextSource:
            mode = Mode(rawValue: (mode.rawValue + 1) % Mode.allCases.count) ?? .generated
            return .handled
        case .copy:
            copySelection()
            return .handled
        case let .typeAhead(c):
            notes.set(.action, typeAheadNote(files.table.typeAhead(String(c), state: &typed, at: time), typed: typed))
            return .handled
        }
    }
}

extension TablePage {
    /// Draws in `theme` from now on: each of the three tables and an open menu.
    mutating func retheme(_ theme: Theme) {
        files.theme = theme
        remote.view.theme = theme
        log.view.theme = theme
        menu?.theme = theme
    }
}
