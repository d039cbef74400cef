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
        "Wheel, ↑ ↓, PgUp PgDn, Space, Home End scroll; a page keeps one line.",
        "Shift-Space pages back where the terminal reports it (kitty keyboard protocol, modifyOtherKeys).",
        "p paging mode on/off · f flash the indicators",
        "Drag the cards sideways: the carousel scrolls; drag up or down: the document does.",
        "v then drag: select lines; drag past an edge and the text follows the pointer.",
        "/ search (Enter finds, n next) · Enter acts on the selection (brings it back first)",
        "i then type: typing at an insertion point off screen scrolls back to it; Esc stops.",
        "Over the grid: + and - zoom, double-click zooms ×1.5, Ctrl+wheel pinches.",
    ]

    var style: GalleryStyle
    var document: DocumentView
    var carousel: ScrollView<Carousel>
    var grid: GridView
    /// The search or typing field in the toolbar, while one is open.
    var field: TextField
    var fieldMode = FieldMode.none
    var routing = Routing()
    var frame = CellRect.none
    var toolbar = CellRect.none
    var message = ""
    let metrics = CellMetrics()

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
        var zoom = style.scrollState(content: Size(width: 512, height: 512))
        zoom.minimumZoomScale = 0.25
        zoom.maximumZoomScale = 4
        grid = GridView(view: ScrollView(ZoomGrid(theme: style.theme), scroll: zoom, theme: style.theme))
        field = TextField(theme: style.theme)
    }

    /// Back to front: the document, the carousel inside it, the grid, and the open field.
    var children: [Child<Self>] {
        [Child(\.document), Child(\.carousel), Child(\.grid)] + (fieldMode == .none ? [] : [Child(\.field)])
    }

    var text: DocumentText { document.view.content }
    var scroll: ScrollState { document.view.scroll }

    var status: String {
        switch fieldMode {
        case .search: return "Search: \(field.text)▏  (Enter find · Esc cancel)"
        case .insert: return "Typing at line \((text.caretLine ?? 0) + 1): \(field.text)▏  (Esc stops)"
        case .none: break
        }
        let line = metrics.rows(forPoints: scroll.offset.y) + 1
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

    mutating func render(in area: CellRect, into buffer: inout Buffer, at time: Double) {
        frame = area
        let gridWidth = area.columns >= 90 ? max(28, area.columns / 3) : 0
        let sides = area.columns([.fill, .fixed(gridWidth)], spacing: gridWidth > 0 ? 1 : 0)
        let left = sides[0].rows([.fixed(1), .fill])
        toolbar = left[0]
        let body = left[1]
        document.layout(width: max(10, body.columns - 2), metrics: metrics)
        document.render(in: body, into: &buffer, at: time)
        renderCarousel(in: document.view.contentRect, into: &buffer, at: time)
        // The floating toolbar and its soft edge (SV-08), or the open field.
        let theme = style.theme
        if fieldMode == .none {
            buffer.fill(toolbar, with: .blank(theme.focus))
            var bar = theme.header
            bar.background = theme.focus.background
            buffer.draw(" ◧ Document   p paging · v select · / search · i type · f flash", column: toolbar.column, row: toolbar.row, style: bar, clip: toolbar)
        } else {
            field.render(in: toolbar, into: &buffer, at: time)
        }
        renderGrid(in: sides[1], into: &buffer, at: time)
    }

    /// The carousel sits on the document's carousel lines that are on screen, inset by a cell on
    /// the left and two on the right.
    private mutating func renderCarousel(in content: CellRect, into buffer: inout Buffer, at time: Double) {
        let first = content.row + (text.carouselStart - document.view.window.firstRow)
        let rows = CellRect(column: content.column + 1, row: first, columns: max(0, content.columns - 3), rows: text.carouselRows)
        let shown = rows.intersection(content)
        carousel.content.skippedLines = shown.row - rows.row
        let size = metrics.size(of: shown)
        carousel.scroll.contentSize = Size(width: Double(carousel.content.cards * carousel.content.cardWidth) * metrics.cellWidth, height: size.height)
        carousel.render(in: shown, into: &buffer, at: time)
    }

    private mutating func renderGrid(in area: CellRect, into buffer: inout Buffer, at time: Double) {
        guard !area.isEmpty else { grid.render(in: .none, into: &buffer, at: time); return }
        let theme = style.theme
        buffer.fill(CellRect(column: area.column - 1, row: area.row, columns: 1, rows: area.rows), with: Cell("│", style: theme.separator))
        let parts = area.rows([.fixed(1), .fill])
        buffer.fill(parts[0], with: .blank(theme.focus))
        var title = theme.header
        title.background = theme.focus.background
        buffer.draw(" Zoomable grid · \(zoomText)", column: parts[0].column, row: parts[0].row, style: title, clip: parts[0])
        grid.render(in: parts[1], into: &buffer, at: time)
    }

    // MARK: Input

    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        guard case let .key(key) = event else { return .ignored }
        switch key.key {
        case .character("+"), .character("="): grid.zoom(by: 1.25, at: time)
        case .character("-"): grid.zoom(by: 1 / 1.25, at: time)
        case .character("p"): document.view.scroll.isPagingEnabled.toggle(); message = ""
        case .character("f"): document.appear(at: time); grid.appear(at: time)
        case .character("v"): document.selecting.toggle(); message = document.selecting ? "drag to select" : ""
        case .character("/"): open(.search, prompt: "Search: ")
        case .character("n"): find(at: time)
        case .character("i"):
            document.view.content.caretLine = text.selection?.lowerBound ?? max(0, metrics.rows(forPoints: scroll.offset.y))
            open(.insert, prompt: "Type: ")
        case .enter:
            guard let s = text.selection else { return .ignored }
            let moved: Bool
            do { moved = try document.reveal(s, at: time, metrics: metrics) } catch { message = "\(error)"; return .handled }
            message = "acted on lines \(s.lowerBound + 1)–\(s.upperBound + 1)" + (moved ? " (brought back first)" : "")
        case .escape:
            document.view.content.selection = nil
            document.selecting = false
            message = ""
        default: return .ignored
        }
        return .handled
    }

    private mutating func open(_ mode: FieldMode, prompt: String) {
        fieldMode = mode
        field = TextField(prompt: prompt, theme: style.theme)
        focus(\.field)
    }

    /// The field's Enter, Esc and typing.
    mutating func collect(at time: Double) {
        for action in field.takeActions() {
            switch (fieldMode, action) {
            case (.search, .submitted): close(); find(at: time)
            case (.insert, .submitted), (_, .cancelled): close()
            case (.insert, .changed):
                // Typing at an insertion point off screen scrolls back to it first.
                if let caret = text.caretLine {
                    do { _ = try document.view.scroll.revealInsertionPoint(DocumentView.rect(lines: caret...caret, metrics: metrics), time: time) } catch { message = "\(error)" }
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
        var moved = false
        do { moved = try document.view.scroll.scrollToVisible(DocumentView.rect(lines: hit...hit, metrics: metrics), policy: .minimal, time: time) } catch { message = "\(error)"; return }
        message = "match on line \(hit + 1)" + (moved ? "" : " (already visible: no scroll)")
    }
}
