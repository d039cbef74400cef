import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// `scrollwork open DIRECTORY`: the tree of files as a Finder list, an
/// outline whose folders are read as they open; Enter on a file opens it over the listing as
/// `scrollwork open` would (a table, text, a database's tables), a page of the same navigation
/// stack the file's own viewer uses; Esc or ⌫ comes back to the listing where it was.
public struct DirectoryViewer: App {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's
    /// (Ctrl+C copies, Ctrl+Q quits, Ctrl+W closes; ``ViewerKeys/desktop(_:)``).
    public var keyConvention = KeyConvention.terminal { didSet { pages.follow(keyConvention) } }
    /// The listing, and what was opened from it.
    var pages: ViewerPages
    /// True once the person asked to quit.
    public var wantsQuit: Bool { pages.wantsQuit }
    /// The time of the last event, on the host's clock.
    private var lastTime = 0.0

    init(root: String, theme: Theme) {
        pages = ViewerPages(root: .listing(DirectoryListing(root: root, theme: theme)), title: root, theme: theme)
    }

    /// What a file opened from the listing says about going back.
    static let backHint = "Esc or ⌫ back to the folder"

    /// The listing.
    var listing: DirectoryListing? { pages.stack.root.listing }
    /// What the listing's status line says of the last key.
    var note: String? {
        get { listing?.note }
        set { pages.stack.root = pages.stack.root.with { $0.note = newValue } }
    }

    /// Takes a key, click, paste, resize or work update; returns the opened file's copies and
    /// work (reading, sorting, searching), and the cancelling of it once closed.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        lastTime = time
        return pages.handle(event, at: time)
    }

    /// Advances the view and the background reading to `time`; returns the opened file's work.
    public mutating func tick(at time: Double) -> [Effect] { pages.tick(at: time) }

    /// Draws the page shown with its status line; returns what drawing asked for.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        pages.render(in: canvas.bounds, into: &canvas, at: time)
    }

    /// Cancels the work of every file opened over the listing (the viewer is being closed, as a
    /// window replaces it by a file dropped on it); returns the effects that do it.
    public mutating func cancelAllWork() -> [Effect] { pages.cancelAllWork(at: lastTime) }

    /// The page shown's pointer shape.
    public mutating func pointerShape(at point: Point) -> PointerShape { pages.stack.pointerShape(at: point) }

    /// The status line of the page shown, whole.
    var status: String { pages.status(at: lastTime) }

    /// True while something moves.
    public var isAnimating: Bool { mutating get { pages.stack.isAnimating } }
    /// When the view next needs a frame although nothing moves.
    public var wakeTime: Double? { mutating get { pages.stack.wakeTime } }
    /// The focused row or field, for the terminal's cursor.
    public var cursorPosition: Point? { mutating get { pages.stack.cursorPosition } }
}
