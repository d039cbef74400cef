import Scrollwork
import ScrollworkTerminal

/// The same content under each platform idiom: iOS, macOS scrollers, tvOS focus, the visionOS jog
/// bar and the watchOS crown with vertical pages.
struct IdiomsPage: GalleryPage {
    static let title = "Idioms"
    static let guidelines = ["SV-11", "SV-12", "SV-13", "SV-14", "SV-15", "LT-13", "LT-14", "PC-16", "PC-17"]
    static let help = [
        "1 iOS · 2 macOS · 3 tvOS · 4 visionOS · 5 watchOS",
        "macOS: l legacy/overlay scrollers · a automatic/always · s regular/small size.",
        "tvOS: ↑ ↓ move the focus (the view scrolls only as needed); ← → move between pages.",
        "visionOS: press the indicator on the right and drag: the distance sets the speed.",
        "watchOS: the wheel is the crown; long pages scroll inside before the next one.",
    ]

    var style: GalleryStyle
    var idiom: ScrollIdiom
    var list: ListState<String>
    var pages: ScrollState
    var watchList: ListState<String>
    var tvPages: PageControlState
    var legacy = true
    var always = false
    var small = false
    var capture: PointerCapture? = nil
    var panes: [CellRect] = []

    init(style: GalleryStyle) {
        self.style = style
        idiom = style.idiom
        list = ListState(rows: (1...120).map { "Row \($0): the same content under every idiom" }) { RowContent($0) }
        pages = ScrollIdiom.watchOS.scrollState(viewport: .zero, content: .zero)
        pages.isPagingEnabled = true
        watchList = ListState(rows: (1...30).map { "Workout \($0)" }) { RowContent($0, accessory: .disclosureIndicator) }
        watchList.style = .elliptical
        watchList.rowLimit = 8
        watchList.idiom = .watchOS
        tvPages = PageControlState(clampingPageCount: 3)
        apply()
    }

    mutating func apply() {
        list.idiom = idiom
        list.selectionMode = idiom == .tvOS ? .none : .single
        if idiom == .macOS {
            list.scroll.indicatorStyle = .macOS(legacy ? .legacy : .overlay, visibility: always ? .always : .automatic, size: small ? .small : .regular)
        }
        list.style = idiom == .macOS ? .bordered : .plain
    }

    var status: String {
        var s = "idiom: \(idiom)"
        switch idiom {
        case .macOS:
            s += " · \(legacy ? "legacy" : "overlay") scrollers, \(always ? "always" : "automatic"), \(small ? "small (11 pt)" : "regular (15 pt)")"
            if let error = tvPages.diagnostics(idiom: .macOS).first { s += " · page controls: \(error.message.prefix(40))…" }
        case .tvOS: s += " · page \(grouped(tvPages.currentPage + 1)) of 3 · no indicators"
        case .watchOS:
            let p = pages.pagePosition(.vertical)
            s += " · page \(grouped(p.page + 1)) of \(grouped(p.count)), \(Int(p.progress * 100))% through it"
        default: break
        }
        return s
    }

    var isAnimating: Bool { list.scroll.isAnimating || pages.isAnimating || watchList.scroll.isAnimating }
    var wakeTime: Double? { [list.scroll.wakeTime, pages.wakeTime, watchList.scroll.wakeTime].compactMap { $0 }.min() }

    mutating func appear(at time: Double) { try? list.scroll.flashIndicators(at: time) }

