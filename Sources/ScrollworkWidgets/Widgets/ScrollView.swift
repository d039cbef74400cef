import Scrollwork

/// The part of the content a scroll view shows, for the content that draws it.
public struct ScrollWindow: Sendable, Hashable {
    /// Where the content is drawn, in points on the canvas: content point (x, y) lies at
    /// `box.origin` plus (x, y) less ``offset``. Drawing is cut to it.
    public var box: Rect
    /// ``box``'s cells, for content that draws cells itself.
    package var rect: CellRect
    /// The content offset in points (negative while stretched past the start).
    public var offset: Point
    /// The zoom scale of the content.
    public var zoomScale: Double
    /// The content row shown in the first row of `rect` (negative while stretched past the start).
    public var firstRow: Int
    /// The content column shown in the first column of `rect`.
    public var firstColumn: Int
    /// The point/cell mapping.
    public var metrics: CellMetrics
}

/// What a ``ScrollView`` shows: it draws the part the window shows.
public protocol ScrollContent {
    /// Draws the part of the content in `window` on `canvas` as it looks at `time`, with the
    /// canvas's drawing calls in points (placed by ``ScrollWindow/box`` and the offset), which a
    /// window draws exactly and a terminal in cells. Content that writes `canvas.cells` itself
    /// stays on whole cells in a window too: draw with the canvas's calls to scroll smoothly.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double)

    /// The content's size in points for a view `viewport` points large, measured with the
    /// host's `measurer` (text wrapped to the width, a grid of known size), or nil to keep the
    /// size the app gave ``ScrollView/state``. The view asks before each frame, so the size
    /// follows resizes and the host's type; the default is nil.
    func contentSize(fitting viewport: Size, measurer: TextMeasurer) -> Size?

    /// The text shown in `window`, line by line, as a screen reader reads it; nil (the
    /// default) for content that is not text.
    func accessibleLines(in window: ScrollWindow) -> [String]?

    /// The text around `window`, line by line, which of its lines is the first shown, where
    /// they lie and what is selected: what a screen reader reads, its caret on the first line
    /// shown, so that a scroll moves the caret and the line scrolled to is read. Give lines
    /// before and after the shown ones, in blocks that do not move with every scroll (a caret at
    /// the same place in new text is taken for no move). The default: the lines shown
    /// (``accessibleLines(in:)``), the caret on the first, their frames unknown.
    func accessibleText(around window: ScrollWindow) -> AccessibleText?
}

extension ScrollContent {
    /// Nil: the app sets the scroll view's content size.
    public func contentSize(fitting viewport: Size, measurer: TextMeasurer) -> Size? { nil }

    /// Nil: the content is not text.
    public func accessibleLines(in window: ScrollWindow) -> [String]? { nil }

    /// The lines shown, the caret on the first.
    public func accessibleText(around window: ScrollWindow) -> AccessibleText? {
        accessibleLines(in: window).map { AccessibleText(lines: $0) }
    }
}

/// A scroll view: its `ScrollState`, content drawn through ``ScrollContent``, indicators over
/// it (overlay, legacy, visionOS) and the rubber-band space past the edges. The mouse drags and
/// flicks the content like a finger, the wheel scrolls, keys step lines and pages (SV-01 to SV-05).
public struct ScrollView<Content: ScrollContent>: StatefulWidget {
    /// The state, by the name the widget's own code knows it by; ``state`` outside the package.
    package var scroll: ScrollState
    /// The content.
    public var content: Content
    /// Styles.
    public var theme: Theme
    /// Which keys scroll how: `ScrollCommand.keys` unless rebound.
    public var keys = ScrollCommand.keys
    /// What clicks and the wheel do: ``PointerCommand/scrolling`` unless rebound.
    public var gestures = PointerCommand.scrolling
    /// The point/cell mapping; the line step is one cell.
    public var metrics = CellMetrics() { didSet { scroll.lineStep = metrics.cell } }
    /// False for a view that takes no keys (a carousel inside a document).
    public var acceptsFocus = true
    /// The scroll edge effects at the view's edges, under bars that float over the content
    /// (SV-08): soft dims the rows that slide under the bar, hard draws a separator.
    public var edgeEffects: [ScrollEdgeEffect] = []
    /// The platform whose rules resolve an `.automatic` edge effect.
    public var idiom: ScrollIdiom = .iOS
    /// The part of the last render's area that could be seen (inside any clip the canvas had):
    /// where the pointer reaches the view.
    public private(set) var frame = Rect.zero
    /// The cells of ``frame`` on the canvas's grid.
    package private(set) var frameCells = CellRect.none
    var pointer = ScrollPointer()
    /// Where the viewport lay in the last render, in points: the pointer is read against it.
    var viewportFrame = Rect.zero
    /// Where the last render showed content, in points; nil before any.
    var contentBox: Rect? = nil

