import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Any `TableSource` shown with every key of `scrollwork open`'s table screen: pages read
/// around what is on screen, sorting, filtering, `/` and `n` in the order shown, the frequency
/// table, the summary, a row shown whole, hidden, pinned and moved columns, Ctrl-S, the menus
/// and the keys, each done by the source where it can and over its rows where it cannot. The
/// screen a database's table opens on, and the one a source of one's own gets:
///
/// ```swift
/// try Terminal.run(TableViewer(MySource()))
/// ```
public struct TableViewer: App {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's.
    public var keyConvention = KeyConvention.terminal {
        didSet { pages.follow(keyConvention) }
    }
    /// The table, and over it the row shown whole while one is.
    var pages: ViewerPages
    /// True once the person asked to quit.
    public var wantsQuit: Bool { pages.wantsQuit }
    /// The time of the last event, on the host's clock.
    private var lastTime = 0.0

    /// The table screen, at the root of the pages.
    var screen: TableScreen {
        // The root is the table from the start, and nothing replaces it: the screen as it was
        // opened only stands in for a case that cannot happen.
        get { pages.table ?? opened }
        set { _ = pages.updateTable { $0 = newValue } }
    }
    /// The screen as it was opened.
    private let opened: TableScreen

    /// The row shown whole over the table, while one is.
    var record: RecordPage? { pages.stack.top.record }

    /// The source shown.
    public var source: any TableSource { screen.source }

    /// `source`, called by its title (or `name`) in the status line, drawn in `theme`; read
    /// from `file`, when it is a file's, beside which a save is suggested.
    public init(_ source: any TableSource, name: String? = nil, file: String? = nil, theme: Theme = Theme()) {
        var screen = TableScreen(source: source, name: name ?? source.title, theme: theme)
        screen.connection.file = file
        opened = screen
        pages = ViewerPages(root: .table(screen), title: name ?? source.title, theme: theme)
    }

    /// The view the command line's options make (`--filter`, one `--sort`, `--columns`,
    /// `--frequency`, `--summary`), begun at `time` on the host's clock.
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong, before anything
    ///   changes.
    public mutating func apply(_ recipe: ViewRecipe, at time: Double) throws(ExploreError) {
        var failure: ExploreError? = nil
        _ = pages.updateTable { screen in
            do throws(ExploreError) { try screen.applyRecipe(recipe, at: time) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Takes a key, click, paste, resize or work update; returns the pages, orders, counts and
    /// searches to start or cancel, and copies.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        lastTime = time
        return pages.handle(event, at: time)
    }

    /// Advances the scrolling; returns the work that asks for (a connection tried again).
    public mutating func tick(at time: Double) -> [Effect] { pages.tick(at: time) }

    /// Draws the table and its status line, or the row shown whole; returns the pages the frame
    /// shows that are not read.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        pages.render(in: canvas.bounds, into: &canvas, at: time)
    }

    /// True while something moves.
    public var isAnimating: Bool { mutating get { pages.stack.isAnimating } }
    /// When the screen next needs a frame although nothing moves.
    public var wakeTime: Double? { mutating get { pages.stack.wakeTime } }
    /// The focused row, or the prompt's caret.
    public var cursorPosition: Point? { mutating get { pages.stack.cursorPosition } }
    /// Every piece of work under way, cancelled: the viewer is closing.
    public mutating func cancelAllWork() -> [Effect] { pages.cancelAllWork(at: lastTime) }
    /// The table, and the prompt or sheet over it; or the row shown whole.
    public var accessibility: AccessibilityElement? { mutating get { pages.accessibility } }
    /// The status line, whole: the row's shown whole, or the table's.
    public var status: String { record?.status.whole ?? screen.status(at: lastTime) }
}
