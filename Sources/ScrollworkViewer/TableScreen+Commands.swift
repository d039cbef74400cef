import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// The keys of an opened table: its prompt, what is shown over it, and its commands.
extension TableScreen {
    /// Runs `command` as its key would (a menu's choice).
    mutating func perform(_ command: ViewerCommand, at time: Double) {
        // The primary menu's Quit: the key's own quit is carried out by the host's handling.
        if command == .quit { return keyMemory.wantsQuit = true }
        _ = run(command, at: time)
    }

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
        if command == .cancel, cancelSort() || cancelSearching() || cancelExploring() { return true }
        if runCommon(command, at: time) { return true }
        switch command {
        case .record: showRecord(at: time)
        case .sortAscending, .sortDescending:
            if let column = currentField { sort(byColumn: column, ascending: command == .sortAscending, at: time) }
        case .removeFilter:
            if !removeFilter(at: time) { note = "no filter to remove" }
        case let .nextMatch(forward):
            if let last = rowSearch.last { search(last.text, forward: forward) } else { note = "no search yet: / searches" }
        case .copy: copySelection()
        case let .typeAhead(character): typeAhead(character, at: time)
        case .follow: toggleFollowing(at: time)
        default: return false
        }
        return true
    }

    /// The values of `row`'s fields, once it has come (without the number read after them where
    /// names number the rows); nil before.
    func fieldValues(_ row: Row) -> [TableValue]? {
        guard case let .loaded(values) = row else { return nil }
        return source.namesNumberRows ? Array(values.dropLast()) : values
    }

    /// The values of the rows shown at `paths` as text (a missing value empty), read from a
    /// source that reads in place whether on screen or not; nil for a row whose values are
    /// still on their way.
    ///
    /// - Throws: `ListError` for a path the list does not have.
    func fieldsOfRows(at paths: [IndexPath]) throws -> [[String]?] {
        // Read in place, every row is read now, on screen or not.
        let names = paths.map { shown.name(at: $0.row) }
        if source.readsInPlace, byName, !names.contains(nil) {
            return try source.rows(named: names.compactMap { $0 }, progress: .unwatched).map { $0.map { $0.presentText ?? "" } }
        }
        return try paths.map { path in fieldValues(try view.table.list.row(at: path))?.map { $0.presentText ?? "" } }
    }
}
