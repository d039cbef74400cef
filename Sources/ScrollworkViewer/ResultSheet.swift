import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A table the viewer shows over its table, a frequency table of a column or the summary of
/// every column, and a table like any other: its headings and `o`/`O` sort it, `/`, `n` and `N`
/// search it in the order shown, `|`, `=`, `!` and `u` filter it, Space shows a row whole,
/// Ctrl-S saves it as shown, `?` lists its keys; Enter acts on the table under it with the
/// focused row (keeps a value's rows, goes to a column). Its rows are held in memory
/// (``StringRows``), and every one of those passes is the one a file's rows go through.
struct ResultSheet: OverlaidTable, ReplyCollecting {
    /// What the sheet shows.
    enum Kind: Sendable, Hashable {
        /// The values of field `field`, titled `title`.
        case frequency(field: Int, title: String)
        /// One row a column.
        case summary
    }

    /// What Enter (or Esc) on the sheet asks of the table under it.
    enum Outcome: Equatable {
        /// Nothing: the sheet stays.
        case stays
        /// The sheet closes.
        case closes
        /// The sheet closes and the table keeps the rows holding `entry`, a value of field `field`
        /// titled `title`.
        case keeps(FrequencyTable.Entry, field: Int, title: String)
        /// The sheet closes and column `name` becomes the table's current column.
        case goesToColumn(String)
        /// The sheet closes, saying why Enter did nothing.
        case says(String)
        /// The person asked to quit (Ctrl+Q in a window).
        case quits
    }

    let kind: Kind
    /// The line above the table: what it is, and what its keys do.
    let caption: String
    /// Every row, in its own order (the table may sort them, the filters leave some out).
    let source: StringRows
    /// A frequency table's values, one a row of ``source`` (the rows past the last value, if
    /// any, have none): whether each is missing is known here, not from how it is spelled.
    let entries: [FrequencyTable.Entry]
    var view: TableView<DelimitedRecord>
    /// What is over the sheet's table: its prompt, menu, a row or its keys shown whole.
    var overlay: TableOverlay? = nil
    /// The filters and the rows of ``source`` they keep.
    var filters = ViewFilters(workName: "sheet filter")
    /// The last search, in the order shown.
    var search = RowSearch(workName: "sheet search")
    /// The column the sort, filter and record keys act on.
    var currentColumn = 0
    /// The answer to the last key.
    var note: String? = nil
    /// The save under way, and how far it is.
    var saving = Exploration<Never>(prefix: "sheet ")
    var effects: [Effect] = []
    /// Its keys, as the host binds them (a window's Ctrl+F, F1 and Ctrl+Q too).
    var keys = ViewerKeys.sheet
    /// Its prompt's keys (a window's copy and cut too).
    var fieldKeys = TextFieldCommand.keys
    /// The folder Ctrl+S suggests saving in ("" for the current one): the table's, so that a
    /// sheet's save lands beside the file, as the table's own does.
    var saveDirectory = ""
    /// What the summary being read says so far, while it is read: the figures a file's
    /// metadata gave (``init(known:rows:theme:)``); nil for a finished sheet.
    var reading: String? = nil
    /// What the table under the sheet runs meanwhile (a save begun before the sheet came),
    /// said in the sheet's status line so that it is not lost from sight; Esc stops it once the
    /// sheet is closed.
    var underneath: String? = nil
    /// Its columns sized in characters from their values (all but a frequency table's bar), as
    /// last fitted to a window's type.
    var characterWidths = CharacterWidths([String: ColumnWidth]())

