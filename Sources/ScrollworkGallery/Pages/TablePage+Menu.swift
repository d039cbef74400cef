import Scrollwork
import ScrollworkWidgets

/// The table page's context menus: on rows, Copy and Select All; on a heading, the sorts, Size to
/// Fit, pinning and hiding the column. A right-click, Shift+F10 or the Menu key opens one; the
/// menu is the page's modal child while it is open.
extension TablePage {
    /// What an item of the page's menus does.
    enum MenuAction: Sendable, Hashable {
        case copy, selectAll
        case sort(column: Int, ascending: Bool)
        case fit(column: Int)
        /// Keep the columns up to this one in view while the rest scroll sideways.
        case pin(through: Int)
        case unpin
        case hide(column: Int)
        case showHidden
    }

    /// The menu for `target`, at `point`; opened from the keyboard, its first item is highlighted.
    func menu(for target: TableMenuTarget, at point: Point, fromKeyboard: Bool) -> MenuView<MenuAction> {
        let items: [MenuItem<MenuAction>]
        switch target {
        case .row:
            // A window in the macOS idiom names keys as a Mac's menus do (⌃C).
            func name(_ label: String) -> String { KeyLabel.named(label, for: keyConvention, in: files.pointIdiom) }
            items = [
                MenuItem("Copy", action: .copy, shortcut: name(keyConvention == .desktop ? "Ctrl+C" : "Alt+C"), isEnabled: !files.table.list.selection.isEmpty),
                MenuItem("Select All", action: .selectAll, shortcut: name("Ctrl+A")),
            ]
        case let .heading(column):
            let pinned = files.table.pinnedColumns
            items = [
                MenuItem("Sort Ascending", action: .sort(column: column, ascending: true)),
                MenuItem("Sort Descending", action: .sort(column: column, ascending: false)),
                .separator,
                MenuItem("Size to Fit", action: .fit(column: column)),
                pinned == column + 1 ? MenuItem("Unpin Columns", action: .unpin) : MenuItem("Pin Through This Column", action: .pin(through: column)),
                MenuItem("Hide Column", action: .hide(column: column), isEnabled: files.table.columns.count > 1),
                MenuItem("Show Hidden Columns", action: .showHidden, isEnabled: !hiddenColumns.isEmpty),
            ]
        }
        return MenuView(items, at: point, theme: files.theme, idiom: files.pointIdiom, highlightingFirst: fromKeyboard)
    }

    /// Does what the menu's chosen item says.
    mutating func run(_ action: MenuAction, at time: Double) {
        switch action {
        case .copy: copySelection()
        case .selectAll:
            if !files.table.list.selectAll() { notes.set(.action, "this table selects one row at a time") }
        case let .sort(column, ascending): absorb(files.sort(byColumn: column, ascending: ascending, at: time))
        case let .fit(column): absorb(files.fitColumn(column))
        case let .pin(through): files.table.pinnedColumns = through + 1
        case .unpin: files.table.pinnedColumns = 0
        case let .hide(column):
            do {
                let removed = try files.table.removeColumn(column)
                hiddenColumns.append(HiddenColumn(column: removed.column, width: removed.width, position: column))
                notes.set(.action, "\(removed.column.title) hidden: a heading's menu shows it again")
            } catch { notes.set(.action, "\(error)") }
        case .showHidden:
            for hidden in hiddenColumns.reversed() { files.table.insertColumn(hidden.column, width: hidden.width, at: hidden.position) }
            hiddenColumns = []
        }
    }

    /// Opens the menus the table asks for and runs what a menu chose; a closed menu goes.
    mutating func collectMenu(_ reports: [MenuReport<MenuAction>], _ events: [TableEvent], at time: Double) {
        if let open = menu {
            for report in reports { if case let .chose(action) = report { run(action, at: time) } }
            menu = open.isOpen ? open : nil
        }
        for case let .menuRequested(target, point) in events {
            menu = self.menu(for: target, at: point, fromKeyboard: lastEventWasKey)
        }
    }
}

/// A column the menu hid, with what puts it back where it was.
struct HiddenColumn: Sendable {
    var column: TableColumn<FileRow>
    var width: Double
    var position: Int
}
