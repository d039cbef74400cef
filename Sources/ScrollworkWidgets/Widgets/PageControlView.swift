import Scrollwork

/// A page control: a `PageControlState` drawn as ● for the current page, dimmer ● for the
/// others, • and · for the shrunk dots at a clipped end, custom symbols, and the rounded
/// background (PC-02, PC-11, PC-15). Each dot takes two cells; the control sits centred at the
/// bottom of its area (PC-04), or centred at the trailing edge for vertical directions.
///
/// A click before or after the current dot goes one page back or on (a mouse aims, so a click on
/// a dot goes to it), a drag scrubs (PC-12), ← → move a page. The page to show comes back in
/// the ``Reply`` of the event or tick that chose it, as a `PageChange`.
public struct PageControlView: StatefulWidget {
    /// The control.
    public var state: PageControlState
    /// Styles.
    public var theme: Theme
    /// Which keys turn pages: ``PageControlCommand/keys`` unless rebound.
    public var keys = PageControlCommand.keys
    /// What a click does: ``PointerCommand/pageDots`` unless rebound.
    public var gestures = PointerCommand.pageDots
    /// The area the dots took in the last render (the hit region), within the area given.
    public private(set) var frame = Rect.zero
    /// The point/cell mapping, for hosts that draw the dots at their size in points.
    public var metrics = CellMetrics()
    /// True when the last render drew the dots at their size in points (a pixel host), false
    /// when it drew them as characters two cells apart: a press is read against what was drawn.
    private var drewInPoints = false
    /// What a screen reader calls the dots ("Gallery pages"); empty for none.
    public var accessibilityLabel = ""
    /// The page whose dot is under the pointer, drawn a shade stronger in a window.
    public private(set) var hoveredPage: Int? = nil
    private var pressed = false
    /// The dots as a terminal last drew them, copied while the state and theme stay the same.
    var drawnDots = DrawnArea<DotsKey>()

    /// What the dots' drawing depends on: the state without its clock, and the theme.
    struct DotsKey: Equatable, Sendable {
        var state: PageControlState
        var theme: ThemeIdentity
        var hovered: Int?
    }

    /// A view of `state`.
    public init(_ state: PageControlState, theme: Theme = Theme()) {
        self.state = state
        self.theme = theme
    }

    /// The cells the control takes in `area`.
    package func frame(in area: CellRect) -> CellRect {
        let dots = Swift.min(state.numberOfPages, state.maximumVisibleIndicators)
        guard dots > 0, !state.isHidden else { return CellRect(column: area.column, row: area.row, columns: 0, rows: 0) }
        let length = dots * 2 + 1
        if state.isVertical {
            return CellRect(column: area.maxColumn - 3, row: area.row + (area.rows - length) / 2, columns: 3, rows: length).intersection(area)
        }
        return CellRect(column: area.column + (area.columns - length) / 2, row: area.maxRow - 1, columns: length, rows: 1).intersection(area)
    }

