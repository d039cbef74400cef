/// The headless state of one scroll view: geometry, offset, zoom, motion and indicators.
///
/// A value type driven by method calls that carry the time (`beginDrag(at:time:)`,
/// `wheel(notches:at:)`, `tick(at:)`); it owns no clock and does no I/O, so the same calls always
/// give the same offsets. A host feeds it input, calls ``tick(at:)`` while ``isAnimating`` is true
/// (and at ``wakeTime``), and draws ``offset`` and ``indicator(_:)``.
///
/// Units are points and seconds. The offset is the content point at the viewport's top-left
/// corner, as in UIKit: it ranges over ``offsetBounds(_:)``, from minus the leading inset to the
/// content's end plus the trailing inset, and goes past that range only while rubber-banding.
///
/// ```swift
/// var scroll = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 5000))
/// try scroll.beginDrag(at: Point(x: 100, y: 400), time: 0)
/// try scroll.drag(to: Point(x: 100, y: 300), time: 0.05)
/// try scroll.endDrag(time: 0.06)           // a flick: momentum follows
/// scroll.tick(at: 0.5)                     // scroll.offset.y has moved on
/// ```
public struct ScrollState: Sendable, Hashable {
    // MARK: Geometry

    /// The size of the view. Negative or non-finite extents are stored as 0.
    public var viewportSize: Size { didSet { viewportSize = viewportSize.sanitized; layoutChanged() } }
    /// The size of the content at zoom scale 1. Negative or non-finite extents are stored as 0.
    public var contentSize: Size { didSet { contentSize = contentSize.sanitized; layoutChanged() } }
    /// Extra scrollable space around the content (room for floating bars). Non-finite insets are
    /// stored as 0.
    public var contentInsets: EdgeInsets = .zero { didSet { contentInsets = contentInsets.sanitized; layoutChanged() } }

    /// The content point at the top-left corner of the viewport.
    public internal(set) var offset: Point = .zero
    /// The current zoom scale.
    public internal(set) var zoomScale: Double = 1

    // MARK: Behaviour

