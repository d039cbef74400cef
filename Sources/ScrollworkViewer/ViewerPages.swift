import Scrollwork
import ScrollworkWidgets

/// The pages `scrollwork open` drills through, one over the other, in a ``NavigationStack``: a
/// folder's listing, a file opened from it (a table, text, a database's tables), a table opened
/// from a database's tables, a row of a table shown whole. A page asks to go back
/// (Esc, ⌫) and the page under it shows as it was left, the work of the one left cancelled;
/// news of work reaches every page, so a table under a row shown whole goes on sorting.
///
/// A terminal program's pages change at once and name themselves and the way back in their
/// status lines, as `less` and VisiData do; a window's slide, under a bar with a back button
/// named after the page under, as a GNOME app's navigation view does.
struct ViewerPages {
    var stack: NavigationStack<ViewerPage>

    /// The page shown, as a screen reader is told of it: each page of the stack its own object,
    /// so a record opened over a table is not read as the table it replaced; its table, list or
    /// listing called by the page's title (the file, the table, the folder) where it has no name.
    var accessibility: AccessibilityElement? {
        mutating get {
            var element = stack.top.accessibility
            element?.identifier = "\(stack.depth) \(stack.title)"
            for i in element?.children.indices ?? 0..<0 where [.table, .outline, .list].contains(element?.children[i].role) && element?.children[i].name.isEmpty == true {
                element?.children[i].name = stack.title
            }
            return element
        }
    }
    /// True once a page asked to quit.
    var wantsQuit = false
    /// The colours of the pages opened.
    private(set) var theme: Theme
    /// Whose keys the pages follow.
    private(set) var convention = KeyConvention.terminal

    /// A stack of `root`, titled by what `title` names (a path or URL is called by its last
    /// part, as a window's title calls it: "‹ cities.csv", not the whole path), in `theme`.
    init(root: ViewerPage, title: String, theme: Theme) {
        self.theme = theme
        stack = NavigationStack(root: root, title: ViewerWindow.name(of: title), theme: theme, idiom: .macOS)
        stack.showsBarAtRoot = false
        // Tables select and scroll sideways by dragging, from their leading edge too.
        stack.swipesBack = false
        follow(.terminal)
    }

    /// Pages as `convention`'s programs show them, every page with its keys: at once and
    /// without a bar in a terminal, sliding under a bar in a window (unless the window reduces
    /// motion).
    mutating func follow(_ convention: KeyConvention) {
        self.convention = convention
        stack.showsBar = convention == .desktop
        stack.reducesMotion = convention != .desktop
        let keys = ViewerKeySet(convention)
        _ = stack.updatePages { $0.follow(keys) }
    }

    /// The table shown, or the one under the row shown whole.
    /// Draws in `theme` from now on: the bar and every page, those under the one shown too.
    mutating func retheme(_ theme: Theme) {
        self.theme = theme
        stack.theme = theme
        _ = stack.updatePages { $0.retheme(theme) }
    }

    var table: TableScreen? { stack.entries.lazy.compactMap(\.page.table).last }

    /// Runs `body` on the table shown, or the one under the row shown whole.
    mutating func updateTable<T>(_ body: (inout TableScreen) -> T) -> T? {
        guard let last = stack.entries.lastIndex(where: { $0.page.table != nil }) else { return nil }
        return stack.updatePage(at: last) { page -> T? in
            guard case var .table(screen) = page else { return nil }
            defer { page = .table(screen) }
            return body(&screen)
        } ?? nil
    }

    /// Takes `event`; returns the effects it caused.
    mutating func handle(_ event: Event, at time: Double) -> [Effect] { answer(stack.handle(event, at: time), at: time) }

    /// Advances the page shown and a slide; returns the effects that caused.
    mutating func tick(at time: Double) -> [Effect] { answer(stack.tick(at: time), at: time) }

    /// The title of the page shown, when it is not the first.
    var pageTitle: String? { stack.depth > 1 ? stack.title : nil }

    /// The status line of the page shown at `time`, whole.
    func status(at time: Double) -> String { stack.top.status(at: time) }

