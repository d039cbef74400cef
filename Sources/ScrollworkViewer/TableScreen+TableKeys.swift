import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The column the exploring keys (`[`, `]`, `$`, `o`, `f`, `=`) act on: its place among the
/// columns shown, and whether the person chose it (its heading is marked once they did).
struct CurrentColumn: Sendable, Hashable {
    var place: Int
    var chosen = false
}

// The keys that mean the same on every table (the current column, hiding, pinning, moving,
// fitting, going to a row or a column, the keys, the prompts), carried out over the table view,
// its columns, its current column and its overlay.
extension TableScreen {
    /// Draws what is over the table drawn in `table`, and the line under it, `statusLine`
    /// (`whole` is both): a sheet with its own status line, a prompt of the table's that was
    /// open when it came still over that; else what is over the table, with `status` under or
    /// beside it; else the status line alone (``statusText(at:)``, made only when it shows: a
    /// sheet has its own). Every table screen draws these so, once.
    mutating func renderOverTable(table: Rect, statusLine: Rect, whole: Rect, into canvas: inout Canvas, at time: Double) {
        let theme = view.theme
        if var shown = sheet {
            // The summary this sheet is still reading is said as its own; the rest as the table's.
            shown.underneath = exploration.statusPart(at: time, besides: shown.reading != nil ? exploration.summaryKey.id : nil, saysCancel: false)
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
            collect(view.fitColumn(currentColumn))
            say("column \(view.table.columns[currentColumn].title) fitted to its content")
        case .goToRow: ask(.goToRow, "Go to row (a number, or a percentage such as 50%): ")
        case .jumpToColumn: ask(.column, "Column: ")
        case .search: ask(.search, "Search: ")
        case .filter:
            ask(.filter, "Filter (COLUMN=VALUE, ==, !=, <, <=, >, >= numbers or text, *= text, ~ regex, is null): ", text: currentField.flatMap { field in
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
