import Scrollwork

/// An outline: an `OutlineState` drawn with ▸ for a collapsed node with children, ▾ for an
/// expanded one, indentation per level and the keyboard cursor (LT-12).
///
/// → expands a node or moves to its first child, ← collapses it or moves to its parent, Alt+→
/// expands everything below; ↑ ↓ Page keys Home End move the cursor and Enter toggles. A click on
/// a triangle expands or collapses (with Alt, with all descendants), a click on a row moves the
/// cursor there, drag and wheel scroll.
public struct OutlineView<Source: OutlineSource & Sendable>: Widget where Source.Node: Sendable {
    /// The outline.
    public var outline: OutlineState<Source>
    /// The text of each node.
    public var title: (Source.Node) -> String
    /// Styles.
    public var theme: Theme
    /// The point/cell mapping.
    public var metrics = CellMetrics() { didSet { fitToCells() } }
    /// The cells of the last render.
    public private(set) var frame = CellRect.none
    /// The cell of the cursor row, as drawn.
    public private(set) var cursorPosition: CellPosition? = nil
    private var pointer = ScrollPointer()
    private var failure: OutlineError? = nil

    /// A view of `outline` showing each node as `title` gives it.
    /// Its rows become one cell tall and its line step one cell (set them on ``outline``
    /// afterwards for others).
    public init(_ outline: OutlineState<Source>, theme: Theme = Theme(), title: @escaping (Source.Node) -> String) {
        self.outline = outline
        self.theme = theme
        self.title = title
        fitToCells()
    }

    private mutating func fitToCells() {
        if outline.rowHeight != metrics.cellHeight { outline.rowHeight = metrics.cellHeight }
        outline.scroll.lineStep = metrics.cell
    }

    /// The last error of a call the view made for its input, once.
    public mutating func takeError() -> OutlineError? {
        defer { failure = nil }
        return failure
    }

    /// The column of a row's triangle.
    private func triangleColumn(level: Int) -> Int { frame.column + 1 + Int(saturating: (outline.indent(forLevel: level) / metrics.cellWidth).rounded()) }

    /// Sets the viewport to `area` and draws the visible rows.
    public mutating func render(in area: CellRect, into buffer: inout Buffer, at time: Double) {
        frame = area
        cursorPosition = nil
        let size = metrics.size(of: area)
        if outline.scroll.viewportSize != size { outline.setViewport(size) }
        buffer.fill(area)
        for (index, row) in outline.visibleRows(overscan: 0) {
            let y = area.row.addingSaturating(metrics.rows(forPoints: Double(index) * outline.rowHeight - outline.scroll.offset.y))
            guard y >= area.row, y < area.maxRow else { continue }
            let isCursor = outline.cursor == row.path
            let style = isCursor ? theme.selection : theme.text
            let triangle = triangleColumn(level: row.level)
            if isCursor {
                buffer.fill(CellRect(column: area.column, row: y, columns: area.columns, rows: 1), with: .blank(style))
                cursorPosition = CellPosition(column: Swift.min(triangle + 2, area.maxColumn - 1), row: y)
            }
            var marker = style
            if !row.isExpandable { marker.dim = true }
            buffer.draw(row.isExpandable ? (row.isExpanded ? "▾" : "▸") : " ", column: triangle, row: y, style: marker, clip: area)
            let text = title(row.node).truncated(toWidth: Swift.max(0, area.maxColumn - triangle - 3))
            buffer.draw(text, column: triangle + 2, row: y, style: style, clip: area)
        }
        ScrollIndicatorDrawing(metrics: metrics, theme: theme).draw(outline.scroll, in: area, into: &buffer)
    }

    /// Keys move, expand and collapse; the pointer toggles, moves the cursor and scrolls.
    public mutating func handle(_ event: Event, at time: Double) -> EventResult {
        switch event {
        case let .key(key): return handleKey(key)
        case let .mouse(mouse):
            let tap = pointer.isTap(mouse)
            let result = pointer.handle(mouse, in: frame, state: &outline.scroll, metrics: metrics, at: time)
            guard tap, let index = outline.rowIndex(atViewportY: metrics.point(column: mouse.column, row: mouse.row, in: frame).y),
                  let row = outline.row(at: index) else { return result }
            do {
                if abs(mouse.column - triangleColumn(level: row.level)) <= 1 && row.isExpandable {
                    try outline.toggle(row.path, descendants: mouse.modifiers.contains(.alt))
                }
                try outline.setCursor(row.path)
            } catch { failure = error }
            return .handled
        default:
            return .ignored
        }
    }

    private mutating func handleKey(_ key: KeyEvent) -> EventResult {
        let page = Swift.max(1, frame.rows - 1)
        do {
            switch key.key {
            case .right where key.modifiers.contains(.alt):
                if let c = outline.cursor { try outline.expand(c, descendants: true) }
            case .right: try outline.moveRight()
            case .left: try outline.moveLeft()
            case .up: outline.moveCursor(by: -1)
            case .down: outline.moveCursor(by: 1)
            case .pageUp: outline.moveCursor(by: -page)
            case .pageDown: outline.moveCursor(by: page)
            case .home: outline.moveCursor(by: -outline.numberOfRows)
            case .end: outline.moveCursor(by: outline.numberOfRows)
            case .enter: if let c = outline.cursor { try outline.toggle(c) }
            default: return .ignored
            }
        } catch { failure = error }
        return .handled
    }

    /// Stretches at the edge for a wheel turn nothing could use (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { ScrollPointer.overscroll(mouse, state: &outline.scroll, at: time) }
    /// Advances the scrolling.
    public mutating func tick(at time: Double) { outline.scroll.tick(at: time) }
    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { outline.scroll.flashIndicators(at: time) }
    /// True while the rows move or an indicator fades.
    public var isAnimating: Bool { outline.scroll.isAnimating }
    /// When an indicator starts to fade.
    public var wakeTime: Double? { outline.scroll.wakeTime }
}
