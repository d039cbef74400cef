/// Where the page dots go: only the visible window of at most ``PageControlState/maximumVisibleIndicators``
/// dots is laid out, so the cost is the same for ten pages and a million (PC-01, PC-02, PC-11).
public struct PageIndicatorLayout: Sendable, Hashable {
    /// One drawn indicator.
    public struct Item: Sendable, Hashable {
        /// The page it stands for.
        public var page: Int
        /// Its centre along the control's axis, from the control's leading edge, in points.
        public var center: Double
        /// 1 for a full dot; smaller for the dots at a clipped end (0.66 next to the edge dot,
        /// 0.33 at the very edge).
        public var scale: Double
        /// True for the current page, drawn highlighted.
        public var isCurrent: Bool
        /// The image to draw.
        public var image: IndicatorImage
    }

    /// The dots in the order they are drawn along the axis.
    public var items: [Item]
    /// The first page of the visible window.
    public var firstVisiblePage: Int
    /// The length of the control along its axis.
    public var length: Double
    /// True when the control lays out vertically.
    public var isVertical: Bool
    /// Pages lie beyond the window towards the start.
    public var clippedAtStart: Bool
    /// Pages lie beyond the window towards the end.
    public var clippedAtEnd: Bool
}
