import Scrollwork

/// What a frame is drawn on: a host's surface, measured in points from its top-left corner.
///
/// Widgets are laid out in points (``Widget/render(in:into:at:)`` takes a `Rect`) and draw
/// through the canvas, once, for every host. A terminal's canvas is its grid of cells,
/// ``cells``, at ``metrics`` (8 × 16 points a cell by default), into which every drawing call
/// is rasterized at once. A pixel host's canvas has a ``pointContext``: the same calls are
/// recorded as ``PointDrawing``s in points, kept in ``pointMarks`` for the host to draw
/// exactly, its grid holding only what content draws in cells itself.
public struct Canvas: Sendable {
    /// The grid of cells: what a terminal shows.
    public var cells: Buffer
    /// How points map to ``cells``.
    public let metrics: CellMetrics
    /// The canvas's size in points: its cells', or a pixel host's true size, which may be a
    /// little more than whole cells.
    public let size: Size
    /// Set by a pixel host that has widgets draw in points at the idiom's metrics, with its text
    /// measurer; nil for a terminal.
    public let pointContext: PointContext?
    /// Set by a host whose person asked for less motion (`--screen-reader`, the desktop's
    /// setting): the widgets that scroll turn their motion off as they draw on it, as
    /// `ScrollState.reducesMotion` does, and keep it off.
    public var reducesMotion = false
    /// Set by a desktop window: a wheel notch moves the content a few lines in a short step, as
    /// GTK's wheel does, instead of gliding on (`ScrollState.wheelGlides`); the widgets that
    /// scroll take it as they draw on it.
    public var stepsWheel = false
    /// Set by a desktop window whose window manager draws a title bar over it (server-side
    /// decorations), which names the window and moves and closes it: an app draws no title bar
    /// of its own under it, as GTK draws its header bar only where the window manager draws none.
    public var hasWindowTitleBar = false
    /// Makes `scroll` move as the host asks (``reducesMotion``, ``stepsWheel``); what a host
    /// asked for stays, so a widget keeps it between frames. Every widget that scrolls calls
    /// this as it draws.
    public func applyMotion(to scroll: inout ScrollState) {
        if reducesMotion { scroll.reducesMotion = true }
        if stepsWheel { scroll.wheelGlides = false }
    }
    /// The parts of the frame to draw in points, in drawing order.
    public private(set) var pointMarks: [PointMark] = []
    /// The drawing a widget is recording in points (``draw(_:idiom:_:)`` on a canvas with a
    /// ``pointContext``); nil while drawing goes to the cells.
    var recording: PointDrawing? = nil
    /// True while ``recording`` holds a drawing: asked by every drawing call, and cheaper to
    /// ask than the optional drawing itself.
    @usableFromInline var isRecording = false
    /// The cells drawing on the grid is cut to (``clipped(to:_:)``): the whole grid at first.
    @usableFromInline var cellClip: CellRect? = nil
    /// The clips ``pushClip(_:)`` replaced, innermost last.
    var savedClips: [CellRect?] = []
    /// What drawings in points are cut to outside one (``clipped(to:_:)``), in points: nil
    /// for none. A drawing begun inside it takes only its part.
    var pointClip: Rect? = nil
    /// The point clips ``pushClip(_:)`` replaced, innermost last.
    var savedPointClips: [Rect?] = []
    /// True inside a ``faded(_:_:)`` below 0.75 on a grid: what is drawn is dim.
    var dimsDrawing = false

    /// A terminal's canvas: `cells` at `metrics`, its size their size in points.
    public init(cells: Buffer, metrics: CellMetrics = CellMetrics()) {
        self.cells = cells
        self.metrics = metrics
        size = metrics.size(of: cells.area)
        pointContext = nil
    }

    /// A pixel host's canvas: `cells` at `metrics` over a surface of `size` points (at least the
    /// cells' size), with `pointContext` when widgets draw in points (nil draws them in cells, as
    /// a terminal shows them).
    public init(cells: Buffer, metrics: CellMetrics, size: Size, pointContext: PointContext?) {
        self.cells = cells
        self.metrics = metrics
        let grid = metrics.size(of: cells.area)
        func side(_ v: Double, _ least: Double) -> Double { v.isFinite ? Swift.max(v, least) : least }
        self.size = Size(width: side(size.width, grid.width), height: side(size.height, grid.height))
        self.pointContext = pointContext
    }

    /// The whole canvas in points.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cells `rect` covers (see ``CellMetrics/cells(in:)``).
    @usableFromInline package func cells(in rect: Rect) -> CellRect { metrics.cells(in: rect) }

    /// `cells` in points, stretched to the canvas's edge where they reach the grid's last column
    /// or row (a pixel host's cells cover a little less than its window).
    package func points(_ cells: CellRect) -> Rect {
        var box = metrics.points(cells)
        if cells.maxColumn >= self.cells.columns, size.width > box.maxX { box.size.width = size.width - box.minX }
        if cells.maxRow >= self.cells.rows, size.height > box.maxY { box.size.height = size.height - box.minY }
        return box
    }

    /// Blanks every cell and forgets every mark: what an overlay that covers the whole canvas
    /// does first, so that nothing beneath it is drawn for nothing.
    public mutating func clear() {
        cells.clear()
        pointMarks.removeAll(keepingCapacity: true)
    }

    /// Keeps `mark` for the host to draw, on a pixel host's canvas (a terminal's keeps none).
    public mutating func record(_ mark: PointMark) {
        guard drawsInPoints, pointMarks.count < Self.maximumPointMarks else { return }
        pointMarks.append(mark)
    }

    /// The controls the frame's drawings hold, in drawing order: what a pixel host draws its own
    /// way (indicators, page dots, edge effects, push buttons).
    public var controls: [PointDrawing.Control] {
        pointMarks.flatMap { mark -> [PointDrawing.Control] in
            guard case let .drawing(drawing) = mark else { return [] }
            return drawing.commands.compactMap { if case let .control(control) = $0 { control } else { nil } }
        }
    }

    /// The most marks a frame keeps; a widget tree that makes more is drawing in a loop.
    public static var maximumPointMarks: Int { 4096 }
}
