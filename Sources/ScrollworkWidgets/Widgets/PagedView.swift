import Scrollwork

/// Pages side by side in a paging scroll view with page dots under them, kept in step: the
/// widget SwiftUI's page-style `TabView` is (SV-10, PC-14).
///
/// A drag or a flick turns pages and the dots follow half-way; a tap before or after the
/// current dot, on a dot, or a scrub along them moves the pages; ← → (↑ ↓ for vertical pages),
/// Page Up and Page Down turn a page and Home and End go to the first and last. The content is
/// ``pageCount`` pages, each the size of the view less the dots' band, so the content's size
/// follows from the view and needs no setting. With ``reducesMotion`` every page turn is
/// immediate. The ``Reply`` of the event or tick in which the page shown changed reports the new
/// page's number.
public struct PagedView<Content: ScrollContent>: Widget, WidgetGroup {
    /// The scroll view and the dots, kept in step: what the widget shows.
    public private(set) var coupling: PagedScrollCoupling
    var pager: ScrollView<Content>
    var dots: PageControlView
    /// Capture and focus between the pages and the dots.
    public var routing = Routing()
    /// The area the view took in its last render, dots included.
    public private(set) var frame = Rect.zero
    /// The page shown when a reply last reported one, so that each change is reported once.
    private var reportedPage: Int
    /// Which keys turn pages: `PageTurn.keys(along:)` for the view's axis unless rebound.
    public var keys: CommandTable<PageTurn>

    /// The most pages a view holds: 2³², so that every page's offset (its number times a page's
    /// length, in a `Double`) is told apart from its neighbour's in a view up to a million points wide.
    public static var maximumPageCount: Int { 1 << 32 }

    /// `pageCount` pages of `content` along `axis`, the first shown. The count is held at
    /// 1…``maximumPageCount``.
    public init(_ content: Content, pageCount: Int, axis: Axis = .horizontal, theme: Theme = Theme(), idiom: ScrollIdiom = .iOS) {
        let pageCount = pageCount.clamped(to: 1...Self.maximumPageCount)
        var scroll = idiom.scrollState(viewport: .zero, content: .zero)
        scroll.pageOverlap = .zero
        scroll.bounces = axis == .horizontal ? .horizontal : .vertical
        var control = PageControlState(clampingPageCount: pageCount)
        if axis == .vertical { control.direction = .topToBottom }
        coupling = PagedScrollCoupling(scroll: scroll, axis: axis, pageControl: control)
        pager = ScrollView(content, scroll: coupling.scroll, theme: theme)
        dots = PageControlView(coupling.pageControl, theme: theme)
        self.pageCount = pageCount
        reportedPage = coupling.pageControl.currentPage
        keys = PageTurn.keys(along: axis)
    }

    /// The colours of the pages' scroll view and of their dots.
    public var theme: Theme {
        get { pager.theme }
        set {
            pager.theme = newValue
            dots.theme = newValue
        }
    }

    /// The pages' content.
    public var content: Content {
        get { pager.content }
        set { pager.content = newValue }
    }

    /// How many pages there are, held at 1…``maximumPageCount``. The current page is kept when
    /// it is still there, else the last page is shown.
    public var pageCount: Int {
        didSet {
            pageCount = pageCount.clamped(to: 1...Self.maximumPageCount)
            guard pageCount != oldValue else { return }
            let page = Swift.min(coupling.pageControl.currentPage, pageCount - 1)
            sizeContent(to: coupling.scroll.viewportSize, keeping: page)
        }
    }

    /// The page shown (the one whose half-way point the offset has passed), from 0.
    public var currentPage: Int { coupling.pageControl.currentPage }

    /// The paging axis.
    public var axis: Axis { coupling.axis }

    /// True to turn pages without animation (Reduce Motion).
    public var reducesMotion: Bool {
        get { coupling.scroll.reducesMotion }
        set {
            coupling.updateScroll { $0.reducesMotion = newValue }
            show()
        }
    }

    /// Shows `page` (clamped to the pages), animated unless Reduce Motion is on or `animated` is false.
    public mutating func show(page: Int, animated: Bool = true, at time: Double) {
        let animates = animated && !coupling.scroll.reducesMotion
        coupling.updatePageControl { $0.show(page: page, animated: animates, time: time) }
        show()
    }

    /// Changes how the dots look through `body`: background style, symbols for pages, whether a
    /// single page hides them. The pages decide the current page and the count: changes to
    /// those in `body` are undone.
    public mutating func configureDots<E: Error>(_ body: (inout PageControlState) throws(E) -> Void) throws(E) {
        let page = coupling.pageControl.currentPage
        try coupling.updatePageControl { (p: inout PageControlState) throws(E) -> PageChange? in
            try body(&p)
            p.currentPage = page
            return nil
        }
        show()
    }

    /// `reply` as the view's, reporting the page shown if it changed since the last report.
    private mutating func reportingPage<R>(_ reply: Reply<R>) -> Reply<Int> {
        var mine: Reply<Int> = reply.passingOn()
        if currentPage != reportedPage {
            reportedPage = currentPage
            mine.report(currentPage)
        }
        return mine
    }

    /// The pages, then the dots in front of them.
    public var children: [Child<Self>] { [Child(\.pager), Child(\.dots)] }

