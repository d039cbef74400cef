import Scrollwork
import ScrollworkWidgets

/// The same content under each platform idiom: iOS, macOS scrollers, tvOS focus, the visionOS jog
/// bar and the watchOS crown with vertical pages.
struct IdiomsPage: GalleryPage {
    static let title = "Idioms"
    static let guidelines = ["SV-11", "SV-12", "SV-13", "SV-14", "SV-15", "LT-13", "LT-14", "PC-16", "PC-17"]
    static let help = [
        "tvOS: ↑ ↓ move the focus (the view scrolls only as needed).",
        "visionOS: press the indicator on the right and drag: the distance sets the speed.",
        "watchOS: the wheel is the crown; long pages scroll inside before the next one.",
    ]

    /// What the page's own keys do.
    enum Command: Sendable, Hashable {
        case legacy, always, small
        /// Show this idiom.
        case idiom(ScrollIdiom)
        /// tvOS: the next page, or the previous.
        case tvPage(forward: Bool)
    }

    /// The page's keys.
    static let commands = CommandTable<Command>("Idioms page", [
        KeyBinding("iOS · macOS · tvOS · visionOS · watchOS", label: "1–5", example: .idiom(.iOS)) { key in
            guard case let .character(c) = key.key, key.modifiers.isEmpty, let n = c.wholeNumberValue,
                  ScrollIdiom.allCases.indices.contains(n - 1) else { return nil }
            return .idiom(ScrollIdiom.allCases[n - 1])
        },
        KeyBinding(.legacy, "macOS: legacy or overlay scrollers", keys: KeyEvent(.character("l"))),
        KeyBinding(.always, "macOS: scrollers shown automatically or always", keys: KeyEvent(.character("a"))),
        KeyBinding(.small, "macOS: regular or small scrollers", keys: KeyEvent(.character("s"))),
        KeyBinding(.tvPage(forward: false), "tvOS: the previous page", keys: KeyEvent(.left)),
        KeyBinding(.tvPage(forward: true), "tvOS: the next page", keys: KeyEvent(.right)),
    ])

    /// The page's keys in words.
    static var keys: KeyHelp { commands.help }

    var style: GalleryStyle
    var idiom: ScrollIdiom
    var rows: ListView<String>
    var pages: ScrollView<WatchPages>
    var workouts: ListView<String>
    var tvPages: PageControlView
    var legacy = true
    var always = false
    var small = false
    var routing = Routing()
    /// What the page itself asks of the host during an event (nothing yet: its children ask).
    var effects: [Effect] = []
    var frame = Rect.zero
    var failure: String? = nil

    init(style: GalleryStyle) {
        self.style = style
        idiom = style.idiom
        var list = ListState(rows: (1...120).map { "Row \($0): the same content under every idiom" }) { RowContent($0) }
        list.scroll = style.scrollState()
        rows = ListView(list, theme: style.theme)
        var pagesState = style.scrollState(.watchOS)
        pagesState.isPagingEnabled = true
        // The wheel is the Digital Crown: one line a detent (SV-15).
        pagesState.wheelLines = 1
        pages = ScrollView(WatchPages(theme: style.theme), scroll: pagesState, theme: style.theme)
        var watchList = ListState(rows: (1...30).map { "Workout \($0)" }) { RowContent($0, accessory: .disclosureIndicator) }
        watchList.scroll = style.scrollState(.watchOS)
        watchList.style = .elliptical
        watchList.rowLimit = 8
        watchList.idiom = .watchOS
        workouts = ListView(watchList, theme: style.theme)
        workouts.accessibilityLabel = "Workouts"
        tvPages = PageControlView(PageControlState(clampingPageCount: 3), theme: style.theme)
        apply()
    }

    mutating func apply() {
        rows.list.idiom = idiom
        // Named by the idiom tab over it.
        rows.accessibilityLabel = "\(idiom) rows"
        rows.list.selectionMode = idiom == .tvOS ? .none : .single
        if idiom == .macOS {
            rows.list.scroll.indicatorStyle = .macOS(legacy ? .legacy : .overlay, visibility: always ? .always : .automatic, size: small ? .small : .regular)
        }
        rows.list.style = idiom == .macOS ? .bordered : .plain
    }

    var children: [Child<Self>] {
        switch idiom {
        case .watchOS: return [Child(\.pages), Child(\.workouts)]
        case .tvOS: return [Child(\.rows), Child(\.tvPages)]
        default: return [Child(\.rows)]
        }
    }

