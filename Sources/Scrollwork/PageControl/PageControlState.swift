/// The headless state of a page control: a row of indicators, one per page of a flat, ordered
/// list of pages (PC-01 to PC-17).
///
/// ```swift
/// var dots = try PageControlState(numberOfPages: 12)
/// dots.currentPage = 4
/// let layout = dots.layout()            // 10 dots, the outer two on each side shrunk
/// let change = try dots.tap(at: 300, time: 1)   // a tap after the current dot: page 5, animated
/// ```
public struct PageControlState: Sendable, Hashable {
    /// The order of the pages along the control.
    public enum Direction: Sendable, Hashable, CaseIterable {
        /// Left to right, or right to left in a right-to-left layout.
        case natural
        /// Left to right.
        case leftToRight
        /// Right to left.
        case rightToLeft
        /// Top to bottom.
        case topToBottom
        /// Bottom to top.
        case bottomToTop
    }

    /// The translucent rounded background behind the dots (PC-15).
    public enum BackgroundStyle: Sendable, Hashable, CaseIterable {
        /// Shown while people interact with the control.
        case automatic
        /// Always shown.
        case prominent
        /// Never shown; scrubbing is off because it would give no feedback.
        case minimal
    }

    /// What kind of interaction is under way (PC-13).
    public enum InteractionState: Sendable, Hashable {
        /// None.
        case none
        /// A tap: one page at a time, animated.
        case discrete
        /// A scrub: pages in order, not animated.
        case continuous
    }

    /// The number of pages, 0 or more.
    public private(set) var numberOfPages: Int
    /// The current page, always within 0 ..< numberOfPages (0 when there are none): any value
    /// set is clamped into range.
    public var currentPage: Int = 0 { didSet { currentPage = clampedPage(currentPage) } }
    /// Hide the control when there is only one page.
    public var hidesForSinglePage = false
    /// The order of the pages along the control.
    public var direction: Direction = .natural
    /// True when the surrounding layout runs right to left (resolves `natural`).
    public var isRightToLeftLayout = false
    /// The background style.
    public var backgroundStyle: BackgroundStyle = .automatic
    /// Whether a press and drag scrubs through the pages.
    public var allowsContinuousInteraction = true
    /// The interaction under way.
    public internal(set) var interactionState: InteractionState = .none
    /// The most dots shown at once; more pages clip the row (PC-02, PC-11). Clamped to 3…1,000,
    /// so that the layout stays small whatever the number of pages.
    public var maximumVisibleIndicators = 10 { didSet { maximumVisibleIndicators = maximumVisibleIndicators.clamped(to: 3...1000) } }
    /// The diameter of a dot, in points; clamped to 0.1…1,000, NaN means 7.
    public var indicatorDiameter: Double = 7 { didSet { indicatorDiameter = indicatorDiameter.isNaN ? 7 : indicatorDiameter.clamped(to: 0.1...1000) } }
    /// The gap between two dots, in points; clamped to 0…1,000, NaN means 8.
    public var indicatorSpacing: Double = 8 { didSet { indicatorSpacing = indicatorSpacing.isNaN ? 8 : indicatorSpacing.clamped(to: 0...1000) } }
    /// Padding inside the background, at each end; clamped to 0…1,000, NaN means 8.
    public var padding: Double = 8 { didSet { padding = padding.isNaN ? 8 : padding.clamped(to: 0...1000) } }
    /// A press held this long starts a scrub, in seconds; clamped to 0…60, NaN means 0.15.
    public var scrubDelay: Double = 0.15 { didSet { scrubDelay = scrubDelay.isNaN ? 0.15 : scrubDelay.clamped(to: 0...60) } }
    /// The image for every indicator; nil for the default dot (PC-06).
    public var preferredIndicatorImage: IndicatorImage? = nil
    /// The image for the current page's indicator; nil for the same image as the others.
    public var preferredCurrentPageIndicatorImage: IndicatorImage? = nil
    /// Images for particular pages.
    public internal(set) var indicatorImages: [Int: IndicatorImage] = [:]
    /// Images for particular pages while they are current.
    public internal(set) var currentPageIndicatorImages: [Int: IndicatorImage] = [:]
    /// How far through the current page its content has progressed, 0…1 (iOS 17 `progress`).
    public internal(set) var currentPageProgress: Double = 0
    /// The timer that advances pages on its own, if any.
    public internal(set) var timer: PageTimer? = nil
    var press: Press? = nil
    /// The latest time seen, in seconds.
    public internal(set) var time: Double = 0

    /// Creates a control with `numberOfPages` pages; a negative count throws.
    public init(numberOfPages: Int = 0) throws(PageControlError) {
        guard numberOfPages >= 0 else { throw .negativePageCount(numberOfPages) }
        self.numberOfPages = numberOfPages
    }

    /// A control with `count` pages, where a negative count is clamped to 0 instead of rejected.
    public init(clampingPageCount count: Int) {
        numberOfPages = Swift.max(0, count)
    }

    /// Changes the page count; a negative count throws. The current page is clamped into the
    /// new range.
    public mutating func setNumberOfPages(_ count: Int) throws(PageControlError) {
        guard count >= 0 else { throw .negativePageCount(count) }
        numberOfPages = count
        currentPage = clampedPage(currentPage)
        timer?.restartPage(at: time)
    }

    /// True when the control should not be drawn: no pages, or one page with ``hidesForSinglePage``.
    public var isHidden: Bool { numberOfPages == 0 || (hidesForSinglePage && numberOfPages == 1) }

    /// True when the control lays out vertically.
    public var isVertical: Bool { direction == .topToBottom || direction == .bottomToTop }

    /// True when page 0 sits at the bottom or right end.
    public var isReversed: Bool {
        switch direction {
        case .natural: return isRightToLeftLayout
        case .rightToLeft, .bottomToTop: return true
        case .leftToRight, .topToBottom: return false
        }
    }

    /// True when the background should be drawn now (PC-15).
    public var isBackgroundVisible: Bool {
        switch backgroundStyle {
        case .prominent: return true
        case .minimal: return false
        case .automatic: return interactionState != .none
        }
    }

    /// True when a press and drag scrubs: allowed, and not with the minimal background (PC-15).
    public var canScrub: Bool { allowsContinuousInteraction && backgroundStyle != .minimal }

    /// The distance between the centres of two dots.
    public var pitch: Double { indicatorDiameter + indicatorSpacing }

    /// The size of a control that shows `count` pages, along and across its axis; at most
    /// ``maximumVisibleIndicators`` dots count.
    public func size(forNumberOfPages count: Int) -> (length: Double, thickness: Double) {
        let dots = Swift.min(Swift.max(0, count), maximumVisibleIndicators)
        guard dots > 0 else { return (0, 0) }
        return (Double(dots) * pitch - indicatorSpacing + 2 * padding, indicatorDiameter + 2 * padding)
    }

    /// Sets how far the current page has progressed, 0…1; NaN or infinity throws.
    public mutating func setCurrentPageProgress(_ progress: Double) throws(PageControlError) {
        try requirePageFinite(progress, "progress")
        currentPageProgress = progress.clamped(to: 0...1)
    }

    func clampedPage(_ page: Int) -> Int {
        numberOfPages == 0 ? 0 : Swift.min(Swift.max(page, 0), numberOfPages - 1)
    }
}
