import Scrollwork
import ScrollworkWidgets

/// The context menus of the viewers' tables: on a row, what the viewer does with the value under
/// the pointer and the record (filter to it or exclude it, count it, show the record, copy,
/// save the view); on a heading, what it does with the column. Each item runs the viewer command
/// its keys run, and shows those keys.
enum ViewerMenu {
    /// The items for `target`, as `keys` binds their commands; commands the table has no key
    /// for are left out (a database's table saves no view).
    static func items(for target: TableMenuTarget, keys: CommandTable<ViewerCommand>) -> [MenuItem<ViewerCommand>] {
        let groups: [[(String, ViewerCommand)]]
        switch target {
        case .row:
            groups = [[("Filter to This Value", .keepEqual), ("Exclude This Value", .keepDifferent)],
                      [("Show Record", .record), ("Frequency", .frequency), ("Summary", .summary)],
                      [("Copy", .copy), ("Save View…", .save)]]
        case .heading:
            groups = [[("Sort Ascending", .sortAscending), ("Sort Descending", .sortDescending)],
                      [("Size to Fit", .fitColumn), ("Pin Column", .pinColumn), ("Hide Column", .hideColumn), ("Show Hidden Columns", .showColumns)],
                      [("Frequency", .frequency), ("Summary", .summary)]]
        }
        let shown = groups.map { group in
            group.compactMap { title, command in keys.shortcut(for: command).map { MenuItem(title, action: command, shortcut: $0) } }
        }.filter { !$0.isEmpty }
        return Array(shown.joined(separator: [.separator]))
    }

    /// A window's primary menu (F10) at `point`, its first item highlighted: the keys, search
    /// and save where `keys` has them, About, and quit, each with the key that does it.
    static func primary(keys: CommandTable<ViewerCommand>, at point: Point, theme: Theme, idiom: ScrollIdiom) -> MenuView<ViewerCommand> {
        let found = [("Keyboard Shortcuts", ViewerCommand.help), ("Search", .search), ("Save View…", .save)]
            .compactMap { title, command in keys.shortcut(for: command).map { MenuItem(title, action: command, shortcut: $0) } }
        let items = found + [MenuItem("About Scrollwork", action: .about), .separator, MenuItem("Quit", action: .quit, shortcut: keys.shortcut(for: .quit) ?? "")]
        return MenuView(items, at: point, theme: theme, idiom: idiom, highlightingFirst: true)
    }

    /// The menu for `target` at `point`, highlighting its first item when a key opened it.
    static func menu(for target: TableMenuTarget, at point: Point, keys: CommandTable<ViewerCommand>, theme: Theme, idiom: ScrollIdiom,
                     fromKeyboard: Bool) -> MenuView<ViewerCommand> {
        MenuView(items(for: target, keys: keys), at: point, theme: theme, idiom: idiom, highlightingFirst: fromKeyboard)
    }
}

extension TableView {
    /// The column `target` is about: a heading's own, or for a row the column under `point`.
    func column(of target: TableMenuTarget, at point: Point) -> Int? {
        switch target {
        case let .heading(column): return column
        case .row: return table.column(atX: table.contentX(atViewX: point.x - frame.minX))
        }
    }
}
