import Scrollwork
import ScrollworkTerminal

/// The gallery: pages that show every guideline, moved between with a page control at the bottom
/// centre and with keys, each with a help overlay.
struct GalleryApp: App {
    /// The pages, in order.
    enum PageKind: Int, CaseIterable {
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

        var title: String { type.title }
        var guidelines: [String] { type.guidelines }
        var help: [String] { type.help }

        /// Accepts a page's number (1…7) or a prefix of its title.
        init?(argument: String) {
            if let n = Int(argument), let kind = PageKind(rawValue: n - 1) { self = kind; return }
            let key = String(argument.lowercased().map { $0 == "-" ? " " : $0 })
            guard let kind = PageKind.allCases.first(where: { $0.title.lowercased().hasPrefix(key) }) else { return nil }
            self = kind
        }
    }

    var style: GalleryStyle
    var page: PageKind
    var scrollView: ScrollViewPage
    var table: TablePage
    var list: ListPage
    var outline: OutlinePage
    var pageControlPage: PageControlPage
    var idioms: IdiomsPage
    var checks: ChecksPage
    var dots: PageControlState
    var dotsCapture: PointerCapture? = nil
    var showsHelp = false
    var wantsQuit = false
    /// Set only by the end-to-end tests (`SCROLLWORK_TEST_CRASH` = trap, segv or abort): the "!"
    /// key then crashes the program that way, to prove the terminal is given back.
    var testCrash: String? = nil
    var size = (columns: 0, rows: 0)

    init(page: PageKind, style: GalleryStyle, tableRows: Int = 1_000_000) {
        self.style = style
        self.page = page
        scrollView = ScrollViewPage(style: style)
        table = TablePage(style: style, rows: tableRows)
        list = ListPage(style: style)
        outline = OutlinePage(style: style)
        pageControlPage = PageControlPage(style: style)
        idioms = IdiomsPage(style: style)
        checks = ChecksPage(style: style)
        dots = PageControlState(clampingPageCount: PageKind.allCases.count)
        dots.currentPage = page.rawValue
        dots.backgroundStyle = .prominent
    }

    /// The area pages draw in: below the title bar, above the status line and the dots.
    var pageArea: CellRect { CellRect(column: 0, row: 1, columns: size.columns, rows: max(0, size.rows - 3)) }
    var dotsArea: CellRect { CellRect(column: 0, row: max(0, size.rows - 1), columns: size.columns, rows: 1) }

    mutating func takeClipboardText() -> String? { updatePage { $0.takeClipboardText() } }

    /// The current page's status line, whole.
    var pageStatus: String { withPage { $0.status } }

    var isAnimating: Bool { withPage { $0.isAnimating } || dots.isAnimating }
    var wakeTime: Double? { withPage { $0.wakeTime } }

    mutating func tick(at time: Double) {
        updatePage { $0.tick(at: time) }
        _ = dots.tick(at: time)
    }

    mutating func handle(_ event: Event, at time: Double) {
        switch event {
        case let .resize(columns, rows):
            let first = size.columns == 0 && size.rows == 0
            size = (columns, rows)
            // The first page appears with the first size (SV-03).
            if first { updatePage { $0.appear(at: time) } }
            return
        case let .key(key):
            if let crash = testCrash, key == KeyEvent(.character("!")) { TestCrash.crash(crash) }
            if showsHelp { showsHelp = false; return }
            if key == KeyEvent(.character("c"), .control) { wantsQuit = true; return }
            // A focused text field gets every other key first; Esc or Enter leaves it.
            if withPage({ $0.isEditingText }) { break }
            switch (key.key, key.modifiers) {
            case (.character("q"), []): wantsQuit = true; return
            case (.character("?"), _), (.function(1), _): showsHelp = true; return
            case (.tab, []), (.character("]"), []): go(to: (page.rawValue + 1) % PageKind.allCases.count, at: time); return
            case (.tab, .shift), (.character("["), []): go(to: (page.rawValue + PageKind.allCases.count - 1) % PageKind.allCases.count, at: time); return
            case let (.function(n), _) where n >= 2 && n <= 8: go(to: n - 2, at: time); return
            default: break
            }
        case let .mouse(mouse):
            if showsHelp, case .press = mouse.kind { showsHelp = false; return }
            if !style.idiom.supportsPageControls {
                if case .press = mouse.kind, let index = GalleryTabStrip(theme: style.theme).page(atColumn: mouse.column, row: mouse.row, in: dotsArea) {
                    go(to: index, at: time)
                    return
                }
                break
            }
            let frame = PageControlWidget(theme: style.theme).frame(for: dots, in: dotsArea)
            if dotsCapture != nil || (frame.contains(column: mouse.column, row: mouse.row) && mouse.kind == .press) {
                if let change = PageControlWidget(theme: style.theme).handle(mouse, in: dotsArea, state: &dots, capture: &dotsCapture, at: time) {
                    go(to: change.page, at: time)
                }
                return
            }
        default: break
        }
        let area = pageArea
        _ = updatePage { $0.handle(event, in: area, at: time) }
    }

    /// Shows page `index`, whose scroll views flash their indicators as it appears (SV-03).
    mutating func go(to index: Int, at time: Double) {
        guard let kind = PageKind(rawValue: index) else { return }
        page = kind
        dots.currentPage = index
        updatePage { $0.appear(at: time) }
    }

