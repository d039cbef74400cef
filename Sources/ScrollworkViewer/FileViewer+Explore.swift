import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Exploring a table file: filters, frequency tables, the summary, columns hidden, pinned and
/// moved, going to a row and saving the view. Every pass over the rows runs off the loop, with
/// progress in the status line, and Esc cancels it.
extension FileViewer {
    /// The rows the table shows: the file's, or those the filters keep.
    var shownRows: AnyRowSource<DelimitedRecord> {
        guard let kept = filters.kept else { return rows }
        return fileRows.subset(kept)
    }

    /// The file's columns by the names people type.
    var columnNames: ColumnNames { ColumnNames(fieldTitles) }

    /// Carries out an exploring command.
    mutating func explore(_ command: ViewerCommand, at time: Double) {
        if runCommon(command, at: time) { return }
        switch command {
        case .keepEqual, .keepDifferent:
            guard let field = currentField else { return notes.set(.action, "choose a column of the file first ([ ] or a click on a cell)") }
            guard let id = table.list.cursor, let path = table.list.indexPath(of: id), let record = fileRecord(at: path),
                  let value = readRecords([record]).first?[field] else { return notes.set(.action, "focus a row first: its value is the one kept") }
            let test: RowFilter.Test = command == .keepEqual ? .equals(value) : .notEquals(value)
            do { addFilter(try RowFilter(column: field, title: fieldTitles[field], test: test), at: time) } catch { notes.set(.action, "\(error)") }
        case .removeFilter:
            guard !filters.filters.isEmpty else { return notes.set(.action, "no filter to remove") }
            if let request = filters.removeLast(rows: fileRows, count: rows.count, missing: missing) { outbox.append(.work(request)) }
            if filters.filters.isEmpty { showFilteredRows(at: time) }
            notes.set(.action, filters.filters.isEmpty ? "every row shows again" : "filters: \(filters.summary)")
        case .frequency: startFrequency(at: time)
        case .summary: startSummary(at: time)
        case .sortAscending, .sortDescending:
            guard table.columns.indices.contains(currentColumn) else { return }
            let id = table.columns[currentColumn].id
            // The current column first, the keys chosen before it after, as a heading click does.
            let earlier = (view.sorting?.order ?? table.sortOrder).filter { $0.columnID != id }
            view.sort(by: [SortOrder(columnID: id, ascending: command == .sortAscending)] + earlier, column: currentColumn, at: time)
            notes.clear(.sort)
            notes.clear(.search)
        case .save: ask(.save, "Save the view as (.csv, .tsv, .jsonl or .parquet): ", text: Self.suggestedSaveName(file.fileIdentity == nil ? "" : name))
        default: break
        }
    }

    /// Makes the view `recipe` describes (`scrollwork open FILE --filter …` without `--output`):
    /// its filters, sort keys and columns, and its frequency table or summary, worked out in the
    /// background as if typed at `time` (the host's clock, which the times said are taken on).
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong, before anything
    ///   changes.
    public mutating func apply(_ recipe: ViewRecipe, at time: Double) throws(ExploreError) {
        try recipe.validate()
        let names = columnNames
        let parsed = try recipe.parsedFilters(names)
        let sorts = try recipe.parsedSorts(names)
        let shown = try recipe.parsedColumns(names)
        let counted = try recipe.frequency.map { name throws(ExploreError) in try names.index(of: name) }
        // The columns listed, in that order, after `#`; the others hidden.
        if recipe.columns != nil { try columns.show(only: shown, in: &view) }
        for filter in parsed { addFilter(filter, at: time) }
        if let first = sorts.first, let column = table.columns.firstIndex(where: { $0.id == "\(first.field)" }) {
            view.sort(by: sorts.map { SortOrder(columnID: "\($0.field)", ascending: $0.ascending) }, column: column, at: time)
        }
        if let counted, let column = table.columns.firstIndex(where: { $0.id == "\(counted)" }) {
            currentColumn = column
            startFrequency(at: time)
        }
        if recipe.summary { startSummary(at: time) }
    }

