/// A paging scroll view and its page control, kept in step (SV-10, PC-14).
///
/// The current page follows the scroll offset, changing at the half-way point; a tap on the
/// control animates the scroll view to the page; scrubbing moves it without animation. The scroll
/// view's indicator on the paging axis is hidden, since the dots already show the position.
public struct PagedScrollCoupling: Sendable, Hashable {
    /// The paging scroll view.
    public private(set) var scroll: ScrollState
    /// Its page control.
    public private(set) var pageControl: PageControlState
    /// The paging axis.
    public let axis: Axis

    /// Couples `scroll` (paging is turned on, and its indicator on `axis` hidden) with a page
    /// control with one dot per page.
    public init(scroll: ScrollState, axis: Axis, pageControl: PageControlState? = nil) {
        var scroll = scroll
        scroll.isPagingEnabled = true
        scroll.hiddenIndicators.formUnion(Axis.Set(axis))
        self.scroll = scroll
        self.axis = axis
        let pages = scroll.pagePosition(axis).count
        var control = pageControl ?? PageControlState(clampingPageCount: pages)
        if pageControl == nil { control.hidesForSinglePage = true }
        self.pageControl = control
        syncPageFromScroll()
    }

    /// Changes the scroll view (geometry, input) through `body`, then updates the dots. When the
    /// body changes the page size (a resize) while no finger holds the content, the view shows
    /// the page the dots show, at once: at rest the page it showed, moving to a page (a tap, a
    /// key) that page, so a resize never turns pages, even in the middle of a turn.
    public mutating func updateScroll<E: Error>(_ body: (inout ScrollState) throws(E) -> Void) throws(E) {
        let page = pageControl.currentPage, step = scroll.pageStep(axis)
        defer { syncPageFromScroll() }
        try body(&scroll)
        guard scroll.pageStep(axis) != step, scroll.drag == nil else { return }
        var target = scroll.offset
        target[axis] = offset(ofPage: Swift.min(page, Swift.max(0, scroll.pagePosition(axis).count - 1)))
        scroll.moveOffset(to: target, animated: false, time: pageControl.time)
    }

    /// Changes the page control through `body` (a pointer event, the timer, its look) and
    /// applies any page change it returns to the scroll view. The number of pages stays the
    /// scroll view's whatever `body` set.
    @discardableResult
    public mutating func updatePageControl<E: Error>(_ body: (inout PageControlState) throws(E) -> PageChange?) throws(E) -> PageChange? {
        defer { syncPageCount() }
        let change = try body(&pageControl)
        if let change { show(change) }
        return change
    }

    /// Advances both to `now`.
    public mutating func tick(at now: Double) {
        if let change = pageControl.tick(at: now) { show(change) }
        scroll.tick(at: now)
        syncPageFromScroll()
    }

    /// The offset of `page` on the paging axis.
    public func offset(ofPage page: Int) -> Double {
        let bounds = scroll.offsetBounds(axis)
        return (bounds.lowerBound + Double(page) * scroll.pageStep(axis)).clamped(to: bounds)
    }

    /// True while either needs frames.
    public var isAnimating: Bool { scroll.isAnimating || pageControl.isAnimating }

    private mutating func show(_ change: PageChange) {
        var target = scroll.offset
        target[axis] = offset(ofPage: change.page)
        scroll.moveOffset(to: target, animated: change.animated, time: pageControl.time)
    }

    /// One dot per page of the scroll view.
    private mutating func syncPageCount() {
        let pages = scroll.pagePosition(axis).count
        // A count of the scroll view's pages is never negative: setting it cannot fail.
        if pages != pageControl.numberOfPages { try? pageControl.setNumberOfPages(pages) }
    }

    /// The page whose half-way point the offset has passed.
    private mutating func syncPageFromScroll() {
        syncPageCount()
        // While a tap animates to its page, the dots already show the destination.
        if scroll.motion[axis].animationTarget != nil { return }
        let step = scroll.pageStep(axis)
        guard step > 0, pageControl.press == nil else { return }
        let position = (scroll.offset[axis] - scroll.offsetBounds(axis).lowerBound) / step
        pageControl.currentPage = Int(position.rounded(.toNearestOrAwayFromZero).clamped(to: 0...Double(Int.max / 2)))
    }
}