    /// The frequency table of field `field` (titled `title`) among `rows` rows.
    init(frequency: FrequencyTable, field: Int, title: String, of rows: Int, theme: Theme) {
        kind = .frequency(field: field, title: title)
        let distinct = frequency.entries.count
        caption = "Frequency of \(title): \(counted(distinct, "value")) in \(counted(rows, "row")) · Enter keeps that value's rows · Esc returns"
        source = frequency.rows
        entries = frequency.entries
        let sample = source.rows(in: 0..<Swift.min(source.count, 5000))
        var columns = FrequencyTable.titles.indices.map { TableColumn.field($0, title: FrequencyTable.titles[$0], sample: sample) }
        let widest = frequency.entries.first.map { frequency.percent(of: $0) } ?? 100
        var bar = TableColumn<DelimitedRecord>("", id: "bar", width: .clamping(min: 40, ideal: 26 * 8, max: 800), isSortable: false) { record in
            .string(Self.bar(Double(record[2] ?? "") ?? 0, of: widest, cells: 24))
        }
        bar.isResizable = true
        characterWidths = CharacterWidths(columns)
        columns.append(bar)
        view = Self.view(source, columns: columns, theme: theme)
    }

    /// The summary of the columns `summaries`, of a source `about` describes (a Parquet file's
    /// writer, row groups, compressions and encodings; nil says nothing).
    init(summaries: [ColumnSummary], rows: Int, about: String? = nil, theme: Theme) {
        self.init(summaryRows: ColumnSummary.rows(summaries), theme: theme,
                  caption: Self.summaryCaption(columns: summaries.count, rows: rows, about: about)
                      + " (the last column names the figures that are estimates) · Enter goes to the column · Esc returns")
    }

    /// The summary's figures a source knows before reading its values (a Parquet file's
    /// statistics), the rest shown as `…`, while the summary reads them.
    init(known: [ColumnSummary.Known], rows: Int, about: String? = nil, theme: Theme) {
        self.init(summaryRows: ColumnSummary.rows(known: known), theme: theme,
                  caption: Self.summaryCaption(columns: known.count, rows: rows, about: about)
                      + ": what the file's statistics say, at once; … is being read · Enter goes to the column · Esc stops")
        reading = "reading the rest"
    }

    /// "Summary of 19 columns in 1,000 rows", and what `about` says of the source.
    private static func summaryCaption(columns: Int, rows: Int, about: String?) -> String {
        "Summary of \(counted(columns, "column")) in \(counted(rows, "row"))" + (about.map { " · " + $0 } ?? "")
    }

    /// A summary sheet of `rows` (``ColumnSummary/titles`` their columns) under `caption`.
    private init(summaryRows rows: StringRows, theme: Theme, caption: String) {
        kind = .summary
        self.caption = caption
        source = rows
        entries = []
        let sample = source.rows(in: 0..<source.count)
        // Each column as wide as its values; the median is not stretched across the rest.
        let columns = ColumnSummary.titles.indices.map { TableColumn.field($0, title: ColumnSummary.titles[$0], sample: sample) }
        characterWidths = CharacterWidths(columns)
        view = Self.view(source, columns: columns, style: .none, theme: theme)
    }

    private static func view(_ source: StringRows, columns: [TableColumn<DelimitedRecord>], style: ColumnAutoresizingStyle = .lastColumnOnly,
                             theme: Theme) -> TableView<DelimitedRecord> {
        var table = TableState(rows: source, columns: columns)
        table.list.idiom = .macOS
        table.autoresizingStyle = style
        var view = TableView(table, theme: theme)
        view.pageKeysScroll = false
        do { try view.table.list.select(IndexPath(row: 0), at: 0) } catch {
            // An empty table has no first row to focus.
        }
        return view
    }

