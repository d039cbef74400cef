import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Exploring a table, written once for every screen over the rows it shows (``ShownSource``):
/// the current column's frequency table, the summary of every column, saving the rows shown,
/// keeping a value, and what comes back from each (a sheet over the table, a message). Each
/// runs off the loop with its progress in the status line, and Esc cancels it.
extension TableScreen {
    /// Where the work is done, after "in" in the status line (" in the database"); empty where
    /// the viewer does it over the rows.
    var inEngine: String { engine.map { " in " + $0 } ?? "" }

    /// `f`: the frequency table of the current column among the rows shown.
    mutating func startFrequency(at time: Double) {
        guard let column = currentField, titles.indices.contains(column) else { return say(noFieldNote) }
        startFrequency(ofColumn: column, at: time)
    }

    /// The frequency table of column `column` among the rows shown, once every row is found.
    mutating func startFrequency(ofColumn column: Int, at time: Double) {
        guard titles.indices.contains(column) else { return say(noFieldNote) }
        guard !waitsForRows(.frequency(column: column), "counting the values of \(titles[column])", at: time) else { return }
        exploration.begin("counting the values of \(titles[column])\(inEngine)", under: exploration.frequencyKey.id, at: time)
        emit(.work(shownSource.frequency(ofColumn: column, key: exploration.frequencyKey)))
    }

    /// True while what `asked` reads of the rows shown is not all known yet: the rows still
    /// found (a file being indexed), or an order or filter asked for and not come; for a save,
    /// which reads the rows by name, the names still read too (a database table's ids come a
    /// chunk at a time) or the rows counted.
    func rowsStillComing(for asked: Exploration<TableSourceError>.Waiting) -> Bool {
        source.growth.isFinding || shown.sorting != nil || (asked.readsNames && !allRowsKnown)
    }

    /// True, with `asked` kept and said as `what`, while ``rowsStillComing(for:)``: a frequency
    /// table, summary or save then would answer for the rows known so far alone (a save of a big
    /// SQLite table wrote the ids read by then), or for the filters before the one asked.
    /// ``resumeExploring(at:)`` starts it once the rows are all known.
    mutating func waitsForRows(_ asked: Exploration<TableSourceError>.Waiting, _ what: String, at time: Double) -> Bool {
        guard rowsStillComing(for: asked) else { return false }
        exploration.wait(asked, what, at: time)
        return true
    }

    /// Starts each frequency table, summary and save that waited for every row to be found,
    /// once its rows are, in the order asked (a cancel forgets them all).
    mutating func resumeExploring(at time: Double) {
        let ready = exploration.waiting.filter { !rowsStillComing(for: $0) }
        exploration.stopWaiting(for: ready)
        for asked in ready {
            switch asked {
            case let .frequency(column): startFrequency(ofColumn: column, at: time)
            case .summary: startSummary(at: time)
            case let .save(path, replacing): startSave(to: path, replacing: replacing, at: time)
            }
        }
    }

    /// `I`: the summary of every column among the rows shown.
    mutating func startSummary(at time: Double) {
        guard !waitsForRows(.summary, "summarising \(titles.count) columns", at: time) else { return }
        exploration.begin("summarising \(titles.count) columns\(inEngine)", under: exploration.summaryKey.id, at: time)
        emit(.work(shownSource.summary(key: exploration.summaryKey)))
        // What the source knows without reading (a Parquet file's statistics) shows at once,
        // for every row: with filters, only the summary can say.
        if shownSource.filters.isEmpty, let known = source.knownSummary, known.count == titles.count {
            let rows = known.first.flatMap { k in k.count.flatMap { c in k.missing.map { c + $0 } } } ?? counts.total ?? view.table.list.numberOfRows
            showSheet(ResultSheet(known: known, rows: rows, about: source.about, theme: view.theme), at: time)
            sheet?.reading = exploration.statusPart(at: time, of: exploration.summaryKey.id)
        }
    }

    /// What the exploring keys say with no field to act on: the current column is not one (a
    /// file's `#`), or every column is hidden.
    var noFieldNote: String {
        view.table.columns.contains { Int($0.id) != nil } ? "choose a column of the table first ([ ] or a click on a cell)" : "every column is hidden: + shows them"
    }

    /// Carries out a save's next step: at once to a new name, a question before a file that
    /// exists is replaced, never over a file the table is read from.
    mutating func take(_ step: SaveTarget.Step, at time: Double) {
        switch step {
        case let .write(path, replacing): startSave(to: path, replacing: replacing, at: time)
        case let .ask(path, question): ask(.replace(path), question)
        case let .say(message): say(message)
        }
    }

