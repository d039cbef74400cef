// The example of the "Context menus" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// ContextMenuExampleTests.

// BEGIN CONTEXT MENU EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// What the menu's items do.
enum FileAction: Sendable, Hashable {
    case open, copyName, delete
}

/// Files in a table: a right-click on a row, Shift+F10 or the Menu key opens the row's menu.
struct FilesWithMenu: WidgetApp {
    var content = TableView(TableState(rows: ["notes.txt", "photo.jpg", "report.pdf"], columns: [
        TableColumn("Name", width: ColumnWidth(ideal: 160)) { .string($0) },
    ]))
    /// The menu while it is open, and the row it was opened on.
    var menu: MenuView<FileAction>? = nil
    var menuRow: IndexPath? = nil
    var wantsQuit = false
    var status = ""

    mutating func handle(_ event: Event, at time: Double) {
        // An open menu takes every event until it closes.
        if var open = menu {
            _ = open.handle(event, at: time)
            menu = open.isOpen ? open : nil
            for case let .chose(action) in open.takeReports() { run(action) }
            return
        }
        _ = content.handle(event, at: time)
        for case let .menuRequested(.row(path), point) in content.takeEvents() {
            menuRow = path
            // Opened from the keyboard, its first item is highlighted, as GTK does.
            menu = MenuView([
                MenuItem("Open", action: .open, shortcut: "Enter"),
                MenuItem("Copy Name", action: .copyName),
                .separator,
                MenuItem("Delete", action: .delete),
            ], at: point, highlightingFirst: { if case .key = event { true } else { false } }())
        }
    }

    /// The table, and the menu over it.
    mutating func render(into canvas: inout Canvas, at time: Double) {
        content.render(in: canvas.bounds, into: &canvas, at: time)
        menu?.render(in: canvas.bounds, into: &canvas, at: time)
    }

    mutating func run(_ action: FileAction) {
        guard let row = menuRow else { return }
        let name: String
        do { name = try content.table.list.row(at: row) } catch { return status = "\(error)" }
        switch action {
        case .open: status = "opened \(name)"
        case .copyName: status = "copied \(name)"
        case .delete: status = "deleted \(name)"
        }
    }
}
// END CONTEXT MENU EXAMPLE
