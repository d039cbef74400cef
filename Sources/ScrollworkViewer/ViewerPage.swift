import Scrollwork
import ScrollworkWidgets

/// What a page of `scrollwork open` asks of the viewer that shows it.
enum ViewerRequest {
    /// Back to the page under this one: Esc or ⌫ on a table opened from a list, Esc, Enter or q
    /// on a row shown whole.
    case back
    /// `q` (Ctrl+Q in a window): the viewer quits.
    case quit
    /// Enter on a database's list: the table or view of this name, opened over it.
    case open(String)
    /// Enter on a folder's listing: the file at this path, opened over it.
    case openFile(String)
    /// Enter on a table: its focused row shown whole, over it.
    case show(RecordPage)
    /// The table shown changed its columns under the view, or is gone.
    case schemaChanged(TableScreen.SchemaCheck)
}

/// A page of `scrollwork open`'s navigation stack: a folder's listing, text, a database's
/// tables, a table, or a row of it shown whole. Each draws its own status line at its foot and
/// takes the events while shown; news of work reaches every page, so a table under a row shown
/// whole goes on sorting.
enum ViewerPage: Widget {
    case listing(DirectoryListing)
    case pager(TextPager)
    case tables(DatabaseTables)
    case table(TableScreen)
    case record(RecordPage)

    typealias Report = ViewerRequest

    /// Runs the body for the kind of page this is on it, and keeps what it changed.
    ///
    /// The page is taken out of `self`, not copied: a copy would leave its arrays shared with
    /// `self`, and the body's first change to each would copy it whole.
    private mutating func each<T>(listing: (inout DirectoryListing) -> T, pager: (inout TextPager) -> T, tables: (inout DatabaseTables) -> T,
                                  table: (inout TableScreen) -> T, record: (inout RecordPage) -> T) -> T {
        switch consume self {
        case var .listing(page): defer { self = .listing(page) }; return listing(&page)
        case var .pager(page): defer { self = .pager(page) }; return pager(&page)
        case var .tables(page): defer { self = .tables(page) }; return tables(&page)
        case var .table(screen): defer { self = .table(screen) }; return table(&screen)
        case var .record(page): defer { self = .record(page) }; return record(&page)
        }
    }

    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        each(listing: { $0.render(in: area, into: &canvas, at: time) }, pager: { $0.render(in: area, into: &canvas, at: time) },
             tables: { $0.render(in: area, into: &canvas, at: time) }, table: { $0.renderWhole(in: area, into: &canvas, at: time) },
             record: { $0.render(in: area, into: &canvas, at: time) })
    }

    mutating func handle(_ event: Event, at time: Double) -> Reply<ViewerRequest> {
        each(listing: { $0.handle(event, at: time) }, pager: { $0.reply(to: event, at: time) }, tables: { $0.handle(event, at: time) },
             table: { $0.reply(to: event, at: time) }, record: { $0.handle(event, at: time) })
    }

    mutating func tick(at time: Double) -> Reply<ViewerRequest> {
        each(listing: { $0.tick(at: time) }, pager: { Reply(.ignored, effects: $0.tick(at: time)) }, tables: { $0.tick(at: time) },
             table: { screen in
                 screen.tick(at: time)
                 return Reply(.ignored, effects: screen.takeEffects())
             }, record: { $0.tick(at: time) })
    }

    /// The page follows `keys` (a row shown whole keeps its table's).
    /// Draws in `theme` from now on.
    mutating func retheme(_ theme: Theme) {
        each(listing: { $0.retheme(theme) }, pager: { $0.retheme(theme) }, tables: { $0.retheme(theme) }, table: { $0.retheme(theme) },
             record: { $0.detail.retheme(theme) })
    }

    mutating func follow(_ keys: ViewerKeySet) {
        each(listing: { $0.viewerKeys = keys }, pager: { $0.viewerKeys = keys }, tables: { $0.viewerKeys = keys }, table: { $0.viewerKeys = keys },
             record: { _ in })
    }

    /// What drawing the page asked for: the pages of rows its frame shows that are not read.
    mutating func workForShownRows() -> [Effect] {
        each(listing: { _ in [] }, pager: { _ in [] }, tables: { _ in [] }, table: { $0.takeEffects() }, record: { _ in [] })
    }

    /// A page's work is cancelled as the person leaves it.
    mutating func dismiss(at time: Double) -> [Effect] {
        each(listing: { _ in [] }, pager: { $0.cancelAllWork() }, tables: { $0.cancelCounting() }, table: { $0.cancelAllWork() }, record: { _ in [] })
    }

    mutating func appear(at time: Double) {
        each(listing: { $0.view.appear(at: time) }, pager: { $0.view.appear(at: time) }, tables: { $0.appear(at: time) },
             table: { $0.view.appear(at: time) }, record: { $0.appear(at: time) })
    }

    var isAnimating: Bool {
        mutating get {
            each(listing: { $0.isAnimating }, pager: { $0.isAnimating }, tables: { $0.isAnimating }, table: { $0.isAnimating }, record: { $0.isAnimating })
        }
    }
    var wakeTime: Double? {
        mutating get { each(listing: { $0.wakeTime }, pager: { $0.wakeTime }, tables: { $0.wakeTime }, table: { $0.wakeTime }, record: { $0.wakeTime }) }
    }
    var cursorPosition: Point? {
        mutating get {
            each(listing: { $0.cursorPosition }, pager: { $0.cursorPosition }, tables: { $0.cursorPosition }, table: { $0.cursorPosition },
                 record: { $0.cursorPosition })
        }
    }
    var accessibility: AccessibilityElement? {
        mutating get {
            each(listing: { $0.accessibility }, pager: { $0.accessibility }, tables: { $0.accessibility }, table: { $0.accessibility },
                 record: { $0.accessibility })
        }
    }
    /// The area the page took in its last render.
    var frame: Rect {
        mutating get { each(listing: { $0.frame }, pager: { $0.view.frame }, tables: { $0.frame }, table: { $0.frame }, record: { $0.frame }) }
    }
    mutating func pointerShape(at point: Point) -> PointerShape {
        each(listing: { $0.pointerShape(at: point) }, pager: { _ in .arrow }, tables: { _ in .arrow }, table: { _ in .arrow }, record: { _ in .arrow })
    }

    /// The page's status line at `time`, whole.
    func status(at time: Double) -> String {
        switch self {
        case let .listing(page): page.statusText.whole
        case let .pager(page): page.status
        case let .tables(page): page.statusText.whole
        case let .table(screen): screen.status(at: time)
        case let .record(page): page.status.whole
        }
    }

    /// The page told how to go back where it was opened from a folder's listing (a database's
    /// list; a table or text say it themselves).
    func backing(_ hint: String) -> ViewerPage {
        guard case var .tables(list) = self else { return self }
        list.backHint = hint
        return .tables(list)
    }

    /// The listing with `change` made to it; any other page as it is.
    func with(_ change: (inout DirectoryListing) -> Void) -> ViewerPage {
        guard case var .listing(page) = self else { return self }
        change(&page)
        return .listing(page)
    }

    /// The table, when the page is one.
    var table: TableScreen? {
        if case let .table(screen) = self { return screen }
        return nil
    }

    /// The row shown whole, when the page is one.
    var record: RecordPage? {
        if case let .record(page) = self { return page }
        return nil
    }

    /// The folder's listing, when the page is it.
    var listing: DirectoryListing? {
        if case let .listing(page) = self { return page }
        return nil
    }

    /// The list of tables, when the page is it.
    var tables: DatabaseTables? {
        if case let .tables(page) = self { return page }
        return nil
    }
}