    /// A name to save a view of `path` as: beside it, `-view` added to its name, and a number
    /// after that when the name is taken (``SaveTarget/suggestion(for:in:)``).
    static func suggestedSaveName(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let name = parts.last.map(String.init) ?? ""
        let stem = name.split(separator: ".").first.map(String.init) ?? ""
        let directory = parts.count > 1 ? parts.dropLast().joined(separator: "/") + "/" : ""
        return SaveTarget.suggestion(for: stem, in: directory)
    }

    /// The files this view reads, which a save never replaces.
    var readFiles: Set<FileIdentity> { Set([file.fileIdentity].compactMap { $0 }) }

    /// What the person typed at the prompt, submitted: a search, a filter, a save.
    mutating func submitOwn(_ prompt: ViewerPrompt, _ text: String, at time: Double) {
        switch prompt {
        case .search: findNext(text, forward: true)
        case .filter:
            do { addFilter(try RowFilter(parsing: text, columns: columnNames), at: time) } catch { notes.set(.action, "\(error)") }
        case .save: take(SaveTarget.step(forName: text, protecting: readFiles), at: time)
        case let .replace(path): take(SaveTarget.step(answering: text, about: path), at: time)
        case .column, .goToRow: break
        }
    }

    /// Carries out a save's next step.
    private mutating func take(_ step: SaveTarget.Step, at time: Double) {
        switch step {
        case let .write(path, replacing): startSave(to: path, replacing: replacing, at: time)
        case let .ask(path, question): ask(.replace(path), question)
        case let .say(message): notes.set(.action, message)
        }
    }

    /// Adds `filter` and starts the pass that works it out.
    mutating func addFilter(_ filter: RowFilter, at time: Double) {
        outbox.append(.work(filters.add(filter, rows: fileRows, count: rows.count, missing: missing)))
        notes.clear(.action)
    }

    /// Shows the rows the filters keep now, sorted again as they were, the focused record
    /// focused again where it is still kept.
    mutating func showFilteredRows(at time: Double) {
        // Rows are numbered anew: "match in row N" would name another row now.
        notes.clear(.search)
        let focused = table.list.cursor.flatMap { table.list.indexPath(of: $0) }.flatMap { fileRecord(at: $0) }
        view.replaceRows(with: shownRows, at: time)
        guard let focused, let path = indexPath(ofFileRecord: focused) else { return }
        do {
            try view.table.list.select(path, at: time)
            try view.table.list.revealRow(path, at: time)
        } catch {
            notes.set(.action, "\(error)")
        }
    }

    /// Takes a filter pass's update; false for other work. A message comes with a failure (the
    /// filters go back to the last that worked) or with rows a regular expression left out.
    mutating func handleFilterUpdate(_ update: WorkUpdate, at time: Double) -> Bool {
        guard let (changed, failure) = filters.handle(update) else { return false }
        if let failure { notes.set(.action, failure) }
        if changed {
            // The status line's count, "N of M rows", says what was kept: no note repeats it.
            showFilteredRows(at: time)
            if let more = filters.rowsFound(rows: fileRows, count: rows.count, missing: missing) { outbox.append(.work(more)) }
        }
        return true
    }

    // MARK: Columns

    /// The column of the cell under a press in the table's rows; nil on the header or elsewhere.
    func columnOfCell(at mouse: MouseEvent) -> Int? { view.column(atCell: mouse) }

    // MARK: Work: frequency, summary, save

    mutating func startFrequency(at time: Double) {
        guard let field = currentField else { return notes.set(.action, "choose a column of the file first ([ ] or a click on a cell)") }
        let within: RowSet = filters.kept.map { .rows($0) } ?? .all(count: rows.count)
        let rows = fileRows, missing = missing
        let title = fieldTitles[field]
        exploration.begin("counting the values of \(title)", at: time)
        outbox.append(.work(.start(Work(exploration.frequencyKey) { progress -> Result<Counted, Never>? in
            let table = FrequencyTable.counting(field: field, of: rows, within: within, missing: missing, concurrently: .processors) { progress.report($0) }
            return table.map { .success(Counted(table: $0, field: field, title: title, rows: within.count)) }
        })))
    }