    var status: String {
        var s = "idiom: \(idiom)"
        switch idiom {
        case .macOS:
            s += " · \(legacy ? "legacy" : "overlay") scrollers, \(always ? "always" : "automatic"), \(small ? "small (11 pt)" : "regular (15 pt)")"
            if let error = tvPages.state.diagnostics(idiom: .macOS).first { s += " · page controls: \(error.message.prefix(40))…" }
        case .tvOS: s += " · page \(grouped(tvPages.state.currentPage + 1)) of 3 · no indicators"
        case .watchOS:
            let p = pages.scroll.pagePosition(.vertical)
            s += " · page \(grouped(p.page + 1)) of \(grouped(p.count)), \(p.progress.wholePercent)% through it"
        default: break
        }
        if let failure { s += " · " + failure }
        return s
    }

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        let theme = style.theme, column = canvas.metrics.cellWidth, line = canvas.metrics.cellHeight
        let names = ["1 iOS", "2 macOS", "3 tvOS", "4 visionOS", "5 watchOS"]
        // Three cells between names where they fit, fewer on a narrow screen, so that every
        // idiom stays whole (a phone's width fits them one cell apart).
        let m = canvas.measurer(for: .iOS)
        let widths = names.map { m.width(of: $0, font: .footnote) }
        let text = column + widths.reduce(0, +)
        let gap = [3, 2, 1].map { Double($0) * column }.first { text + $0 * Double(names.count - 1) <= bounds.width } ?? column
        var x = bounds.minX + column
        for (i, name) in names.enumerated() {
            var s = ScrollIdiom.allCases[i] == idiom ? theme.accent : theme.secondary
            s.underline = ScrollIdiom.allCases[i] == idiom
            // A name may run into the gap after it: proportional text is not cell-wide.
            let tab = Rect(x: x, y: bounds.minY, width: max(0, min(widths[i] + gap, bounds.maxX - x)), height: min(line, bounds.height))
            canvas.label(name, in: tab, style: s, inset: 0)
            x += widths[i] + gap
        }
        let body = bounds.rows([.points(2 * line), .fill])[1]
        if idiom == .watchOS {
            drawWatch(into: &canvas, body: body, at: time)
            return
        }
        var content = body
        if idiom == .tvOS {
            let title = ["Movies", "Shows", "Music"][tvPages.state.currentPage]
            canvas.label(title, in: body, style: theme.header, idiom: .tvOS, lineHeight: line)
            content = body.rows([.points(line), .fill, .points(line)])[1]
            tvPages.render(in: body, into: &canvas, at: time)
        }
        rows.render(in: content, into: &canvas, at: time)
    }

    /// Two watch screens 14 lines tall side by side: the paged one and the list of workouts.
    private mutating func drawWatch(into canvas: inout Canvas, body: Rect, at time: Double) {
        let metrics = canvas.metrics, column = metrics.cellWidth
        let width = min(26 * column, metrics.wholeColumns(body.width / 2) - 2 * column)
        let screens = body.rows([.points(14 * metrics.cellHeight)])[0].columns([.points(2 * column), .points(width), .points(4 * column), .points(width)])
        let size = screens[1].size
        if pages.scroll.viewportSize != size {
            pages.scroll.viewportSize = size
            pages.scroll.verticalPageLengths = [size.height, size.height * 3, size.height, size.height]
            pages.scroll.contentSize = Size(width: size.width, height: size.height * 6)
            pages.content.pageRows = Int(size.height / metrics.cellHeight)
        }
        pages.render(in: screens[1], into: &canvas, at: time)
        workouts.render(in: screens[3], into: &canvas, at: time)
    }

    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {
        if let message = errorNote(reply.errors) { failure = message }
    }

    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        guard case let .key(key) = event, let command = Self.commands.command(for: key) else { return .ignored }
        switch command {
        case let .idiom(chosen):
            idiom = chosen
            apply()
        case .legacy where idiom == .macOS: legacy.toggle(); apply()
        case .always where idiom == .macOS: always.toggle(); apply()
        case .small where idiom == .macOS: small.toggle(); apply()
        case let .tvPage(forward) where idiom == .tvOS:
            _ = tvPages.state.moveFocus(forward: forward, time: time)
        case .legacy, .always, .small, .tvPage:
            return .ignored
        }
        return .handled
    }
}

/// The watchOS tab pages: a summary, a long heart-rate page, splits and a route.
struct WatchPages: ScrollContent {
    var theme: Theme
    var pageRows = 1
    static let titles = ["Summary", "Heart Rate (long page)", "Splits", "Route"]

    /// One line a cell row tall at the offset: each page's title, then its lines.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let pageRows = max(1, self.pageRows)
        let lineHeight = window.metrics.cellHeight
        let first = Swift.max(0, Int(flooringSaturating: window.offset.y / lineHeight))
        let last = Int(flooringSaturating: (window.offset.y + window.box.height) / lineHeight)
        guard first <= last else { return }
        let m = canvas.textMeasurer
        canvas.clipped(to: window.box) { c in
            for line in first...last {
                let (page, row) = line < pageRows ? (0, line) : line < pageRows * 4 ? (1, line - pageRows) : (2 + (line - pageRows * 4) / pageRows, (line - pageRows * 4) % pageRows)
                guard page < Self.titles.count else { continue }
                let text = row == 0 ? Self.titles[page] : (page == 1 ? "\(100 + (row * 13) % 60) bpm at \(row) min" : "· · ·")
                let top = window.box.minY + Double(line) * lineHeight - window.offset.y
                let font: FontRole = row == 0 ? .headline : .body
                c.text(text, at: Point(x: window.box.minX + 8, y: top + (lineHeight - m.lineHeight(font)) / 2), width: window.box.width - 8, font: font,
                       style: row == 0 ? theme.header : theme.text)
            }
        }
    }
}

extension IdiomsPage {
    /// Draws in `theme` from now on: each idiom's list, pages and dots.
    mutating func retheme(_ theme: Theme) {
        style.theme = theme
        rows.theme = theme
        pages.theme = theme
        pages.content.theme = theme
        workouts.theme = theme
        tvPages.theme = theme
    }
}
