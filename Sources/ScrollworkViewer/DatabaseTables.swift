import Scrollwork
import ScrollworkDatabase
import ScrollworkWidgets

/// The first page of `scrollwork open data.sqlite`: the database's tables and views with their
/// kinds and row counts (counted in the background), Enter asking for the focused one to be
/// opened over it; `?` shows its keys over it.
struct DatabaseTables: Widget, ReplyCollecting {
    typealias Report = ViewerRequest
    /// A table or view in the list.
    struct Entry: Sendable {
        var object: (name: String, isView: Bool)
        /// What the list calls it: "table", "view", or the engine's word for it.
        var kind: String
        /// Its rows, once counted.
        var rows: Result<Int, DatabaseError>? = nil
    }

    /// The database.
    let source: any DatabaseSource
    /// What the status line calls the database.
    var title: String { source.title }
    /// How to go back, where the database was opened from a folder's listing; nil at the root.
    var backHint: String? = nil
    var entries: [Entry]
    var view: TableView<Entry>
    /// The list's keys (`?`), shown over it.
    var help: ScrollView<RecordDetail>? = nil
    var note: String? = nil
    /// The keys of the viewer's key convention.
    var viewerKeys = ViewerKeySet(.terminal)
    /// The name typed so far, for type-ahead.
    var typed = TypeAheadState()
    /// The effects gathered during the call under way.
    var effects: [Effect] = []
    private(set) var frame = Rect.zero
    private let countKey = WorkKey<Result<Int, DatabaseError>>("catalog-count")

    /// The tables and views of `source`, listed in `theme`, the first focused.
    init(_ source: any DatabaseSource, theme: Theme) throws(DatabaseError) {
        self.source = source
        entries = try source.objects().map { Entry(object: $0, kind: DatabaseViewer.kind(of: $0.name, isView: $0.isView, in: source)) }
        let columns: [TableColumn<Entry>] = [
            TableColumn("Name", width: ColumnWidth.clamping(min: 64, ideal: 240, max: 800)) { .string($0.object.name) },
            TableColumn("Kind", width: ColumnWidth.clamping(min: 40, ideal: 96, max: 200)) { .string($0.kind) },
            TableColumn("Rows", width: ColumnWidth.clamping(min: 64, ideal: 120, max: 240), alignment: .trailing,
                        format: { if case let .int(n) = $0 { grouped(n) } else { $0.description } }) { entry in
                switch entry.rows {
                case let .success(n)?: return .int(n)
                case let .failure(error)?: return .missing("⚠ \(error)")
                case nil: return .missing("counting…")
                }
            },
        ]
        var state = TableState(rows: entries, columns: columns)
        state.list.idiom = .macOS
        state.list.scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        state.list.selectionMode = .single
        view = TableView(state, theme: theme)
        view.pageKeysScroll = false
        if !entries.isEmpty { select(0) }
    }

    /// The work that counts each table's rows, in the background.
    func counting() -> [Effect] {
        let source = self.source
        return entries.enumerated().map { i, entry in
            let name = entry.object.name
            return .work(.start(Work(countKey.named("\(i)")) { progress in
                let counted = Result { () throws(DatabaseError) in
                    try source.count(name, keepGoing: { !progress.isCancelled })
                }
                return progress.isCancelled ? nil : counted
            }))
        }
    }

    /// Focuses and selects the entry at `row`.
    mutating func select(_ row: Int) {
        do { try view.table.list.select(IndexPath(row: row, section: 0)) } catch { note = "\(error)" }
    }

    /// Focuses and selects the table or view called `name`, when there is one.
    mutating func select(named name: String) {
        if let row = entries.firstIndex(where: { $0.object.name == name }) { select(row) }
    }

    /// The name of the focused table or view.
    var focusedName: String? {
        guard let id = view.table.list.cursor, let at = view.table.list.indexPath(of: id) else { return nil }
        do { return try view.table.list.row(at: at).object.name } catch {
            // The cursor's row is in the list: its path cannot be refused.
            return nil
        }
    }

