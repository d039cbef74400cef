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
    public var keyConvention = KeyConvention.terminal { didSet { screen.viewerKeys = ViewerKeySet(keyConvention) } }
    var screen: TableScreen
    /// True once the person asked to quit.
    public var wantsQuit = false
    /// The time of the last event, on the host's clock.
    private var lastTime = 0.0

    /// The source shown.
    public var source: any TableSource { screen.source }

    /// `source`, called by its title (or `name`) in the status line, drawn in `theme`; read
    /// from `file`, when it is a file's, beside which a save is suggested.
    public init(_ source: any TableSource, name: String? = nil, file: String? = nil, theme: Theme = Theme()) {
        screen = TableScreen(source: source, name: name ?? source.title, theme: theme)
        screen.connection.file = file
    }

    /// The view the command line's options make (`--filter`, one `--sort`, `--columns`,
    /// `--frequency`, `--summary`), begun at `time` on the host's clock.
    ///
    /// - Throws: `ExploreError` for a filter, sort key or column that is wrong, before anything
    ///   changes.
    public mutating func apply(_ recipe: ViewRecipe, at time: Double) throws(ExploreError) {
        try screen.applyRecipe(recipe, at: time)
    }

    /// Takes a key, click, paste, resize or work update; returns the pages, orders, counts and
    /// searches to start or cancel, and copies.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        lastTime = time
        if case let .work(update) = event {
            _ = screen.handleWork(update, at: time)
        } else if screen.handle(event, at: time) == .quit {
            wantsQuit = true
        }
        return screen.takeEffects()
    }

    /// Advances the scrolling; returns the work that asks for (a connection tried again).
    public mutating func tick(at time: Double) -> [Effect] {
        screen.tick(at: time)
        return screen.takeEffects()
    }

    /// Draws the table and its status line; returns the pages the frame shows that are not read.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        screen.renderWhole(in: canvas.cells.area, into: &canvas, at: time)
        return screen.takeEffects()
    }

    /// True while something moves.
    public var isAnimating: Bool { mutating get { screen.isAnimating } }
    /// When the screen next needs a frame although nothing moves.
    public var wakeTime: Double? { mutating get { screen.wakeTime } }
    /// The focused row, or the prompt's caret.
    public var cursorPosition: Point? { mutating get { screen.cursorPosition } }
    /// Every piece of work under way, cancelled: the viewer is closing.
    public mutating func cancelAllWork() -> [Effect] { screen.cancelAllWork() }
    /// The table, and the prompt or sheet over it.
    public var accessibility: AccessibilityElement? { mutating get { screen.accessibility } }
    /// True while Esc is the viewer's own: something over the table to close, or work to
    /// cancel; otherwise a listing it was opened from takes Esc back.
    var usesEscape: Bool {
        screen.overlay != nil || screen.sheet != nil || screen.shown.sorting != nil || screen.rowSearch.isRunning || screen.exploration.isRunning
    }

    /// The status line, whole.
    public var status: String { screen.status(at: lastTime) }
}
