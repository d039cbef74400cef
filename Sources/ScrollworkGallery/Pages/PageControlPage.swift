import Scrollwork
import ScrollworkWidgets

/// Weather-like full-screen pages in a paging scroll view coupled to a page control: a location
/// symbol on the first page, 12 and 1,000 pages to show clipping, scrubbing, three backgrounds.
struct PageControlPage: GalleryPage {
    static let title = "Page control"
    static let guidelines = ["PC-01", "PC-02", "PC-03", "PC-04", "PC-05", "PC-06", "PC-07", "PC-08", "PC-09", "PC-10", "PC-11",
                             "PC-12", "PC-13", "PC-14", "PC-15", "SV-10"]
    static let help = [
        "A drag on the page turns pages; the dots follow the scroll half-way.",
        "Click before or after the bright dot for the previous or next page, or on a dot to go there.",
        "Press and drag along the dots to scrub; past either end jumps to the first or last page.",
    ]

    /// What the page's own keys do.
    enum Command: Sendable, Hashable { case previous, next, pages, background }

    /// The page's keys.
    static let commands = CommandTable<Command>("Page control page", [
        KeyBinding(.previous, "the previous page", keys: KeyEvent(.left)),
        KeyBinding(.next, "the next page", keys: KeyEvent(.right)),
        KeyBinding(.pages, "6 cities · 12 pages · 1,000 pages", keys: KeyEvent(.character("m"))),
        KeyBinding(.background, "background: automatic · prominent · minimal", keys: KeyEvent(.character("b"))),
    ])

    /// The page's keys in words.
    static var keys: KeyHelp { commands.help }
    static let cities = ["My Location", "Cupertino", "Tokyo", "Lisbon", "Nairobi", "Reykjavík"]

    var style: GalleryStyle
    /// The paging scroll view and its dots, in one widget.
    var pages: PagedView<WeatherPages>
    var mode = 0
    var routing = Routing()
    /// What the page itself asks of the host during an event (nothing yet: its children ask).
    var effects: [Effect] = []
    var frame = Rect.zero
    var failure: String? = nil

    init(style: GalleryStyle) {
        self.style = style
        pages = PagedView(WeatherPages(theme: style.theme), pageCount: Self.cities.count, theme: style.theme, idiom: style.idiom)
        pages.reducesMotion = style.reducesMotion
        pages.accessibilityLabel = "Cities"
        showLocationSymbol()
    }

    /// The dots stay, also for a single page, to show the control; the first city is where you
    /// are, its dot the location symbol.
    private mutating func showLocationSymbol() {
        let symbol: IndicatorImage? = mode == 0 ? IndicatorImage("➤") : nil
        do {
            try pages.configureDots { (p: inout PageControlState) throws(PageControlError) in
                p.hidesForSinglePage = false
                try p.setIndicatorImage(symbol, forPage: 0)
            }
        } catch {
            // Page 0 is always there (a control has at least one page); were it not, the status line says so.
            failure = "\(error)"
        }
    }

    var children: [Child<Self>] { [Child(\.pages)] }

    var pageCount: Int { [Self.cities.count, 12, 1000][mode] }

    var status: String {
        let p = pages.coupling.pageControl
        return "page \(grouped(p.currentPage + 1)) of \(grouped(p.numberOfPages)) · background \(p.backgroundStyle) · interaction \(p.interactionState)"
            + (p.canScrub ? "" : " · scrubbing off (minimal)") + (failure.map { " · " + $0 } ?? "")
    }

    var isAnimating: Bool { mutating get { pages.isAnimating } }
    var wakeTime: Double? { mutating get { pages.wakeTime } }

    mutating func tick(at time: Double) -> Reply<Never> { pages.tick(at: time).passingOn() }