    /// Turns all user scrolling off; programmatic scrolling still works.
    public var isScrollEnabled = true
    /// Axes on which the content rubber-bands past its edges (SV-02).
    public var bounces: Axis.Set = .both
    /// Axes that rubber-band even when the content fits the viewport.
    public var alwaysBounce: Axis.Set = []
    /// How quickly momentum dies down after a flick (SV-16).
    public var decelerationRate: DecelerationRate = .normal
    /// The spring that returns the content to an edge or settles it on a page.
    public var spring: Spring = .bounce
    /// A drag that starts clearly along one axis scrolls only that axis (SV-04).
    public var isDirectionalLockEnabled = false
    /// Reduce Motion, as Apple platforms offer it: momentum, bounces and animated scrolls become
    /// immediate moves (a flick goes at once to where it would have come to rest), the content
    /// never stretches past its edges, zooms jump to their scale, and indicators appear and
    /// disappear without fading.
    public var reducesMotion = false
    /// Paging mode: releases settle on page boundaries, a flick moves at most one page (SV-05).
    public var isPagingEnabled = false
    /// Pages of differing lengths along the vertical axis (watchOS tab pages, SV-15); nil for pages
    /// of one viewport minus the overlap.
    public var verticalPageLengths: [Double]? = nil {
        didSet { verticalPageLengths = verticalPageLengths.map { $0.map { $0.isFinite ? Swift.min(Swift.max(0, $0), Self.maximumExtent) : 0 } } }
    }
    /// One line: the step of the arrow keys and of a wheel line, and the default page overlap.
    /// 40 points by default, the line step of Chromium's scrolling (reference/physics.md); a host
    /// sets its own (the terminal host: one cell). Negative or non-finite extents are stored as 0.
    public var lineStep = Size(width: 40, height: 40) { didSet { lineStep = lineStep.sanitized } }
    /// How much of the old page a page step keeps visible; nil for one line (SV-05). Negative or
    /// non-finite extents are stored as 0.
    public var pageOverlap: Size? = nil { didSet { pageOverlap = pageOverlap?.sanitized } }
    /// True (the default) when a wheel notch glides the content on a curve of its own and a
    /// fast burst carries on as a flick, as a Mac's wheel does; false for a desktop's stepped
    /// wheel, as GTK's: each notch moves ``wheelLines`` lines in a short ease-out (150 ms), the
    /// steps of a burst add up, and nothing glides on after the last.
    public var wheelGlides = true
    /// Lines per mouse-wheel notch, 0 to 1,000; a value outside is clamped, and NaN means 3.
    public var wheelLines: Double = 3 { didSet { wheelLines = wheelLines.isNaN ? 3 : wheelLines.clamped(to: 0...1000) } }
    /// Release speeds below this are not flicks, in points per second; clamped to 0…1,000,000,
    /// and NaN means 50.
    public var minimumFlingVelocity: Double = 50 {
        didSet { minimumFlingVelocity = minimumFlingVelocity.isNaN ? 50 : minimumFlingVelocity.clamped(to: 0...1_000_000) }
    }
    /// Release speeds are capped at this, in points per second; clamped to 0…1,000,000, and NaN
    /// means 8,000.
    public var maximumFlingVelocity: Double = 8000 {
        didSet { maximumFlingVelocity = maximumFlingVelocity.isNaN ? 8000 : maximumFlingVelocity.clamped(to: 0...1_000_000) }
    }
    /// Indicator appearance and timing.
    public var indicatorStyle = ScrollIndicatorStyle() { didSet { layoutChanged() } }
    /// Axes whose indicator is hidden, e.g. the paging axis of a view coupled to a page control (SV-10).
    public var hiddenIndicators: Axis.Set = [] { didSet { layoutChanged() } }
    /// Smallest zoom scale; zooming works only when ``maximumZoomScale`` is larger (SV-07), and is
    /// off while the minimum is above the maximum. A value that is not a positive finite number
    /// means 1; others are clamped to ``zoomScaleRange``.
    public var minimumZoomScale: Double = 1 {
        didSet {
            minimumZoomScale = minimumZoomScale.isFinite && minimumZoomScale > 0 ? minimumZoomScale.clamped(to: Self.zoomScaleRange) : 1
            layoutChanged()
        }
    }
    /// Largest zoom scale; same rules as ``minimumZoomScale``.
    public var maximumZoomScale: Double = 1 {
        didSet {
            maximumZoomScale = maximumZoomScale.isFinite && maximumZoomScale > 0 ? maximumZoomScale.clamped(to: Self.zoomScaleRange) : 1
            layoutChanged()
        }
    }
    /// The zoom scales a limit may have: far beyond any use, and small enough that content
    /// times scale stays a finite number.
    public static let zoomScaleRange = 1e-6...1e6
    /// The largest extent, inset or page length the state keeps, in points (1e15): larger values
    /// are clamped to it, which keeps every product and sum of them a finite number.
    public static let maximumExtent = 1e15
    /// A pinch may pass the zoom limits with a rubber band and springs back at its end.
    public var bouncesZoom = true
    /// The factor of a double-tap zoom step (×1.5 in Apple's samples); a value that is not a
    /// finite number above 1 means 1.5, and values above 1,000 are clamped.
    public var doubleTapZoomFactor: Double = 1.5 {
        didSet { doubleTapZoomFactor = doubleTapZoomFactor.isFinite && doubleTapZoomFactor > 1 ? Swift.min(doubleTapZoomFactor, 1000) : 1.5 }
    }

    // MARK: Time and motion

    /// The latest time the state has seen, in seconds. Input that arrives with an earlier time is
    /// treated as happening now: time never runs backwards inside the state.
    public internal(set) var time: Double = 0
    var motion = AxisPair<AxisMotion>(both: .idle)
    var drag: DragSession? = nil
    var zoomGesture: ZoomGesture? = nil
    var zoomAnimation: ZoomAnimation? = nil
    var indicatorDrag: IndicatorDrag? = nil
    var wheelBurst = WheelBurst()
    /// When the content last moved; the indicator fade counts from here.
    var lastMovement: Double? = nil
    /// The indicator the pointer is over, for scrollers that expand on hover.
    var hoveredIndicator: Axis? = nil
    var flashStart: Double? = nil