    // MARK: Widget

    /// The pages fill the area but a band for the dots (two rows of cells at the bottom, or
    /// three columns at the trailing edge for vertical pages), each page the size of what is left.
    public mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        let band = axis == .horizontal ? 2 * canvas.metrics.cellHeight : 3 * canvas.metrics.cellWidth
        let pages = axis == .horizontal
            ? Rect(x: area.minX, y: area.minY, width: area.width, height: Swift.max(0, area.height - band))
            : Rect(x: area.minX, y: area.minY, width: Swift.max(0, area.width - band), height: area.height)
        if coupling.scroll.viewportSize != pages.size { sizeContent(to: pages.size, keeping: currentPage) }
        pager.render(in: pages, into: &canvas, at: time)
        dots.render(in: area, into: &canvas, at: time)
    }

    /// Page keys turn pages; everything else goes to the pages or the dots, and what they did
    /// goes back through the coupling. The reply reports the page shown when it changed.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Int> {
        if case let .key(key) = event, let turn = keys.command(for: key) {
            show(page: turn.page(from: currentPage, of: pageCount), at: time)
            return reportingPage(Reply<Never>.handled)
        }
        let reply = routeToChildren(event, at: time)
        collect(reply.reports(from: \Self.dots))
        return reportingPage(reply)
    }

    /// A wheel at the end of the pages stretches them (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) {
        pager.overscroll(mouse, at: time)
        collect([])
    }

    /// Advances the pages and the dots; the reply reports the page shown when it changed.
    public mutating func tick(at time: Double) -> Reply<Int> {
        coupling.tick(at: time)
        show()
        return reportingPage(Reply<Never>.ignored)
    }

    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { appearChildren(at: time) }

    /// True while the pages or the dots move.
    public var isAnimating: Bool { coupling.isAnimating }

    /// When the dots' timer needs a frame.
    public var wakeTime: Double? { mutating get { childrenWakeTime } }

    /// Pages take keys.
    public var acceptsFocus: Bool { true }

    /// The page control's element ("page 2 of 5"), with the pages' scroll view.
    /// The pages and their dots. The keys that turn pages are the dots' to a screen reader: the
    /// dots are focused while the view has focus, so each turn is read as "page 3 of 7", and the
    /// page shown is read from the pages' content.
    public var accessibility: AccessibilityElement? {
        mutating get {
            var element = childrenAccessibility
            if let pages = element.children.firstIndex(where: { $0.role == .scrollArea && $0.state.contains(.focused) }),
               let dots = element.children.firstIndex(where: { $0.role == .pageControl }) {
                element.children[pages].state.remove(.focused)
                element.children[dots].state.insert(.focused)
            }
            return element
        }
    }

    /// What a screen reader calls the pages' dots ("Cities"); "" when they have no name.
    public var accessibilityLabel: String {
        get { dots.accessibilityLabel }
        set { dots.accessibilityLabel = newValue }
    }

    /// The dots' and the pages' diagnostics.
    public var diagnostics: [Diagnostic] { mutating get { childrenDiagnostics } }

    // MARK: Keeping in step

    /// The widgets show the coupled states.
    private mutating func show() {
        pager.scroll = coupling.scroll
        dots.state = coupling.pageControl
    }

    /// What the pages or the dots did (the dots' page `changes`) goes back through the coupling,
    /// which keeps them in step.
    private mutating func collect(_ changes: [PageChange]) {
        if let change = changes.last {
            let state = dots.state
            coupling.updatePageControl { $0 = state; return change }
        } else if dots.state != coupling.pageControl {
            let state = dots.state
            coupling.updatePageControl { $0 = state; return nil }
        } else {
            let scroll = pager.scroll
            coupling.updateScroll { $0 = scroll }
        }
        show()
    }

    /// Sizes the content to ``pageCount`` pages of `viewport` and shows `page` (clamped).
    private mutating func sizeContent(to viewport: Size, keeping page: Int) {
        let count = Double(pageCount)
        let content = axis == .horizontal ? Size(width: viewport.width * count, height: viewport.height)
            : Size(width: viewport.width, height: viewport.height * count)
        coupling.updateScroll { s in
            s.viewportSize = viewport
            s.contentSize = content
        }
        // A new page size keeps the page shown (the coupling sees to it); fewer pages than the
        // page shown go to the last.
        let time = coupling.scroll.time
        coupling.updatePageControl { $0.show(page: page, animated: false, time: time) }
        show()
    }
}

extension PageTurn {
    /// The keys of pages along `axis`: ← → (↑ ↓ for vertical pages), Page Up and Page Down a
    /// page, Home and End the ends; none with modifiers.
    public static func keys(along axis: Axis) -> CommandTable<PageTurn> {
        let (back, on): (Key, Key) = axis == .horizontal ? (.left, .right) : (.up, .down)
        return CommandTable("Pages", [
            KeyBinding(.previous, "the previous page", keys: KeyEvent(back), KeyEvent(.pageUp)),
            KeyBinding(.next, "the next page", keys: KeyEvent(on), KeyEvent(.pageDown)),
            KeyBinding(.first, "the first page", keys: KeyEvent(.home)),
            KeyBinding(.last, "the last page", keys: KeyEvent(.end)),
        ])
    }
}
