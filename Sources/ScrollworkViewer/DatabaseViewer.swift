import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

/// `scrollwork open data.sqlite`: the database's tables and views with their row counts (counted
/// in the background), Enter opening one as a table over the list, Enter on a row showing it
/// whole over the table; Esc or ⌫ comes back a page. The pages are a `NavigationStack`.
public struct DatabaseViewer: App {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's
    /// (Ctrl+C copies, Ctrl+Q quits, Ctrl+W closes; ``ViewerKeys/desktop(_:)``).
    public var keyConvention = KeyConvention.terminal { didSet { pages.follow(keyConvention) } }

    let source: any DatabaseSource
    /// The list of tables, the table opened from it, the row shown whole.
    var pages: ViewerPages
    /// True once the person asked to quit.
    public var wantsQuit: Bool { pages.wantsQuit }
    /// The counts started with the list, and the cancelling of a table's work when another is
    /// opened in its place, handed out by the next call.
    private var effects: [Effect] = []
    /// The time of the last event, on the host's clock.
    private var lastTime = 0.0

    /// Opens table `name` over the list, as Enter on it would (`--table`, a URL's `?table=`).
    ///
    /// - Throws: `DatabaseError/noSuchTable(_:available:)` naming the tables
    ///   there are, or why the table could not be read.
    public mutating func open(_ name: String) throws(DatabaseError) {
        guard let list = tables else { return }
        let screen = try list.screen(named: name)
        // A table already open gives way, its work cancelled with the next call's effects.
        while pages.stack.depth > 1 { effects += pages.back(at: lastTime) }
        pages.stack.push(.table(screen), title: name, at: lastTime)
        updateTables { $0.select(named: name) }
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
        var failure: ExploreError? = nil
        _ = pages.updateTable { screen in
            do throws(ExploreError) { try screen.applyRecipe(recipe, at: time) } catch { failure = error }
        }
        if let failure { throw OpenFile.Failure(description: "\(failure)", status: 64) }
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
        let tables = try DatabaseTables(source, theme: theme)
        effects = tables.counting()
        pages = ViewerPages(root: .tables(tables), title: source.title, theme: theme)
        if let table { try open(table) }
    }

    // MARK: The pages

    /// The list of tables, at the root of the pages.
    var tables: DatabaseTables? { pages.stack.root.tables }

    /// Runs `body` on the list of tables.
    private mutating func updateTables(_ body: (inout DatabaseTables) -> Void) {
        guard case var .tables(list) = pages.stack.root else { return }
        body(&list)
        pages.stack.root = .tables(list)
    }

    /// The table opened from the list, shown or under its row shown whole.
    var opened: TableScreen? { pages.table }
    /// The row shown whole, while one is.
    var record: RecordPage? { pages.stack.top.record }
    /// The tables and views listed.
    var entries: [DatabaseTables.Entry] { tables?.entries ?? [] }
    /// The list's keys shown over it, while they are.
    var help: ScrollView<RecordDetail>? { tables?.help }
    /// What the list's status line says of the last key.
    var note: String? {
        get { tables?.note }
        set { updateTables { $0.note = newValue } }
    }

    // MARK: App

    /// Takes a key, click, paste, resize or work update; returns the counts, pages and sorts to
    /// start or cancel, and copies.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        lastTime = time
        return takeEffects() + pages.handle(event, at: time)
    }

    /// Advances the scrolling; returns the work that asks for (a connection tried again).
    public mutating func tick(at time: Double) -> [Effect] { takeEffects() + pages.tick(at: time) }

    /// Draws the page shown with its status line; returns the pages of rows the open table's
    /// frame shows that are not read.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        takeEffects() + pages.render(in: canvas.bounds, into: &canvas, at: time)
    }

    /// The counts started with the list, handed out once.
    private mutating func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    /// The viewer's pages (its list, and a table opened with it) and the work begun with them,
    /// for another viewer's stack to show over its own (a database opened from a folder).
    mutating func openedOver() -> (pages: [NavigationStack<ViewerPage>.Entry], work: [Effect]) {
        (pages.stack.entries, takeEffects())
    }

    /// What the list calls a table with no word of the engine's.
    static let plainTable = "table"

    /// What the list and the status line call `name` of `source`: the engine's word for it,
    /// or "view" or "table".
    static func kind(of name: String, isView: Bool, in source: any DatabaseSource) -> String {
        source.kind(of: name) ?? (isView ? "view" : plainTable)
    }

    /// Every count, page and sort under way, cancelled: the viewer is closing.
    public mutating func cancelAllWork() -> [Effect] {
        let counts = tables?.cancelCounting() ?? []
        return takeEffects() + pages.cancelAllWork(at: lastTime) + counts
    }

    /// The status line of the page shown, whole.
    var status: String { pages.status(at: lastTime) }

    /// True while something moves.
    public var isAnimating: Bool { mutating get { pages.stack.isAnimating } }
    /// When the view next needs a frame although nothing moves.
    public var wakeTime: Double? { mutating get { pages.stack.wakeTime } }
    /// The focused row, for the terminal's cursor.
    public var cursorPosition: Point? { mutating get { pages.stack.cursorPosition } }
}
