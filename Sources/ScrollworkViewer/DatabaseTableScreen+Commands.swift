import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

// The keys of an opened table: its prompt, what is shown over it, and its commands.
extension DatabaseTableScreen {
    /// The prompt at the bottom takes every key while it is open (⌫ edits it); Enter does what
    /// it asked for, Esc closes it.
    mutating func handlePrompt(_ event: Event, at time: Double) {
        guard var typing = field else { return }
        _ = typing.handle(event, at: time)
        let actions = typing.takeActions()
        field = typing
        for action in actions {
            switch action {
            case .submitted:
                field = nil
                switch prompt {
                case .search: search(typing.text, forward: true, isNew: true)
                case .filter: addFilter(typing.text, at: time)
                case .save: take(SaveTarget.step(forName: typing.text, protecting: readFiles))
                case let .replace(path): take(SaveTarget.step(answering: typing.text, about: path))
                case .goToRow: goToRow(typing.text, at: time)
                case .column: jump(toColumn: typing.text, at: time)
                }
            case .cancelled: field = nil
            case .changed: break
            }
        }
    }

    /// A record or the keys shown whole (they scroll; Esc, Enter or q closes them), or the
    /// frequency table (Enter keeps its value's rows, Esc and q close it, g and G go to its
    /// ends), takes `event`; false when nothing is shown over the table.
    mutating func handleOverlay(_ event: Event, at time: Double) -> Bool {
        if var open = menu {
            // The menu takes every event; what it chose runs as its keys would run it.
            _ = open.handle(event, at: time)
            menu = open.isOpen ? open : nil
            for case let .chose(command) in open.takeReports() { _ = run(command, at: time) }
            return true
        }
        if detail != nil {
            if case let .key(key) = event, ViewerKeys.record.command(for: key) == .close { detail = nil; return true }
            _ = detail?.handle(event, at: time)
            return true
        }
        guard sheet != nil else { return false }
        guard case let .key(key) = event else { _ = sheet?.view.handle(event, at: time); return true }
        switch ViewerKeys.sheet.command(for: key) {
        case .open?: chooseInSheet(at: time)
        case .close?: sheet = nil
        case .top?: note = sheet?.view.moveFocus(.home, at: time)
        case .bottom?: note = sheet?.view.moveFocus(.end, at: time)
        default: _ = sheet?.view.handle(event, at: time)
        }
        return true
    }

    /// Opens the menu a right-click, Shift+F10 or the Menu key asked the table for, on the
    /// column it was asked on (highlighting its first item when a key asked).
    mutating func openMenus(_ events: [TableEvent], fromKeyboard: Bool, at time: Double) {
        for case let .menuRequested(target, point) in events {
            if let column = view.column(of: target, at: point) { setCurrentColumn(column, at: time) }
            menu = ViewerMenu.menu(for: target, at: point, keys: viewerKeys.databaseTable, theme: view.theme, idiom: view.pointIdiom, fromKeyboard: fromKeyboard)
        }
    }

    /// Runs `command` of the table's keys, before the table sees the key; false when the table
    /// (or the viewer, for Esc, ⌫ and q) is to have it.
    mutating func run(_ command: ViewerCommand, at time: Double) -> Bool {
        if command == .cancel, cancelSort() || cancelSearch() || cancelExploring() { return true }
        switch command {
        case .record: showRecord(at: time)
        case .help: showHelp(at: time)
        case let .stepColumn(by): setCurrentColumn(currentColumn.addingSaturating(by), at: time)
        case .lastColumn: setCurrentColumn(view.table.columns.count - 1, at: time)
        case .sortAscending, .sortDescending:
            if let column = currentField { sort(byColumn: column, ascending: command == .sortAscending, at: time) }
        case let arranging where arranging.arrangesColumns: arrangeColumns(arranging, at: time)
        case .frequency: startFrequency()
        case .keepEqual, .keepDifferent: keep(equal: command == .keepEqual, at: time)
        case .goToRow: ask(.goToRow, "Go to row (a number, or a percentage such as 50%): ")
        case .jumpToColumn: ask(.column, "Column: ")
        case .summary: startSummary()
        case .fitColumn: view.fitColumn(currentColumn)
        case .save: ask(.save, "Save the rows shown as (.csv, .tsv or .jsonl): ", text: SaveTarget.suggestion(for: table.name, in: ""))
        case .search: ask(.search, "Search: ")
        case .filter: ask(.filter, "Filter (COLUMN=VALUE, !=, <, <=, >, >=, *=, ~): ")
        case .removeFilter:
            if !removeFilter(at: time) { note = "no filter to remove" }
        case let .nextMatch(forward):
            if let last = rowSearch.last { search(last.text, forward: forward) } else { note = "no search yet: / searches" }
        default: return false
        }
        return true
    }
}
