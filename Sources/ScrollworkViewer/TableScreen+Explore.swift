import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Exploring a table as a file is explored: the current column, its frequency table (grouped
/// by the source's engine where it has one), the summary of every column, a row whole, the
/// keys, and saving the rows shown, each off the loop with its progress in the status line and
/// Esc to cancel.
extension TableScreen {
    /// Where the source does its work, after "in" in the status line ("in the database"); empty
    /// where the viewer does it.
    var inEngine: String { source.engine.map { " in " + $0 } ?? "" }

    /// The frequency table of the current column among the rows shown.
    mutating func startFrequency() {
        guard let column = currentField, titles.indices.contains(column) else { return note = "every column is hidden: + shows them" }
        let source = self.source, title = titles[column], tests = shown.filters.map(\.filter)
        exploration.begin("counting the values of \(title)\(inEngine)", at: lastTime)
        effects.append(.work(.start(Work(exploration.frequencyKey) { progress in
            let counted = Result { () throws(TableSourceError) -> Counted in
                let frequency = try source.frequency(ofColumn: column, where: tests, progress: TableProgress(progress))
                return Counted(table: frequency, field: column, title: title, rows: frequency.total)
            }
            return progress.isCancelled ? nil : counted
        })))
    }

    /// The summary of every column among the rows shown.
    mutating func startSummary() {
        let source = self.source, tests = shown.filters.map(\.filter)
        exploration.begin("summarising \(titles.count) columns\(inEngine)", at: lastTime)
        effects.append(.work(.start(Work(exploration.summaryKey) { progress in
            let summarised = Result { () throws(TableSourceError) -> Summarised in
                let summaries = try source.summary(where: tests, progress: TableProgress(progress))
                return Summarised(summaries: summaries, rows: (summaries.first.map { $0.count + $0.missing }) ?? 0)
            }
            return progress.isCancelled ? nil : summarised
        })))
    }

    /// The files the table is read from (a database's), which a save never replaces.
    var readFiles: Set<FileIdentity> { source.readFiles }

    /// Carries out a save's next step: at once to a new name, a question before a file that
    /// exists is replaced, never over the database's own file.
    mutating func take(_ step: SaveTarget.Step) {
        switch step {
        case let .write(path, replacing): startSave(to: path, replacing: replacing)
        case let .ask(path, question): ask(.replace(path), question)
        case let .say(message): note = message
        }
    }

    /// Saves the rows shown, in their order, and the columns shown, in theirs, read from the
    /// source a batch at a time, to `path` (CSV, TSV, JSON Lines or Parquet by its ending): a missing
    /// value is an empty field in CSV and TSV, `null` in JSON Lines; numbers stay numbers. A
    /// file there is replaced only when `replacing` (the person said yes).
    mutating func startSave(to path: String, replacing: Bool) {
        let format: ExportFormat
        do { format = try ExportFormat(path: path) } catch { return note = "\(error)" }
        let source = self.source, order = shown.orderedBy, tests = shown.filters.map(\.filter), protected = readFiles, titles = titles
        let identities = byName ? shown.identities : nil
        let total = identities?.count ?? shown.pages.count
        let written = view.table.columns.compactMap { Int($0.id) }.filter { titles.indices.contains($0) }
        exploration.begin("saving \(path)", at: lastTime)
        effects.append(.work(.start(Work(exploration.saveKey) { progress -> Saved? in
            do {
                let output = try OutputFile(path: path, replacingExisting: replacing, protecting: protected)
                let rows = try source.write(names: identities, count: total, where: tests, orderedBy: order, columns: written, format: format, to: output,
                                            progress: TableProgress(progress))
                return Saved(path: path, rows: rows, failure: nil)
            } catch TableSourceError.cancelled {
                return nil
            } catch {
                return Saved(path: path, rows: 0, failure: "\(error)")
            }
        })))
    }

    /// The view the command line's options make (`--filter`, one `--sort`, `--columns`,
    /// `--frequency`, `--summary`), as a batch run makes it, the source doing the work, begun
    /// at `time` on the host's clock.
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong, or a second
    ///   sort key, before anything changes.
    mutating func apply(_ recipe: ViewRecipe, at time: Double) throws(ExploreError) {
        try recipe.validate()
        let names = ColumnNames(titles)
        let parsed = try recipe.parsedFilters(names)
        let sorts = try recipe.parsedSorts(names)
        guard sorts.count <= 1 else { throw ExploreError("a database table is sorted by one column at a time, in the engine; give one --sort (\(sorts.count) were given)") }
        let shown = try recipe.parsedColumns(names)
        let counted = try recipe.frequency.map { name throws(ExploreError) in try names.index(of: name) }
        if recipe.columns != nil { try columns.show(only: shown, in: &view) }
        lastTime = time
        let kept = parsed.map { Filter(filter: $0, text: $0.description) }
        if !kept.isEmpty || !sorts.isEmpty { arrange(column: sorts.first?.field, ascending: sorts.first?.ascending ?? true, filters: kept, at: time) }
        if let counted, let place = view.table.columns.firstIndex(where: { $0.id == "\(counted)" }) {
            setCurrentColumn(place, at: time)
            startFrequency()
        }
        if recipe.summary { startSummary() }
    }

    /// `=` and `!`: keeps the rows whose current column holds the focused row's value, or
    /// another one, the source testing them.
    mutating func keep(equal: Bool, at time: Double) {
        guard let field = currentField, titles.indices.contains(field) else { return note = "every column is hidden: + shows them" }
        guard let values = focusedValues, values.indices.contains(field) else { return awaitFocusedRow(equal ? .keepEqual : .keepDifferent) }
        // NULL is kept (or left out) as `COLUMN=` does: missing is missing, as in a file.
        let value = values[field].presentText ?? ""
        keep(equalTo: value, in: field, different: !equal, at: time)
    }

    /// Keeps the rows whose column `column` (titled `title`, the column's own when nil) equals
    /// `value`, or `different` from it.
    mutating func keep(equalTo value: String, in column: Int, titled title: String? = nil, different: Bool = false, at time: Double) {
        let name = title ?? titles[column]
        do {
            let filter = try RowFilter(column: column, title: name, test: different ? .notEquals(value) : .equals(value))
            keep(filter, text: "\(name)\(different ? "!=" : "=")\(value)", at: time)
        } catch {
            note = "\(error)"
        }
    }

    /// Cancels the frequency table, summary or save under way; false when none runs.
    mutating func cancelExploring() -> Bool {
        let cancels = exploration.cancel()
        guard !cancels.isEmpty else { return false }
        effects += cancels.map { .work($0) }
        note = "cancelled"
        return true
    }

    /// Keeps `command` (Enter, `=`, `!`) for when the focused row's values come, and says so;
    /// with no row to focus, says that.
    mutating func awaitFocusedRow(_ command: ViewerCommand) {
        guard view.table.list.numberOfRows > 0 else { return note = "no rows to act on" }
        keyMemory.awaitingRow = command
        note = "reading the focused row…"
    }

    /// Focuses the first row when no row is focused and there is one, so that Enter, `=` and
    /// `!` act at once after opening, a filter or a sort; runs a command that waited for the
    /// focused row's values once they are there.
    mutating func keepAFocus(at time: Double) {
        do { try view.table.list.focusFirstRowIfNone(at: time) } catch { note = "\(error)" }
        guard let command = keyMemory.awaitingRow, focusedValues != nil else { return }
        keyMemory.awaitingRow = nil
        note = nil
        _ = run(command, at: time)
    }

    /// The focused row's values, once they have come; nil before, or with no row focused.
    var focusedValues: [TableValue]? {
        guard let id = view.table.list.cursor, let path = view.table.list.indexPath(of: id) else { return nil }
        do {
            guard case let .loaded(values) = try view.table.list.row(at: path) else { return nil }
            return values
        } catch {
            // The cursor's row is in the list: its path cannot be refused.
            return nil
        }
    }

    /// Shows the focused row whole, every column's value under its name.
    mutating func showRecord(at time: Double) {
        guard let values = focusedValues else { return awaitFocusedRow(.record) }
        overlay = .record(.shown(RecordDetail(titles: titles, fields: values.map(\.description), problem: nil, theme: view.theme), theme: view.theme, at: time), record: nil)
    }

    /// Carries out what an event on the sheet asked of the table: a frequency table's value is
    /// kept (a filter the source tests), a summary's column becomes the current one; the sheet
    /// closes with its work.
    mutating func finishSheet(_ outcome: ResultSheet.Outcome, at time: Double) {
        switch outcome {
        case .stays: return
        case .closes: break
        case let .keeps(entry, column, title):
            // The NULL group is kept as `COLUMN=` keeps missing values (text spelling "NULL" is text).
            let value = entry.isMissing ? "" : entry.value
            keep(equalTo: value, in: column, titled: title, at: time)
        case let .goesToColumn(name):
            if let column = titles.firstIndex(of: name), let place = view.table.columns.firstIndex(where: { $0.id == "\(column)" }) {
                setCurrentColumn(place, at: time)
            } else {
                note = "that column is hidden: + shows it"
            }
        case let .says(message): note = message
        case .quits: keyMemory.wantsQuit = true
        }
        showSheet(nil)
    }

    /// Shows `shown` over the table (nil: no sheet), the work of the one shown before cancelled.
    mutating func showSheet(_ shown: ResultSheet?) {
        effects += sheet?.cancelAllWork() ?? []
        var shown = shown
        shown?.keys = viewerKeys.sheet
        shown?.fieldKeys = viewerKeys.fieldKeys
        sheet = shown
    }

    /// Takes a frequency table's, summary's or save's update; false for other work.
    mutating func handleExploreWork(_ update: WorkUpdate, at time: Double) -> Bool {
        switch exploration.handle(update) {
        case nil: return false
        case .progressed?, .cancelled?: break
        case let .counted(.success(counted))?:
            showSheet(ResultSheet(frequency: counted.table, field: counted.field, title: counted.title, of: counted.rows, theme: view.theme))
        case let .counted(.failure(error))?: failed(error, saying: "the frequency table stopped: ", at: time)
        case let .summarised(.success(summarised))?: showSheet(ResultSheet(summaries: summarised.summaries, rows: summarised.rows, theme: view.theme))
        case let .summarised(.failure(error))?: failed(error, saying: "the summary stopped: ", at: time)
        case let .saved(saved)?: note = saved.failure.map { "the save stopped: \($0)" } ?? "saved \(grouped(saved.rows)) rows to \(saved.path)"
        }
        return true
    }
}
