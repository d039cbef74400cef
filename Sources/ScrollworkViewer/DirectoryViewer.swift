#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// `scrollwork open DIRECTORY`: the tree of files as a Finder list, an outline whose folders are
/// read as they open, with Size, Kind and Date Modified columns; a heading click orders every
/// folder by it (again reverses), the open folders staying open. Enter on a file opens it as
/// `scrollwork open` would; Esc or ⌫ comes back to the listing where it was.
public struct DirectoryViewer: App, ReplyCollecting {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's
    /// (Ctrl+C copies, Ctrl+Q quits, Ctrl+W closes; ``ViewerKeys/desktop(_:)``).
    public var keyConvention = KeyConvention.terminal { didSet { viewerKeys = ViewerKeySet(keyConvention) } }
    /// The key tables of ``keyConvention``.
    var viewerKeys = ViewerKeySet(.terminal)
    var view: OutlineView<DirectoryTree>
    var theme: Theme
    var note: String? = nil
    /// True once the person asked to quit.
    public var wantsQuit = false
    /// The file opened from the listing, shown over it.
    var listed: ListedFile? = nil
    /// Work to start or cancel during the call under way: the opened file's, and the
    /// cancelling of it once closed.
    var effects: [Effect] = []

    init(root: String, theme: Theme) {
        self.theme = theme
        let tree = DirectoryTree(root: root)
        view = OutlineView(OutlineState(source: tree), theme: theme) { entry in entry.problem.map { entry.displayName + "  ⚠ " + $0 } ?? entry.displayName }
        view.columns = Self.columns
        view.sortIndicator = (0, true)
        var outline = view.outline
        outline.scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        outline.rowHeight = 16
        view.outline = outline
        do { try view.outline.setCursor([0]) } catch { note = tree.childCount(of: nil) == 0 ? "the folder is empty" : "\(error)" }
    }

    static var columns: [OutlineColumn<DirectoryEntry>] {
        [
            OutlineColumn("Size", width: 10, alignment: .trailing) { entry in entry.size.map { finderByteCount($0) } ?? (entry.isDirectory ? "--" : "") },
            OutlineColumn("Kind", width: 14) { $0.kind },
            OutlineColumn("Date Modified", width: 16) { entry in entry.modified.map(Self.date) ?? "" },
        ]
    }

    /// `seconds` since 1970 as local "2026-11-21 10:55".
    static func date(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    var tree: DirectoryTree { view.outline.source }

    /// Takes a key, click, paste, resize or work update; returns the opened file's copies and
    /// work (reading, sorting, searching), and the cancelling of it once closed.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        take(event, at: time)
        return takeEffects()
    }

    /// Takes `event`: the opened file's, or the listing's.
    private mutating func take(_ event: Event, at time: Double) {
        if listed != nil {
            handleListed(event, at: time)
            return
        }
        // Work of a file closed since: nothing to give it to.
        if case .work = event { return }
        if event.isPersonAction { note = nil }
        if case let .key(key) = event, viewerKeys.directory.command(for: key) == .open, let at = view.outline.cursor {
            let entry: DirectoryEntry
            do { entry = try view.outline.node(at: at) } catch { note = "\(error)"; return }
            if !entry.isDirectory, entry.problem == nil {
                open(entry)
                return
            }
        }
        let (reply, leftOver) = view.keyLeftOver(event, at: time)
        let events = collect(reply)
        guard let key = leftOver else {
            for case let .headingClicked(column) in events { sort(byHeading: column) }
            return
        }
        switch viewerKeys.directory.command(for: key) {
        case .quit?: wantsQuit = true
        // The focus moves with the view, as Home and End move it.
        case .top?: view.outline.moveCursor(by: Int.min)
        case .bottom?: view.outline.moveCursor(by: Int.max)
        default: break
        }
    }

    /// Orders every folder by heading `column` (0 Name, 1 Size, 2 Kind, 3 Date Modified); the
    /// same heading again reverses. Open folders stay open and the cursor stays on its entry.
    mutating func sort(byHeading column: Int) {
        let orders: [DirectoryOrder] = [.name, .size, .kind, .modified]
        guard orders.indices.contains(column) else { return }
        let ascending = view.sortIndicator?.column == column ? !(view.sortIndicator?.ascending ?? true) : true
        let old = view.outline
        // The open folders by path, outermost first, and the cursor's entry.
        let open = (0..<old.numberOfRows).compactMap { old.row(at: $0) }.filter(\.isExpanded).map(\.node.path)
        var cursor: String? = nil
        if let at = old.cursor {
            do { cursor = try old.node(at: at).path } catch { note = "\(error)" }
        }
        let tree = old.source.ordered(by: orders[column], ascending: ascending)
        var outline = OutlineState(source: tree)
        outline.scroll = old.scroll
        outline.rowHeight = old.rowHeight
        for path in open {
            guard let at = tree.outlinePath(of: path) else { continue }
            do { try outline.expand(at) } catch { note = "\(error)" }
        }
        if let cursor, let at = tree.outlinePath(of: cursor) {
            do { try outline.setCursor(at) } catch { note = "\(error)" }
        }
        view.outline = outline
        view.sortIndicator = (column, ascending)
    }

