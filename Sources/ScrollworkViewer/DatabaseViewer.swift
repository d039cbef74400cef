import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

/// `scrollwork open data.sqlite`: the database's tables and views with their row counts (counted
/// in the background), Enter opening one as a table over the list; Esc or ⌫ comes back.
public struct DatabaseViewer: App, ReplyCollecting {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's
    /// (Ctrl+C copies, Ctrl+Q quits, Ctrl+W closes; ``ViewerKeys/desktop(_:)``).
    public var keyConvention = KeyConvention.terminal { didSet { viewerKeys = ViewerKeySet(keyConvention) } }
    /// The key tables of ``keyConvention``.
    var viewerKeys = ViewerKeySet(.terminal)
    /// A table or view in the list.
    struct Entry: Sendable {
        var object: (name: String, isView: Bool)
        /// What the list calls it: "table", "view", or the engine's word for it.
        var kind: String
        /// Its rows, once counted.
        var rows: Result<Int, DatabaseError>? = nil
    }

    let source: any DatabaseSource
    var entries: [Entry]
    var view: TableView<Entry>
    var theme: Theme
    /// The table opened from the list.
    var opened: TableScreen? = nil
    var note: String? = nil
    /// The list's keys (`?`), shown over it.
    var help: ScrollView<RecordDetail>? = nil
    /// True once the person asked to quit.
    public var wantsQuit = false
    var effects: [Effect] = []
    private let countKey = WorkKey<Result<Int, DatabaseError>>("catalog-count")

    /// Opens table `name` over the list, as Enter on it would (`--table`, a URL's `?table=`).
    ///
    /// - Throws: `DatabaseError/noSuchTable(_:available:)` naming the tables
    ///   there are, or why the table could not be read.
    public mutating func open(_ name: String) throws(DatabaseError) {
        opened = try screen(name)
        if let row = entries.firstIndex(where: { $0.object.name == name }) {
            do { try view.table.list.select(IndexPath(row: row, section: 0)) } catch { note = "\(error)" }
        }
    }

    /// The view the command line's options make (`--filter`, one `--sort`, `--columns`,
    /// `--frequency`, `--summary`) of the table open, or of the database's only table, opened;
    /// its work begun at `time` on the host's clock.
    ///
    /// - Throws: ``OpenFile/Failure`` with status 64 when no table is open and there are
    ///   several, or the recipe does not fit the table.
    public mutating func apply(_ recipe: ViewRecipe, at time: Double) throws(OpenFile.Failure) {
        if opened == nil {
            let name = try chosenTable(nil)
            do { try open(name) } catch { throw OpenFile.Failure(description: "\(source.title): \(error)") }
        }
        do { try opened?.applyRecipe(recipe, at: time) } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
    }

    /// `name`, or the table open, or the database's only table or view.
    ///
    /// - Throws: ``OpenFile/Failure`` with status 64, listing the tables, when there are several
    ///   and none is named or open.
    private func chosenTable(_ name: String?) throws(OpenFile.Failure) -> String {
        let names = entries.map(\.object.name)
        guard let chosen = name ?? opened?.connection.name ?? (names.count == 1 ? names[0] : nil) else {
            throw OpenFile.Failure(description: "\(source.title) holds \(names.count) tables and views: name one with --table (\(names.prefix(30).joined(separator: ", ")))",
                                   status: 64)
        }
        return chosen
    }

    /// Table `name` of the database as a `TableSource` for a batch run; with no
    /// name, the table open (a URL's `?table=`), or the database's only table or view.
    ///
    /// - Throws: ``OpenFile/Failure`` with status 64 when no table is named and there are
    ///   several, or the name is no table's (each listing them); status 1 when it cannot be read.
    public func tableSource(named name: String?) throws(OpenFile.Failure) -> any TableSource {
        let chosen = try chosenTable(name)
        do {
            let table = try source.table(chosen, sharingSnapshotWith: nil)
            return DatabaseTableSource(table, in: source.title, readFiles: source.readFiles)
        } catch {
            if case .noSuchTable = error { throw OpenFile.Failure(description: "\(error)", status: 64) }
            throw OpenFile.Failure(description: "\(source.title): \(error)")
        }
    }

