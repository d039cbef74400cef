// The example of the "Context menus" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// ContextMenuExampleTests.

// BEGIN CONTEXT MENU EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// What the row menu does.
enum FileAction: Sendable, Hashable {
    case open, copyName, sortBySize
}

/// A million files: a heading click or 1, 2, 3 sorts by that column (again reverses; off the
/// loop, Esc cancels); a right-click, Shift+F10 or the Menu key opens the row's menu; q quits.
struct FilesTable: WidgetApp {
    var content = TableView(TableState(rows: GeneratedRows(count: 1_000_000) { $0 }, columns: [
        TableColumn("Name", textOrder: .finder) { .string("file-\($0)") },
        TableColumn("Size", alignment: .trailing) { .int($0 * 7_919 % 1_000_003) },
        TableColumn("Kind") { .string($0 % 3 == 0 ? "Folder" : "Document") },
    ]))
    /// The row menu while it is open, and the row it was opened on.
    var menu: MenuView<FileAction>? = nil
    var menuRow: IndexPath? = nil
    var status = ""
    var wantsQuit = false

    mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        // An open menu takes every event until it closes.
        if var open = menu {
            let reply = open.handle(event, at: time)
            menu = open.isOpen ? open : nil
            var effects: [Effect] = []
            for case let .chose(action) in reply.reports { effects += run(action, at: time) }
            return effects
        }
        let reply = content.handle(event, at: time)
        for case let .menuRequested(.row(path), point) in reply.reports {
            menuRow = path
            menu = MenuView([
                MenuItem("Open", action: .open, shortcut: "Enter"),
                MenuItem("Copy Name", action: .copyName),
                .separator,
                MenuItem("Sort by Size", action: .sortBySize, shortcut: "2"),
            ], at: point, highlightingFirst: { if case .key = event { true } else { false } }())
        }
        guard !reply.isHandled, case let .key(key) = event, key.modifiers.isEmpty, case let .character(c) = key.key else { return reply.effects }
        if c == "q" { wantsQuit = true }
        guard let column = c.wholeNumberValue, (1...3).contains(column) else { return reply.effects }
        return reply.effects + content.sort(byColumn: column - 1, at: time).effects
    }

    /// The table, and the menu over it.
    mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        content.render(in: canvas.bounds, into: &canvas, at: time)
        menu?.render(in: canvas.bounds, into: &canvas, at: time)
        return []
    }

    /// Does what the menu chose; returns what that asks of the host (the sort's work, a copy).
    mutating func run(_ action: FileAction, at time: Double) -> [Effect] {
        guard let row = menuRow else { return [] }
        let name: String
        do { name = "file-\(try content.state.list.row(at: row))" } catch {
            status = "\(error)"
            return []
        }
        switch action {
        case .open: status = "opened \(name)"; return []
        case .copyName: status = "copied \(name)"; return [.copy(name)]
        case .sortBySize: return content.sort(byColumn: 1, at: time).effects
        }
    }
}
// END CONTEXT MENU EXAMPLE