    /// A bar of `cells` cells for `value` of `most`, in eighths of a cell.
    static func bar(_ value: Double, of most: Double, cells: Int) -> String {
        guard most > 0, value > 0, value.isFinite else { return "" }
        let eighths = Int((Swift.min(1, value / most) * Double(cells * 8)).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// The columns' names, as a save and a filter name them (the bar has none).
    var titles: [String] {
        switch kind {
        case .frequency: return FrequencyTable.titles
        case .summary: return ColumnSummary.titles
        }
    }

    /// The record at the focused row.
    var focused: DelimitedRecord? { focusedRow.map { source.row(at: $0) } }

    /// The frequency table's value at the focused row; nil on the row of the values past the last.
    var focusedEntry: FrequencyTable.Entry? { focusedRow.flatMap { entries.indices.contains($0) ? entries[$0] : nil } }

    /// The row of ``source`` the focus is on, whatever the sort and the filters put there.
    var focusedRow: Int? {
        guard let id = view.table.list.cursor, let path = view.table.list.indexPath(of: id) else { return nil }
        return view.table.list.sourceRow(at: path).flatMap { filters.fileRow(at: $0.row) }
    }

    /// The field (from 0) of the current column; nil on the bar.
    private var currentField: Int? {
        view.table.columns.indices.contains(currentColumn) ? Int(view.table.columns[currentColumn].id) : nil
    }
}

// MARK: Events

extension ResultSheet {
    /// Takes `event`: its overlay first, then its keys (``keys``), then its table.
    mutating func handle(_ event: Event, at time: Double) -> Outcome {
        if event.isPersonAction, !search.isRunning { note = nil }
        if var shown = overlay {
            let outcome = shown.handle(event, at: time)
            overlay = outcome.keepsOverlay ? shown : nil
            switch outcome {
            case .stays, .closes: return .stays
            case let .copies(text): effects.append(.copy(text))
            case let .runs(command): return run(command, at: time)
            case let .submits(asking, text): submit(asking, text, at: time)
            }
            return .stays
        }
        if case let .mouse(mouse) = event, let column = view.column(atCell: mouse) { currentColumn = column }
        if case let .key(key) = event, let command = keys.command(for: key) { return run(command, at: time) }
        readTableEvents(collect(view.handle(event, at: time)), fromKeyboard: { if case .key = event { true } else { false } }())
        return .stays
    }

    /// Runs a command of the sheet's keys.
    private mutating func run(_ command: ViewerCommand, at time: Double) -> Outcome {
        switch command {
        case .open: return chosen()
        case .quit: return .quits
        case .close, .cancel:
            if let running = cancelWork() { note = running + " cancelled"; return .stays }
            return .closes
        case .top: note = view.moveFocus(.home, at: time)
        case .bottom: note = view.moveFocus(.end, at: time)
        case .record: showRow(at: time)
        case .help, .primaryMenu, .about: _ = showOverTable(command, keys: keys, frame: view.frame, theme: view.theme, idiom: view.pointIdiom, at: time)
        case .search: ask(.search, "Search the sheet: ")
        case let .nextMatch(forward): find(nil, forward: forward)
        case .filter: ask(.filter, "Filter the sheet (COLUMN=VALUE, ==, !=, <, <=, >, >=, *=, ~, is null): ", text: currentField.map { titles[$0] } ?? "")
        case .keepEqual, .keepDifferent: keep(equal: command == .keepEqual)
        case .removeFilter: removeFilter(at: time)
        case .sortAscending, .sortDescending:
            guard view.table.columns.indices.contains(currentColumn), view.table.columns[currentColumn].isSortable else { note = "that column does not sort"; break }
            collect(view.sort(by: [SortOrder(columnID: view.table.columns[currentColumn].id, ascending: command == .sortAscending)], column: currentColumn, at: time))
        case let .stepColumn(by): setCurrentColumn(currentColumn.addingSaturating(by), at: time)
        case .lastColumn: setCurrentColumn(view.table.columns.count - 1, at: time)
        case .jumpToColumn: ask(.column, "Column: ")
        case .goToRow: ask(.goToRow, "Go to row (a number, or a percentage such as 50%): ")
        case .save: ask(.save, "Save the sheet as (.csv, .tsv, .jsonl or .parquet): ", text: SaveTarget.suggestion(for: suggestedName, in: saveDirectory))
        default: break
        }
        return .stays
    }

    /// Enter: what the focused row asks of the table under the sheet.
    private func chosen() -> Outcome {
        guard let record = focused else { return .stays }
        switch kind {
        case let .frequency(field, title):
            guard let entry = focusedEntry else { return .says("that row counts the values past the first \(grouped(FrequencyTable.distinctLimit))") }
            return .keeps(entry, field: field, title: title)
        case .summary:
            return record[0].map { .goesToColumn($0) } ?? .stays
        }
    }

    /// A name for a save of the sheet: what it counts.
    private var suggestedName: String {
        switch kind {
        case let .frequency(_, title): return "frequency-of-" + title.filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        case .summary: return "summary"
        }
    }

    private mutating func ask(_ asking: ViewerPrompt, _ label: String, text: String = "") {
        overlay = .asking(asking, label, text: text, theme: view.theme, keys: fieldKeys)
    }

    /// What the prompt was answered with.
    private mutating func submit(_ asking: ViewerPrompt, _ text: String, at time: Double) {
        switch asking {
        case .search: find(text, forward: true)
        case .filter:
            do { addFilter(try RowFilter(parsing: text, columns: ColumnNames(titles))) } catch { note = "\(error)" }
        case .goToRow: note = view.goToRow(text, at: time)
        case .save: take(SaveTarget.step(forName: text, protecting: []), at: time)
        case let .replace(path): take(SaveTarget.step(answering: text, about: path), at: time)
        case .column:
            if let column = RowTarget.column(text, among: view.table.columns.map(\.title)) { setCurrentColumn(column, at: time) } else { note = "no column named “\(text)”" }
        }
    }

    private mutating func take(_ step: SaveTarget.Step, at time: Double) {
        switch step {
        case let .write(path, replacing): startSave(to: path, replacing: replacing, at: time)
        case let .ask(path, question): ask(.replace(path), question)
        case let .say(message): note = message
        }
    }

    private mutating func setCurrentColumn(_ column: Int, at time: Double) {
        currentColumn = column.clamped(to: 0...Swift.max(0, view.table.columns.count - 1))
        view.revealColumn(currentColumn, at: time)
    }

    /// Space: the focused row whole, every column under its name.
    private mutating func showRow(at time: Double) {
        guard let record = focused else { return note = "no row to show" }
        let content = RecordDetail(titles: titles, fields: record.fields, problem: nil, theme: view.theme)
        overlay = .record(.shown(content, theme: view.theme, at: time))
    }

    /// The menu a right-click, Shift+F10 or the Menu key asked the sheet's table for.
    private mutating func readTableEvents(_ events: [TableEvent], fromKeyboard: Bool) {
        for case let .menuRequested(target, point) in events {
            if let column = view.column(of: target, at: point) { currentColumn = column }
            overlay = .menu(ViewerMenu.menu(for: target, at: point, keys: keys, theme: view.theme, idiom: view.pointIdiom, fromKeyboard: fromKeyboard))
        }
    }

    /// How the sheet's sort went is the sheet's to say (its note), not the table's under it.
    var takesWidgetStatus: Bool { true }
}

// MARK: Search, filters, save

extension ResultSheet {
    /// The next row holding `text` (nil: the last search's) from the focus, in the order shown.
    private mutating func find(_ text: String?, forward: Bool) {
        let position = view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0) }?.row
        let (request, message) = search.start(text, focus: position, forward: forward, in: view.table.list, kept: filters.kept, rows: source)
        if let request { effects.append(.work(request)) }
        note = message ?? (request == nil ? nil : "searching…")
    }

