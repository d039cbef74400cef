import Scrollwork
import ScrollworkWidgets

/// A long document with transient indicators, elastic edges, paging with a one-line overlap and
/// flick by mouse; a carousel nested in it; selection with auto-scroll; search that reveals
/// minimally; a floating toolbar with a soft edge; and a zoomable grid.
struct ScrollViewPage: GalleryPage {
    static let title = "Scroll view"
    static let guidelines = ["SV-01", "SV-02", "SV-03", "SV-04", "SV-05", "SV-06a", "SV-06b", "SV-06c", "SV-06d", "SV-06e", "SV-07", "SV-08", "SV-16", "LT-06"]
    static let help = [
        "Drag the text with the mouse and let go: it flicks, slows down, and bounces at the ends.",
        "Wheel, arrows, PgUp PgDn, Space, Home End scroll; a page keeps one line. Shift-Space pages back",
        "where the terminal reports it (kitty keyboard protocol, modifyOtherKeys).",
        "Drag the cards sideways: the carousel scrolls; drag up or down: the document does.",
        "In select mode (always under --idiom macOS, as in AppKit), drag to select text; drag past",
        "an edge and the text follows the pointer. Double-click a word, triple-click a line;",
        "Shift+click and Shift+arrows extend; Ctrl+A selects all; Alt+C (Ctrl+C in a window) copies.",
        "Right-click the text (or press Shift+F10 or Menu) for its menu: Copy, Select All.",
        "Typing at an insertion point off screen scrolls back to it.",
        "Over the grid: double-click zooms ×1.5, Ctrl+wheel pinches.",
    ]

    /// What the page's own keys do.
    enum Command: Sendable, Hashable {
        case zoomIn, zoomOut, paging, flash, select, search, nextMatch, insert, act, clearSelection, copy, selectAll, menu
    }

    /// What an item of the text's context menu does.
    enum MenuAction: Sendable, Hashable { case copy, selectAll }

    /// The page's keys.
    static let commands = CommandTable<Command>("Scroll view page", [
        KeyBinding(.paging, "paging mode on or off", keys: KeyEvent(.character("p"))),
        KeyBinding(.flash, "flash the indicators", keys: KeyEvent(.character("f"))),
        KeyBinding(.select, "select mode: a drag selects text (as it always does on macOS)", keys: KeyEvent(.character("v"))),
        KeyBinding(.copy, "copy the selected text (OSC 52)", keys: KeyEvent(.character("c"), .alt)),
        KeyBinding(.selectAll, "select all the text", keys: KeyEvent(.character("a"), .control)),
        KeyBinding(.menu, "the text's menu: Copy, Select All", keys: KeyEvent(.function(10), .shift), KeyEvent(.menu)),
        KeyBinding(.search, "search (Enter finds)", keys: KeyEvent(.character("/")), KeyEvent(.character("f"), .control), label: "/ Ctrl+F"),
        KeyBinding(.nextMatch, "the next match", keys: KeyEvent(.character("n"))),
        KeyBinding(.insert, "type at an insertion point (Esc stops)", keys: KeyEvent(.character("i"))),
        KeyBinding(.act, "act on the selection (brought back into view first)", keys: KeyEvent(.enter)),
        KeyBinding(.clearSelection, "clear the selection", keys: KeyEvent(.escape)),
        KeyBinding(.zoomIn, "zoom the grid in", label: "+ =") { $0.key == .character("+") || $0.key == .character("=") },
        KeyBinding(.zoomOut, "zoom the grid out", label: "-") { $0.key == .character("-") },
    ])

    /// The page's keys in a window: Ctrl+C copies, as a desktop app's does.
    static let desktopCommands = commands.rebinding(KeyEvent(.character("c"), .control), to: .copy, summary: "copy the selected text")

    /// The page's keys in words.
    static var keys: KeyHelp { commands.help }

    var style: GalleryStyle
    var document: DocumentView
    var carousel: ScrollView<Carousel>
    var grid: GridView
    /// The search or typing field in the toolbar, while one is open.
    var field: TextField
    var fieldMode = FieldMode.none
    var routing = Routing()
    var frame = Rect.zero
    var message = ""
    let metrics = CellMetrics()
    /// Copies of the selected text, until the driver takes them.
    var effects: [Effect] = []
    /// The text's context menu while it is open (the page's modal child).
    var menu: MenuView<MenuAction>? = nil

