import Scrollwork

/// Draws a ``PageControlState``: ● for the current page, dimmer ● for the others, • and · for the
/// shrunk dots at a clipped end, custom symbols, and the rounded background (PC-02, PC-11, PC-15).
/// Each dot takes two cells.
public struct PageControlWidget: Sendable {
    /// Styles.
    public var theme: Theme

    /// A widget drawing with `theme`.
    public init(theme: Theme) { self.theme = theme }

    /// The cells the control takes for `state`, centred horizontally at the bottom of `area`
    /// (PC-04), or centred vertically at its trailing edge for vertical directions.
    public func frame(for state: PageControlState, in area: CellRect) -> CellRect {
        let dots = Swift.min(state.numberOfPages, state.maximumVisibleIndicators)
        guard dots > 0, !state.isHidden else { return CellRect(column: area.column, row: area.row, columns: 0, rows: 0) }
        let length = dots * 2 + 1
        if state.isVertical {
            return CellRect(column: area.maxColumn - 3, row: area.row + (area.rows - length) / 2, columns: 3, rows: length)
        }
        return CellRect(column: area.column + (area.columns - length) / 2, row: area.maxRow - 1, columns: length, rows: 1)
    }

    /// Draws the control into `area` (its frame is worked out by ``frame(for:in:)``).
    public func draw(_ state: PageControlState, in area: CellRect, into buffer: inout Buffer) {
        let frame = frame(for: state, in: area)
        guard !frame.isEmpty else { return }
        if state.isBackgroundVisible { buffer.fill(frame, with: .blank(theme.controlBackground)) }
        let layout = state.layout()
        for (i, item) in layout.items.enumerated() {
            let symbol: String
            if item.scale >= 1 { symbol = item.image.symbol } else { symbol = item.scale > 0.5 ? "•" : "·" }
            var style = item.isCurrent ? theme.accent : theme.secondary
            if !item.isCurrent && item.scale >= 1 { style.dim = true }
            if state.isBackgroundVisible { style.background = theme.controlBackground.background; style.reverse = theme.controlBackground.reverse }
            if state.isVertical {
                buffer.draw(symbol, column: frame.column + 1, row: frame.row + 1 + 2 * i, style: style)
            } else {
                buffer.draw(symbol, column: frame.column + 1 + 2 * i, row: frame.row, style: style)
            }
        }
    }

    /// The position along the control, in the core's points, of a cell inside `frame`.
    public func position(column: Int, row: Int, in frame: CellRect, state: PageControlState) -> Double {
        let along = state.isVertical ? row - frame.row : column - frame.column
        // Cell 1 + 2i is dot i, whose centre is at padding + diameter/2 + i·pitch.
        return (Double(along) - 1) / 2 * state.pitch + state.padding + state.indicatorDiameter / 2
    }

    /// Turns a mouse event into taps and scrubs (PC-12): a click before or after the current dot
    /// goes one page back or on (a mouse aims, so a click on a dot goes to it), a drag scrubs.
    /// Returns the page change to show, if any.
    public func handle(_ event: MouseEvent, in area: CellRect, state: inout PageControlState,
                       capture: inout PointerCapture?, at time: Double) -> PageChange? {
        let frame = frame(for: state, in: area)
        let position = self.position(column: event.column, row: event.row, in: frame, state: state)
        switch event.kind {
        case .press where event.button == .left && frame.contains(column: event.column, row: event.row):
            try? state.pointerDown(at: position, time: time)
            capture = PointerCapture(.pageControl, column: event.column, row: event.row)
            return nil
        case .drag where capture?.target == .pageControl:
            if event.column != capture?.column || event.row != capture?.row { capture?.moved = true }
            return (try? state.pointerMoved(to: position, time: time)) ?? nil
        case .release where capture?.target == .pageControl:
            capture = nil
            let onDot = frame.contains(column: event.column, row: event.row) && (state.isVertical ? event.row - frame.row : event.column - frame.column) % 2 == 1
            return (try? state.pointerUp(at: position, time: time, targetsIndicator: onDot)) ?? nil
        default:
            return nil
        }
    }
}
