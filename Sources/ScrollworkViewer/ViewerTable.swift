import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A table screen of the viewer, whatever its rows come from (a file, a database): the keys
/// that mean the same on every one are carried out here, once, over its table view, its
/// columns, its current column and its overlay; each screen does the rest (sorting, filtering,
/// searching, counting and saving) its own way.
protocol ViewerTable: OverlaidTable {
    associatedtype Row: Sendable
    /// The table.
    var view: TableView<Row> { get set }
    /// The columns hidden, and the other column keys' work.
    var columns: ColumnArrangement<Row> { get set }
    /// The column the exploring keys act on, and whether the person chose it.
    var current: CurrentColumn { get set }
    /// The sheet shown over the table.
    var sheet: ResultSheet? { get set }
    /// The screen's keys, as its host binds them.
    var tableKeys: CommandTable<ViewerCommand> { get }
    /// The key tables of the screen's host (a terminal's, or a window's).
    var viewerKeys: ViewerKeySet { get }
    /// Hands `effect` to the host with the screen's next effects (a copy from the prompt).
    mutating func emit(_ effect: Effect)
    /// Says `message` in the status line, as the answer to the last key; nil says nothing.
    mutating func say(_ message: String?)
    /// `body` with the columns, the table view and the current column's place, together (one
    /// access to each, as Swift wants of a change to two parts at once).
    mutating func arrangeColumns<T>(_ body: (inout ColumnArrangement<Row>, inout TableView<Row>, inout Int) -> T) -> T
    /// Runs `command` as the screen's key for it would (a menu's choice comes here too).
    mutating func perform(_ command: ViewerCommand, at time: Double)
    /// `#`: the focus on row `text` (a number from 1, or a percentage), saying which.
    mutating func goToRow(_ text: String, at time: Double)
    /// Carries out an answer to the prompt that ``submitCommon(_:_:at:)`` left: a search, a
    /// filter, a save.
    mutating func submitOwn(_ prompt: ViewerPrompt, _ text: String, at time: Double)
    /// The names of the source's columns (its fields), by number.
    var titles: [String] { get }
    /// The name Ctrl+S offers to save the view as.
    var saveSuggestion: String { get }
    /// The rows shown, as the exploring keys and a save read them.
    var shownSource: ShownSource { get }
    /// Where the table's work is done ("the database"), as ``TableSource/engine`` says; nil
    /// where the viewer does it over the rows. Asked apart from ``shownSource``, which a file
    /// builds anew on every read.
    var engine: String? { get }
    /// The files the table is read from, which a save never replaces.
    var readFiles: Set<FileIdentity> { get }
    /// The frequency table, summary or save under way.
    var exploration: Exploration<TableSourceError> { get set }
    /// True once the person asked to quit (Ctrl+Q on a sheet included).
    var wantsQuit: Bool { get set }
    /// Keeps the rows `filter` keeps besides those kept already, said as `text`.
    mutating func keep(_ filter: RowFilter, text: String, at time: Double)
    /// The fields of the rows shown at `paths`, by field number, as text; nil for a row whose
    /// values are still on their way. Throws for a path the table does not have.
    func fieldsOfRows(at paths: [IndexPath]) throws -> [[String]?]
    /// Keeps `command` (Enter, `=`, `!`) for when the focused row's values come, and says so.
    mutating func awaitFocusedRow(_ command: ViewerCommand)
    /// The most sort keys the table orders its rows by at once; nil for any number.
    var mostSortKeys: Int? { get }
    /// Keeps the rows `filters` keep, sorted by `sorts` (the first the main key, at most
    /// ``mostSortKeys`` of them), as a view asked for on the command line does.
    mutating func arrange(filters: [RowFilter], sorts: [(field: Int, ascending: Bool)], at time: Double)
    /// The status line at `time`: the table's name, its counts, what answered the last key and
    /// what runs.
    func statusText(at time: Double) -> StatusText
    /// Says that work for the table failed with `error`, after `what` ("the summary stopped: ").
    mutating func failed(_ error: TableSourceError, saying what: String?, at time: Double)
}

/// The column the exploring keys (`[`, `]`, `$`, `o`, `f`, `=`) act on: its place among the
/// columns shown, and whether the person chose it (its heading is marked once they did).
struct CurrentColumn: Sendable, Hashable {
    var place: Int
    var chosen = false
}

extension ViewerTable {
    /// `#` among the rows shown (a file's, counted so far while it is indexed, as its status
    /// line says).
    mutating func goToRow(_ text: String, at time: Double) { say(view.goToRow(text, at: time)) }

    /// Draws what is over the table drawn in `table`, and the line under it, `statusLine`
    /// (`whole` is both): a sheet with its own status line, a prompt of the table's that was
    /// open when it came still over that; else what is over the table, with `status` under or
    /// beside it; else the status line alone (``statusText(at:)``, made only when it shows: a
    /// sheet has its own). Every table screen draws these so, once.
    mutating func renderOverTable(table: CellRect, statusLine: CellRect, whole: CellRect, into canvas: inout Canvas, at time: Double) {
        let theme = view.theme
        if var shown = sheet {
            shown.render(in: table, statusLine: statusLine, whole: whole, into: &canvas, at: time)
            sheet = shown
            guard var prompt = overlay else { return }
            prompt.render(table: table, statusLine: statusLine, whole: whole, into: &canvas, at: time) { _ in }
            return overlay = prompt
        }
        let status = statusText(at: time)
        guard var shown = overlay else { return StatusLine.draw(status, in: statusLine, theme: theme, into: &canvas) }
        shown.render(table: table, statusLine: statusLine, whole: whole, into: &canvas, at: time) { StatusLine.draw(status, in: statusLine, theme: theme, into: &$0) }
        overlay = shown
    }