    mutating func tick(at time: Double) {
        list.scroll.tick(at: time)
        pages.tick(at: time)
        watchList.scroll.tick(at: time)
    }

    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double) {
        let theme = style.theme
        let names = ["1 iOS", "2 macOS", "3 tvOS", "4 visionOS", "5 watchOS"]
        var x = area.column + 1
        for (i, name) in names.enumerated() {
            var s = ScrollIdiom.allCases[i] == idiom ? theme.accent : theme.secondary
            s.underline = ScrollIdiom.allCases[i] == idiom
            x = buffer.draw(name, column: x, row: area.row, style: s) + 3
        }
        let body = area.inset(top: 2)
        if idiom == .watchOS {
            drawWatch(into: &buffer, body: body, at: time)
            return
        }
        var content = body
        if idiom == .tvOS {
            let title = ["Movies", "Shows", "Music"][tvPages.currentPage]
            buffer.draw(" " + title, column: body.column, row: body.row, style: theme.header)
            content = body.inset(top: 1, bottom: 1)
            PageControlWidget(theme: theme).draw(tvPages, in: body, into: &buffer)
        }
        panes = [content]
        let widget = ListWidget(theme: theme)
        widget.layout(&list, in: content)
        widget.draw(list, in: content, at: time, into: &buffer)
    }

    private mutating func drawWatch(into buffer: inout Buffer, body: CellRect, at time: Double) {
        let theme = style.theme
        let width = min(26, body.columns / 2 - 2)
        let left = CellRect(column: body.column + 2, row: body.row, columns: width, rows: min(body.rows, 14))
        let right = CellRect(column: left.maxColumn + 4, row: body.row, columns: width, rows: min(body.rows, 14))
        panes = [left, right]
        let size = CellMetrics().size(of: left)
        if pages.viewportSize != size {
            pages.viewportSize = size
            pages.verticalPageLengths = [size.height, size.height * 3, size.height, size.height]
            pages.contentSize = Size(width: size.width, height: size.height * 6)
        }
        let titles = ["Summary", "Heart Rate (long page)", "Splits", "Route"]
        let p = pages
        ScrollViewWidget(theme: theme).draw(p, in: left, into: &buffer) { buffer, window in
            for r in 0..<window.rect.rows {
                let line = window.firstRow + r
                guard line >= 0 else { continue }
                let pageRows = Int(saturating: size.height / 16)
                let (page, row) = line < pageRows ? (0, line) : line < pageRows * 4 ? (1, line - pageRows) : (2 + (line - pageRows * 4) / pageRows, (line - pageRows * 4) % pageRows)
                guard page < titles.count else { continue }
                let text = row == 0 ? titles[page] : (page == 1 ? "\(100 + (row * 13) % 60) bpm at \(row) min" : "· · ·")
                buffer.draw(" " + text, column: window.rect.column, row: window.rect.row + r, style: row == 0 ? theme.header : theme.text, clip: window.rect)
            }
        }
        let widget = ListWidget(theme: theme)
        widget.layout(&watchList, in: right)
        widget.draw(watchList, in: right, at: time, into: &buffer)
    }

    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool {
        switch event {
        case let .key(key):
            switch key.key {
            case let .character(c) where ("1"..."5").contains(c):
                idiom = ScrollIdiom.allCases[Int(String(c))! - 1]
                apply()
            case .character("l") where idiom == .macOS: legacy.toggle(); apply()
            case .character("a") where idiom == .macOS: always.toggle(); apply()
            case .character("s") where idiom == .macOS: small.toggle(); apply()
            case .left where idiom == .tvOS, .right where idiom == .tvOS:
                _ = try? tvPages.moveFocus(forward: key.key == .right, time: time)
            case .up, .down, .pageUp, .pageDown, .home, .end:
                if idiom == .watchOS {
                    if let command = ScrollViewWidget.command(for: key) { try? pages.perform(command, time: time) }
                } else {
                    if let move = ListWidget.move(for: key) { try? list.moveCursor(move, at: time) }
                }
            default: return false
            }
            return true
        case let .mouse(mouse):
            if idiom == .watchOS {
                if case let .wheel(direction) = mouse.kind, panes.first?.contains(column: mouse.column, row: mouse.row) == true {
                    try? pages.crown(detents: direction == .up ? -1 : 1, at: time)
                    return true
                }
                if panes.count > 1 {
                    _ = ListWidget(theme: style.theme).handle(mouse, in: panes[1], list: &watchList, capture: &capture, at: time)
                }
                if let left = panes.first {
                    ScrollViewWidget(theme: style.theme).handle(mouse, in: left, state: &pages, capture: &capture, at: time)
                }
                return true
            }
            guard let pane = panes.first else { return false }
            _ = ListWidget(theme: style.theme).handle(mouse, in: pane, list: &list, capture: &capture, at: time)
            return true
        default:
            return false
        }
    }
}