    /// Takes a count that came in, or a key or click: Enter asks for the focused table, `?`
    /// shows the keys (Esc, q or Enter closes them), q quits; the rest move in the list.
    mutating func handle(_ event: Event, at time: Double) -> Reply<ViewerRequest> {
        if case let .work(update) = event {
            guard let counted = update.result(of: countKey), let i = Int(update.id.name), entries.indices.contains(i) else { return .ignored }
            entries[i].rows = counted
            view.table.replaceRows(with: entries)
            return Reply(.handled, effects: takeEffects())
        }
        if event.isPersonAction { note = nil }
        if var shown = help {
            // Esc, q or Enter closes the keys; the rest scrolls them.
            if case let .key(key) = event, ViewerKeys.record.command(for: key) == .close {
                help = nil
                return .handled
            }
            _ = shown.handle(event, at: time)
            help = shown
            return .handled
        }
        var reports: [ViewerRequest] = []
        if backHint != nil, case let .key(key) = event, let command = ViewerKeys.openedFromListing.command(for: key), command == .back || command == .cancel {
            return Reply(.handled, reports: [.back])
        }
        if let character = typed.character(typedBy: event, at: time, among: viewerKeys.database) {
            note = typeAheadNote(view.table.typeAhead(String(character), state: &typed, at: time), typed: typed)
            return Reply(.handled, effects: takeEffects())
        }
        if case let .key(key) = event, let command = viewerKeys.database.command(for: key), command == .open || command == .help {
            if command == .open, let name = focusedName { reports.append(.open(name)) }
            if command == .help { help = .shown(RecordDetail.keys(of: viewerKeys.database, theme: view.theme), theme: view.theme, at: time) }
            return Reply(.handled, reports: reports, effects: takeEffects())
        }
        let (reply, leftOver) = view.keyLeftOver(event, at: time)
        collect(reply)
        if let key = leftOver {
            switch viewerKeys.database.command(for: key) {
            case .quit?: reports.append(.quit)
            // The focus moves with the view.
            case .top?: note = view.moveFocus(.home, at: time)
            case .bottom?: note = view.moveFocus(.end, at: time)
            default: break
            }
        }
        return Reply(.handled, reports: reports, effects: takeEffects())
    }

    /// The effects gathered, handed out once.
    private mutating func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    /// The list's and the keys' motion.
    mutating func tick(at time: Double) -> Reply<ViewerRequest> {
        collect(view.tick(at: time))
        // The keys shown are a scroll view: its tick causes nothing but its motion.
        _ = help?.tick(at: time)
        return Reply(.ignored, effects: takeEffects())
    }

    /// The list, the keys over it while shown, and the status line at the foot.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        let (list, statusLine) = StatusLine.split(area, on: canvas)
        view.render(in: list, into: &canvas, at: time)
        help?.renderOver(list, into: &canvas, at: time)
        StatusLine.draw(statusText, in: statusLine, theme: view.theme, into: &canvas)
    }

    /// The status line: the answer to the last key right after the count.
    var statusText: StatusText {
        let tables = entries.filter { !$0.object.isView }.count, views = entries.count - tables
        var parts = [counted(tables, "table") + (views > 0 ? ", " + counted(views, "view") : "")]
        if let note { parts.append(note) }
        if entries.isEmpty { parts.append("the database has no tables") }
        if help != nil { parts.append("the keys of the list (Esc, q or Enter returns)") }
        return StatusText(name: title, parts: parts, hint: (backHint.map { $0 + " · " } ?? "") + "Enter opens · \(viewerKeys.helpKey) keys · \(viewerKeys.quitKey) quits")
    }

    /// Table `name` of the database on a screen of its own, on two connections (pages, and
    /// long statements), ⌫ coming back to the list.
    ///
    /// - Throws: `DatabaseError/noSuchTable(_:available:)` naming the tables there are, or why
    ///   the table could not be read.
    func screen(named name: String) throws(DatabaseError) -> TableScreen {
        let table = try DatabaseTableSource(name, of: source)
        var screen = TableScreen(source: table, name: name, theme: view.theme)
        let kind = DatabaseViewer.kind(of: name, isView: table.table.isView, in: source)
        // A plain table needs no word after its name in the status line.
        screen.connection.kind = kind == DatabaseViewer.plainTable ? nil : kind
        screen.connection.back = "⌫ back to the tables"
        screen.viewerKeys = viewerKeys
        return screen
    }

    /// Every count under way, cancelled.
    func cancelCounting() -> [Effect] { (0..<entries.count).map { Effect.work(.cancel(countKey.named("\($0)").id)) } }

    var isAnimating: Bool { mutating get { view.isAnimating || help?.isAnimating == true } }
    var wakeTime: Double? { mutating get { view.wakeTime } }
    var cursorPosition: Point? { mutating get { view.cursorPosition } }
    /// The list, for a screen reader.
    var accessibility: AccessibilityElement? { mutating get { .screen(view.accessibility) } }
}

extension DatabaseTables {
    /// Draws in `theme` from now on: the list of tables and its help.
    mutating func retheme(_ theme: Theme) {
        view.theme = theme
        help?.retheme(theme)
    }
}
