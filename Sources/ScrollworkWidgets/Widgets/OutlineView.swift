import Scrollwork

/// A column of an outline after its names (a Finder list's Size, Kind and Date Modified): its
/// heading, its width in cells and each node's text in it.
public struct OutlineColumn<Node>: Sendable {
    /// The heading.
    public var title: String
    /// Cells wide (at least 1).
    public var width: Int
    /// How the text sits in the column.
    public var alignment: ColumnAlignment
    /// A node's text.
    public var value: @Sendable (Node) -> String

    /// A column titled `title`, `width` cells wide (clamped to 1…1,000).
    public init(_ title: String, width: Int, alignment: ColumnAlignment = .leading, value: @escaping @Sendable (Node) -> String) {
        self.title = title
        self.width = width.clamped(to: 1...1000)
        self.alignment = alignment
        self.value = value
    }
}

/// An outline: an `OutlineState` drawn with ▸ for a collapsed node with children, ▾ for an
/// expanded one, indentation per level and the keyboard cursor (LT-12). With ``columns`` it has
/// a header row (Name and the columns' headings, a click on one reported for sorting) and each
/// row shows the columns after its name, as a Finder list does.
///
/// → expands a node or moves to its first child, ← collapses it or moves to its parent, Alt+→
/// expands everything below; ↑ ↓ Page keys Home End move the cursor and Enter toggles. A click on
/// a triangle expands or collapses (with Alt, with all descendants), a click on a row moves the
/// cursor there, drag and wheel scroll.
public struct OutlineView<Source: OutlineSource & Sendable>: StatefulWidget where Source.Node: Sendable {
    /// The state, by the name the widget's own code knows it by; ``state`` outside the package.
    package var outline: OutlineState<Source>
    /// The text of each node.
    public var title: @Sendable (Source.Node) -> String
    /// Styles.
    public var theme: Theme
    /// Which keys do what: ``OutlineCommand/keys`` unless rebound.
    public var keys = OutlineCommand.keys
    /// What clicks and the wheel do: ``PointerCommand/outline`` unless rebound.
    public var gestures = PointerCommand.outline
    /// The row under the pointer, drawn in ``Theme/hover`` while the cursor is elsewhere.
    public private(set) var hoveredRow: OutlinePath? = nil
    /// The point/cell mapping.
    public var metrics = CellMetrics() { didSet { fitToCells() } }
    /// Columns after the names; none by default.
    public var columns: [OutlineColumn<Source.Node>] = []
    /// The heading that shows the sort (0 for Name, then the columns) and its direction.
    public var sortIndicator: (column: Int, ascending: Bool)? = nil
    /// The platform whose row height and type a pixel host draws the outline at.
    public var layoutIdiom: ScrollIdiom = .iOS
    /// The area of the last render, in points.
    public private(set) var frame = Rect.zero
    /// The cells of ``frame`` on the canvas's grid.
    package private(set) var frameCells = CellRect.none
    /// The rows' cells: `frame` below the header, when there are columns.
    package internal(set) var body = CellRect.none
    /// Where the last render put the rows, in points (``accessibility`` reads rows against it).
    var accessibleBody = Rect.zero
    /// The cell of the cursor row, as drawn.
    package internal(set) var cursorCell: CellPosition? = nil
    /// The top-left corner of the focused row's cell, in points: where a terminal puts its cursor.
    public var cursorPosition: Point? { cursorCell.map { metrics.origin(of: $0) } }
    private var pointer = ScrollPointer()
    /// Where the last render drew the header.
    /// Where the last render drew the header, and the columns it showed (each one's index,
    /// leading edge and width), in points.
    private var headerFrame = Rect.zero
    private var shownColumns: [(index: Int, x: Double, width: Double)] = []

    /// A view of `outline` showing each node as `title` gives it.
    /// Its rows become one cell tall and its line step one cell (set them on ``state``
    /// afterwards for others).
    public init(_ outline: OutlineState<Source>, theme: Theme = Theme(), title: @escaping @Sendable (Source.Node) -> String) {
        self.outline = outline
        self.theme = theme
        self.title = title
        fitToCells()
    }

    private mutating func fitToCells() {
        if outline.rowHeight != metrics.cellHeight { outline.rowHeight = metrics.cellHeight }
        outline.scroll.lineStep = metrics.cell
    }