    /// Draws the pages in `area`; returns the work the rows drawn need.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) -> [Effect] {
        stack.render(in: area, into: &canvas, at: time)
        return stack.updatePages { $0.workForShownRows() }.flatMap { $0 }
    }

    /// Goes back from the page shown, cancelling its work; returns the effects that do.
    mutating func back(at time: Double) -> [Effect] {
        guard var left = stack.pop(at: time) else { return [] }
        return left.dismiss(at: time)
    }

    /// Pushes what a page asks for, goes back, quits; returns the effects of the call.
    private mutating func answer(_ reply: Reply<NavigationEvent<ViewerRequest>>, at time: Double) -> [Effect] {
        var effects = reply.effects
        if let message = errorNote(reply.errors) { effects.append(.status(message)) }
        for case let .page(request) in reply.reports {
            switch request {
            case .back: effects += back(at: time)
            case .quit: wantsQuit = true
            case let .show(record): stack.push(.record(record), title: record.title, at: time)
            case let .open(name): open(table: name, at: time)
            case let .openFile(path): effects += open(file: path, at: time)
            case let .schemaChanged(change): effects += reopen(after: change, at: time)
            }
        }
        return effects
    }

    /// The index of the database's list nearest the top, and the list.
    private var tablesPage: (index: Int, page: DatabaseTables)? {
        guard let index = stack.entries.lastIndex(where: { $0.page.tables != nil }), let page = stack.entries[index].page.tables else { return nil }
        return (index, page)
    }

    /// Says `note` on the list of tables or the folder's listing nearest the top.
    private mutating func say(_ note: String) {
        let index = stack.entries.lastIndex { $0.page.tables != nil || $0.page.listing != nil } ?? 0
        stack.updatePage(at: index) { page in
            switch page {
            case var .tables(list): list.note = note; page = .tables(list)
            case var .listing(listing): listing.note = note; page = .listing(listing)
            default: break
            }
        }
    }

    /// Opens table `name` of the database whose list is shown over the list.
    mutating func open(table name: String, at time: Double) {
        guard let (_, list) = tablesPage else { return }
        do { stack.push(.table(try list.screen(named: name)), title: name, at: time) } catch { say("\(error)") }
    }

    /// Opens the file at `path` over the folder's listing as `scrollwork open` would show it (a
    /// table, text, a database's tables), its way back said in its status line; a file that
    /// cannot be shown (binary, empty, unreadable) says why in the listing's status line.
    /// Returns the work it starts.
    mutating func open(file path: String, at time: Double) -> [Effect] {
        let opened: OpenFile.Opened
        do { opened = try OpenFile.opened(path: path, separator: nil, header: nil, theme: theme) } catch {
            say(error.description)
            return []
        }
        let name = ViewerWindow.name(of: path)
        switch opened {
        case var .pager(pager):
            pager.source.backHint = DirectoryViewer.backHint
            pager.keyConvention = convention
            stack.push(.pager(pager), title: name, at: time)
        case var .table(viewer):
            viewer.keyConvention = convention
            var screen = viewer.screen
            screen.connection.back = DirectoryViewer.backHint
            stack.push(.table(screen), title: name, at: time)
        case var .database(viewer):
            viewer.keyConvention = convention
            let (pages, work) = viewer.openedOver()
            for (index, entry) in pages.enumerated() {
                var page = entry.page
                if index == 0 { page = page.backing(DirectoryViewer.backHint) }
                stack.push(page, title: index == 0 ? name : entry.title, at: time)
            }
            return work
        case .directory:
            // A link to a folder: the listing does not follow links (no tree loops), so say where to go.
            say("\(path) is a folder (a link to one): open it with scrollwork open")
        }
        return []
    }

    /// The open table changed under it: opened again with its new columns (its order and filters
    /// gone with the old ones), or, when the table is gone, back to the list. Returns the
    /// effects that cancel the old table's work.
    mutating func reopen(after change: TableScreen.SchemaCheck, at time: Double) -> [Effect] {
        guard let name = table?.connection.name, let (index, list) = tablesPage else { return [] }
        // Back to the list, the table's work cancelled (a row shown whole goes with it).
        var cancels: [Effect] = []
        while stack.depth > index + 1 { cancels += back(at: time) }
        guard change == .changed else {
            say("‘\(name)’ is no longer in the database: someone dropped or renamed it")
            return cancels
        }
        do {
            var fresh = try list.screen(named: name)
            fresh.note = "‘\(name)’ changed its columns under the view: opened again as it is now"
            stack.push(.table(fresh), title: name, at: time)
        } catch {
            say("‘\(name)’ changed under the view and could not be opened again: \(error)")
        }
        return cancels
    }

    /// Every piece of work of every page, cancelled: the viewer is closing.
    mutating func cancelAllWork(at time: Double) -> [Effect] {
        stack.updatePages { $0.dismiss(at: time) }.flatMap { $0 }
    }
}
