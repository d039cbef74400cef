import Scrollwork
import ScrollworkWidgets

/// The gallery: pages that show every guideline, moved between with a page control at the bottom
/// centre and with keys, each with a help overlay.
package struct GalleryApp: App {
    /// The pages, in order.
    package enum PageKind: Int, CaseIterable {
        case scrollView, table, list, outline, pageControl, idioms, checks

        /// The page's type, which knows its title, guidelines and help.
        var type: any GalleryPage.Type {
            switch self {
            case .scrollView: return ScrollViewPage.self
            case .table: return TablePage.self
            case .list: return ListPage.self
            case .outline: return OutlinePage.self
            case .pageControl: return PageControlPage.self
            case .idioms: return IdiomsPage.self
            case .checks: return ChecksPage.self
            }
        }

        package var title: String { type.title }
        var guidelines: [String] { type.guidelines }
        var help: [String] { type.help }
        /// The page's own keys, from its command table.
        var keys: KeyHelp { type.keys }
        /// The page's own keys under `convention`.
        func keys(for convention: KeyConvention) -> KeyHelp { type.keys(for: convention) }

        /// Accepts a page's number (1…7) or a prefix of its title.
        package init?(argument: String) {
            if let n = Int(argument), let kind = PageKind(rawValue: n - 1) { self = kind; return }
            let key = String(argument.lowercased().map { $0 == "-" ? " " : $0 })
            guard let kind = PageKind.allCases.first(where: { $0.title.lowercased().hasPrefix(key) }) else { return nil }
            self = kind
        }
    }

    package var style: GalleryStyle
    package var page: PageKind
    var scrollView: ScrollViewPage
    var table: TablePage
    var list: ListPage
    var outline: OutlinePage
    var pageControlPage: PageControlPage
    var idioms: IdiomsPage
    var checks: ChecksPage
    var dots: PageControlView
    package var routing = Routing()
    /// How each page is reached, in page order.
    let accesses: [PageAccess]
    /// The page dots as a child, made once: a frame lists the children several times.
    let dotsChild = Child(\GalleryApp.dots)
    /// True while the help sheet covers the page; opened at its top.
    var showsHelp = false { didSet { if showsHelp && !oldValue { helpTopLine = 0 } } }
    /// The first line of the help sheet shown: ↑ ↓, Page Up, Page Down, Space, Home, End and the
    /// wheel scroll a sheet longer than the window (the last draw holds it to the lines there are).
    var helpTopLine = 0
    /// How many of the help's lines the last draw showed: what a page of it is.
    var helpPageLines = 1
    /// The lines the help sheet last showed, for a screen reader: each a label where it is drawn.
    var placedHelp: [AccessibilityElement] = []
    /// True while the help shows as About (the primary menu's About Scrollwork): it names the
    /// program and its version first.
    var helpIsAbout = false
    /// A window's primary menu (F10) while it is open: it takes every event.
    var primaryMenu: MenuView<PrimaryAction>? = nil

    /// What the primary menu's items do.
    enum PrimaryAction: Sendable, Hashable {
        case help, next, previous, about, quit
    }
    /// The page the window's title last named.
    var titledPage: PageKind? = nil
    /// The title bar's height in lines: one in a terminal; two in a window (32 points, near a
    /// desktop header bar's), once a frame has been drawn there.
    var titleRows = 1
    /// The page tabs' frames as last drawn (where page controls are not supported), for clicks.
    var placedTabs: [Rect] = []
    /// The title bar control under a press not yet released.
    var pressedControl: GalleryTitleBar.Control? = nil
    /// The title bar control under the pointer, shaded in a window.
    var hoveredControl: GalleryTitleBar.Control? = nil
    /// The title bar and the status line as a terminal last drew them, copied while they stay the same.
    var drawnTitleBar = DrawnArea<GalleryTitleBarKey>()
    var drawnStatus = DrawnArea<GalleryChromeKey>()
    /// The page dots' caption as a terminal last drew it.
    var drawnDotsCaption = DrawnArea<GalleryChromeKey>()
    /// The dots' caption's width and the measurer that measured it: measured again only when the
    /// host's type changes (a terminal asks every frame, and the caption is not ASCII).
    var measuredDotsCaption: (measurer: TextMeasurer, width: Double)? = nil
    /// The title bar as last placed.
    var placedTitleBar: PlacedTitleBar? = nil
    /// What the pages and the dots asked of the host during the call under way, returned by it.
    var effects: [Effect] = []
    package var wantsQuit = false
    /// The canvas in points, as last drawn on (or as the last resize gave it before a frame).
    var bounds = Rect.zero
    /// True once the host has given a size: the first page appears then (SV-03).
    var isSized = false
    /// How points map to the cells of the canvas last drawn on: the height of a line of chrome.
    var metrics = CellMetrics()

    package init(page: PageKind, style: GalleryStyle, tableRows: Int = 1_000_000, extraTableColumns: Int = 0) {
        accesses = PageKind.allCases.map(Self.access)
        self.style = style
        self.page = page
        scrollView = ScrollViewPage(style: style)
        table = TablePage(style: style, rows: tableRows, extraColumns: extraTableColumns)
        list = ListPage(style: style)
        outline = OutlinePage(style: style)
        pageControlPage = PageControlPage(style: style)
        idioms = IdiomsPage(style: style)
        checks = ChecksPage(style: style)
        var dots = PageControlState(clampingPageCount: PageKind.allCases.count)
        dots.currentPage = page.rawValue
        dots.backgroundStyle = .prominent
        self.dots = PageControlView(dots, theme: style.theme)
        // Named, so that a screen reader does not take them for a page's own dots.
        self.dots.accessibilityLabel = "Gallery pages"
    }

    /// Draws in `theme` from now on, every page and the chrome, as the desktop's colours changed
    /// (``Event/themeChanged(_:)``): each page keeps its place, selection and work.
    mutating func retheme(_ theme: Theme) {
        style.theme = theme
        scrollView.retheme(theme)
        table.retheme(theme)
        list.retheme(theme)
        outline.retheme(theme)
        pageControlPage.retheme(theme)
        idioms.retheme(theme)
        checks.retheme(theme)
        dots.theme = theme
        primaryMenu?.theme = theme
    }

    /// The checks page's configurations, each with the diagnostics it raises.
    package static func guidelineChecks() -> [(configuration: String, diagnostics: [Diagnostic])] {
        ChecksPage.checks().map { ($0.configuration, $0.diagnostics) }
    }

    /// A page, reached in place through its key path: as a child for what every widget does, and
    /// for what only a gallery page does (focus moving on past its last widget).
    struct PageAccess {
        let child: Child<GalleryApp>
        let moveFocus: (inout GalleryApp, Bool, Bool) -> Bool
        let render: (inout GalleryApp, Rect, inout Canvas, Double) -> Void
        let focusFrame: (inout GalleryApp) -> Rect?
        let workForShownRows: (inout GalleryApp) -> [Effect]

        init<P: GalleryPage>(_ path: WritableKeyPath<GalleryApp, P>) {
            child = Child(path)
            moveFocus = { $0[keyPath: path].moveFocus(forward: $1, wrapping: $2) }
            render = { $0[keyPath: path].render(in: $1, into: &$2, at: $3) }
            focusFrame = { $0[keyPath: path].visibleFocusFrame }
            workForShownRows = { $0[keyPath: path].workForShownRows() }
        }
    }

    /// The current page's access, from the table made once in `init`: building one allocates
    /// its closures, and frames ask for it several times.
    var current: PageAccess { accesses[page.rawValue] }

    /// The access to page `kind`.
    static func access(_ kind: PageKind) -> PageAccess {
        switch kind {
        case .scrollView: return PageAccess(\.scrollView)
        case .table: return PageAccess(\.table)
        case .list: return PageAccess(\.list)
        case .outline: return PageAccess(\.outline)
        case .pageControl: return PageAccess(\.pageControlPage)
        case .idioms: return PageAccess(\.idioms)
        case .checks: return PageAccess(\.checks)
        }
    }

    /// One line of chrome in points (a terminal's row): the status line and the dots take one each.
    var line: Double { metrics.cellHeight }
    /// The height of the whole lines the canvas holds: the chrome sits on them, and what a
    /// window has below the last goes to the dots' line.
    var linesHeight: Double { metrics.wholeLines(bounds.height) }
    /// True when there is room for the status line and the dots under a title bar.
    var showsFooter: Bool { linesHeight >= 3 * line }
    /// The title bar's frame.
    var titleArea: Rect { Rect(x: 0, y: 0, width: bounds.width, height: Swift.min(bounds.height, Double(titleRows) * line)) }
    /// The area pages draw in: below the title bar, above the status line and the dots.
    var pageArea: Rect {
        Rect(x: 0, y: titleArea.height, width: bounds.width, height: max(0, linesHeight - 2 * line - titleArea.height))
    }
    /// The status line's frame, above the dots.
    var statusArea: Rect { Rect(x: 0, y: max(0, linesHeight - 2 * line), width: bounds.width, height: line) }
    /// The dots' line (or the tabs'), to the canvas's bottom edge.
    var dotsArea: Rect {
        let top = max(0, linesHeight - line)
        return Rect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    /// What the call under way asked of the host, handed out once: the window's title when the
    /// page shown changed, then what the pages and the dots asked.
    private mutating func takeEffects() -> [Effect] {
        var taken: [Effect] = []
        // The window names the page shown ("Table - Scrollwork"), as a desktop app's title does;
        // in ASCII, which Xlib passes on whatever the process's locale.
        if titledPage != page {
            titledPage = page
            taken.append(.title("\(page.title) - Scrollwork"))
        }
        taken += effects
        effects = []
        return taken
    }

    /// Takes in what a page or the dots caused: their effects, and their errors as status lines
    /// (the pages show their own; ``Effect/status(_:)`` is where an app says what happened).
    /// Returns the reply for its reports.
    @discardableResult
    mutating func collect<Report>(_ reply: Reply<Report>) -> Reply<Report> {
        effects += reply.effects
        if let message = errorNote(reply.errors) { effects.append(.status(message)) }
        return reply
    }

    /// The current page's status line, whole.
    ///
    /// Read from each page's stored property: through a key path or the protocol's witness, the
    /// whole page (kilobytes) was copied out on every frame first.
    var pageStatus: String {
        mutating get {
            switch page {
            case .scrollView: scrollView.status
            case .table: table.status
            case .list: list.status
            case .outline: outline.status
            case .pageControl: pageControlPage.status
            case .idioms: idioms.status
            case .checks: checks.status
            }
        }
    }

    /// Read in place by the host (a mutating get): the gallery is too large a value to copy a frame.
    package var isAnimating: Bool { mutating get { childrenAreAnimating } }
    /// Read in place by the host.
    package var wakeTime: Double? { mutating get { childrenWakeTime } }
    /// The focused row, cell or field of the page, for the terminal's cursor.
    package var cursorPosition: Point? { mutating get { current.child.cursorPosition(&self) } }
    /// The title bar (the page's title and its buttons), the page shown, the page dots and the
    /// status line, in reading order, as a screen reader reads them.
    package var accessibility: AccessibilityElement? {
        mutating get {
            // The help covers the window while it shows: a dialog of the lines it shows, the
            // page beneath it not drawn.
            if showsHelp {
                var help = AccessibilityElement(role: .dialog, name: helpIsAbout ? "About Scrollwork" : "Keyboard Shortcuts", state: .focused,
                                                frame: bounds, children: placedHelp)
                help.identifier = helpIsAbout ? "about" : "help"
                return AccessibilityElement(role: .group, frame: bounds, children: [help])
            }
            var element = childrenAccessibility
            // Each page is its own object: another page in its place is another one.
            if let i = element.children.firstIndex(where: { $0.role == .group }) { element.children[i].identifier = page.title }
            element.children.insert(contentsOf: titleBarAccessibility, at: 0)
            // Where there are no page controls (macOS), the pages are a row of tabs.
            if !style.idiom.supportsPageControls, showsFooter {
                let tabs = placedTabs.enumerated().map { i, frame in
                    var tab = AccessibilityElement(role: .pageTab, name: PageKind.allCases[i].title, state: i == page.rawValue ? .selected : [],
                                                   frame: frame)
                    tab.actions = [.click(at: tab.frame.center)]
                    return tab
                }
                element.children.append(AccessibilityElement(role: .pageTabList, name: "Gallery pages", frame: dotsArea, children: tabs))
            }
            let status = pageStatus
            if !status.isEmpty, showsFooter {
                element.children.append(AccessibilityElement(role: .staticText, name: status, frame: statusArea))
            }
            // The primary menu lies over the page and has the keys while open.
            if var menu = primaryMenu?.accessibility {
                for i in element.children.indices { element.children[i].state.remove(.focused) }
                menu.identifier = "primary menu"
                element.children.append(menu)
            }
            element.frame = element.frame.union(bounds)
            return element
        }
    }

    /// The title bar as last drawn (its placement kept from drawing it): its title, then its
    /// controls as buttons a screen reader can press.
    private var titleBarAccessibility: [AccessibilityElement] {
        guard let placed = placedTitleBar else { return [] }
        let bar = placed.bar
        var elements = [AccessibilityElement(role: .staticText, name: String(placed.title.drop { $0 == " " }), frame: titleArea)]
        for (control, label, frame) in placed.controls {
            var button = AccessibilityElement(role: .button, name: bar.buttons ? control.accessibleName : label, frame: frame)
            button.actions = [.click(at: button.frame.center)]
            elements.append(button)
        }
        return elements
    }

    /// True while a text field on the current page has the keyboard.
    var pageIsEditingText: Bool { mutating get { current.child.isEditingText(&self) } }

    package mutating func tick(at time: Double) -> [Effect] {
        collect(tickChildren(at: time))
        return takeEffects()
    }

    /// What the gallery itself does with a key, before the page sees it (when no text field has
    /// the keyboard), and Tab after the page.
    enum Command: Sendable, Hashable {
        case quit, help
        /// A window's primary menu (F10).
        case menu
        /// Quit at once, even while a text field has the keyboard.
        case quitNow
        /// Go to page `index` (from 0; F2 is the first).
        case page(Int)
        /// Go this many pages on.
        case step(Int)
        /// Move focus through the page's widgets, then on to the next (previous) page.
        case focus(forward: Bool)
    }

    /// F2–F8: a page each, in a terminal and in a window.
    private static let pageKeys = KeyBinding<Command>("page 1 to 7", label: "F2–F8", example: .page(0)) { key in
        guard case let .function(n) = key.key, key.modifiers.isEmpty, (2...8).contains(n) else { return nil }
        return .page(n - 2)
    }

    /// The gallery's keys.
    static let commands = CommandTable<Command>("Gallery", [
        KeyBinding(.step(1), "the next page", keys: KeyEvent(.character("]"))),
        KeyBinding(.step(-1), "the previous page", keys: KeyEvent(.character("["))),
        pageKeys,
        KeyBinding(.focus(forward: true), "focus the next widget, then the next page", keys: KeyEvent(.tab)),
        KeyBinding(.focus(forward: false), "focus the previous widget, then the previous page", keys: KeyEvent(.tab, .shift)),
        KeyBinding(.help, "this help (arrows scroll it, any other key closes it)", label: "? F1") { $0.key == .character("?") || $0.key == .function(1) },
        KeyBinding(.quit, "quit (Ctrl-Z suspends)", keys: KeyEvent(.character("q"))),
        KeyBinding(.quitNow, "quit, even while typing in a field", keys: KeyEvent(.character("c"), .control), label: "Ctrl-C"),
    ])

    /// The gallery's keys in a window, as a desktop app's: Ctrl+C is the page's (it copies),
    /// Tab only moves focus, Ctrl+Tab and Ctrl+Page Down change pages.
    static let desktopCommands = CommandTable<Command>("Gallery (in a window)", [
        KeyBinding(.step(1), "the next page", keys: KeyEvent(.tab, .control), KeyEvent(.pageDown, .control), label: "Ctrl+Tab Ctrl+PgDn"),
        KeyBinding(.step(-1), "the previous page", keys: KeyEvent(.tab, [.control, .shift]), KeyEvent(.pageUp, .control), label: "Ctrl+Shift+Tab Ctrl+PgUp"),
        pageKeys,
        KeyBinding(.focus(forward: true), "focus the next control of the page", keys: KeyEvent(.tab)),
        KeyBinding(.focus(forward: false), "focus the previous control of the page", keys: KeyEvent(.tab, .shift)),
        KeyBinding(.help, "this help (arrows scroll it, any other key closes it)", keys: KeyEvent(.function(1))),
        KeyBinding(.menu, "the menu: the keys, the pages, About Scrollwork, quit", keys: KeyEvent(.function(10))),
        KeyBinding(.quitNow, "quit", keys: KeyEvent(.character("q"), .control), label: "Ctrl+Q"),
        KeyBinding(.quitNow, "close the window (the help first, when it shows)", keys: KeyEvent(.character("w"), .control), label: "Ctrl+W"),
    ])

    /// The gallery's keys under the style's convention.
    var commands: CommandTable<Command> { style.keys == .desktop ? Self.desktopCommands : Self.commands }

    package mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        take(event, at: time)
        return takeEffects()
    }

    /// Takes `event`: the primary menu's while open, the gallery's own keys and chrome, then the
    /// page's and the dots'.
    private mutating func take(_ event: Event, at time: Double) {
        if case let .themeChanged(theme) = event { return retheme(theme) }
        let page = current.child
        // An open primary menu takes every key and pointer event, as a menu does.
        if primaryMenu != nil {
            switch event {
            case .key, .mouse, .paste: return handlePrimaryMenu(event, at: time)
            default: break
            }
        }
        switch event {
        case .work:
            // Work's news reaches the page that started it, shown or not (the table page's sort
            // goes on while another shows).
            for kind in PageKind.allCases where collect(accesses[kind.rawValue].child.handle(&self, event, time)).isHandled { return }
            return
        case let .resize(columns, rows):
            let first = !isSized
            isSized = true
            bounds = Rect(x: 0, y: 0, width: Double(max(0, columns)) * metrics.cellWidth, height: Double(max(0, rows)) * metrics.cellHeight)
            // The first page appears with the first size (SV-03).
            if first { page.appear(&self, time) }
            return
        case let .key(key):
            if showsHelp {
                if !scrollHelp(for: key) { (showsHelp, helpIsAbout) = (false, false) }
                return
            }
            let command = commands.command(for: key)
            if command == .quitNow { wantsQuit = true; return }
            // A focused text field gets every other key first; Esc or Enter leaves it.
            if command != nil, pageIsEditingText { collect(page.handle(&self, event, time)); return }
            switch command {
            case .quit?: wantsQuit = true; return
            case .help?: showsHelp = true; return
            case .menu?: openPrimaryMenu(); return
            case let .step(pages)?: go(to: self.page.rawValue + pages, at: time); return
            case let .page(index)?: go(to: index, at: time); return
            case .focus?, .quitNow?, nil: break
            }
            if collect(page.handle(&self, event, time)).isHandled { return }
            // Tab moves focus through the page's widgets, then a terminal's on to the next page; a
            // window's goes round the page's widgets, as a desktop app's does (Ctrl+Tab changes page).
            if case let .focus(forward)? = command, !current.moveFocus(&self, forward, style.keys == .desktop), style.keys == .terminal {
                go(to: self.page.rawValue + (forward ? 1 : -1), at: time)
            }
            return
        case let .mouse(mouse):
            if showsHelp, case .press = mouse.kind { (showsHelp, helpIsAbout) = (false, false); return }
            if showsHelp, case let .wheel(direction) = mouse.kind {
                if direction == .up || direction == .down { helpTopLine = helpTopLine.addingSaturating(direction == .down ? 3 : -3) }
                return
            }
            if handleTitleBar(mouse, at: time) { return }
            if !style.idiom.supportsPageControls, case .press = mouse.kind, Self.chooses(mouse),
               let index = placedTabs.firstIndex(where: { $0.contains(mouse.location) }) {
                go(to: index, at: time)
                return
            }
        default: break
        }
        let reply = collect(routeToChildren(event, at: time))
        if let change = reply.reports(from: \Self.dots).last { go(to: change.page, at: time) }
    }

    /// The pointing hand over the title bar's buttons and the page tabs; the page's shape elsewhere.
    package mutating func pointerShape(at point: Point) -> PointerShape {
        if placedTitleBar?.control(at: point) != nil { return .pointingHand }
        if !style.idiom.supportsPageControls, placedTabs.contains(where: { $0.contains(point) }) { return .pointingHand }
        return childrenPointerShape(at: point)
    }

    /// What a click does in the gallery's own chrome (its title bar's buttons, the tab strip).
    static let pointer = PointerTable<PointerCommand>("Gallery", [
        PointerBinding(.choose(.replace), "press a title bar button or a page's tab", PointerGesture(.click(.left))),
    ])

    /// True when `mouse` is a click ``pointer`` binds to choosing.
    static func chooses(_ mouse: MouseEvent) -> Bool {
        pointer.command(for: mouse)?.chooses == true
    }

    /// A press on a title bar control holds it; the release over the same control does what it
    /// says, as a button does. True when the bar took the event.
    private mutating func handleTitleBar(_ mouse: MouseEvent, at time: Double) -> Bool {
        let control = placedTitleBar?.control(at: mouse.location)
        if case .move = mouse.kind { hoveredControl = control }
        switch mouse.kind {
        case .press where control != nil && Self.chooses(mouse):
            pressedControl = control
            return true
        case .drag where pressedControl != nil:
            return true
        case .release where pressedControl != nil:
            defer { pressedControl = nil }
            switch control == pressedControl ? control : nil {
            case .help?: showsHelp = true
            case .previous?: go(to: page.rawValue - 1, at: time)
            case .next?: go(to: page.rawValue + 1, at: time)
            case .quit?: wantsQuit = true
            case nil: break
            }
            return true
        default:
            return false
        }
    }

    /// Shows page `index` (wrapping around), whose scroll views flash their indicators as it
    /// appears (SV-03).
    mutating func go(to index: Int, at time: Double) {
        let count = PageKind.allCases.count
        guard let kind = PageKind(rawValue: ((index % count) + count) % count) else { return }
        page = kind
        dots.state.currentPage = kind.rawValue
        current.child.appear(&self, time)
    }

    /// Draws the title bar, the page, the status line and the dots; returns the work what the
    /// page shows needs (a slow source's rows).
    package mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        draw(into: &canvas, at: time)
        return current.workForShownRows(&self)
    }

    private mutating func draw(into canvas: inout Canvas, at time: Double) {
        let theme = style.theme
        metrics = canvas.metrics
        bounds = canvas.bounds
        guard bounds.width >= metrics.cellWidth, bounds.height >= line else { return }
        // Title bar: two lines in a window tall enough, where it holds the headline type; none
        // under the window manager's, which names the page already (the tabs, F1 and F10 do
        // what its buttons do).
        titleRows = canvas.hasWindowTitleBar ? 0 : canvas.drawsPushButtons && linesHeight >= 8 * line ? 2 : 1
        if titleRows > 0 {
            drawTitleBar(GalleryTitleBar(page: page, buttons: canvas.drawsPushButtons, namesApp: style.keys == .terminal), into: &canvas)
        } else {
            placedTitleBar = nil
        }
        // The page.
        current.render(&self, pageArea, &canvas, time)
        // The focus ring, in a window, once Tab moved focus (a terminal shows focus by the cursor
        // and bold type): the idiom's accent colour along the control's edge.
        if let focused = current.focusFrame(&self) {
            let ring = Rect(x: focused.minX + 1, y: focused.minY + 1, width: Swift.max(0, focused.width - 2), height: Swift.max(0, focused.height - 2))
            let accent = style.theme.accent
            _ = canvas.draw(focused, idiom: style.idiom) { $0.focusRing(ring, accent, radius: 4) }
        }
        // Status line and page dots.
        placedTabs = []
        if !showsFooter { dots.render(in: .zero, into: &canvas, at: time) }
        if showsFooter {
            drawStatus(pageStatus, into: &canvas)
            canvas.fill(dotsArea)
            // Page controls are not supported on macOS (PC-17): a tab strip selects pages there.
            if style.idiom.supportsPageControls {
                dots.render(in: dotsArea, into: &canvas, at: time)
                // Named, so that they are not taken for a page's own page control.
                drawDotsCaption(into: &canvas)
            } else {
                let strip = GalleryTabStrip(theme: theme, measurer: canvas.measurer(for: style.idiom))
                placedTabs = strip.frames(in: dotsArea, line: line)
                strip.draw(current: page.rawValue, frames: placedTabs, in: dotsArea, idiom: style.idiom, into: &canvas)
            }
        }
        if showsHelp { drawHelp(into: &canvas) }
        if var menu = primaryMenu {
            menu.render(in: canvas.bounds, into: &canvas, at: time)
            primaryMenu = menu
        }
    }

    /// Opens the primary menu at the window's top right, where a GNOME app's menu button opens
    /// it, its first item highlighted: each item with the key that does the same.
    private mutating func openPrimaryMenu() {
        let keys = commands
        func label(_ command: Command) -> String { keys.shortcut(for: command) ?? "" }
        primaryMenu = MenuView([
            MenuItem("Keyboard Shortcuts", action: .help, shortcut: label(.help)),
            MenuItem("Next Page", action: .next, shortcut: label(.step(1))),
            MenuItem("Previous Page", action: .previous, shortcut: label(.step(-1))),
            .separator,
            MenuItem("About Scrollwork", action: .about),
            MenuItem("Quit", action: .quit, shortcut: label(.quitNow)),
        ], at: Point(x: bounds.maxX, y: 0), theme: style.theme, idiom: style.idiom, highlightingFirst: true)
    }

    /// The open primary menu takes `event`; what it chooses is done as its key would do it.
    private mutating func handlePrimaryMenu(_ event: Event, at time: Double) {
        guard var menu = primaryMenu else { return }
        let reply = collect(menu.handle(event, at: time))
        primaryMenu = menu.isOpen ? menu : nil
        for case let .chose(action) in reply.reports {
            switch action {
            case .help: showsHelp = true
            case .about: (showsHelp, helpIsAbout) = (true, true)
            case .next: go(to: page.rawValue + 1, at: time)
            case .previous: go(to: page.rawValue - 1, at: time)
            case .quit: wantsQuit = true
            }
        }
    }
}

extension GalleryApp: WidgetGroup {
    /// The page, and in front of it the page dots where page controls are supported.
    package var children: [Child<GalleryApp>] {
        style.idiom.supportsPageControls ? [current.child, dotsChild] : [current.child]
    }
}
