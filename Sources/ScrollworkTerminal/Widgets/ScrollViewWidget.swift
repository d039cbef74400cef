import Scrollwork

/// The part of the content a scroll view shows, for the closure that draws it.
public struct ScrollWindow: Sendable, Hashable {
    /// Where the content is drawn, in cells.
    public var rect: CellRect
    /// The content offset in points (negative while stretched past the start).
    public var offset: Point
    /// The content row shown in the first row of `rect` (negative while stretched past the start).
    public var firstRow: Int
    /// The content column shown in the first column of `rect`.
    public var firstColumn: Int
}

/// Draws a ``ScrollState``: content through a closure, indicators over it (overlay, legacy,
/// visionOS) and the rubber-band space past the edges; and turns mouse and keys into core calls.
public struct ScrollViewWidget: Sendable {
    /// The point/cell mapping.
    public var metrics = CellMetrics()
    /// Styles.
    public var theme: Theme

    /// A widget drawing with `theme`.
    public init(theme: Theme) { self.theme = theme }

    /// Sets the state's viewport to `rect`'s size in points.
    public func layout(_ state: inout ScrollState, in rect: CellRect) {
        let size = metrics.size(of: rect)
        if state.viewportSize != size { state.viewportSize = size }
    }

    /// The cells the content is drawn in: `rect` less any legacy scroller tracks.
    public func contentRect(for state: ScrollState, in rect: CellRect) -> CellRect {
        let content = state.contentViewport
        return CellRect(column: rect.column, row: rect.row,
                        columns: Int(saturating: (content.width / metrics.cellWidth).rounded(.down)),
                        rows: Int(saturating: (content.height / metrics.cellHeight).rounded(.down)))
    }

    /// The window of content to draw for the state's offset.
    public func window(for state: ScrollState, in rect: CellRect) -> ScrollWindow {
        let offset = state.offset
        return ScrollWindow(rect: contentRect(for: state, in: rect), offset: offset,
                            firstRow: Int(saturating: (offset.y / metrics.cellHeight).rounded(.down)),
                            firstColumn: Int(saturating: (offset.x / metrics.cellWidth).rounded(.down)))
    }

    /// Draws the content (through `content`) and the indicators.
    public func draw(_ state: ScrollState, in rect: CellRect, into buffer: inout Buffer,
                     content: (inout Buffer, ScrollWindow) -> Void) {
        let window = window(for: state, in: rect)
        buffer.fill(rect)
        content(&buffer, window)
        drawIndicators(state, in: rect, into: &buffer)
    }

    /// Draws the indicators of `state` over `rect`.
    public func drawIndicators(_ state: ScrollState, in rect: CellRect, into buffer: inout Buffer) {
        for axis in Axis.allCases {
            guard let indicator = state.indicator(axis), indicator.opacity > 0 else { continue }
            var style = theme.indicator
            if indicator.isDragged {
                style.dim = false
                style.bold = true
            } else if case .rgb = style.foreground, case .rgb = theme.background {
                // The fade, step by step: the colour moves toward the background with the opacity.
                style.foreground = style.foreground.blended(toward: theme.background, fraction: 1 - indicator.opacity)
            } else if indicator.opacity < 0.5 {
                style.dim = true
            }
            if indicator.showsTrack { drawTrack(indicator, in: rect, into: &buffer) }
            let thumb = indicator.thumb
            if axis == .vertical {
                let column = rect.column + Swift.min(rect.columns - 1, Int(saturating: (thumb.midX / metrics.cellWidth).rounded(.down)))
                let start = Double(rect.row) + metrics.cells(thumb.minY, .vertical)
                let end = Double(rect.row) + metrics.cells(thumb.maxY, .vertical)
                BarDrawing.vertical(&buffer, column: column, from: start, to: end, style: style, clip: rect)
                if let phase = indicator.jogTickPhase, indicator.isDragged {
                    drawJogTicks(column: column, phase: phase, thumb: (start, end), in: rect, into: &buffer)
                }
            } else {
                let row = rect.row + Swift.min(rect.rows - 1, Int(saturating: (thumb.midY / metrics.cellHeight).rounded(.down)))
                let start = Double(rect.column) + metrics.cells(thumb.minX, .horizontal)
                let end = Double(rect.column) + metrics.cells(thumb.maxX, .horizontal)
                BarDrawing.horizontal(&buffer, row: row, from: start, to: end, style: style, clip: rect)
            }
        }
        if state.verticalPageLengths != nil { drawPageIndicator(state, in: rect, into: &buffer) }
    }