    /// Saves the rows shown, in their order, and the columns shown that are fields, in theirs,
    /// to `path` (CSV, TSV, JSON Lines or Parquet by its ending): a missing value is an empty
    /// field in CSV and TSV, `null` in JSON Lines; numbers stay numbers. A file there is
    /// replaced only when `replacing` (the person said yes).
    mutating func startSave(to path: String, replacing: Bool, at time: Double) {
        let format: ExportFormat
        do { format = try ExportFormat(path: path) } catch { return say("\(error)") }
        guard !waitsForRows(.save(path: path, replacing: replacing), "saving \(path)", at: time) else { return }
        let written = view.table.columns.compactMap { Int($0.id) }.filter { titles.indices.contains($0) }
        exploration.begin("saving \(path)", under: exploration.saveKey.id, at: time)
        emit(.work(shownSource.save(to: path, format: format, columns: written, replacing: replacing, protecting: readFiles, key: exploration.saveKey)))
    }

    /// Keeps the rows whose column `column` (titled `title`, the column's own when nil) passes
    /// `test`.
    mutating func keep(_ test: RowFilter.Test, in column: Int, titled title: String? = nil, at time: Double) {
        let name = title ?? (titles.indices.contains(column) ? titles[column] : "column \(column + 1)")
        do {
            let filter = try RowFilter(column: column, title: name, test: test)
            keep(filter, text: filter.description, at: time)
        } catch {
            say("\(error)")
        }
    }

    /// `=` and `!`: keeps the rows whose current column holds the focused row's value, or
    /// `different` from it (a missing value as `COLUMN=` keeps it; a field a record leaves off
    /// its end reads empty, as its row shows it); waits for the row's values where they are
    /// still on their way.
    mutating func keepFocusedValue(different: Bool, at time: Double) {
        guard let field = currentField, titles.indices.contains(field) else { return say(noFieldNote) }
        guard let id = view.table.list.cursor, let path = view.table.list.indexPath(of: id) else { return say("focus a row first: its value is the one kept") }
        let fields: [String]?
        do { fields = try fieldsOfRows(at: [path]).first ?? nil } catch { return say("\(error)") }
        guard let fields else { return awaitFocusedRow(different ? .keepDifferent : .keepEqual) }
        let value = fields.indices.contains(field) ? fields[field] : ""
        keep(different ? .notEquals(value) : .equals(value), in: field, at: time)
    }

    /// Stops every frequency table, summary and save under way or waiting for the rows, and
    /// says so; false when none runs or waits.
    mutating func cancelExploring() -> Bool {
        guard exploration.isRunning else { return false }
        for request in exploration.cancel() { emit(.work(request)) }
        say("cancelled")
        return true
    }

    /// Shows `shown` over the table (nil: no sheet), the work of the one shown before cancelled.
    mutating func showSheet(_ shown: ResultSheet?, at time: Double) {
        for effect in sheet?.cancelAllWork() ?? [] { emit(effect) }
        var shown = shown
        shown?.keys = viewerKeys.sheet
        shown?.fieldKeys = viewerKeys.fieldKeys
        shown?.saveDirectory = SaveTarget.directory(of: saveSuggestion)
        shown?.view.appear(at: time)
        sheet = shown
    }

    /// Carries out what an event on the sheet asked of the table: a frequency table's value is
    /// kept, a summary's column becomes the current one; the sheet closes with its work.
    mutating func finishSheet(_ outcome: ResultSheet.Outcome, at time: Double) {
        if outcome != .stays, sheet?.reading != nil {
            // A summary still being read stops with its sheet: nobody waits for it. A save or
            // frequency table running beside it goes on.
            for request in exploration.cancel(exploration.summaryKey.id) { emit(.work(request)) }
        }
        switch outcome {
        case .stays: return
        case .closes: break
        case let .keeps(entry, column, title):
            // The rows its line counted: a null alone, or that text exactly (`5` is not `5.0`,
            // `NA` not an empty field), whatever else `COLUMN=` would call the same.
            keep(entry.isNull ? .isNull : RowFilter.only(entry.value), in: column, titled: title, at: time)
        case let .goesToColumn(name):
            if let column = titles.firstIndex(of: name), let place = view.table.columns.firstIndex(where: { $0.id == "\(column)" }) {
                setCurrentColumn(place, at: time)
            } else {
                say("that column is hidden: + shows it")
            }
        case let .says(message): say(message)
        case .quits: wantsQuit = true
        }
        showSheet(nil, at: time)
    }

