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
        case .removeFilter:
            guard !filters.filters.isEmpty else { return notes.set(.action, "no filter to remove") }
            let focused = filters.focusedRow(in: table.list)
            if let request = filters.removeLast(rows: fileRows, count: rows.count, missing: missing) { outbox.append(.work(request)) }
            if filters.filters.isEmpty { showFilteredRows(focusing: focused, at: time) }
            notes.set(.action, filters.filters.isEmpty ? "every row shows again" : "filters: \(filters.summary)")
        case .sortAscending, .sortDescending:
            guard table.columns.indices.contains(currentColumn) else { return }
            let id = table.columns[currentColumn].id
            // The current column first, the keys chosen before it after, as a heading click does.
            let earlier = (view.sorting?.order ?? table.sortOrder).filter { $0.columnID != id }
            view.sort(by: [SortOrder(columnID: id, ascending: command == .sortAscending)] + earlier, column: currentColumn, at: time)
            notes.clear(.sort)
            notes.clear(.search)
        default: break
        }
    }

    /// Makes the view `recipe` describes (`scrollwork open FILE --filter …` without `--output`):
    /// its filters, sort keys and columns, and its frequency table or summary, worked out in the
    /// background as if typed at `time` (the host's clock, which the times said are taken on).
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong, before anything
    ///   changes.
    public mutating func apply(_ recipe: ViewRecipe, at time: Double) throws(ExploreError) { try applyRecipe(recipe, at: time) }

    /// A file's rows are read at once: with no record under the focus there is no value to wait for.
    mutating func awaitFocusedRow(_ command: ViewerCommand) { say("focus a row first: its value is the one kept") }

    /// None: the rows sort in place by any number of keys.
    var mostSortKeys: Int? { nil }

    /// Filters the rows by `filters` and sorts them by `sorts` in place, the first the main key.
    mutating func arrange(filters: [RowFilter], sorts: [(field: Int, ascending: Bool)], at time: Double) {
        for filter in filters { addFilter(filter, at: time) }
        if let first = sorts.first, let column = table.columns.firstIndex(where: { $0.id == "\(first.field)" }) {
            view.sort(by: sorts.map { SortOrder(columnID: "\($0.field)", ascending: $0.ascending) }, column: column, at: time)
        }
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

    /// A name to save the view as: beside the file (none for standard input).
    var saveSuggestion: String { Self.suggestedSaveName(file.fileIdentity == nil ? "" : name) }

    /// The files this view reads, which a save never replaces.
    var readFiles: Set<FileIdentity> { Set([file.fileIdentity].compactMap { $0 }) }

    /// What the person typed at the prompt, submitted: a search, a filter, a save.
    mutating func submitOwn(_ prompt: ViewerPrompt, _ text: String, at time: Double) {
        switch prompt {
        case .search: findNext(text, forward: true)
        case .filter:
            do { addFilter(try RowFilter(parsing: text, columns: columnNames), at: time) } catch { notes.set(.action, "\(error)") }
        case .column, .goToRow, .save, .replace: break
        }
    }

    /// Adds `filter` and starts the pass that works it out.
    mutating func addFilter(_ filter: RowFilter, at time: Double) {
        outbox.append(.work(filters.add(filter, rows: fileRows, count: rows.count, missing: missing)))
        notes.clear(.action)
    }

    /// Shows the rows the filters keep now, sorted again as they were, row `focused` of the
    /// file (``ViewFilters/focusedRow(in:)`` before they changed) focused again where it is
    /// still kept.
    mutating func showFilteredRows(focusing focused: Int?, at time: Double) {
        // Rows are numbered anew: "match in row N" would name another row now.
        notes.clear(.search)
        view.replaceRows(with: shownRows, at: time)
        guard let focused, let path = filters.indexPath(ofRow: focused, in: table.list) else { return }
        if let error = view.selectAndReveal(path.row, at: time) { notes.set(.action, error) }
    }

    /// Takes a filter pass's update; false for other work. A message comes with a failure (the
    /// filters go back to the last that worked) or with rows a regular expression left out.
    mutating func handleFilterUpdate(_ update: WorkUpdate, at time: Double) -> Bool {
        guard let answer = filters.handle(update, shownIn: table.list) else { return false }
        if let failure = answer.failure { notes.set(.action, failure) }
        if answer.changed {
            // The status line's count, "N of M rows", says what was kept: no note repeats it.
            showFilteredRows(focusing: answer.focused, at: time)
            // New rows a filter keeps come after a pass: following, the view goes on to them.
            if following { showEnd(at: time) }
            if let more = filters.rowsFound(rows: fileRows, count: rows.count, missing: missing) { outbox.append(.work(more)) }
        }
        return true
    }

    // MARK: Columns

    /// The column of the cell under a press in the table's rows; nil on the header or elsewhere.
    func columnOfCell(at mouse: MouseEvent) -> Int? { view.column(atCell: mouse) }

    // MARK: Exploring through the one path

    /// The names of the file's fields.
    var titles: [String] { fieldTitles }

    /// The rows shown as a source: the file's rows (those the filters keep), in place, typed by
    /// the table's columns (hidden ones too), in the order the list shows them.
    var shownSource: ShownSource {
        let source: any TableSource = if let kept = filters.kept {
            rowsTable(RowSubset(base: fileRows, rows: kept), concurrently: .processors)
        } else {
            rowsTable(fileRows, concurrently: .processors)
        }
        // The list's rows are the source's (the kept ones), in the order shown: sorted, reversed.
        let list = table.list
        return ShownSource(source: source, names: { (0..<list.numberOfRows).compactMap { list.sourceRow(at: IndexPath(row: $0))?.row } }, count: list.numberOfRows)
    }

    /// None: the viewer works over the file's rows itself.
    var engine: String? { nil }

    /// Keeps the rows `filter` keeps besides those kept already (the filters say themselves).
    mutating func keep(_ filter: RowFilter, text: String, at time: Double) { addFilter(filter, at: time) }

    /// Says that work over the file failed.
    mutating func failed(_ error: TableSourceError, saying what: String?, at time: Double) {
        if let what { notes.set(.action, what + "\(error)") }
    }
}
