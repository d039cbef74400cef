import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Exploring a table as a file is explored: the current column, its frequency table (grouped
/// by the source's engine where it has one), the summary of every column, a row whole, the
/// keys, and saving the rows shown, each off the loop with its progress in the status line and
/// Esc to cancel.
extension TableScreen {
    /// The files the table is read from (a database's), which a save never replaces.
    var readFiles: Set<FileIdentity> { source.readFiles }

    /// A name to save the view as: beside the database's file, or after the table.
    var saveSuggestion: String { connection.file.map(SaveTarget.suggestion(besideFile:)) ?? SaveTarget.suggestion(for: connection.name, in: "") }

    /// The rows shown as the source has them: its filters and order, their names in that order
    /// where the rows have names.
    var shownSource: ShownSource {
        let identities = byName ? shown.identities : nil
        // Every row in its own order needs no list of names: the source reads them by position.
        let inOwnOrder = shown.filters.isEmpty && shown.orderedBy.isEmpty && shown.identitiesComplete && identities?.isLeadingRun == true
        return ShownSource(source: source, filters: shown.filters.map(\.filter), order: shown.orderedBy,
                           names: { inOwnOrder ? nil : identities?.order }, count: identities?.count ?? shown.pages.count)
    }

    /// The source's engine, which does the table's work.
    var engine: String? { source.engine }

    /// True once the person asked to quit from over the table (Ctrl+Q on a sheet).
    var wantsQuit: Bool {
        get { keyMemory.wantsQuit }
        set { keyMemory.wantsQuit = newValue }
    }

    /// Has the source keep the rows `filters` keep in the order of `sorts` (the first column,
    /// ties ordered by the others), as of `time` on the host's clock.
    mutating func arrange(filters: [RowFilter], sorts: [(field: Int, ascending: Bool)], at time: Double) {
        lastTime = time
        let kept = filters.map { Filter(filter: $0, text: $0.description) }
        guard !kept.isEmpty || !sorts.isEmpty else { return }
        shown.thenBy = sorts.dropFirst().map { ColumnOrder(column: $0.field, ascending: $0.ascending) }
        arrange(column: sorts.first?.field, ascending: sorts.first?.ascending ?? true, filters: kept, at: time)
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
            return fieldValues(try view.table.list.row(at: path))
        } catch {
            // The cursor's row is in the list: its path cannot be refused.
            return nil
        }
    }

    /// Shows the focused row whole on a page over the table (``recordToShow``), every column's
    /// value under its name, and what is wrong with it: a source read in place reads it whole again (a file's record up to 16 MB, where a row
    /// on screen holds a megabyte).
    mutating func showRecord(at time: Double) {
        guard var values = focusedValues else { return awaitFocusedRow(.record) }
        var problem: String? = nil
        let name = shown.name(at: view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0) }?.row)
        if source.readsInPlace, let name {
            do { (values, problem) = try source.wholeRow(named: name, progress: .unwatched) } catch { return note = "\(error)" }
        }
        let detail = RecordDetail(titles: titles, fields: values.map(\.description), problem: problem, theme: view.theme)
        let row = view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0) }?.row
        recordToShow = RecordPage(.shown(detail, theme: view.theme, at: time), name: connection.label, record: source.namesNumberRows ? name : nil,
                                  row: row, fromFile: !source.readFiles.isEmpty, tableKeys: tableKeys)
    }
}