    /// The outline: its nodes, what is expanded, the cursor and scrolling.
    public var state: OutlineState<Source> {
        get { outline }
        set { outline = newValue }
        // In place: a get and a set would copy the state's storage on every change made through it.
        _modify { yield &outline }
    }

    /// How many rows the outline shows (the nodes whose ancestors are all expanded).
    public var numberOfRows: Int { outline.numberOfRows }

    /// The space between a row's edge and its triangle in a window.
    var rowPadding: Double { layoutIdiom == .macOS ? 6 : 16 }

    /// How the last render placed the triangles: the space before them, their width, and the
    /// step indents were rounded to (a cell on a grid; 0, none, in points).
    private var triangles: (leading: Double, width: Double, grain: Double)? = nil

    /// The indent of `level` rounded to whole steps of `grain` (none when 0).
    private func indent(forLevel level: Int, grain: Double) -> Double {
        let indent = outline.indent(forLevel: level)
        return grain > 0 ? (indent / grain).rounded() * grain : indent
    }

    /// The triangle's centre in points from the rows' leading edge, at `level`, as the last
    /// render placed it (a window's until one has).
    func triangleX(level: Int) -> Double {
        let (leading, width, grain) = triangles ?? (rowPadding, 12, 0)
        return leading + indent(forLevel: level, grain: grain) + width / 2
    }

