import Scrollwork
import ScrollworkWidgets

/// What an item of the pager's text menu does.
enum TextMenuAction: Sendable, Hashable {
    /// Copy line `n` (from 0), whole.
    case copyLine(Int)
    /// Copy the lines on screen, whole.
    case copyShown
    case find, wrap
}

/// The pager's text menu: a right-click on a line (or Shift+F10, the Menu key: the top line)
/// copies that line or the lines shown, finds, and wraps or cuts long lines. The pager shows
/// lines, not a selection, so its copies are whole lines.
extension TextPager {
    /// The line under `mouse`, if it is on the text.
    func line(under mouse: MouseEvent) -> Int? {
        let window = view.window
        let cell = view.metrics.cell(of: mouse)
        guard window.rect.contains(cell) else { return nil }
        let rows = view.content.rows(in: window)
        let row = cell.row - window.rect.row
        return rows.indices.contains(row) ? rows[row]?.line : nil
    }

    /// Opens the menu at `point` for line `line`; opened from the keys, its first item is
    /// highlighted.
    mutating func openMenu(on line: Int, at point: Point, fromKeyboard: Bool) {
        let wrap = view.content.wraps ? "Cut Long Lines" : "Wrap Long Lines"
        let items: [MenuItem<TextMenuAction>] = [
            MenuItem("Copy Line \(grouped(line + 1))", action: .copyLine(line)),
            MenuItem("Copy Lines on Screen", action: .copyShown, isEnabled: !view.content.shown.isEmpty),
            .separator,
            MenuItem("Find…", action: .find, shortcut: viewerKeys.searchKey),
            MenuItem(wrap, action: .wrap, shortcut: "w"),
        ]
        menu = MenuView(items, at: point, theme: theme, idiom: .macOS, highlightingFirst: fromKeyboard)
    }

    /// The open menu takes every event; what it chose is done once it closes.
    mutating func handleMenu(_ event: Event, at time: Double) {
        let reports = collect(routeToChildren(event, at: time)).reports(from: \Self.menu)
        guard let open = menu else { return }
        let chosen = reports.compactMap { report -> TextMenuAction? in
            if case let .chose(action) = report { return action }
            return nil
        }
        menu = open.isOpen ? open : nil
        for action in chosen { run(action) }
    }

    private mutating func run(_ action: TextMenuAction) {
        switch action {
        case let .copyLine(n):
            copies.append(line(n))
            notes.set(.action, "copied line \(grouped(n + 1))")
        case .copyShown:
            let window = view.window
            let lines = Array(Set(view.content.rows(in: window).compactMap { $0?.line })).sorted()
            copies.append(lines.map { line($0) }.joined(separator: "\n"))
            notes.set(.action, "copied \(counted(lines.count, "line"))")
        case .find: openSearch()
        case .wrap: toggleWrap()
        }
    }
}
