import Scrollwork

/// A widget's drawing in points: filled and stroked (rounded) rectangles, lines, text runs in a
/// ``FontRole``, symbols, clipping and opacity, recorded in order for a pixel host to draw
/// exactly. Colours are ``Style``s of the widget's `Theme`, which the host's palette resolves
/// for its appearance, as it does for cells.
///
/// A widget records one when the canvas it draws on has a ``PointContext`` (a pixel host),
/// laying itself out at the idiom's metrics, and hands it over as `PointMark.drawing`; the
/// controls a host draws its own way (``Control``) are commands of it too.
public struct PointDrawing: Sendable, Hashable {
    /// One drawing operation.
    public enum Command: Sendable, Hashable {
        /// `rect` filled with `style`'s background, its corners rounded by `radius`.
        case fill(Rect, Style, radius: Double)
        /// `rect`'s outline `width` points wide in `style`'s text colour, corners rounded by `radius`.
        case stroke(Rect, Style, width: Double, radius: Double)
        /// A line `width` points wide in `style`'s text colour.
        case line(from: Point, to: Point, Style, width: Double)
        /// `text` on one line in `font`, its line's top-left corner at `origin`, in `style`'s
        /// text colour (bold and italic as it says).
        case text(String, origin: Point, font: FontRole, style: Style)
        /// A symbol (a chevron, a checkmark) `size` points tall centred on `centre`.
        case symbol(String, centre: Point, size: Double, style: Style)
        /// Later commands are clipped to `rect` (within any clip already set) until ``restore``.
        case clip(Rect)
        /// Later commands are drawn at `opacity` (0…1, times any already set) until ``restore``.
        case opacity(Double)
        /// Undoes the last ``clip(_:)`` or ``opacity(_:)``.
        case restore
        /// A control the host draws at its true size in its own look (``Control``).
        case control(Control)
    }

    /// The parts of a frame a host draws its own way, at their true size: what a cell grid can
    /// only suggest (a 3-point indicator that fades, 7-point page dots, a soft edge, a push
    /// button's bezel). A terminal draws the characters that stand for them instead
    /// (`Canvas.scrollIndicators(of:in:theme:)` and the calls beside it say which).
    /// Rectangles are in points from the canvas's top-left corner.
    public enum Control: Sendable, Hashable {
        /// A scroll indicator (and a legacy scroller's track) of the viewport at `viewport`; the
        /// indicator's own rectangles are relative to the viewport's origin.
        case scrollIndicator(ScrollIndicator, viewport: Rect)
        /// A page control laid out by its state, centred in `frame`; the dot of page `hovered`,
        /// under the pointer, a shade stronger.
        case pageControl(PageControlState, frame: Rect, hovered: Int?)
        /// A scroll edge effect along `effect.edge` of `content`, resolved to `style`, at
        /// `intensity` (0…1, how much content lies under the bar).
        case edgeEffect(ScrollEdgeEffect, style: ScrollEdgeEffect.Style, intensity: Double, content: Rect)
        /// A push button: `title` centred in `frame`, drawn pressed while held and shaded under
        /// the pointer.
        case button(title: String, frame: Rect, isPressed: Bool, isHovered: Bool)
        /// watchOS: the page indicator beside the crown for the viewport at `viewport`, on `page`
        /// of `count` and `progress` (0…1) through it (SV-15).
        case crownPages(page: Int, count: Int, progress: Double, viewport: Rect)
        /// The soft shadow a raised surface (a menu, a popover) casts around `frame`, its corners
        /// rounded by `radius`: drawn before the surface, which covers its middle.
        case shadow(frame: Rect, radius: Double)
    }

    /// The commands, in drawing order.
    public private(set) var commands: [Command] = []
    /// The area drawn, in points from the canvas's top-left corner: the host draws nothing of
    /// this drawing outside it.
    public let frame: Rect
    /// How the host measures text.
    public let measurer: TextMeasurer
    /// True for a drawing laid over the cells beneath it (controls over content drawn in cells):
    /// the host draws those cells first and does not draw them again over it.
    public let isOverlay: Bool

    /// The most commands a drawing keeps; more means a widget draws in a loop.
    public static var maximumCommands: Int { 1 << 16 }

    /// An empty drawing of `frame`, measured by `measurer`; an overlay when `isOverlay`.
    public init(frame: Rect, measurer: TextMeasurer, isOverlay: Bool = false) {
        self.frame = frame
        self.measurer = measurer
        self.isOverlay = isOverlay
    }

    mutating func add(_ command: Command) {
        if commands.count < Self.maximumCommands { commands.append(command) }
    }