    /// `=` and `!`: the rows whose current column holds the focused row's value, or another.
    private mutating func keep(equal: Bool) {
        guard let field = currentField else { return note = "choose a column with a value first ([ ] or a click on a cell)" }
        guard let record = focused else { return note = "focus a row first: its value is the one kept" }
        let value = record[field] ?? ""
        do { addFilter(try RowFilter(column: field, title: titles[field], test: equal ? .equals(value) : .notEquals(value))) } catch { note = "\(error)" }
    }

    private mutating func addFilter(_ filter: RowFilter) {
        effects.append(.work(filters.add(filter, rows: source, count: source.count, missing: .common)))
    }

    private mutating func removeFilter(at time: Double) {
        guard !filters.filters.isEmpty else { return note = "no filter to remove" }
        let focused = filters.focusedRow(in: view.table.list)
        if let request = filters.removeLast(rows: source, count: source.count, missing: .common) { effects.append(.work(request)) }
        if filters.filters.isEmpty { showKeptRows(focusing: focused, at: time) }
    }

    /// The rows the filters keep, in the order the headings chose, line `focused` of the sheet
    /// (``ViewFilters/focusedRow(in:)`` before they changed) focused again where it is kept;
    /// else the first.
    private mutating func showKeptRows(focusing focused: Int?, at time: Double) {
        let rows = filters.kept.map { AnyRowSource(RowSubset(base: source, rows: $0)) } ?? AnyRowSource(source)
        collect(view.replaceRows(with: rows, at: time))
        if let focused, let path = filters.indexPath(ofRow: focused, in: view.table.list) {
            note = view.selectAndReveal(path.row, at: time) ?? note
        }
        keepAFocus(at: time)
    }