    /// Sets the viewport below the header and draws the header and the visible rows: one
    /// drawing, in points for a window (the idiom's rows, triangles as symbols, columns in the
    /// secondary colour as a Finder list's) and in cells for a terminal (a cell a row, the
    /// triangle in the cell after the indent, the columns from the trailing edge a cell apart).
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        canvas.applyMotion(to: &outline.scroll)
        frame = bounds
        let whole = canvas.cells(in: bounds)
        frameCells = whole
        cursorCell = nil
        let cell = canvas.metrics.cellWidth
        let measurer = canvas.measurer(for: layoutIdiom)
        // The idiom's row for the host's body text (a cell on a grid, measured only in points).
        let rowHeight = canvas.rowMetrics(for: layoutIdiom, fitting: ListMetrics()).rowHeight
        if outline.rowHeight != rowHeight { outline.rowHeight = rowHeight }
        let step = canvas.lineStep(outline.scroll.lineStep)
        if outline.scroll.lineStep != step { outline.scroll.lineStep = step }
        let headerHeight = columns.isEmpty ? 0 : Swift.min(canvas.columnHeaderHeight, Swift.max(0, bounds.height))
        let area = Rect(x: bounds.minX, y: bounds.minY + headerHeight, width: bounds.width, height: Swift.max(0, bounds.height - headerHeight))
        accessibleBody = area
        // The rows of cells the header touches: none without columns, one on a grid.
        body = whole.inset(top: Swift.min(whole.rows, canvas.metrics.rows(forPoints: headerHeight + canvas.metrics.cellHeight - 0.001)))
        headerFrame = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: headerHeight)
        if outline.scroll.viewportSize != area.size { outline.setViewport(area.size) }
        // A legacy scroller set since takes its track from the width the rows span (SV-11).
        if outline.scroll.indicatorStyle.reservesTrack { outline.fitContentWidth() }
        // Where things go, as each host has room: a window pads its rows; a terminal puts the
        // triangle in the cell after the indent and lets the columns reach its last cell.
        let leading = canvas.across(points: rowPadding, cells: 1), trailing = canvas.across(points: rowPadding, cells: 0)
        let triangleWidth = canvas.across(points: 12, cells: 1), nameGap = canvas.across(points: 6, cells: 1)
        // Names leave a cell free before what follows them on a grid (the next column, the
        // indicator's cell); a window's padding does that.
        let nameMargin = canvas.across(points: 0, cells: 1)
        // Indents on a grid are whole cells.
        let grain = canvas.across(points: 0, cells: 1)
        // Secondary text reads as grey in a window, as Finder's; a terminal keeps the columns
        // and triangles in the text colour, where dim text is hard to read.
        let quiet = canvas.readableSecondary(theme)
        var x = area.maxX - trailing
        let placed = columns.reversed().map { column -> (x: Double, width: Double) in
            x -= Double(column.width) * cell
            defer { x -= cell }
            return (x, Double(column.width) * cell)
        }.reversed().map { $0 }
        // Columns that do not leave the names at least a few cells are left out.
        let shown = columns.indices.filter { placed[$0].x >= area.minX + 12 * cell }
        let nameEnd = shown.first.map { placed[$0].x - cell } ?? area.maxX - trailing
        shownColumns = shown.map { ($0, placed[$0].x, placed[$0].width) }
        triangles = (leading, triangleWidth, grain)
        let opened = canvas.beginDrawing(bounds, idiom: layoutIdiom)
        canvas.fill(bounds)
        let range = outline.visibleRowRange(overscan: 0)
        let visible = outline.rows(in: range)
        // Rows lie one row height apart from the first shown (worked out once, not a row at a time).
        let firstTop = visible.isEmpty ? 0 : outline.contentOffset(ofRow: range.lowerBound) - canvas.drawnOffset(outline.scroll.offset).y
        canvas.pushClip(area)
        // What the rows share, read from the outline once: each read of the generic outline's
        // state asks the runtime for its type (about 300 instructions a row).
        let cursorPath = outline.cursor, rowStep = outline.rowHeight
        var indents: [Double] = []
        // By index: an iterator over these generic rows asked the runtime for the types of its
        // pairs at every step (1,600 instructions a row, a seventh of a frame).
        for k in visible.indices {
            let row = visible[k]
            let rect = Rect(x: area.minX, y: area.minY + firstTop + Double(k) * rowStep, width: area.width, height: rowStep)
            let isCursor = cursorPath == row.path
            let style = isCursor ? theme.selection : theme.text
            if !isCursor, row.path == hoveredRow, theme.hover.background != .default { canvas.fill(rect, theme.hover) }
            let top = rect.minY + (rect.height - measurer.lineHeight(.body)) / 2
            let level = Swift.max(0, row.level)
            while indents.count <= level { indents.append(indent(forLevel: indents.count, grain: grain)) }
            let start = rect.minX + leading + indents[level]
            let left = start + triangleWidth + nameGap
            if isCursor {
                canvas.fill(rect, style)
                let at = canvas.metrics.cell(at: Point(x: Swift.min(left, area.maxX - cell) + 1e-6, y: top + 1e-6))
                if body.contains(CellPosition(column: body.column, row: at.row)) { cursorCell = at }
            }
            var marker = isCursor ? style : quiet
            marker.background = style.background
            // A leaf's triangle cell is drawn blank and dim on a grid, as it always was.
            if !row.isExpandable { marker = style; marker.dim = true }
            canvas.symbol(row.isExpandable ? (row.isExpanded ? "▾" : "▸") : " ", centre: Point(x: start + triangleWidth / 2, y: rect.midY),
                          size: measurer.size(.body) * 0.8, marker)
            canvas.text(title(row.node), at: Point(x: left, y: top), width: nameEnd - left - nameMargin, font: .body, style: style)
            for i in shown {
                let column = placed[i]
                let alignment = columns[i].alignment
                canvas.text(columns[i].value(row.node), at: Point(x: column.x, y: top), width: column.width,
                            font: alignment == .leading ? .body : .monospacedDigits, style: isCursor ? style : quiet, alignment: alignment)
            }
        }
        canvas.popClip()
        if headerHeight > 0 {
            var header = theme.header
            header.background = theme.focus.background
            let bar = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: headerHeight)
            canvas.fill(bar, header)
            canvas.separator(under: bar, theme.separator, hardEdge: false)
            let top = bar.minY + (bar.height - measurer.lineHeight(.headline)) / 2
            canvas.text("Name" + sortArrow(forHeading: 0), at: Point(x: bar.minX + leading, y: top), width: nameEnd - bar.minX - leading, font: .headline, style: header)
            for i in shown {
                let column = placed[i]
                canvas.text(columns[i].title + sortArrow(forHeading: i + 1), at: Point(x: column.x, y: top), width: column.width, font: .headline,
                            style: header, alignment: columns[i].alignment)
            }
        }
        canvas.endDrawing(opened)
        canvas.scrollIndicators(of: outline.scroll, in: metrics.points(body), theme: theme)
    }

    /// " ▲" or " ▼" after heading `i` (0 for Name, then the columns) when it shows the sort.
    func sortArrow(forHeading i: Int) -> String {
        sortIndicator.map { $0.column == i ? ($0.ascending ? " ▲" : " ▼") : "" } ?? ""
    }

    /// Keys move, expand and collapse; the pointer toggles, moves the cursor and scrolls, and a
    /// click on a heading is reported in the reply (``OutlineEvent/headingClicked(column:)``: 0
    /// for Name, then the columns).
    public mutating func handle(_ event: Event, at time: Double) -> Reply<OutlineEvent> {
        switch event {
        case let .key(key): return handleKey(key)
        case let .mouse(mouse):
            if !columns.isEmpty, isOnHeader(mouse) {
                // Name, or the column under the pointer (the gap before a column is its neighbour's).
                guard case .release = mouse.kind, gestures.command(for: mouse)?.chooses == true else { return .handled }
                return Reply(.handled, reports: [.headingClicked(column: (shownColumns.last { mouse.x >= $0.x }?.index).map { $0 + 1 } ?? 0)])
            }
            if case .move = mouse.kind {
                hoveredRow = accessibleBody.contains(mouse.location) ? outline.rowIndex(atViewportY: viewportY(of: mouse)).flatMap { outline.row(at: $0)?.path } : nil
            }
            let click = pointer.click(mouse)
            let result = pointer.handle(mouse, in: accessibleBody, state: &outline.scroll, gestures: gestures, at: time)
            guard let click, let command = gestures.command(for: click), command.chooses || command == .discloseAll,
                  let index = outline.rowIndex(atViewportY: viewportY(of: mouse)), let row = outline.row(at: index) else { return Reply(result) }
            do {
                if isOnTriangle(mouse, level: row.level) && row.isExpandable {
                    try outline.toggle(row.path, descendants: command == .discloseAll)
                }
                try outline.setCursor(row.path)
            } catch { return Reply(.handled, errors: [error]) }
            return .handled
        default:
            return .ignored
        }
    }

    /// True when `mouse` is on the header, as it was drawn.
    private func isOnHeader(_ mouse: MouseEvent) -> Bool { headerFrame.contains(mouse.location) }

    /// How far below the rows' top `mouse` is, in points.
    private func viewportY(of mouse: MouseEvent) -> Double { mouse.y - accessibleBody.minY }

    /// True when `mouse` is on the triangle of a row at `level`, or within 12 points of its
    /// centre (on a grid, the cells beside it).
    private func isOnTriangle(_ mouse: MouseEvent, level: Int) -> Bool {
        abs(mouse.x - frame.minX - triangleX(level: level)) <= 12
    }

    private mutating func handleKey(_ key: KeyEvent) -> Reply<OutlineEvent> {
        guard let command = keys.command(for: key) else { return .ignored }
        let page = Swift.max(1, frameCells.rows - 1)
        do {
            switch command {
            case .expandAll: if let c = outline.cursor { try outline.expand(c, descendants: true) }
            case .expandOrEnter: try outline.moveRight()
            case .collapseOrLeave: try outline.moveLeft()
            case .toggle: if let c = outline.cursor { try outline.toggle(c) }
            case let .move(move):
                switch move {
                case .up: outline.moveCursor(by: -1)
                case .down: outline.moveCursor(by: 1)
                case .pageUp: outline.moveCursor(by: -page)
                case .pageDown: outline.moveCursor(by: page)
                case .home: outline.moveCursor(by: -outline.numberOfRows)
                case .end: outline.moveCursor(by: outline.numberOfRows)
                }
            }
        } catch { return Reply(.handled, errors: [error]) }
        return .handled
    }

    /// Stretches at the edge for a wheel turn nothing could use (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { ScrollPointer.overscroll(mouse, state: &outline.scroll, gestures: gestures, at: time) }
    /// Advances the scrolling.
    public mutating func tick(at time: Double) -> Reply<OutlineEvent> {
        outline.scroll.tick(at: time)
        return .ignored
    }
    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { outline.scroll.flashIndicators(at: time) }
    /// True while the rows move or an indicator fades.
    public var isAnimating: Bool { outline.scroll.isAnimating }
    /// When an indicator starts to fade.
    public var wakeTime: Double? { outline.scroll.wakeTime }
}

/// What an ``OutlineView`` reports.
public enum OutlineEvent: Sendable, Hashable {
    /// A heading was clicked: 0 for Name, then the columns.
    case headingClicked(column: Int)
}