    /// Fills `rect` with `style`'s background, corners rounded by `radius` (negative is 0).
    public mutating func fill(_ rect: Rect, _ style: Style, radius: Double = 0) { add(.fill(rect, style, radius: Swift.max(0, radius))) }

    /// Outlines `rect` in `style`'s colour.
    public mutating func stroke(_ rect: Rect, _ style: Style, width: Double = 1, radius: Double = 0) {
        add(.stroke(rect, style, width: width, radius: Swift.max(0, radius)))
    }

    /// A line from `start` to `end`.
    public mutating func line(from start: Point, to end: Point, _ style: Style, width: Double = 1) {
        add(.line(from: start, to: end, style, width: width))
    }

    /// `text` on one line in the span `width` points wide from `origin` (its line's top-left
    /// corner), cut to fit as `truncation` says and placed in the span as `alignment` says.
    /// Returns the width drawn: 0 for empty text or no room.
    @discardableResult
    public mutating func text(_ text: String, at origin: Point, width: Double, font: FontRole, _ style: Style,
                              alignment: ColumnAlignment = .leading, truncation: Truncation = .tail) -> Double {
        let (shown, drawn) = measurer.fitted(text, toWidth: width, font: font, bold: style.bold, truncation)
        guard !shown.isEmpty else { return 0 }
        var x = origin.x
        switch alignment {
        case .leading: break
        case .trailing: x += width - drawn
        case .center: x += (width - drawn) / 2
        }
        add(.text(shown, origin: Point(x: x, y: origin.y), font: font, style: style))
        return drawn
    }

    /// `text` centred vertically in a line box of `height` from `top`: the top of its line.
    public func lineTop(_ font: FontRole, centredIn top: Double, height: Double) -> Double {
        top + (height - measurer.lineHeight(font)) / 2
    }

    /// A symbol `size` points tall centred on `centre`.
    public mutating func symbol(_ symbol: String, centre: Point, size: Double, _ style: Style) {
        add(.symbol(symbol, centre: centre, size: size, style: style))
    }

    /// A control the host draws its own way.
    public mutating func control(_ control: Control) { add(.control(control)) }

    /// Draws what `body` records clipped to `rect`.
    public mutating func clipped(to rect: Rect, _ body: (inout PointDrawing) -> Void) {
        add(.clip(rect))
        body(&self)
        add(.restore)
    }

    /// Draws what `body` records at `opacity` (0…1; NaN is 1). At 1 nothing is added around it:
    /// a host draws an opacity group through an offscreen layer, which costs a frame dearly.
    public mutating func faded(_ opacity: Double, _ body: (inout PointDrawing) -> Void) {
        let opacity = opacity.isNaN ? 1 : Swift.min(Swift.max(opacity, 0), 1)
        guard opacity < 1 else { body(&self); return }
        add(.opacity(opacity))
        body(&self)
        add(.restore)
    }
}

/// What a pixel host tells the widgets drawing on its canvas: the canvas's true size in
/// points and how it measures text in each idiom's sizes. Widgets that draw in points
/// (``PointDrawing``) lay out to the point, so nothing is left of the window at its right and
/// bottom edges.
public struct PointContext: Sendable, Hashable {
    /// The size of the canvas in points (its cells may cover a little less).
    public var size: Size
    /// A measurer for each idiom, in `ScrollIdiom.allCases`' order.
    private var measurers: [TextMeasurer]
    /// The host's pixels a point, when it draws in pixels: scrolled content is drawn at whole
    /// pixels of it (``Canvas/drawnOffset(_:)``). Nil draws it at the exact offset. Clamped to
    /// 1/64…64; NaN is 1.
    public let pixelsPerPoint: Double?

    /// The context of a canvas of `size` points whose text `measure` measures at a type scale
    /// (called once for each idiom's ``TypeScale``), `pixelsPerPoint` pixels a point when the
    /// host draws in pixels (clamped to 1/64…64; NaN is 1), nil to draw scrolled content at the
    /// exact offset.
    public init(size: Size, pixelsPerPoint: Double? = nil, measure: (TypeScale) -> TextMeasurer) {
        self.size = size
        self.pixelsPerPoint = pixelsPerPoint.map { $0.isNaN ? 1 : Swift.min(Swift.max($0, 1.0 / 64), 64) }
        measurers = ScrollIdiom.allCases.map { measure(TypeScale.standard(for: $0)) }
    }

    /// How text is measured at `idiom`'s sizes.
    public func measurer(for idiom: ScrollIdiom) -> TextMeasurer {
        measurers[ScrollIdiom.allCases.firstIndex(of: idiom) ?? 0]
    }
}