    /// Focuses row `row` of ``source`` as the sheet first shows it (before any sort or filter),
    /// scrolled into view.
    mutating func focus(sourceRow row: Int, at time: Double) {
        guard row >= 0, row < source.count else { return }
        note = view.selectAndReveal(row, at: time) ?? note
    }

    private mutating func keepAFocus(at time: Double) {
        do { try view.table.list.focusFirstRowIfNone(at: time) } catch { note = "\(error)" }
    }

    /// The sheet as a `TableSource`: what a save, and any pass over its rows, goes through.
    var tableSource: RowsTable<StringRows> {
        let numeric = kind == .summary ? ColumnSummary.numeric : FrequencyTable.numeric
        return RowsTable(source, columns: view.table.columns, titles: titles, numeric: numeric, title: kind == .summary ? "summary" : suggestedName,
                         concurrently: .processors)
    }

    /// Writes the rows shown (those the filters keep, in the sheet's order), every column but
    /// the bar, to `path`: the table source's own save, as a batch run writes a table.
    private mutating func startSave(to path: String, replacing: Bool, at time: Double) {
        let format: ExportFormat
        do { format = try ExportFormat(path: path) } catch { return note = "\(error)" }
        let order = view.table.sortOrder.compactMap { key in Int(key.columnID).map { ColumnOrder(column: $0, ascending: key.ascending) } }
        let shown = ShownSource(source: tableSource, filters: filters.filters, order: order, count: source.count)
        saving.begin("saving \(path)", under: saving.saveKey.id, at: time)
        effects.append(.work(shown.save(to: path, format: format, columns: Array(titles.indices), replacing: replacing, protecting: [], key: saving.saveKey)))
    }

    /// Cancels the search, filter or save under way; what was cancelled, or nil when nothing ran.
    private mutating func cancelWork() -> String? {
        if let request = search.cancel() { effects.append(.work(request)); return "search" }
        if let request = filters.cancel() { effects.append(.work(request)); return "filter" }
        if saving.isRunning {
            effects += saving.cancel().map { .work($0) }
            return "save"
        }
        if view.sorting != nil {
            collect(view.cancelSort())
            return "sort"
        }
        return nil
    }

    /// Takes an update of the sheet's own work (its search, filters, save and sort); false for
    /// any other.
    mutating func handleWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let found = search.handle(update) {
            switch found {
            case let .failure(message): note = message.text
            case let .success((position, wentRound)):
                let round = wentRound ? SearchSweep.roundNote(forward: search.forward) + " · " : ""
                note = view.selectAndReveal(position, at: time) ?? round + "match in row \(grouped(position + 1)) · n next · N previous"
            }
            return true
        }
        if let answer = filters.handle(update, shownIn: view.table.list) {
            if let failure = answer.failure { note = failure }
            if answer.changed { showKeptRows(focusing: answer.focused, at: time) }
            return true
        }
        switch saving.handle(update) {
        case nil: break
        case let .saved(saved)?:
            note = saved.failure.map { "the save stopped: \($0)" } ?? "saved \(counted(saved.rows, "row")) to \(saved.path)"
            return true
        case .progressed?, .cancelled?, .counted?, .summarised?: return true
        }
        let reply = view.handle(.work(update), at: time)
        collect(reply)
        return reply.isHandled
    }

    /// Every search, filter, save and sort of the sheet's, cancelled: it is closing.
    mutating func cancelAllWork() -> [Effect] {
        _ = cancelWork()
        if let request = filters.cancel() { effects.append(.work(request)) }
        collect(view.cancelSort())
        return takeEffects()
    }

    /// The work the sheet asked for during the call under way, handed to the screen once.
    mutating func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }
}

