import Scrollwork
import ScrollworkTerminal

/// Weather-like full-screen pages in a paging scroll view coupled to a page control: a location
/// symbol on the first page, 12 and 1,000 pages to show clipping, scrubbing, three backgrounds.
struct PageControlPage: GalleryPage {
    static let title = "Page control"
    static let guidelines = ["PC-01", "PC-02", "PC-03", "PC-04", "PC-05", "PC-06", "PC-07", "PC-08", "PC-09", "PC-10", "PC-11",
                             "PC-12", "PC-13", "PC-14", "PC-15", "SV-10"]
    static let help = [
        "← → or a drag on the page turn pages; the dots follow the scroll half-way.",
        "Click before or after the bright dot for the previous or next page, or on a dot to go there.",
        "Press and drag along the dots to scrub; past either end jumps to the first or last page.",
        "m: 6 cities · 12 pages · 1,000 pages    b: background automatic · prominent · minimal",
    ]
    static let cities = ["My Location", "Cupertino", "Tokyo", "Lisbon", "Nairobi", "Reykjavík"]

    var style: GalleryStyle
    var coupling: PagedScrollCoupling
    var mode = 0
    var capture: PointerCapture? = nil
    var pagesRect = CellRect(column: 0, row: 0, columns: 0, rows: 0)
    var area = CellRect(column: 0, row: 0, columns: 0, rows: 0)

    init(style: GalleryStyle) {
        self.style = style
        coupling = Self.coupling(pages: Self.cities.count, idiom: style.idiom)
    }

    static func coupling(pages: Int, idiom: ScrollIdiom) -> PagedScrollCoupling {
        var scroll = idiom.scrollState(viewport: Size(width: 640, height: 320), content: Size(width: 640 * Double(pages), height: 320))
        scroll.pageOverlap = Size(width: 0, height: 0)
        scroll.bounces = .horizontal
        var c = PagedScrollCoupling(scroll: scroll, axis: .horizontal)
        _ = try? c.updatePageControl { p throws(PageControlError) in
            if pages <= PageControlPage.cities.count { try p.setIndicatorImage(IndicatorImage("➤"), forPage: 0) }
            return nil
        }
        return c
    }

    var pageCount: Int { [Self.cities.count, 12, 1000][mode] }

    var status: String {
        let p = coupling.pageControl
        return "page \(grouped(p.currentPage + 1)) of \(grouped(p.numberOfPages)) · background \(p.backgroundStyle) · interaction \(p.interactionState)"
            + (p.canScrub ? "" : " · scrubbing off (minimal)")
    }

    var isAnimating: Bool { coupling.isAnimating }
    var wakeTime: Double? { coupling.scroll.wakeTime }

    mutating func tick(at time: Double) { coupling.tick(at: time) }

    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double) {
        self.area = area
        pagesRect = area.inset(bottom: 2)
        let metrics = CellMetrics()
        let size = metrics.size(of: pagesRect)
        let pages = pageCount
        if coupling.scroll.viewportSize != size {
            try? coupling.updateScroll { s throws(ScrollInputError) in
                s.viewportSize = size
                s.contentSize = Size(width: size.width * Double(pages), height: size.height)
            }
        }
        let theme = style.theme
        let scroll = coupling.scroll
        ScrollViewWidget(theme: theme).draw(scroll, in: pagesRect, into: &buffer) { buffer, window in
            let pageWidth = window.rect.columns
            guard pageWidth > 0 else { return }
            let first = metrics.columns(forPoints: scroll.offset.x)
            let firstPage = max(0, first / pageWidth), lastPage = min(pages - 1, (first + pageWidth) / pageWidth)
            guard firstPage <= lastPage else { return }
            for page in firstPage...lastPage {
                let x = window.rect.column + page * pageWidth - first
                drawPage(page, x: x, width: pageWidth, rect: window.rect, into: &buffer)
            }
        }
        var control = coupling.pageControl
        control.hidesForSinglePage = false
        PageControlWidget(theme: theme).draw(control, in: area, into: &buffer)
    }

    private func drawPage(_ page: Int, x: Int, width: Int, rect: CellRect, into buffer: inout Buffer) {
        let theme = style.theme
        let name = page < Self.cities.count && mode == 0 ? Self.cities[page] : "Page \(page + 1)"
        let temperature = 8 + (page * 7) % 23
        let mid = rect.row + rect.rows / 2
        let title = (page == 0 && mode == 0 ? "➤ " : "") + name
        buffer.draw(title, column: x + (width - displayWidth(title)) / 2, row: mid - 2, style: theme.header, clip: rect)
        let big = "\(temperature)°"
        buffer.draw(big, column: x + (width - big.count) / 2, row: mid, style: theme.accent, clip: rect)
        let sky = ["Clear", "Partly Cloudy", "Rain", "Fog", "Wind"][page % 5]
        buffer.draw(sky, column: x + (width - sky.count) / 2, row: mid + 2, style: theme.secondary, clip: rect)
    }

    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool {
        let theme = style.theme
        switch event {
        case let .mouse(mouse):
            let frame = PageControlWidget(theme: theme).frame(for: coupling.pageControl, in: area)
            let onControl = frame.contains(column: mouse.column, row: mouse.row)
            if capture?.target == .pageControl || (onControl && mouse.kind == .press) {
                var c = capture
                _ = try? coupling.updatePageControl { p throws(PageControlError) in
                    PageControlWidget(theme: theme).handle(mouse, in: area, state: &p, capture: &c, at: time)
                }
                capture = c
                return true
            }
            var c = capture
            try? coupling.updateScroll { s throws(ScrollInputError) in
                ScrollViewWidget(theme: theme).handle(mouse, in: pagesRect, state: &s, capture: &c, at: time)
            }
            capture = c
            return true
        case let .key(key):
            switch key.key {
            case .left, .right:
                _ = try? coupling.updatePageControl { p throws(PageControlError) in try p.moveFocus(forward: key.key == .right, time: time) }
            case .character("m"):
                mode = (mode + 1) % 3
                var next = Self.coupling(pages: pageCount, idiom: style.idiom)
                next.pageControlBackground(coupling.pageControl.backgroundStyle)
                coupling = next
            case .character("b"):
                let styles: [PageControlState.BackgroundStyle] = [.automatic, .prominent, .minimal]
                let next = styles[((styles.firstIndex(of: coupling.pageControl.backgroundStyle) ?? 0) + 1) % 3]
                coupling.pageControlBackground(next)
            default: return false
            }
            return true
        default:
            return false
        }
    }
}

extension PagedScrollCoupling {
    mutating func pageControlBackground(_ style: PageControlState.BackgroundStyle) {
        _ = try? updatePageControl { p throws(PageControlError) in p.backgroundStyle = style; return nil }
    }
}