    /// The place of the current column among the columns shown.
    var currentColumn: Int {
        get { current.place }
        set { current.place = newValue }
    }

    /// The field (the source's column, from 0) the current column shows; nil on a column that
    /// is not a field's (a file's `#`).
    var currentField: Int? {
        view.table.columns.indices.contains(currentColumn) ? Int(view.table.columns[currentColumn].id) : nil
    }

    /// Makes the column at place `column` (clamped to the columns shown) the current one,
    /// scrolls it into view and says its name.
    mutating func setCurrentColumn(_ column: Int, at time: Double) {
        current = CurrentColumn(place: column.clamped(to: 0...Swift.max(0, view.table.columns.count - 1)), chosen: true)
        guard view.table.columns.indices.contains(currentColumn) else { return }
        view.revealColumn(currentColumn, at: time)
        say("column \(view.table.columns[currentColumn].title)")
    }

    /// Opens the prompt at the bottom for `prompt`, labelled `label`; filled-in `text` is
    /// selected, so typing replaces it.
    mutating func ask(_ prompt: ViewerPrompt, _ label: String, text: String = "") {
        overlay = .asking(prompt, label, text: text, theme: view.theme, keys: viewerKeys.fieldKeys)
    }

    /// `:`: the first column shown whose name starts with `text` (ignoring case), or else holds it.
    mutating func jump(toColumn text: String, at time: Double) {
        guard let column = RowTarget.column(text, among: view.table.columns.map(\.title)) else { return say("no column named “\(text)”") }
        setCurrentColumn(column, at: time)
    }

    /// Carries out `command` where it means the same on every table (the current column,
    /// hiding, pinning, moving and fitting columns, going to a row or a column, the keys, the
    /// search, filter and save prompts, a frequency table and the summary); false for a command
    /// the screen carries out its own way.
    mutating func runCommon(_ command: ViewerCommand, at time: Double) -> Bool {
        switch command {
        case let .stepColumn(by): setCurrentColumn(currentColumn.addingSaturating(by), at: time)
        case .lastColumn: setCurrentColumn(view.table.columns.count - 1, at: time)
        case .hideColumn:
            say(arrangeColumns { columns, view, place in columns.hide(place, in: &view) })
            setCurrentColumn(currentColumn, at: time)
        case .showColumns: say(arrangeColumns { columns, view, _ in columns.showHidden(in: &view) })
        case .pinColumn: say(arrangeColumns { columns, view, place in columns.togglePin(&place, in: &view) })
        case let .moveColumn(by):
            if let problem = arrangeColumns({ columns, view, place in columns.move(&place, by: by, in: &view) }) { say(problem) } else { setCurrentColumn(currentColumn, at: time) }
        case .fitColumn:
            guard view.table.columns.indices.contains(currentColumn) else { return true }
            view.fitColumn(currentColumn)
            say("column \(view.table.columns[currentColumn].title) fitted to its content")
        case .goToRow: ask(.goToRow, "Go to row (a number, or a percentage such as 50%): ")
        case .jumpToColumn: ask(.column, "Column: ")
        case .search: ask(.search, "Search: ")
        case .filter:
            ask(.filter, "Filter (COLUMN=VALUE, !=, <, <=, >, >= numbers, *= text, ~ regex): ", text: currentField.flatMap { field in
                view.table.columns.first { $0.id == "\(field)" }?.title
            } ?? "")
        case .help, .primaryMenu, .about: _ = showOverTable(command, keys: tableKeys, frame: view.frame, theme: view.theme, idiom: view.pointIdiom, at: time)
        case .keepEqual, .keepDifferent: keepFocusedValue(different: command == .keepDifferent, at: time)
        case .frequency: startFrequency(at: time)
        case .summary: startSummary(at: time)
        case .save: ask(.save, "Save the view as (.csv, .tsv, .jsonl or .parquet): ", text: saveSuggestion)
        default: return false
        }
        return true
    }

    /// Gives `event` to what is over the table, front-most first: the overlay (the menu, the
    /// prompt, a row or the keys shown whole), whose outcome is carried out here, then the sheet;
    /// false when nothing is over the table. (A sheet that comes while a prompt is open waits
    /// under it: the prompt keeps what is being typed.)
    mutating func handleOverTable(_ event: Event, at time: Double) -> Bool {
        if var shown = overlay {
            let wasRow = shown.scrollView != nil
            let outcome = shown.handle(event, at: time)
            overlay = outcome.keepsOverlay ? shown : nil
            switch outcome {
            case .stays: break
            case let .copies(text): emit(.copy(text))
            // The row's status line part goes with it.
            case .closes: if wasRow { say(nil) }
            case let .runs(command): perform(command, at: time)
            case let .submits(asking, text): if !submitCommon(asking, text, at: time) { submitOwn(asking, text, at: time) }
            }
            return true
        }
        guard var shown = sheet else { return false }
        let outcome = shown.handle(event, at: time)
        sheet = shown
        if outcome != .stays { finishSheet(outcome, at: time) }
        return true
    }

    /// Carries out an answer to the prompt where it means the same on every table (a row or a
    /// column to go to, a name to save as); false for the others.
    mutating func submitCommon(_ prompt: ViewerPrompt, _ text: String, at time: Double) -> Bool {
        switch prompt {
        case .goToRow: goToRow(text, at: time)
        case .column: jump(toColumn: text, at: time)
        case .save: take(SaveTarget.step(forName: text, protecting: readFiles), at: time)
        case let .replace(path): take(SaveTarget.step(answering: text, about: path), at: time)
        default: return false
        }
        return true
    }
}