    /// Opens `entry` over the listing as `scrollwork open` would show it; a file that cannot be
    /// shown (binary, empty, unreadable) says why in the status line.
    mutating func open(_ entry: DirectoryEntry) {
        let opened: OpenFile.Opened
        do { opened = try OpenFile.opened(path: entry.path, separator: nil, header: nil, theme: theme) } catch {
            note = error.description
            return
        }
        switch opened {
        case var .pager(pager):
            pager.source.backHint = Self.backHint
            pager.keyConvention = keyConvention
            listed = .pager(pager)
        case var .database(viewer):
            viewer.keyConvention = keyConvention
            listed = .database(viewer)
        case var .table(viewer):
            viewer.keyConvention = keyConvention
            viewer.screen.connection.back = Self.backHint
            listed = .table(viewer)
        case .directory:
            // A link to a folder: the listing does not follow links (no tree loops), so say where to go.
            note = "\(entry.path) is a folder (a link to one): open it with scrollwork open"
        }
    }

    /// Cancels the work of the file opened over the listing (the viewer is being closed, as a
    /// window replaces it by a file dropped on it); returns the effects that do it.
    public mutating func cancelAllWork() -> [Effect] {
        let cancels = listed?.cancelAllWork() ?? []
        listed = nil
        return takeEffects() + cancels
    }

    /// What a file opened from the listing says about going back.
    static let backHint = "Esc or ⌫ back to the folder"

    /// The opened file's turn: it takes every event, and what it leaves (Esc when it has no use
    /// for it, ⌫ outside a prompt) goes back to the listing.
    private mutating func handleListed(_ event: Event, at time: Double) {
        guard var shown = listed else { return }
        guard let asked = shown.handle(event, at: time) else {
            effects += shown.cancelAllWork()
            listed = nil
            return
        }
        effects += asked
        listed = shown
        if shown.wantsQuit { wantsQuit = true }
    }

    /// The effects asked for during the call under way, handed out once.
    private mutating func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    /// Advances the view and the background reading to `time`; returns the opened file's work.
    public mutating func tick(at time: Double) -> [Effect] {
        if listed != nil {
            effects += listed?.tick(at: time) ?? []
        } else {
            collect(view.tick(at: time))
        }
        return takeEffects()
    }

    /// Draws the view and its status line, or the opened file; returns what drawing asked for.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        if listed != nil {
            effects += listed?.render(into: &canvas, at: time) ?? []
            return takeEffects()
        }
        let (listing, statusLine) = StatusLine.split(canvas.bounds, on: canvas)
        view.render(in: listing, into: &canvas, at: time)
        StatusLine.draw(statusText, in: statusLine, theme: theme, into: &canvas)
        return takeEffects()
    }

    /// The opened file's pointer shape over it; the listing's over its rows.
    public mutating func pointerShape(at point: Point) -> PointerShape {
        listed != nil ? .arrow : view.frame.contains(point) ? view.pointerShape(at: point) : .arrow
    }

    /// The status line: the answer to the last key right after the count.
    var statusText: StatusText {
        let names = ["Name", "Size", "Kind", "Date Modified"]
        var parts = ["\(grouped(tree.childCount(of: nil))) items"]
        if let note { parts.append(note) }
        if let sort = view.sortIndicator { parts.append("by \(names[sort.column]) \(sort.ascending ? "▲" : "▼")") }
        return StatusText(name: tree.root, parts: parts, hint: "→ ← open and close folders · Enter opens a file · click a heading to sort · \(viewerKeys.quitKey) quits")
    }

    /// The status line, whole.
    var status: String { statusText.whole }

    /// True while something moves.
    public var isAnimating: Bool { mutating get { listed != nil ? listed?.isAnimating == true : view.isAnimating } }
    /// When the view next needs a frame although nothing moves.
    public var wakeTime: Double? { mutating get { listed != nil ? listed?.wakeTime : view.wakeTime } }
    /// The focused row or field, for the terminal's cursor.
    public var cursorPosition: Point? { mutating get { listed != nil ? listed?.cursorPosition : view.cursorPosition } }
}
