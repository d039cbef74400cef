import Scrollwork
import ScrollworkWidgets

/// `scrollwork open --window`: what was opened, shown by its viewer with a desktop app's keys,
/// and replaced by a file or folder the person drops on the window, as a document window of a
/// desktop viewer does.
///
/// A drop of several files opens the first and says that the others were not opened; a file
/// that cannot be shown (binary, empty, unreadable) leaves the view as it was and says why in
/// its status line. The window is named after what it shows.
public struct ViewerWindow: App {
    /// What the window shows.
    public private(set) var shown: OpenFile.Opened
    /// The path or URL shown, whose name titles the window.
    public private(set) var path: String
    /// The colours a dropped file's viewer draws in.
    private(set) var theme: Theme
    /// Work to cancel and the window's new title, gathered while a drop is opened.
    var effects: [Effect] = []
    /// The title the window was last given.
    private var title: String

    /// `opened`, the viewer of `path`, with a desktop app's keys; a dropped file's viewer draws in
    /// `theme`.
    public init(_ opened: OpenFile.Opened, path: String, theme: Theme) {
        shown = opened
        self.path = path
        self.theme = theme
        shown.keyConvention = .desktop
        title = Self.title(for: path)
    }

    /// What a window showing `path` is called: its name (``name(of:)``) and the program's; the
    /// page drilled into first, when one is (`people - shop.sqlite - Scrollwork`).
    public static func title(for path: String, page: String? = nil) -> String { (page.map { $0 + " - " } ?? "") + name(of: path) + " - Scrollwork" }

    /// The window's title as the page shown has it, when that changed since it was last given.
    private mutating func retitled() -> [Effect] {
        let now = Self.title(for: path, page: shown.update { $0.pageTitle })
        guard now != title else { return [] }
        title = now
        return [.title(now)]
    }

    /// What `path` is called in a title: its last component ("cities.csv", a database's name
    /// after a URL's last slash, never its password), "standard input" for -.
    public static func name(of path: String) -> String {
        if path == "-" { return "standard input" }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return name.split(separator: "?").first.map(String.init) ?? name
    }

    /// Opens the first of `paths` in place of what is shown.
    mutating func open(dropped paths: [String]) {
        guard let first = paths.first else { return }
        let others = paths.count > 1 ? "; \(paths.count - 1) more dropped with it not opened (drop one at a time)" : ""
        var opened: OpenFile.Opened
        do { opened = try OpenFile.opened(path: first, separator: nil, header: nil, theme: theme) } catch {
            shown.tell("did not open what was dropped: \(error.description)\(others)")
            return
        }
        effects += shown.cancelAllWork()
        opened.keyConvention = .desktop
        shown = opened
        path = first
        effects += retitled()
        if !others.isEmpty { shown.tell("opened \(Self.name(of: first))\(others)") }
    }

    /// A drop opens what was dropped (returning the cancelling of the replaced viewer's work and
    /// the new title); every other event is the viewer's, and so are its effects.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        if case let .themeChanged(theme) = event {
            // A file dropped later opens in the new theme too.
            self.theme = theme
            shown.update { $0.retheme(theme) }
            return []
        }
        guard case let .droppedFiles(paths) = event else { return shown.update { $0.handle(event, at: time) } + retitled() }
        open(dropped: paths)
        defer { effects = [] }
        return effects
    }

    /// Advances the viewer; returns its effects.
    public mutating func tick(at time: Double) -> [Effect] { shown.update { $0.tick(at: time) } }
    /// Draws the viewer; returns its effects.
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] { shown.update { $0.render(into: &canvas, at: time) } }
    /// The viewer's.
    public var isAnimating: Bool { mutating get { shown.update { $0.isAnimating } } }
    /// The viewer's.
    public var wakeTime: Double? { mutating get { shown.update { $0.wakeTime } } }
    /// The viewer's.
    public var wantsQuit: Bool { mutating get { shown.update { $0.wantsQuit } } }
    /// The viewer's focus.
    public var cursorPosition: Point? { mutating get { shown.update { $0.cursorPosition } } }
    /// The viewer's.
    public mutating func pointerShape(at point: Point) -> PointerShape { shown.update { $0.pointerShape(at: point) } }
    /// What the viewer says.
    public var accessibility: AccessibilityElement? { mutating get { shown.update { $0.accessibility } } }
    /// The viewer's.
    public var diagnostics: [Diagnostic] { mutating get { shown.update { $0.diagnostics } } }
}

extension OpenFile.Opened {
    /// Runs `body` on the viewer, whichever it is.
    mutating func update<Result>(_ body: (inout any ViewerApp) -> Result) -> Result {
        var app: any ViewerApp
        switch self {
        case let .table(viewer): app = viewer
        case let .pager(pager): app = pager
        case let .directory(viewer): app = viewer
        case let .database(viewer): app = viewer
        }
        defer {
            switch app {
            case let pager as TextPager: self = .pager(pager)
            case let viewer as DirectoryViewer: self = .directory(viewer)
            case let viewer as DatabaseViewer: self = .database(viewer)
            case let viewer as TableViewer: self = .table(viewer)
            default: break
            }
        }
        return body(&app)
    }

    /// Whose keys the viewer follows.
    var keyConvention: KeyConvention {
        get {
            switch self {
            case let .table(v): v.keyConvention
            case let .pager(v): v.keyConvention
            case let .directory(v): v.keyConvention
            case let .database(v): v.keyConvention
            }
        }
        set { update { $0.keyConvention = newValue } }
    }

    /// Cancels whatever the viewer runs (reading, sorting, searching): it is being replaced.
    /// Returns the effects that do it.
    mutating func cancelAllWork() -> [Effect] { update { $0.cancelAllWork() } }

    /// Says `text` in the viewer's status line, as the answer to what the person just did.
    mutating func tell(_ text: String) {
        switch self {
        case var .pager(pager):
            pager.notes.set(.action, text)
            self = .pager(pager)
        case var .directory(viewer):
            viewer.note = text
            self = .directory(viewer)
        case var .database(viewer):
            viewer.note = text
            self = .database(viewer)
        case var .table(viewer):
            viewer.screen.note = text
            self = .table(viewer)
        }
    }
}