    mutating func startSummary(at time: Double) {
        let within: RowSet = filters.kept.map { .rows($0) } ?? .all(count: rows.count)
        let rows = fileRows, missing = missing, titles = fieldTitles
        exploration.begin("summarising \(titles.count) columns", at: time)
        outbox.append(.work(.start(Work(exploration.summaryKey) { progress -> Result<Summarised, Never>? in
            let summaries = ColumnSummary.summarizing(rows, titles: titles, within: within, missing: missing, concurrently: .processors) { progress.report($0) }
            return summaries.map { .success(Summarised(summaries: $0, rows: within.count)) }
        })))
    }

    /// Saves the view: the rows shown, in their order, the columns shown (`#` aside).
    private mutating func startSave(to path: String, replacing: Bool, at time: Double) {
        let format: ExportFormat
        do { format = try ExportFormat(path: path) } catch { return notes.set(.action, "\(error)") }
        let shown = table.columns.compactMap { Int($0.id) }
        let titles = shown.map { fieldTitles[$0] }
        let numeric = numeric(shown)
        let list = table.list, filters = filters, rows = fileRows, missing = missing, protected = readFiles
        exploration.begin("saving \(path)", at: time)
        outbox.append(.work(.start(Work(exploration.saveKey) { progress -> Saved? in
            // The rows as they are shown: sorted, filtered.
            let count = list.numberOfRows
            var order: [UInt32] = []
            order.reserveCapacity(count)
            for i in 0..<count {
                if let row = list.sourceRow(at: IndexPath(row: i)).flatMap({ filters.fileRow(at: $0.row) }) { order.append(UInt32(truncatingIfNeeded: row)) }
            }
            do {
                let output = try OutputFile(path: path, replacingExisting: replacing, protecting: protected)
                let written = try TableExport.write(rows, order: .rows(order), columns: shown, titles: titles, numeric: numeric, format: format, missing: missing,
                                                    to: output, concurrently: .processors) { progress.report($0) }
                return written.map { Saved(path: path, rows: $0, failure: nil) }
            } catch {
                return Saved(path: path, rows: 0, failure: "\(error)")
            }
        })))
    }

    /// Takes a frequency, summary or save update; false for other work.
    mutating func handleExploreUpdate(_ update: WorkUpdate, at time: Double) -> Bool {
        switch exploration.handle(update) {
        case nil: return false
        case .progressed?: break
        case .cancelled?: notes.set(.action, "cancelled")
        case let .counted(.success(counted))?:
            showSheet(ResultSheet(frequency: counted.table, field: counted.field, title: counted.title, of: counted.rows, theme: theme), at: time)
        case let .summarised(.success(summarised))?: showSheet(ResultSheet(summaries: summarised.summaries, rows: summarised.rows, theme: theme), at: time)
        case let .saved(saved)?: notes.set(.action, saved.failure ?? "saved \(grouped(saved.rows)) rows to \(saved.path)")
        }
        return true
    }

    /// Shows `shown` over the table, in place of the sheet shown before (its work cancelled).
    private mutating func showSheet(_ shown: ResultSheet, at time: Double) {
        for case let .work(request) in sheet?.cancelAllWork() ?? [] { outbox.append(.work(request)) }
        var shown = shown
        shown.keys = viewerKeys.sheet
        shown.fieldKeys = viewerKeys.fieldKeys
        shown.view.appear(at: time)
        sheet = shown
    }

    /// Stops a frequency table, summary or save under way; true when one was.
    mutating func cancelExploring() -> Bool {
        let cancels = exploration.cancel()
        outbox += cancels.map { .work($0) }
        return !cancels.isEmpty
    }

    /// Carries out what an event on the sheet asked of the table: a frequency table's value
    /// becomes a filter, a summary's column the current column; the sheet closes with its work.
    mutating func finishSheet(_ outcome: ResultSheet.Outcome, at time: Double) {
        switch outcome {
        case .stays: return
        case .closes: break
        case let .keeps(entry, field, title):
            do { addFilter(try RowFilter(column: field, title: title, test: .equals(entry.value)), at: time) } catch { notes.set(.action, "\(error)") }
        case let .goesToColumn(name):
            if let position = table.columns.firstIndex(where: { $0.title == name }) { setCurrentColumn(position, at: time) } else { notes.set(.action, "that column is hidden: + shows it") }
        case let .says(message): notes.set(.action, message)
        case .quits: wantsQuit = true
        }
        for case let .work(request) in sheet?.cancelAllWork() ?? [] { outbox.append(.work(request)) }
        sheet = nil
    }

}
