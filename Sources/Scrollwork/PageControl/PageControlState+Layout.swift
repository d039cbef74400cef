extension PageControlState {
    /// The first page of the visible window: the window follows the current page, keeping it
    /// away from the shrunk dots at a clipped end.
    public var firstVisiblePage: Int {
        let n = numberOfPages, window = maximumVisibleIndicators
        guard n > window else { return 0 }
        return Swift.min(Swift.max(currentPage - (window - 1) / 2, 0), n - window)
    }

    /// Lays out the visible dots (PC-02, PC-11). The work is bounded by
    /// ``maximumVisibleIndicators`` whatever the page count.
    public func layout() -> PageIndicatorLayout {
        let n = numberOfPages, window = maximumVisibleIndicators
        let count = Swift.min(n, window)
        let first = firstVisiblePage
        let clippedStart = first > 0, clippedEnd = first + count < n
        let length = size(forNumberOfPages: n).length
        var items: [PageIndicatorLayout.Item] = []
        items.reserveCapacity(count)
        for i in 0..<count {
            var scale = 1.0
            if clippedStart && i < 2 { scale = i == 0 ? 0.33 : 0.66 }
            if clippedEnd && i >= count - 2 { scale = i == count - 1 ? 0.33 : 0.66 }
            let page = first + i
            let forward = padding + indicatorDiameter / 2 + Double(i) * pitch
            items.append(.init(page: page, center: isReversed ? length - forward : forward, scale: scale,
                               isCurrent: page == currentPage, image: image(forPage: page, isCurrent: page == currentPage)))
        }
        if isReversed { items.reverse() }
        return PageIndicatorLayout(items: items, firstVisiblePage: first, length: length, isVertical: isVertical,
                                   clippedAtStart: clippedStart, clippedAtEnd: clippedEnd)
    }

    /// The page whose dot is nearest to `position` along the control (points from its leading
    /// edge), or nil when there are no pages.
    public func page(atPosition position: Double) -> Int? {
        guard numberOfPages > 0 else { return nil }
        let length = size(forNumberOfPages: numberOfPages).length
        let along = isReversed ? length - position : position
        let index = ((along - padding - indicatorDiameter / 2) / pitch).rounded()
        let count = Swift.min(numberOfPages, maximumVisibleIndicators)
        let i = Int(saturating: index.clamped(to: 0...Double(count - 1))).clamped(to: 0...(count - 1))
        return firstVisiblePage + i
    }

    /// The centre of the current page's dot along the control.
    var currentDotCenter: Double {
        let i = Double(currentPage - firstVisiblePage)
        let forward = padding + indicatorDiameter / 2 + i * pitch
        return isReversed ? size(forNumberOfPages: numberOfPages).length - forward : forward
    }

    // MARK: Images

    /// The image drawn for `page`: a page's own image, then the preferred image, then the dot;
    /// for the current page its current-page variants come first (PC-06).
    public func image(forPage page: Int, isCurrent: Bool) -> IndicatorImage {
        if isCurrent, let image = currentPageIndicatorImages[page] ?? preferredCurrentPageIndicatorImage { return image }
        return indicatorImages[page] ?? preferredIndicatorImage ?? .dot
    }

    /// Sets the image for one page (a location symbol for the current location, say); nil removes
    /// it. A page that does not exist throws rather than keeping an image nobody sees.
    public mutating func setIndicatorImage(_ image: IndicatorImage?, forPage page: Int) throws(PageControlError) {
        guard page >= 0 && page < numberOfPages else { throw .pageOutOfRange(page: page, numberOfPages: numberOfPages) }
        indicatorImages[page] = image
    }

    /// Sets the image for one page while it is current; nil removes it. A page that does not
    /// exist throws.
    public mutating func setCurrentPageIndicatorImage(_ image: IndicatorImage?, forPage page: Int) throws(PageControlError) {
        guard page >= 0 && page < numberOfPages else { throw .pageOutOfRange(page: page, numberOfPages: numberOfPages) }
        currentPageIndicatorImages[page] = image
    }
}

extension PageControlState {
    /// The state with its clock at zero: what its look depends on, for a host that keeps the
    /// dots it drew while they look the same (the clock moves every frame; the look does not).
    package var withoutClock: PageControlState {
        var state = self
        state.time = 0
        return state
    }
}