    mutating func appear(at time: Double) {}

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        pages.content.names = mode == 0 ? Self.cities : []
        pages.content.pageCount = pageCount
        pages.render(in: bounds, into: &canvas, at: time)
        // Two rows of dots on this page: this one is the page's, the lower one the gallery's.
        // Named at the leading end of the last line, where the line holds twice the caption and
        // 160 points more.
        let caption = "the weather's pages ▸", metrics = canvas.metrics
        let captionWidth = canvas.measurer(for: style.idiom).width(of: caption, font: .footnote) + metrics.cellWidth
        let lines = metrics.wholeLines(bounds.height)
        if lines >= 3 * metrics.cellHeight, bounds.width >= 2 * captionWidth + 20 * metrics.cellWidth {
            let line = Rect(x: bounds.minX, y: bounds.minY + lines - metrics.cellHeight, width: bounds.width, height: metrics.cellHeight)
            canvas.label(caption, in: line, style: style.theme.secondary, idiom: style.idiom)
        }
    }

    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        guard case let .key(key) = event, let command = Self.commands.command(for: key) else { return .ignored }
        switch command {
        case .previous, .next:
            pages.show(page: pages.currentPage + (command == .next ? 1 : -1), at: time)
        case .pages:
            mode = (mode + 1) % 3
            pages.pageCount = pageCount
            pages.show(page: 0, animated: false, at: time)
            showLocationSymbol()
        case .background:
            let styles: [PageControlState.BackgroundStyle] = [.automatic, .prominent, .minimal]
            let next = styles[((styles.firstIndex(of: pages.coupling.pageControl.backgroundStyle) ?? 0) + 1) % 3]
            pages.configureDots { $0.backgroundStyle = next }
        }
        return .handled
    }
}

/// Weather-like pages side by side, one viewport wide each.
struct WeatherPages: ScrollContent {
    var theme: Theme
    var names: [String] = PageControlPage.cities
    var pageCount = PageControlPage.cities.count

    /// Each page one viewport wide: the place as a title, the temperature far larger than any
    /// text style (as a weather app shows it; three lines tall on a grid), the sky below.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let box = window.box
        let width = box.width
        guard width > 0, pageCount > 0 else { return }
        let firstPage = Swift.max(0, Int(flooringSaturating: window.offset.x / width))
        let lastPage = Swift.min(pageCount - 1, Int(flooringSaturating: (window.offset.x + width) / width))
        guard firstPage <= lastPage else { return }
        let m = canvas.textMeasurer
        canvas.clipped(to: box) { c in
            for page in firstPage...lastPage {
                let (title, big, sky) = texts(ofPage: page)
                let left = box.minX + Double(page) * width - window.offset.x
                var y = box.minY + c.alignedRow(box.height / 2 - (m.lineHeight(.title) + 3 * m.lineHeight(.largeTitle) + m.lineHeight(.body)) / 2)
                func centred(_ text: String, _ font: FontRole, _ style: Style) {
                    c.text(text, at: Point(x: left + 8, y: y), width: width - 16, font: font, style: style, alignment: .center)
                    y += m.lineHeight(font)
                }
                centred(title, .title, theme.header)
                c.symbol(big, centre: Point(x: left + width / 2, y: y + 1.5 * m.lineHeight(.largeTitle)), size: 3 * m.size(.largeTitle), theme.text)
                y += 3 * m.lineHeight(.largeTitle)
                centred(sky, .body, theme.secondary)
            }
        }
    }

    /// The place, temperature and sky of each page in `window`, a line each, as a screen reader
    /// reads the weather shown.
    func accessibleLines(in window: ScrollWindow) -> [String]? {
        let width = window.box.width
        guard width > 0, pageCount > 0 else { return nil }
        let first = Swift.max(0, Int(flooringSaturating: window.offset.x / width))
        let last = Swift.min(pageCount - 1, Int(flooringSaturating: (window.offset.x + width - 1) / width))
        guard first <= last else { return nil }
        return (first...last).flatMap { page in
            let (title, temperature, sky) = texts(ofPage: page)
            // The location arrow is drawn, not read: the page is called "My Location".
            return [title.hasPrefix("➤ ") ? String(title.dropFirst(2)) : title, temperature, sky]
        }
    }

    /// Page `page`'s place, temperature and sky.
    private func texts(ofPage page: Int) -> (title: String, temperature: String, sky: String) {
        let name = page < names.count ? names[page] : "Page \(grouped(page + 1))"
        return ((page == 0 && !names.isEmpty ? "➤ " : "") + name, "\(8 + (page * 7) % 23)°", ["Clear", "Partly Cloudy", "Rain", "Fog", "Wind"][page % 5])
    }
}

extension PageControlPage {
    /// Draws in `theme` from now on: the pages and their dots.
    mutating func retheme(_ theme: Theme) {
        style.theme = theme
        pages.theme = theme
        pages.content.theme = theme
    }
}