    private func drawTrack(_ indicator: ScrollIndicator, in rect: CellRect, into buffer: inout Buffer) {
        let track = indicator.track
        let cells = CellRect(column: rect.column + Int(saturating: (track.minX / metrics.cellWidth).rounded(.down)),
                             row: rect.row + Int(saturating: (track.minY / metrics.cellHeight).rounded(.down)),
                             columns: Swift.max(1, Int(saturating: (track.width / metrics.cellWidth).rounded(.up))),
                             rows: Swift.max(1, Int(saturating: (track.height / metrics.cellHeight).rounded(.up)))).intersection(rect)
        buffer.fill(cells, with: Cell("░", style: theme.track))
    }

    /// visionOS: tick marks above and below the jog bar that move with the scrolling speed.
    private func drawJogTicks(column: Int, phase: Double, thumb: (Double, Double), in rect: CellRect, into buffer: inout Buffer) {
        let shift = Int(saturating: (phase / metrics.cellHeight * 2).rounded(.down))
        let shown = rect.intersection(buffer.area)
        for row in shown.row..<shown.maxRow where Double(row) < thumb.0 - 1 || Double(row) >= thumb.1 + 1 {
            if (row + shift) % 2 == 0 { buffer[column, row] = Cell("╴", style: theme.indicator) }
        }
    }

    /// watchOS: page dots beside the crown, the current one filling with the position inside a
    /// long page (SV-15).
    private func drawPageIndicator(_ state: ScrollState, in rect: CellRect, into buffer: inout Buffer) {
        let (page, count, progress) = state.pagePosition(.vertical)
        guard count > 1 else { return }
        let top = rect.row + Swift.max(0, (rect.rows - count) / 2)
        let column = rect.maxColumn - 1
        let quarters: [Character] = ["○", "◔", "◑", "◕", "●"]
        for i in 0..<Swift.min(count, rect.rows) {
            let symbol: Character = i == page ? quarters[Int(saturating: (progress * 4).rounded())] : "·"
            buffer[column, top + i] = Cell(String(symbol), style: i == page ? theme.accent : theme.secondary)
        }
    }

    // MARK: Input

    /// The scroll command for a key (arrows, Page Up/Down, Space and Shift-Space, Home/End), if any.
    public static func command(for key: KeyEvent) -> ScrollCommand? {
        switch key.key {
        case .up: return .lineUp
        case .down: return .lineDown
        case .left: return .lineLeft
        case .right: return .lineRight
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .top
        case .end: return .bottom
        case .character(" "): return key.modifiers.contains(.shift) ? .pageUp : .pageDown
        default: return nil
        }
    }

    /// Turns a mouse event inside `rect` into scroll calls: the wheel scrolls (with momentum for
    /// fast bursts and a bounce at the edges), a press and drag on the content is a touch-style drag
    /// that flicks on release, and a press on an indicator drags the thumb, pages, or jogs.
    /// Returns true when the event was used.
    @discardableResult
    public func handle(_ event: MouseEvent, in rect: CellRect, state: inout ScrollState,
                       capture: inout PointerCapture?, at time: Double) -> Bool {
        let point = metrics.point(column: event.column, row: event.row, in: rect)
        let inside = rect.contains(column: event.column, row: event.row)
        switch event.kind {
        case let .wheel(direction):
            guard inside else { return false }
            let notches: Point
            switch direction {
            case .up: notches = Point(x: 0, y: -1)
            case .down: notches = Point(x: 0, y: 1)
            case .left: notches = Point(x: -1, y: 0)
            case .right: notches = Point(x: 1, y: 0)
            }
            try? state.wheel(notches: event.modifiers.contains(.shift) ? Point(x: notches.y, y: notches.x) : notches, at: time)
            return true
        case .press:
            guard inside, event.button == .left else { return false }
            if (try? state.pressIndicator(at: point, time: time)) == true {
                capture = PointerCapture(.indicator, column: event.column, row: event.row)
            } else {
                try? state.beginDrag(at: point, time: time)
                capture = PointerCapture(.content, column: event.column, row: event.row)
            }
            return true
        case .drag:
            guard let c = capture else { return false }
            if c.target == .indicator { try? state.dragIndicator(to: point, time: time) } else if c.target == .content { try? state.drag(to: point, time: time) } else { return false }
            if event.column != c.column || event.row != c.row { capture?.moved = true }
            return true
        case .release:
            guard let c = capture else { return false }
            if c.target == .indicator { try? state.endIndicatorDrag(time: time) } else if c.target == .content { try? state.endDrag(time: time) } else { return false }
            capture = nil
            return true
        case .move:
            return false
        }
    }
}