    /// Places the control in `area` and draws it.
    public mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        let cells = frame(in: canvas.cells(in: area))
        frame = canvas.metrics.points(cells)
        guard !cells.isEmpty else { drewInPoints = false; return }
        // One call for every host: a window draws the dots at their size, a terminal as
        // characters, which it keeps while the dots look the same.
        let (state, theme, frame) = (state, theme, frame)
        var inPoints = false
        let hovered = hoveredPage
        canvas.reusing(&drawnDots, key: DotsKey(state: state.withoutClock, theme: ThemeIdentity(theme), hovered: hovered), in: frame, idiom: .iOS) { c in
            inPoints = c.pageControl(state, in: frame, theme: theme, hovered: hovered)
        }
        drewInPoints = inPoints
    }

    /// Where dots are characters: which cell along the control `mouse` is in, from its first
    /// (dot i is in cell 1 + 2i), read from the pointer's point.
    private func cellAlong(_ mouse: MouseEvent) -> Int {
        let along = state.isVertical ? (mouse.y - frame.minY) / metrics.cellHeight : (mouse.x - frame.minX) / metrics.cellWidth
        return along.isFinite ? Int(flooringSaturating: along) : 0
    }

    /// The position along the control of `mouse`: where dots drawn in points are, the point on
    /// the control as drawn (centred in ``frame`` at its size in points); where dots were drawn
    /// as characters, the dot drawn in the pointer's cell.
    func position(of mouse: MouseEvent) -> Double {
        guard drewInPoints else {
            // Cell 1 + 2i is dot i, whose centre is at padding + diameter/2 + i·pitch.
            return (Double(cellAlong(mouse)) - 1) / 2 * state.pitch + state.padding + state.indicatorDiameter / 2
        }
        let point = Point(x: mouse.x - frame.minX, y: mouse.y - frame.minY)
        let control = state.frame(centredIn: Rect(origin: Point(x: 0, y: 0), size: frame.size))
        return state.isVertical ? point.y - control.minY : point.x - control.minX
    }

    /// Where a click lands on the dot of `page` as last drawn: the inverse of
    /// ``position(of:)``; nil when there is no such page or its dot is not shown.
    func center(ofDot page: Int) -> Point? {
        guard frame.width > 0, frame.height > 0, let item = state.layout().items.first(where: { $0.page == page }) else { return nil }
        let along: Double
        if drewInPoints {
            let control = state.frame(centredIn: Rect(origin: Point(x: 0, y: 0), size: frame.size))
            along = (state.isVertical ? control.minY : control.minX) + item.center
        } else {
            // Dot i is in cell 1 + 2i along the control.
            let i = ((item.center - state.padding - state.indicatorDiameter / 2) / state.pitch).rounded()
            along = (2 * i + 1.5) * (state.isVertical ? metrics.cellHeight : metrics.cellWidth)
        }
        return state.isVertical ? Point(x: frame.midX, y: frame.minY + along) : Point(x: frame.minX + along, y: frame.midY)
    }

    /// The pointing hand over the control (a click there turns the page), the arrow elsewhere.
    public mutating func pointerShape(at point: Point) -> PointerShape { frame.contains(point) ? .pointingHand : .arrow }

    /// True when `mouse` is on a dot rather than between dots: where dots are characters, on a
    /// dot's cell; where they are drawn in points, within the dot's radius and a quarter of the
    /// spacing around it.
    func isOnDot(_ mouse: MouseEvent) -> Bool {
        guard frame.contains(mouse.location) else { return false }
        guard drewInPoints else { return cellAlong(mouse) % 2 == 1 }
        let position = position(of: mouse)
        let reach = state.indicatorDiameter / 2 + state.indicatorSpacing / 4
        return state.layout().items.contains { abs($0.center - position) <= reach }
    }

    /// Taps, scrubs and arrow keys; the reply reports the page to show when one was chosen.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<PageChange> {
        switch event {
        case let .key(key):
            guard let command = keys.command(for: key) else { return .ignored }
            return Self.reply(.handled, state.moveFocus(forward: command == .next, time: time))
        case let .mouse(mouse):
            let position = position(of: mouse)
            if case .move = mouse.kind {
                hoveredPage = isOnDot(mouse) ? state.page(atPosition: position) : nil
                return .ignored
            }
            switch mouse.kind {
            case .press where gestures.command(for: mouse)?.chooses == true && frame.contains(mouse.location):
                state.pointerDown(at: position, time: time)
                pressed = true
                return .handled
            case .drag where pressed:
                return Self.reply(.handled, state.pointerMoved(to: position, time: time))
            case .release where pressed:
                pressed = false
                return Self.reply(.handled, state.pointerUp(at: position, time: time, targetsIndicator: isOnDot(mouse)))
            default:
                return .ignored
            }
        default:
            return .ignored
        }
    }

    /// Advances a held press into a scrub and a running timer; the reply reports the page they
    /// turned to, if any.
    public mutating func tick(at time: Double) -> Reply<PageChange> { Self.reply(.ignored, state.tick(at: time)) }

    /// A reply of `result` reporting `change`, when there is one.
    private static func reply(_ result: EventResult, _ change: PageChange?) -> Reply<PageChange> {
        Reply(result, reports: change.map { [$0] } ?? [])
    }
    /// The control's diagnostics (PC-xx) under the iOS idiom's rules.
    public var diagnostics: [Diagnostic] { state.diagnostics() }
    /// True while the dots animate.
    public var isAnimating: Bool { state.isAnimating }
}