    /// The database `source`, its tables and views listed and counted; `table` opened over
    /// the list at once when named.
    init(source: any DatabaseSource, theme: Theme, opening table: String? = nil) throws(DatabaseError) {
        self.source = source
        self.theme = theme
        entries = try source.objects().map { Entry(object: $0, kind: Self.kind(of: $0.name, isView: $0.isView, in: source)) }
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
        if !entries.isEmpty {
            do { try view.table.list.select(IndexPath(row: 0, section: 0)) } catch { note = "\(error)" }
        }
        if let table { try open(table) }
        for (i, entry) in entries.enumerated() {
            let source = self.source, name = entry.object.name
            effects.append(.work(.start(Work(countKey.named("\(i)")) { progress in
                let counted = Result { () throws(DatabaseError) in
                    try source.count(name, keepGoing: { !progress.isCancelled })
                }
                return progress.isCancelled ? nil : counted
            })))
        }
    }

    /// Takes a key, click, paste, resize or work update; returns the counts, pages and sorts to
    /// start or cancel, and copies.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        take(event, at: time)
        return takeEffects()
    }

    /// Takes `event`: the open table's, the keys shown, or the list's.
    private mutating func take(_ event: Event, at time: Double) {
        if case let .work(update) = event {
            if opened?.handleWork(update, at: time) == true {
                if let change = opened?.connection.schemaChanged { reopen(after: change) }
                return
            }
            if let counted = update.result(of: countKey), let i = Int(update.id.name), entries.indices.contains(i) {
                entries[i].rows = counted
                view.table.replaceRows(with: entries)
            }
            return
        }
        if opened != nil {
            handleOpened(event, at: time)
            return
        }
        if event.isPersonAction { note = nil }
        if var shown = help {
            // Esc, q or Enter closes the keys; the rest scrolls them.
            if case let .key(key) = event, ViewerKeys.record.command(for: key) == .close { return help = nil }
            _ = shown.handle(event, at: time)
            help = shown
            return
        }
        if case let .key(key) = event {
            switch viewerKeys.database.command(for: key) {
            case .open?: return openFocused()
            case .help?: return help = .shown(RecordDetail.keys(of: viewerKeys.database, theme: theme), theme: theme, at: time)
            default: break
            }
        }
        let (reply, leftOver) = view.keyLeftOver(event, at: time)
        collect(reply)
        guard let key = leftOver else { return }
        switch viewerKeys.database.command(for: key) {
        case .quit?: wantsQuit = true
        // The focus moves with the view.
        case .top?: note = view.moveFocus(.home, at: time)
        case .bottom?: note = view.moveFocus(.end, at: time)
        default: break
        }
    }

    /// What the list calls a table with no word of the engine's.
    static let plainTable = "table"

    /// What the list and the status line call `name` of `source`: the engine's word for it,
    /// or "view" or "table".
    static func kind(of name: String, isView: Bool, in source: any DatabaseSource) -> String {
        source.kind(of: name) ?? (isView ? "view" : plainTable)
    }

    /// Table `name` of the database on a screen of its own, on two connections (pages, and
    /// long statements), ⌫ coming back to the list.
    ///
    /// - Throws: `DatabaseError/noSuchTable(_:available:)` naming the tables there are, or why
    ///   the table could not be read.
    func screen(_ name: String) throws(DatabaseError) -> TableScreen {
        let table = try DatabaseTableSource(name, of: source)
        var screen = TableScreen(source: table, name: name, theme: theme)
        let kind = Self.kind(of: name, isView: table.table.isView, in: source)
        // A plain table needs no word after its name in the status line.
        screen.connection.kind = kind == Self.plainTable ? nil : kind
        screen.connection.back = "⌫ back to the tables"
        return screen
    }

    /// Opens the focused table or view over the list.
    mutating func openFocused() {
        guard let id = view.table.list.cursor, let at = view.table.list.indexPath(of: id) else { return }
        do {
            let entry = try view.table.list.row(at: at)
            opened = try screen(entry.object.name)
        } catch {
            note = "\(error)"
        }
    }

    /// The open table changed under it: opened again with its new columns (its order and filters
    /// gone with the old ones), or, when the table is gone, back to the list.
    mutating func reopen(after change: TableScreen.SchemaCheck) {
        guard var screen = opened else { return }
        effects += screen.cancelAllWork()
        let name = screen.connection.name
        opened = nil
        guard change == .changed else {
            note = "‘\(name)’ is no longer in the database: someone dropped or renamed it"
            return
        }
        do {
            var fresh = try self.screen(name)
            fresh.note = "‘\(name)’ changed its columns under the view: opened again as it is now"
            opened = fresh
        } catch {
            note = "‘\(name)’ changed under the view and could not be opened again: \(error)"
        }
    }

    /// The open table's turn: Esc (with nothing to cancel) and ⌫ go back, q quits.
    private mutating func handleOpened(_ event: Event, at time: Double) {
        guard var screen = opened else { return }
        screen.viewerKeys = viewerKeys
        switch screen.handle(event, at: time) {
        case nil: opened = screen
        case .quit?:
            opened = screen
            wantsQuit = true
        case .back?:
            effects += screen.cancelAllWork()
            opened = nil
        }
    }

    /// Every count, page and sort under way, cancelled: the viewer is closing.
    public mutating func cancelAllWork() -> [Effect] {
        var cancels = (0..<entries.count).map { Effect.work(.cancel(countKey.named("\($0)").id)) }
        if var screen = opened { cancels += screen.cancelAllWork() }
        opened = nil
        return takeEffects() + cancels
    }

    /// The counts to start, the open table's pages and sorts, asked for during the call under
    /// way, handed out once.
    private mutating func takeEffects() -> [Effect] {
        effects += opened?.takeEffects() ?? []
        defer { effects = [] }
        return effects
    }

    /// Advances the scrolling; returns the work that asks for (a connection tried again).
    public mutating func tick(at time: Double) -> [Effect] {
        if opened != nil { opened?.tick(at: time) } else {
            collect(view.tick(at: time))
            // The keys shown are a scroll view: its tick causes nothing but its motion.
            _ = help?.tick(at: time)
        }
        return takeEffects()
    }

    /// Draws the list or the open table, and the status line; returns the pages the open
    /// table's frame shows that are not read.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        let parts = canvas.cells.area.rows([.fill, .fixed(1)])
        if opened != nil {
            opened?.renderWhole(in: canvas.cells.area, into: &canvas, at: time)
            return takeEffects()
        }
        view.render(in: canvas.points(parts[0]), into: &canvas, at: time)
        help?.renderOver(parts[0], into: &canvas, at: time)
        StatusLine.draw(statusText, in: parts[1], theme: theme, into: &canvas)
        return takeEffects()
    }

    /// The status line: the answer to the last key right after the count.
    var statusText: StatusText {
        let tables = entries.filter { !$0.object.isView }.count, views = entries.count - tables
        var parts = ["\(tables) table\(tables == 1 ? "" : "s")" + (views > 0 ? ", \(views) view\(views == 1 ? "" : "s")" : "")]
        if let note { parts.append(note) }
        if entries.isEmpty { parts.append("the database has no tables") }
        if help != nil { parts.append("the keys of the list (Esc, q or Enter returns)") }
        return StatusText(name: source.title, parts: parts, hint: "Enter opens · \(viewerKeys.helpKey) keys · \(viewerKeys.quitKey) quits")
    }

    /// The status line, whole.
    var status: String { statusText.whole }

    /// True while something moves.
    public var isAnimating: Bool {
        mutating get { opened != nil ? opened?.isAnimating == true : view.isAnimating }
    }
    /// When the view next needs a frame although nothing moves.
    public var wakeTime: Double? { mutating get { opened != nil ? opened?.wakeTime : view.wakeTime } }
    /// The focused row, for the terminal's cursor.
    public var cursorPosition: Point? {
        mutating get { opened != nil ? opened?.cursorPosition : view.cursorPosition }
    }
}