    /// A scroll view of `content` with `scroll`'s state, whose line step becomes one cell (set
    /// `scroll.lineStep` afterwards for another).
    public init(_ content: Content, scroll: ScrollState = ScrollState(viewport: .zero, content: .zero), theme: Theme = Theme()) {
        self.content = content
        self.scroll = scroll
        self.theme = theme
        self.scroll.lineStep = metrics.cell
    }

    /// The cells the content is drawn in: the view's cells less any legacy scroller tracks.
    package var contentRect: CellRect {
        let content = scroll.contentViewport
        return CellRect(column: frameCells.column, row: frameCells.row,
                        columns: Swift.min(frameCells.columns, metrics.columns(forPoints: content.width)),
                        rows: Swift.min(frameCells.rows, metrics.rows(forPoints: content.height)))
    }

    /// Where `mouse` is, in points from the top-left corner of the viewport as last drawn: what
    /// the scroll state's hit tests (`ScrollState.indicatorHit(at:)`) and auto-scroll take.
    public func point(of mouse: MouseEvent) -> Point {
        Point(x: mouse.x - viewportFrame.minX, y: mouse.y - viewportFrame.minY)
    }

    /// The window of content for the state's offset, in the box the last render showed content
    /// in (before any, the cells of the view less any legacy scroller's track).
    public var window: ScrollWindow {
        let offset = scroll.offset
        return ScrollWindow(box: contentBox ?? metrics.points(contentRect), rect: contentRect, offset: offset, zoomScale: scroll.zoomScale,
                            firstRow: metrics.rows(forPoints: offset.y), firstColumn: metrics.columns(forPoints: offset.x), metrics: metrics)
    }

    /// Sets the viewport to `bounds` as the host lays it out (exactly, in points; its cells on a
    /// grid), then draws the content and the indicators, cut to any clip the canvas has (a
    /// carousel on a document's lines, cut at the document's edges: ``Canvas/clipped(to:_:)``).
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        canvas.applyMotion(to: &scroll)
        let area = canvas.cells(in: bounds)
        frameCells = area
        let box = canvas.aligned(bounds)
        frame = canvas.visiblePart(of: bounds)
        viewportFrame = box
        if scroll.viewportSize != box.size { scroll.viewportSize = box.size }
        // Content that knows its size gives it for this viewport and this host's type.
        if let fitted = content.contentSize(fitting: box.size, measurer: canvas.textMeasurer), fitted != scroll.contentSize {
            scroll.contentSize = fitted
        }
        // Blank as far as the clip lets it draw: a view placed partly outside it (a carousel
        // scrolled under its document's top) leaves what lies outside alone.
        canvas.cells.fill(area.intersection(canvas.currentClip))
        // The content shows from the view's own corner, as far as the viewport less any legacy
        // scroller's track: whole cells on a grid, exact points in a window.
        contentBox = canvas.aligned(Rect(origin: box.origin, size: scroll.contentViewport))
        var window = self.window
        window.offset = canvas.drawnOffset(window.offset)
        let opened = canvas.beginDrawing(window.box, idiom: idiom)
        content.draw(window, into: &canvas, at: time)
        canvas.endDrawing(opened)
        for effect in edgeEffects {
            canvas.edgeEffect(effect, state: scroll, idiom: idiom, content: metrics.points(contentRect), theme: theme)
        }
        canvas.scrollIndicators(of: scroll, in: box, theme: theme)
    }

    /// Keys scroll (`ScrollCommand/init(key:)`); the pointer drags, flicks and wheels.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        switch event {
        case let .key(key):
            guard let command = keys.command(for: key) else { return .ignored }
            scroll.perform(command, time: time)
            return .handled
        case let .mouse(mouse):
            return Reply(pointer.handle(mouse, in: viewportFrame, state: &scroll, gestures: gestures, at: time))
        default:
            return .ignored
        }
    }

    /// Stretches at the edge for a wheel turn nothing could use (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { ScrollPointer.overscroll(mouse, state: &scroll, gestures: gestures, at: time) }
    /// Advances the motion.
    public mutating func tick(at time: Double) -> Reply<Never> {
        scroll.tick(at: time)
        return .ignored
    }
    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { scroll.flashIndicators(at: time) }
    /// True while the content moves or an indicator fades.
    public var isAnimating: Bool { scroll.isAnimating }
    /// The edge effects' diagnostics (SV-08).
    public var diagnostics: [Diagnostic] { ScrollEdgeEffect.diagnostics(for: edgeEffects) }
    /// When an indicator starts to fade.
    public var wakeTime: Double? { scroll.wakeTime }
}

extension ScrollView {
    /// The scrolling: offset, content size, physics and indicators.
    public var state: ScrollState {
        get { scroll }
        set { scroll = newValue }
        // In place: a get and a set would copy the state's storage on every change made through it.
        _modify { yield &scroll }
    }
}
