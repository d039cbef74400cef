import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// The keys of an opened table: its prompt, what is shown over it, and its commands.
extension TableScreen {
    /// Runs `command` as its key would (a menu's choice).
    mutating func perform(_ command: ViewerCommand, at time: Double) { _ = run(command, at: time) }

    /// What the person typed at the prompt, submitted: a search, a filter, a save.
    mutating func submitOwn(_ prompt: ViewerPrompt, _ text: String, at time: Double) {
        switch prompt {
        case .search: search(text, forward: true, isNew: true)
        case .filter: addFilter(text, at: time)
        case .goToRow, .column, .save, .replace: break
        }
    }

    /// Opens the menu a right-click, Shift+F10 or the Menu key asked the table for, on the
    /// column it was asked on (highlighting its first item when a key asked).
    mutating func openMenus(_ events: [TableEvent], fromKeyboard: Bool, at time: Double) {
        for case let .menuRequested(target, point) in events {
            if let column = view.column(of: target, at: point) { setCurrentColumn(column, at: time) }
            overlay = .menu(ViewerMenu.menu(for: target, at: point, keys: tableKeys, theme: view.theme, idiom: view.pointIdiom, fromKeyboard: fromKeyboard))
        }
    }

    /// Runs `command` of the table's keys, before the table sees the key; false when the table
    /// (or the viewer, for Esc, ⌫ and q) is to have it.
    mutating func run(_ command: ViewerCommand, at time: Double) -> Bool {
        if command == .cancel, cancelSort() || cancelSearch() || cancelExploring() { return true }
        if runCommon(command, at: time) { return true }
        switch command {
        case .record: showRecord(at: time)
        case .sortAscending, .sortDescending:
            if let column = currentField { sort(byColumn: column, ascending: command == .sortAscending, at: time) }
        case .keepEqual, .keepDifferent: keep(equal: command == .keepEqual, at: time)
        case .removeFilter:
            if !removeFilter(at: time) { note = "no filter to remove" }
        case let .nextMatch(forward):
            if let last = rowSearch.last { search(last.text, forward: forward) } else { note = "no search yet: / searches" }
        case .copy: copySelection()
        default: return false
        }
        return true
    }

    /// Alt+C (Ctrl+C in a window): the selected rows, the columns shown in their order, with
    /// the heading, tab-separated (a missing value empty); a row whose values are still on their
    /// way is left out, saying so.
    mutating func copySelection() {
        let paths = view.table.list.selectedIndexPaths
        guard !paths.isEmpty else { return note = "select a row first: nothing copied" }
        let shown = view.table.columns.compactMap { Int($0.id) }.filter { titles.indices.contains($0) }
        var lines = [shown.map { titles[$0] }]
        var waiting = 0
        for path in paths.prefix(viewerKeys.copyLimit) {
            let row: Row
            do { row = try view.table.list.row(at: path) } catch { return note = "\(error)" }
            guard case let .loaded(values) = row else {
                waiting += 1
                continue
            }
            lines.append(shown.map { values.indices.contains($0) ? values[$0].presentText ?? "" : "" })
        }
        effects.append(.copy(tabSeparated(lines)))
        let copied = lines.count - 1
        // Cut short by the limit, the note says of how many; rows not read yet are said apart.
        note = copiedNote(copied, of: paths.count > viewerKeys.copyLimit ? paths.count : copied, toClipboard: viewerKeys.copiesToClipboard)
            + (waiting > 0 ? " · \(grouped(waiting)) not read yet, left out" : "")
    }
}
