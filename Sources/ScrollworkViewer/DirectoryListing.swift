#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The first page of `scrollwork open DIRECTORY`: the tree of files as a Finder list, an outline
/// whose folders are read as they open, with Size, Kind and Date Modified columns; a heading
/// click orders every folder by it (again reverses), the open folders staying open. Enter on a
/// file asks for it to be opened over the listing.
struct DirectoryListing: Widget, ReplyCollecting {
    typealias Report = ViewerRequest
    /// The keys of the viewer's key convention.
    var viewerKeys = ViewerKeySet(.terminal)
    var view: OutlineView<DirectoryTree>
    var theme: Theme
    var note: String? = nil
    /// The name typed so far, for type-ahead.
    var typed = TypeAheadState()
    /// The effects gathered during the call under way.
    var effects: [Effect] = []
    private(set) var frame = Rect.zero

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
        // Safe: `localtime_r` fills the local it is lent; its time-zone name is never read.
        var parts = unsafe tm()
        guard unsafe localtime_r(&time, &parts) != nil else { return "" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return unsafe "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    var tree: DirectoryTree { view.outline.source }

    /// Takes a key or click: Enter on a file asks for it to be opened; q quits; the rest moves
    /// in the listing and opens and closes folders.
    mutating func handle(_ event: Event, at time: Double) -> Reply<ViewerRequest> {
        // The listing starts no work of its own.
        if case .work = event { return .ignored }
        if event.isPersonAction { note = nil }
        if case let .key(key) = event, viewerKeys.directory.command(for: key) == .open, let at = view.outline.cursor {
            let entry: DirectoryEntry
            do { entry = try view.outline.node(at: at) } catch {
                note = "\(error)"
                return .handled
            }
            if !entry.isDirectory, entry.problem == nil { return Reply(.handled, reports: [.openFile(entry.path)]) }
        }
        if let character = typed.character(typedBy: event, at: time, among: viewerKeys.directory) {
            let found = view.outline.typeAhead(String(character), state: &typed, at: time) { $0.displayName }
            note = typeAheadNote(found: found.path != nil, method: found.method, typed: typed)
            return .handled
        }
        var reports: [ViewerRequest] = []
        let (reply, leftOver) = view.keyLeftOver(event, at: time)
        let events = collect(reply)
        if let key = leftOver {
            switch viewerKeys.directory.command(for: key) {
            case .quit?: reports.append(.quit)
            // The focus moves with the view, as Home and End move it.
            case .top?: view.outline.moveCursor(by: Int.min)
            case .bottom?: view.outline.moveCursor(by: Int.max)
            default: break
            }
        } else {
            for case let .headingClicked(column) in events { sort(byHeading: column) }
        }
        return Reply(.handled, reports: reports, effects: takeEffects())
    }

    /// The effects gathered, handed out once.
    private mutating func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
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

    /// The listing's motion.
    mutating func tick(at time: Double) -> Reply<ViewerRequest> {
        collect(view.tick(at: time))
        return Reply(.ignored, effects: takeEffects())
    }

    /// The listing and its status line at the foot.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        let (listing, statusLine) = StatusLine.split(area, on: canvas)
        view.render(in: listing, into: &canvas, at: time)
        StatusLine.draw(statusText, in: statusLine, theme: theme, into: &canvas)
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

    var isAnimating: Bool { mutating get { view.isAnimating } }
    var wakeTime: Double? { mutating get { view.wakeTime } }
    var cursorPosition: Point? { mutating get { view.cursorPosition } }
    mutating func pointerShape(at point: Point) -> PointerShape { view.frame.contains(point) ? view.pointerShape(at: point) : .arrow }
    /// The listing, for a screen reader.
    var accessibility: AccessibilityElement? { mutating get { .screen(view.accessibility) } }
}

extension DirectoryListing {
    /// Draws in `theme` from now on.
    mutating func retheme(_ theme: Theme) {
        self.theme = theme
        view.theme = theme
    }
}