    /// Takes a frequency table's, summary's or save's update; false for other work.
    mutating func handleExploreWork(_ update: WorkUpdate, at time: Double) -> Bool {
        switch exploration.handle(update) {
        case nil: return false
        case .progressed?:
            if sheet?.reading != nil { sheet?.reading = exploration.statusPart(at: time, of: exploration.summaryKey.id) }
        case .cancelled?: break
        case let .counted(.success(counted))?:
            showSheet(ResultSheet(frequency: counted.table, field: counted.field, title: counted.title, of: counted.rows, theme: view.theme), at: time)
        case let .counted(.failure(error))?: failed(error, saying: "the frequency table stopped: ", at: time)
        case let .summarised(.success(summarised))?:
            // The whole summary takes the early one's place on the column the person had reached.
            let reached = sheet?.reading != nil ? sheet?.focusedRow : nil
            showSheet(ResultSheet(summaries: summarised.summaries, rows: summarised.rows, about: source.about, theme: view.theme), at: time)
            if let reached { sheet?.focus(sourceRow: reached, at: time) }
        case let .summarised(.failure(error))?: failed(error, saying: "the summary stopped: ", at: time)
        case let .saved(saved)?: say(saved.failure.map { "the save stopped: \($0)" } ?? "saved \(counted(saved.rows, "row")) to \(saved.path)")
        }
        return true
    }

    /// Alt+C (Ctrl+C in a window): the selected rows, the columns shown that are fields in their
    /// order, with the heading, tab-separated (a field holding a tab, a line break or a quote in
    /// quotes); a row whose values are still on their way is left out, saying so.
    mutating func copySelection() {
        let paths = view.table.list.selectedIndexPaths
        guard !paths.isEmpty else { return say("select a row first: nothing copied") }
        // Hidden columns are left out, as in a save.
        let shown = view.table.columns.compactMap { Int($0.id) }.filter { titles.indices.contains($0) }
        var lines = [shown.map { titles[$0] }]
        var waiting = 0
        let rows: [[String]?]
        do { rows = try fieldsOfRows(at: Array(paths.prefix(viewerKeys.copyLimit))) } catch { return say("\(error)") }
        for fields in rows {
            guard let fields else {
                waiting += 1
                continue
            }
            lines.append(shown.map { fields.indices.contains($0) ? fields[$0] : "" })
        }
        emit(.copy(tabSeparated(lines)))
        let copied = lines.count - 1
        // Cut short by the limit, the note says of how many; rows not read yet are said apart.
        say(copiedNote(copied, of: paths.count > viewerKeys.copyLimit ? paths.count : copied, toClipboard: viewerKeys.copiesToClipboard)
            + (waiting > 0 ? " · \(grouped(waiting)) not read yet, left out" : ""))
    }

    /// Makes the view `recipe` describes (the command line's `--filter`, `--sort`, `--columns`,
    /// `--frequency`, `--summary` without `--output`), as a batch run makes it, begun at `time` on
    /// the host's clock.
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong, or an order the
    ///   table cannot show, before anything changes.
    mutating func applyRecipe(_ recipe: ViewRecipe, at time: Double) throws(ExploreError) {
        try recipe.validate()
        let names = ColumnNames(titles)
        let filters = try recipe.parsedFilters(names)
        let sorts = try recipe.parsedSorts(names)
        if let most = source.mostSortColumns, sorts.count > most {
            throw ExploreError("\(source.title) is sorted by \(most == 1 ? "one column" : "\(most) columns") at a time\(inEngine); give \(most == 1 ? "one --sort" : "at most \(most) --sort") (\(sorts.count) were given)")
        }
        let shown = try recipe.parsedColumns(names)
        let counted = try recipe.frequency.map { name throws(ExploreError) in try names.index(of: name) }
        if recipe.columns != nil {
            try arrangeColumns { columns, view, _ in Result { () throws(ExploreError) in try columns.show(only: shown, in: &view) } }.get()
        }
        arrange(filters: filters, sorts: sorts, at: time)
        if let counted, let place = view.table.columns.firstIndex(where: { $0.id == "\(counted)" }) {
            setCurrentColumn(place, at: time)
            startFrequency(at: time)
        }
        if recipe.summary { startSummary(at: time) }
    }
}