// MARK: Drawing

extension ResultSheet {
    /// Draws the caption, the sheet's table under it in `area`, and in `statusLine` its status
    /// or its prompt; its menu over `whole`.
    mutating func render(in area: Rect, statusLine: Rect, whole: Rect, into canvas: inout Canvas, at time: Double) {
        let parts = canvas.aligned(area).rows([.fixed(Int(StatusLine.height(on: canvas))), .fill])
        canvas.fill(canvas.aligned(area))
        StatusLine.draw(caption, in: parts[0], theme: view.theme, into: &canvas)
        view.highlightedColumn = currentColumn
        do { try characterWidths.fit(&view, on: canvas) } catch { note = "\(error)" }
        view.render(in: parts[1], into: &canvas, at: time)
        let status = statusText, theme = view.theme
        guard var shown = overlay else { return StatusLine.draw(status, in: statusLine, theme: theme, into: &canvas) }
        shown.render(table: area, statusLine: statusLine, whole: whole, into: &canvas, at: time) { StatusLine.draw(status, in: statusLine, theme: theme, into: &$0) }
        overlay = shown
    }

    /// The sheet's status line: how many of its rows show, the answer to the last key, its
    /// filters, what runs, its keys.
    var statusText: StatusText {
        let shown = view.table.list.numberOfRows
        var parts = [filters.kept == nil ? counted(shown, "row") : "\(grouped(shown)) of \(grouped(source.count)) rows"]
        if let note { parts.append(note) }
        if !filters.filters.isEmpty { parts.append("filtered by \(filters.summary) (u removes the last)") }
        if filters.isRunning { parts.append("filtering… \(filters.fraction.wholePercent)% (Esc cancels)") }
        if search.isRunning { parts.append("searching… (Esc cancels)") }
        if let running = saving.statusPart(at: nil) { parts.append(running) }
        if let reading { parts.append(reading) }
        if let underneath { parts.append("under the sheet: \(underneath)") }
        if view.table.columns.indices.contains(currentColumn), !view.table.columns[currentColumn].title.isEmpty {
            parts.append("column \(view.table.columns[currentColumn].title)")
        }
        if showingHelp { parts.append("the keys of the sheet (Esc, q or Enter returns)") }
        let name = kind == .summary ? "Summary" : "Frequency table"
        return StatusText(name: name, parts: parts, hint: "Enter \(kind == .summary ? "goes to the column" : "keeps the value's rows") · Space row · / search · | filter · Ctrl+S save · ? keys · Esc returns")
    }

    /// Advances what moves to `time`.
    mutating func tick(at time: Double) {
        collect(view.tick(at: time))
        overlay?.tick(at: time)
    }

    /// True while something moves.
    var isAnimating: Bool { view.isAnimating || overlay?.isAnimating == true }
    /// When it next needs a frame.
    var wakeTime: Double? { [view.wakeTime, overlay?.wakeTime].compactMap { $0 }.min() }
    /// The caret of its prompt, or its focused row, for the terminal's cursor.
    var cursorPosition: Point? { field?.cursorPosition ?? view.cursorPosition }
}

extension ResultSheet {
    /// Draws in `theme` from now on, what is open over the sheet too.
    mutating func retheme(_ theme: Theme) {
        view.theme = theme
        overlay?.retheme(theme)
    }
}