    /// Creates a scroll view of `viewport` size showing `content`.
    public init(viewport: Size, content: Size, insets: EdgeInsets = .zero) {
        self.viewportSize = viewport.sanitized
        self.contentSize = content.sanitized
        self.contentInsets = insets.sanitized
        self.offset = Point(x: offsetBounds(.horizontal).lowerBound, y: offsetBounds(.vertical).lowerBound)
    }

    // MARK: Derived geometry

    /// The part of the viewport the content is laid out in: the viewport less any legacy
    /// scroller track (SV-11), so the content never moves when a scroller appears.
    public var contentViewport: Size {
        var size = viewportSize
        guard indicatorStyle.reservesTrack, indicatorStyle.visibility != .never else { return size }
        let track = indicatorStyle.trackWidth
        // As AppKit tiles scrollers: a vertical scroller narrows the view, which may make the
        // content too wide, which brings a horizontal scroller, which may in turn make it too tall.
        let height = contentExtent(.vertical), width = contentExtent(.horizontal)
        var vertical = !Self.fits(height, in: size.height)
        let horizontal = !Self.fits(width, in: size.width - (vertical ? track : 0))
        if horizontal && !vertical { vertical = !Self.fits(height, in: size.height - track) }
        if vertical { size.width = Swift.max(0, size.width - track) }
        if horizontal { size.height = Swift.max(0, size.height - track) }
        return size
    }

    /// The width for content `height` points tall whose rows span the view (a list, wrapped
    /// text): the width of the part of the viewport it is shown in, or `minimumWidth` when that
    /// is wider. A legacy vertical scroller narrows that part by its track (SV-11), so content
    /// sized to the whole viewport would scroll sideways by the scroller's width.
    public func spanningContentWidth(height: Double, atLeast minimumWidth: Double = 0) -> Double {
        guard indicatorStyle.reservesTrack else { return Swift.max(viewportSize.width / Swift.max(zoomScale, 1e-9), minimumWidth) }
        var probe = self
        probe.contentSize = Size(width: minimumWidth, height: height)
        let shown = probe.contentViewport.width / Swift.max(zoomScale, 1e-9)
        return Swift.max(shown, probe.contentSize.width)
    }

    /// The zoomed content's length along `axis`.
    public func contentExtent(_ axis: Axis) -> Double { contentSize[axis] * zoomScale }

    /// True when zooming is possible: the maximum scale exceeds the minimum.
    public var isZoomEnabled: Bool { maximumZoomScale > minimumZoomScale }

    /// The range the offset may take along `axis` when nothing is stretched.
    ///
    /// Zoomable content smaller than the viewport is centred (SV-07); other small content sits at
    /// the leading edge.
    public func offsetBounds(_ axis: Axis) -> ClosedRange<Double> {
        let viewport = contentViewport[axis]
        let content = contentExtent(axis)
        if isZoomEnabled, content < viewport {
            let centred = -(viewport - content) / 2
            return centred...centred
        }
        let low = -contentInsets.leading(axis)
        // Content that overhangs by a rounding error of its own sum (960.0000000000001 for 960)
        // fits: it would show a scroller whose thumb fills the track and that moves nothing.
        guard !Self.fits(content + contentInsets.total(axis), in: viewport) else { return low...low }
        return low...Swift.max(low, content + contentInsets.trailing(axis) - viewport)
    }

    /// True when `length` is at most `viewport`, or above it by no more than floating-point
    /// error in summing it (a millionth of a millionth of its size).
    static func fits(_ length: Double, in viewport: Double) -> Bool {
        length - viewport <= Swift.max(abs(length), 1) * 1e-12
    }

    /// True when user input can scroll along `axis`.
    public func canScroll(_ axis: Axis) -> Bool {
        guard isScrollEnabled else { return false }
        let bounds = offsetBounds(axis)
        return bounds.upperBound > bounds.lowerBound || alwaysBounce.contains(axis)
    }