    enum FieldMode { case none, search, insert }

    init(style: GalleryStyle) {
        self.style = style
        var scroll = style.scrollState()
        scroll.bounces = .vertical
        var view = ScrollView(DocumentText(theme: style.theme), scroll: scroll, theme: style.theme)
        // The toolbar floats over the top of the document: a soft edge under it (SV-08).
        view.edgeEffects = [ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 2 * CellMetrics().cellHeight)]
        view.idiom = style.idiom
        document = DocumentView(view: view)
        var cards = style.scrollState(.iOS)
        cards.bounces = .horizontal
        cards.pageOverlap = Size(width: 0, height: 0)
        carousel = ScrollView(Carousel(theme: style.theme), scroll: cards, theme: style.theme)
        carousel.acceptsFocus = false
        // Its motion is a touch carousel's in every idiom; its type is the window's.
        carousel.idiom = style.idiom
        var zoom = style.scrollState(content: Size(width: 512, height: 512))
        zoom.minimumZoomScale = 0.25
        zoom.maximumZoomScale = 4
        grid = GridView(view: ScrollView(ZoomGrid(theme: style.theme), scroll: zoom, theme: style.theme))
        field = TextField(theme: style.theme)
    }

    /// Back to front: the document, the carousel inside it, the grid, and the open field.
    var children: [Child<Self>] {
        [Child(\.document), Child(\.carousel), Child(\.grid)] + (fieldMode == .none ? [] : [Child(\.field)]) + (menu == nil ? [] : [Child(\.menu, modal: true)])
    }

    var text: DocumentText { document.view.content }
    var scroll: ScrollState { document.view.scroll }

    var status: String {
        switch fieldMode {
        case .search: return "Search: \(field.text)▏  (Enter find · Esc cancel)"
        case .insert: return "Typing at line \((text.caretLine ?? 0) + 1): \(field.text)▏  (Esc stops)"
        case .none: break
        }
        let line = document.line(atOffset: scroll.offset.y) + 1
        var parts = ["line \(grouped(max(1, line))) of \(grouped(text.lines.count))", scroll.isPagingEnabled ? "paging on" : "paging off", zoomText]
        if document.selecting { parts.append("select mode") }
        if let s = text.selection { parts.append("selected \(s.lowerBound + 1)–\(s.upperBound + 1)") }
        if !message.isEmpty { parts.append(message) }
        if let failure = grid.failure { parts.append("grid: \(failure)") }
        return parts.joined(separator: " · ")
    }

    var zoomText: String {
        let hundredths = Int(saturating: (grid.view.scroll.zoomScale * 100).rounded())
        return "zoom ×\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// The document flashes its indicators and the grid's; the carousel's stay until it moves.
    mutating func appear(at time: Double) {
        document.appear(at: time)
        grid.appear(at: time)
    }

    // MARK: Drawing

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        // The grid takes a third of a page 90 columns wide or more, and at least 28.
        let column = metrics.cellWidth
        let gridWidth = bounds.width >= 90 * column ? max(28 * column, metrics.wholeColumns(bounds.width / 3)) : 0
        let sides = bounds.columns([.fill, .points(gridWidth)], spacing: gridWidth > 0 ? column : 0)
        // The toolbar is 32 points, room for the body type in its field; a row on a grid.
        let toolbarHeight = canvas.down(points: 32, cells: 1)
        let left = sides[0].rows([.points(toolbarHeight), .fill])
        let toolbar = left[0], box = left[1]
        // The idiom's text margin: UIKit's 16, AppKit's text views' 8; a cell on a grid.
        let inset = canvas.across(points: style.idiom == .macOS ? 8 : 16, cells: 1)
        document.layout(box: box, measurer: canvas.measurer(for: style.idiom), inset: inset, trailing: canvas.across(points: DocumentText.trailingInset, cells: 1))
        document.render(in: box, into: &canvas, at: time)
        renderCarousel(into: &canvas, at: time)
        // The floating toolbar and its soft edge (SV-08), or the open field.
        let theme = style.theme
        var bar = theme.header
        bar.background = theme.focus.background
        if fieldMode != .none {
            field.render(in: toolbar, into: &canvas, at: time)
        } else {
            // The bar's title in the headline type, its keys in the footnote's two cells after it.
            let box = toolbar
            let titleWidth = canvas.label("◧ Document", in: box, style: bar, font: .headline, idiom: style.idiom, inset: 12)
            let keysX = canvas.aligned(12 + titleWidth + 16)
            var keys = theme.secondary
            keys.background = bar.background
            canvas.label(Self.toolbarKeys, in: Rect(x: box.minX + keysX, y: box.minY, width: Swift.max(0, box.width - keysX), height: box.height),
                         style: keys, idiom: style.idiom, inset: 0)
        }
        renderGrid(in: gridWidth > 0 ? sides[1] : .zero, titleHeight: toolbarHeight, into: &canvas, at: time)
        menu?.render(in: bounds, into: &canvas, at: time)
    }

    /// The toolbar's keys.
    static let toolbarKeys = "p paging · v select · / search · i type · f flash"

    /// The carousel lies on the document's carousel lines at the document's offset, inset by
    /// the document's margin and as wide as its text less three cells, cut at the document's
    /// top and bottom; it takes the pointer where it can be seen.
    private mutating func renderCarousel(into canvas: inout Canvas, at time: Double) {
        let text = document.view.content, document = self.document.view.frame
        let width = Double(carousel.content.cards * carousel.content.cardWidth) * metrics.cellWidth
        let top = document.minY + Double(text.carouselStart) * text.lineHeight - self.document.view.scroll.offset.y
        let shown = Swift.min(document.width, self.document.view.scroll.contentViewport.width)
        let placed = Rect(x: document.minX + text.inset, y: top, width: Swift.max(0, metrics.wholeColumns(shown) - 3 * metrics.cellWidth),
                          height: Double(text.carouselRows) * text.lineHeight)
        carousel.scroll.contentSize = Size(width: width, height: placed.height)
        let clip = Rect(x: placed.minX, y: document.minY, width: placed.width, height: self.document.view.scroll.contentViewport.height)
        canvas.clipped(to: clip) { carousel.render(in: placed, into: &$0, at: time) }
    }

    /// The grid under a title bar `titleHeight` tall (as tall as the document's toolbar), with
    /// a rule in the column before it.
    private mutating func renderGrid(in area: Rect, titleHeight: Double, into canvas: inout Canvas, at time: Double) {
        guard !area.isEmpty else { grid.render(in: .zero, into: &canvas, at: time); return }
        let theme = style.theme
        canvas.verticalRule(in: Rect(x: area.minX - metrics.cellWidth, y: area.minY, width: metrics.cellWidth, height: area.height), theme.separator)
        let parts = area.rows([.points(titleHeight), .fill])
        var title = theme.header
        title.background = theme.focus.background
        canvas.label("Zoomable grid · \(zoomText)", in: parts[0], style: title, font: .headline, idiom: style.idiom, inset: 12)
        grid.render(in: parts[1], into: &canvas, at: time)
    }

    // MARK: Input

    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        if case let .mouse(mouse) = event, mouse.button == .right, mouse.kind == .press,
           document.view.window.box.contains(mouse.location) {
            openMenu(at: mouse.location, fromKeyboard: false)
            return .handled
        }
        guard case let .key(key) = event, let command = (style.keys == .desktop ? Self.desktopCommands : Self.commands).command(for: key) else { return .ignored }
        switch command {
        case .copy: copySelection()
        case .selectAll: selectAll()
        case .menu:
            // From the keys, under the selection's first line, or the top of the text.
            let box = document.view.frame
            let line = text.selection.map { document.rect(lines: $0.lowerBound...$0.lowerBound) }
            let y = line.map { box.minY + $0.maxY - scroll.offset.y } ?? box.minY
            openMenu(at: Point(x: box.minX + 16, y: Swift.min(Swift.max(y, box.minY), box.maxY)), fromKeyboard: true)
        case .zoomIn: grid.zoom(by: 1.25, at: time)
        case .zoomOut: grid.zoom(by: 1 / 1.25, at: time)
        case .paging: document.view.scroll.isPagingEnabled.toggle(); message = ""
        case .flash: document.appear(at: time); grid.appear(at: time)
        case .select: document.selecting.toggle(); message = document.selecting ? "drag to select" : ""
        case .search: open(.search, prompt: "Search: ")
        case .nextMatch: find(at: time)
        case .insert:
            document.view.content.caretLine = text.selection?.lowerBound ?? max(0, document.line(atOffset: scroll.offset.y))
            open(.insert, prompt: "Type: ")
        case .act:
            guard let s = text.selection else { return .ignored }
            let moved: Bool
            do { moved = try document.reveal(s, at: time) } catch { message = "\(error)"; return .handled }
            message = "acted on lines \(s.lowerBound + 1)–\(s.upperBound + 1)" + (moved ? " (brought back first)" : "")
        case .clearSelection:
            document.view.content.selection = nil
            document.view.content.characters = nil
            document.selecting = false
            message = ""
        }
        return .handled
    }

    private mutating func copySelection() {
        guard let copied = text.selectedText, !copied.isEmpty else { message = "select some text first: nothing copied"; return }
        effects.append(.copy(copied))
        message = "copied \(copied.count) characters"
    }

    private mutating func selectAll() {
        message = document.view.content.selectAll() ? "selected all \(counted(text.lines.count, "line"))" : "nothing to select"
    }

    /// Opens the text's menu at `point`; opened from the keys, its first item is highlighted.
    private mutating func openMenu(at point: Point, fromKeyboard: Bool) {
        func name(_ label: String) -> String { KeyLabel.named(label, for: style.keys, in: style.idiom) }
        let items = [
            MenuItem("Copy", action: MenuAction.copy, shortcut: name(style.keys == .desktop ? "Ctrl+C" : "Alt+C"), isEnabled: text.selectedText?.isEmpty == false),
            MenuItem("Select All", action: MenuAction.selectAll, shortcut: name("Ctrl+A")),
        ]
        menu = MenuView(items, at: point, theme: style.theme, idiom: style.idiom, highlightingFirst: fromKeyboard)
    }

    private mutating func open(_ mode: FieldMode, prompt: String) {
        fieldMode = mode
        field = TextField(prompt: prompt, theme: style.theme)
        field.idiom = style.idiom
        focus(\.field)
    }

    /// The field's Enter, Esc and typing; what the menu chose.
    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {
        if let open = menu {
            for case let .chose(action) in reply.reports(from: \Self.menu) {
                switch action {
                case .copy: copySelection()
                case .selectAll: selectAll()
                }
            }
            menu = open.isOpen ? open : nil
        }
        for action in reply.reports(from: \Self.field) {
            switch (fieldMode, action) {
            case (.search, .submitted): close(); find(at: time)
            case (.insert, .submitted), (_, .cancelled): close()
            case (.insert, .changed):
                // Typing at an insertion point off screen scrolls back to it first.
                if let caret = text.caretLine {
                    do { _ = try document.view.scroll.revealInsertionPoint(document.rect(lines: caret...caret), time: time) } catch { message = "\(error)" }
                }
            default: break
            }
        }
    }

    private mutating func close() {
        fieldMode = .none
        document.view.content.caretLine = nil
        focus(\.document)
    }

    private mutating func find(at time: Double) {
        let query = field.text
        guard !query.isEmpty else { return }
        let lines = text.lines
        // The document is re-wrapped at each width, so a selection may lie past its end.
        let start = min((text.selection?.upperBound ?? -1) + 1, lines.count)
        let needle = query.lowercased()
        let order = Array(start..<lines.count) + Array(0..<min(start, lines.count))
        guard let hit = order.first(where: { lines[$0].lowercased().contains(needle) }) else {
            message = "no match for “\(query)”"
            return
        }
        document.view.content.selection = hit...hit
        document.view.content.characters = nil
        var moved = false
        do { moved = try document.view.scroll.scrollToVisible(document.rect(lines: hit...hit), policy: .minimal, time: time) } catch { message = "\(error)"; return }
        message = "match on line \(hit + 1)" + (moved ? "" : " (already visible: no scroll)")
    }
}

extension ScrollViewPage {
    /// Draws in `theme` from now on: the document, the carousel, the grid, the field and an open menu.
    mutating func retheme(_ theme: Theme) {
        style.theme = theme
        document.view.theme = theme
        document.view.content.theme = theme
        carousel.theme = theme
        carousel.content.theme = theme
        grid.view.theme = theme
        grid.view.content.theme = theme
        field.theme = theme
        menu?.theme = theme
    }
}