    mutating func render(into buffer: inout Buffer, at time: Double) {
        let theme = style.theme
        let columns = buffer.columns
        guard columns > 0, buffer.rows > 0 else { return }
        // Title bar.
        var bar = theme.header
        bar.background = theme.focus.background
        buffer.fill(CellRect(column: 0, row: 0, columns: columns, rows: 1), with: .blank(bar))
        let title = " Scrollwork · \(page.rawValue + 1)/\(PageKind.allCases.count) \(page.title)"
        let end = buffer.draw(title, column: 0, row: 0, style: bar)
        var ids = bar
        ids.bold = false
        ids.foreground = theme.secondary.foreground
        let right = "? help  Tab next  q quit "
        // As many whole IDs as fit, then "…": an ID is never cut in half.
        let room = columns - displayWidth(right) - 1 - end - 2
        var shown = ""
        for (i, id) in page.guidelines.enumerated() {
            let next = shown.isEmpty ? id : shown + " " + id
            let more = i < page.guidelines.count - 1
            if displayWidth(next) + (more ? 2 : 0) > room {
                if !shown.isEmpty || room >= 1 { shown += shown.isEmpty ? "…" : " …" }
                break
            }
            shown = next
        }
        if displayWidth(shown) <= room { buffer.draw("  " + shown, column: end, row: 0, style: ids) }
        buffer.draw(right, column: max(end, columns - displayWidth(right)), row: 0, style: ids)
        // The page.
        let area = pageArea
        if area.rows > 0 { updatePage { $0.draw(into: &buffer, area: area, at: time) } }
        // Status line and page dots.
        if buffer.rows >= 3 {
            let status = withPage { $0.status }
            buffer.fill(CellRect(column: 0, row: buffer.rows - 2, columns: columns, rows: 1))
            buffer.draw(" " + status.truncated(toWidth: columns - 1), column: 0, row: buffer.rows - 2, style: theme.secondary)
            buffer.fill(dotsArea)
            // Page controls are not supported on macOS (PC-17): a tab strip selects pages there.
            if style.idiom.supportsPageControls {
                PageControlWidget(theme: theme).draw(dots, in: dotsArea, into: &buffer)
            } else {
                GalleryTabStrip(theme: theme).draw(current: page.rawValue, in: dotsArea, into: &buffer)
            }
        }
        if showsHelp { drawHelp(into: &buffer) }
    }

    /// The help overlay: a box centred on the screen, its lines wrapped to fit; at sizes too
    /// small for a box it fills the screen, and lines that do not fit end in "…".
    private func drawHelp(into buffer: inout Buffer) {
        let theme = style.theme
        let source = ["\(page.title) — shows \(page.guidelines.joined(separator: ", "))", ""] + page.help
            + ["", "Tab / Shift-Tab or [ ] or F2–F8: pages · " + (style.idiom.supportsPageControls ? "click or drag the dots" : "click a tab")
               + " at the bottom · Ctrl-Z suspends · q quits", "Any key closes this help."]
        let framed = buffer.columns >= 8 && buffer.rows >= 4
        let inner = max(1, min(buffer.columns - (framed ? 8 : 0), (source.map { displayWidth($0) }.max() ?? 0)))
        var lines = source.enumerated().flatMap { i, text in text.wrapped(toWidth: inner).map { (i == 0, $0) } }
        let room = max(0, buffer.rows - (framed ? 4 : 0))
        if lines.count > room, room > 0 {
            lines = Array(lines.prefix(room))
            lines[room - 1].1 = "…"
        }
        let width = inner + (framed ? 4 : 0), height = min(room, lines.count) + (framed ? 2 : 0)
        let box = CellRect(column: (buffer.columns - width) / 2, row: (buffer.rows - height) / 2, columns: width, rows: height)
        var panel = theme.text
        panel.background = theme.focus.background
        buffer.fill(box, with: .blank(panel))
        let border = framed ? 1 : 0
        if framed {
            buffer.draw("╭" + String(repeating: "─", count: width - 2) + "╮", column: box.column, row: box.row, style: panel)
            buffer.draw("╰" + String(repeating: "─", count: width - 2) + "╯", column: box.column, row: box.maxRow - 1, style: panel)
        }
        for (i, (isTitle, line)) in lines.prefix(room).enumerated() {
            var s = panel
            s.bold = isTitle
            let text = framed ? "│ " + line.fitted(toWidth: inner) + " │" : line.fitted(toWidth: inner)
            buffer.draw(text, column: box.column, row: box.row + border + i, style: s)
        }
    }

    private func withPage<T>(_ body: (any GalleryPage) -> T) -> T {
        switch page {
        case .scrollView: return body(scrollView)
        case .table: return body(table)
        case .list: return body(list)
        case .outline: return body(outline)
        case .pageControl: return body(pageControlPage)
        case .idioms: return body(idioms)
        case .checks: return body(checks)
        }
    }

    @discardableResult
    private mutating func updatePage<T>(_ body: (inout any GalleryPage) -> T) -> T {
        func run<P: GalleryPage>(_ p: inout P) -> T {
            var erased: any GalleryPage = p
            // The body gets the page it was given back; it cannot change its type.
            defer { if let back = erased as? P { p = back } }
            return body(&erased)
        }
        switch page {
        case .scrollView: return run(&scrollView)
        case .table: return run(&table)
        case .list: return run(&list)
        case .outline: return run(&outline)
        case .pageControl: return run(&pageControlPage)
        case .idioms: return run(&idioms)
        case .checks: return run(&checks)
        }
    }
}