    /// How far the content is stretched past its bounds along `axis`: negative before the start,
    /// positive past the end, 0 inside.
    public func overscroll(_ axis: Axis) -> Double {
        let bounds = offsetBounds(axis), value = offset[axis]
        if value < bounds.lowerBound { return value - bounds.lowerBound }
        if value > bounds.upperBound { return value - bounds.upperBound }
        return 0
    }

    /// The visible part of the content, in zoomed content coordinates.
    public var visibleRect: Rect { Rect(origin: offset, size: contentViewport) }

    /// One page step along `axis`: the viewport less the overlap, which is capped at half the
    /// viewport so a page step always makes progress (SV-05).
    public func pageStep(_ axis: Axis) -> Double {
        let viewport = contentViewport[axis]
        let overlap = (pageOverlap ?? lineStep)[axis].clamped(to: 0...(viewport / 2))
        return Swift.max(viewport - overlap, 0)
    }

    // MARK: Phase

    /// What the scroll view is doing.
    public var phase: ScrollPhase {
        if drag != nil || indicatorDrag != nil { return .dragging }
        if zoomGesture != nil { return .zooming }
        if zoomAnimation != nil { return .animating }
        var phase = ScrollPhase.idle
        for axis in Axis.allCases {
            switch motion[axis] {
            case .spring: return .bouncing
            case .decelerating: phase = .decelerating
            case .animating, .steady: if phase == .idle { phase = .animating }
            case .idle: break
            }
        }
        return phase
    }

    /// True while the host needs frames: something moves or an indicator is fading.
    public var isAnimating: Bool {
        if phase != .idle && phase != .dragging && phase != .zooming { return true }
        // A held jog bar or auto-scroll moves with time while the pointer rests (SV-14).
        for axis in Axis.allCases { if case .steady = motion[axis] { return true } }
        guard indicatorStyle.isTransient else { return false }
        if isFlashing { return true }
        let opacity = indicatorOpacity
        return opacity > 0 && opacity < 1
    }

    /// The next time at which the host should tick even though nothing animates now (the start of
    /// an indicator fade), or nil. Lets an idle host sleep instead of polling.
    public var wakeTime: Double? {
        guard indicatorStyle.isTransient, phase == .idle || phase == .dragging, let last = lastMovement else { return nil }
        let fadeStart = last + indicatorStyle.fadeDelay
        return fadeStart > time && phase == .idle ? fadeStart : nil
    }

    // MARK: Time

    /// Moves the state's clock to `now` (never backwards) and validates it.
    mutating func advance(to now: Double) {
        // A time that is not a number stays where the clock was: time never runs backwards.
        if now.isFinite, now > time { time = Swift.min(now, Self.maximumExtent) }
    }

    /// Marks that the content moved now, which shows transient indicators.
    mutating func noteMovement() { lastMovement = time }

    /// Keeps an idle view inside its bounds after its geometry changed.
    /// The geometry changed: an axis at rest moves into its new bounds at once (SV-02). An axis
    /// in motion settles there when its motion ends; one under a finger, when it is let go.
    mutating func layoutChanged() {
        guard drag == nil, zoomGesture == nil, zoomAnimation == nil else { return }
        for axis in Axis.allCases where motion[axis].isIdle { offset[axis] = offset[axis].clamped(to: offsetBounds(axis)) }
    }
}

extension Size {
    /// Negative, non-finite and vanishingly small extents (below a millionth of a point, where
    /// divisions by them overflow) replaced by 0, huge ones by ``ScrollState/maximumExtent``.
    var sanitized: Size {
        func f(_ v: Double) -> Double { v.isFinite && v >= 1e-6 ? Swift.min(v, ScrollState.maximumExtent) : 0 }
        return Size(width: f(width), height: f(height))
    }
}

extension EdgeInsets {
    /// Non-finite insets replaced by 0, huge ones clamped to ±``ScrollState/maximumExtent``.
    var sanitized: EdgeInsets {
        func f(_ v: Double) -> Double { v.isFinite ? v.clamped(to: -ScrollState.maximumExtent...ScrollState.maximumExtent) : 0 }
        return EdgeInsets(top: f(top), left: f(left), bottom: f(bottom), right: f(right))
    }
}

