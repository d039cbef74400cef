import Scrollwork

/// What a click or key did in a ``TableView``.
public enum TableEvent: Sendable, Hashable {
    /// A heading was clicked (and a sort by it started when ``TableView/sortsOnHeadingClick`` is on).
    case headingClicked(column: Int)
    /// The table's own sort finished: the rows are in `order`, sorted in `seconds` from the click
    /// (from the first click, when a later one replaced a sort under way).
    case sorted(column: Int, order: [SortOrder], seconds: Double)
    /// The table's own sort was cancelled (Esc): the rows keep the order they had.
    case sortCancelled(column: Int)
    /// The table's own sort finished on rows that changed meanwhile (more were read): its order is
    /// not applied; sorting again sorts them all.
    case sortOutdated(column: Int)
    /// A row was activated.
    case row(ListEvent)
    /// A heading was dragged: the column moved from one position to another.
    case columnMoved(from: Int, to: Int)
    /// A divider was double-clicked: the column before it was sized to its content.
    case columnFitted(column: Int)
    /// The context menu was asked for (a right-click, Shift+F10, the Menu key) on `target`,
    /// to open at `at` (points); the view draws no menu itself: the app makes one of what it
    /// offers there (a ``MenuView``).
    case menuRequested(TableMenuTarget, at: Point)
}

/// What a table's context menu is for.
public enum TableMenuTarget: Sendable, Hashable {
    /// A row (selected when the menu was asked for).
    case row(IndexPath)
    /// A column's heading.
    case heading(column: Int)
}

/// A sort a ``TableView`` runs in the background.
public struct TableSort: Sendable, Hashable {
    /// The heading clicked.
    public var column: Int
    /// The order it sorts into, most significant key first.
    public var order: [SortOrder]
    /// How far it is, 0…1.
    public var fraction: Double
    /// When the person asked for it (the first click, when later ones replaced it).
    public var started: Double
}

/// A table: a `TableState` with a pinned header (▲/▼ on the sorted column, │ dividers that
/// people drag), zebra rows, per-column truncation and alignment, the selection, and the hard edge
/// under the header once rows scroll beneath it (LT-06, LT-07, LT-12, SV-08).
///
/// A click on a heading sorts by it (again reverses), a drag on a heading moves its column (when
/// `TableState.allowsColumnReordering`), a drag on a divider resizes (held against the trailing
/// edge, the column keeps growing and the table scrolls), a double-click on a divider's │ fits the
/// column before it to its content; rows select on click (Shift or Alt extends, Ctrl toggles) and scroll
/// on drag and wheel. A table wider than the view scrolls sideways by drag, Shift+wheel, the
/// horizontal wheel and ← →, with `TableState.pinnedColumns` staying in place. ↑ ↓ move the
/// selection (Shift extends it), Page keys and Space scroll by a page, Enter activates.
public struct TableView<Row: Sendable>: StatefulWidget {
    /// The state, by the name the widget's own code knows it by; ``state`` outside the package.
    package var table: TableState<Row>
    /// Styles.
    public var theme: Theme
    /// The point/cell mapping.
    public var metrics = CellMetrics() { didSet { fitToCells() } }
    /// Sort when a heading is clicked (in the background unless ``sortsInBackground`` is off);
    /// off when the app sorts another way (a database orders its rows) on
    /// ``TableEvent/headingClicked(column:)``.
    public var sortsOnHeadingClick = true
    /// Sort off the loop: a heading click hands out the sort as work (``Effect/work(_:)``), the
    /// heading shows how far it is ("Size 43%"), Esc cancels, and the result is applied when it
    /// comes, the selection kept. Off, a click sorts at once, on the caller's thread.
    public var sortsInBackground = true
    /// Which keys do what: ``RowsCommand/tableKeys`` unless rebound.
    public var keys = RowsCommand.tableKeys
    /// What clicks and the wheel do: ``PointerCommand/table`` unless rebound.
    public var gestures = PointerCommand.table
    /// A column whose heading is marked (underlined, bold): the one a host's keys act on, such as
    /// the current column of a spreadsheet-like viewer; nil marks none.
    public var highlightedColumn: Int? = nil
    /// PgUp, PgDn, Home and End scroll only, as a Mac's table does (the default); off, they move
    /// the focus (and the selection; with Shift, extend it) with the view, as a list's keys do
    /// and as a pager's user expects of a viewer.
    public var pageKeysScroll = true
    /// The platform whose metrics and type a pixel host draws the table at (row heights, text
    /// sizes); nil takes the table's own idiom. A table that selects as a Mac's does in an
    /// iPhone-sized window keeps the phone's 44-point rows.
    public var layoutIdiom: ScrollIdiom? = nil
    /// The sort under way, if any.
    public private(set) var sorting: TableSort? = nil
    /// The sort under way as its heading shows it: the column, the direction it will have and how
    /// far it is.
    public var sortProgress: (column: Int, ascending: Bool, fraction: Double)? {
        sorting.map { (place(of: $0), $0.order.first?.ascending ?? true, $0.fraction) }
    }

    /// The title of the column the sort under way orders by ("column 3" once it is hidden); nil
    /// when no sort runs. Found by the column's identity: it may have moved since the sort began.
    public var sortingTitle: String? {
        sorting.map { sort in
            let place = place(of: sort)
            return table.columns.indices.contains(place) ? table.columns[place].title : "column \(sort.column + 1)"
        }
    }

    /// Where the column of `sort`'s first key is now, or where it was when the sort began.
    private func place(of sort: TableSort) -> Int {
        sort.order.first.flatMap { key in table.columns.firstIndex { $0.id == key.columnID } } ?? sort.column
    }
    /// The key the table's sorts run under.
    private let sortKey = WorkKey<SortResult<Row>>("sort")
    /// The area of the last render, in points.
    public private(set) var frame = Rect.zero
    /// The cells of ``frame`` on the canvas's grid.
    package private(set) var frameCells = CellRect.none
    /// The rows' cells: `frame` below the header.
    package internal(set) var body = CellRect.none
    /// The cell of the focused row, as drawn.
    package internal(set) var cursorCell: CellPosition? = nil
    /// The top-left corner of the focused row's cell, in points: where a terminal puts its cursor.
    public var cursorPosition: Point? { cursorCell.map { metrics.origin(of: $0) } }
    /// The row under the pointer, drawn in ``Theme/hover`` while it is not selected.
    public private(set) var hoveredRow: RowID? = nil
    /// The heading under the pointer (its column), drawn in ``Theme/hover``: a click there sorts.
    public private(set) var hoveredHeading: Int? = nil
    /// The rows the last render drew (flat row numbers), for loading what the screen needs.
    public internal(set) var shownRows: Range<Int> = 0..<0
    private var pointer = ScrollPointer()
    private var header: HeaderPress? = nil
    /// The last click on a divider's own cell and when, to tell a double-click.
    private var dividerClick: (divider: Int, time: Double)? = nil
    /// The rows drawn last frame, for the next one to copy.
    var drawnRows = DrawnRows()
    /// The header drawn last, for a terminal to copy while nothing it shows has changed.
    var drawnHeader = DrawnArea<TableHeaderKey>()
    /// How the last render measured text and padded its columns: what Size to Fit measures
    /// with, so that a column fits its text in the host's font (before any render, a cell a
    /// character and a cell of padding).
    private var textMeasure: (measurer: TextMeasurer, padding: Double)? = nil
    /// How far to either side of a divider a press grabs it, as the last render's host has it:
    /// 4 points in a window, as AppKit's and GTK's headers; a cell and a half on a grid, whose
    /// pointer moves a cell at a time.
    private var dividerGrab: Double? = nil
    /// Where the last render drew the header.
    /// Where the last render put the header, the rows and each column, in points: what the
    /// table says of itself to a screen reader (``accessibility``) is read against it.
    var accessibleLayout: (header: Rect, body: Rect, columns: [(x: Double, width: Double)]) = (.zero, .zero, [])
    /// ``ListState/row(at:)`` and ``TableState/cellText(of:column:)`` as compiled where the view
    /// was made: this generic view is not specialised, and their generic versions look the
    /// table's types up on every row and cell.
    let readRow: @Sendable (ListState<Row>, IndexPath) throws(ListError) -> Row
    let cellText: @Sendable (TableState<Row>, Row, Int) -> String

    /// A press on the header: a heading or a divider, where, and the last column seen; while a
    /// divider is held against the trailing edge, when the column last grew.
    private struct HeaderPress {
        var divider: Int?
        var column: Int
        /// Where the pointer was at the last event of the press, in points.
        var lastX: Double
        /// Where the press began, in points.
        var startX: Double
        var moved = false
        var edgeSince: Double? = nil
    }

    /// A view of `table`, whose rows become one cell tall and whose line step one cell (set them
    /// on ``state`` afterwards for others).
    @inlinable
    public init(_ table: TableState<Row>, theme: Theme = Theme()) {
        // Made here, where the caller knows `Row`: the closure is compiled for it.
        self.init(table, theme: theme, readRow: { list, path throws(ListError) in try list.row(at: path) },
                  cellText: { $0.cellText(of: $1, column: $2) })
    }

    /// A view of `table` that reads rows with `readRow` and their cells' text with `cellText`.
    @usableFromInline
    init(_ table: TableState<Row>, theme: Theme, readRow: @escaping @Sendable (ListState<Row>, IndexPath) throws(ListError) -> Row,
         cellText: @escaping @Sendable (TableState<Row>, Row, Int) -> String) {
        self.table = table
        self.theme = theme
        self.readRow = readRow
        self.cellText = cellText
        fitToCells()
    }

    private mutating func fitToCells() {
        let fitted = metrics.cells(table.list.metrics)
        if table.list.metrics != fitted { table.list.metrics = fitted }
        // Sideways, an arrow or a notch moves four cells: one cell at a time crawls.
        table.list.scroll.lineStep = Size(width: 4 * metrics.cellWidth, height: metrics.cellHeight)
    }

    /// The table: its rows, columns, sort and selection.
    public var state: TableState<Row> {
        get { table }
        set { table = newValue }
        // In place: a get and a set would copy the state's storage on every change made through it.
        _modify { yield &table }
    }

    /// How many rows the table has.
    public var numberOfRows: Int { table.list.numberOfRows }
    /// The focused row (the cursor), if any.
    public var focusedRow: IndexPath? { table.list.cursor.flatMap { table.list.indexPath(of: $0) } }
    /// The selected rows, in order.
    public var selectedRows: [IndexPath] { table.list.selectedIndexPaths }

    /// Each column's first cell and width in cells as drawn (the last column takes what rounding
    /// leaves): pinned columns in place, the others moved by the sideways scroll, so they may lie
    /// partly or wholly under the pinned ones or past the view.
    public var columnCells: [(column: Int, width: Int)] {
        columnEdges(from: 0, align: metrics.aligned).map { edge in
            (frameCells.column.addingSaturating(metrics.columns(forPoints: edge.x)), Swift.max(0, metrics.columns(forPoints: edge.width)))
        }
    }

    /// Each column's left edge and width in points from the table's leading edge, every edge put
    /// where `align` puts it (a grid's nearest cell boundary, or where it is): pinned columns in
    /// place, the others moved by the sideways scroll. The one place the columns are placed, for
    /// drawing and for the cells a pointer finds.
    private func columnEdges(from originX: Double, align: (Double) -> Double) -> [(x: Double, width: Double)] {
        let shift = align(table.list.scroll.offset.x), pinned = table.pinnedColumns
        let widths = table.columnWidths
        var edges: [(x: Double, width: Double)] = []
        edges.reserveCapacity(widths.count)
        // One pass, each edge aligned once: a frame of a table of thousands of columns lays out
        // every column (their widths decide where the shown ones are).
        var x = 0.0, start = align(0)
        for i in widths.indices {
            x += widths[i]
            let end = align(x)
            edges.append((originX + start - (i < pinned ? 0 : shift), end - start))
            start = end
        }
        return edges
    }

    // MARK: Drawing

    /// In a window, the points between a column's edge and its text (AppKit's cell inset); a
    /// grid keeps one cell there.
    public var cellPadding: Double { pointIdiom == .macOS ? 6 : 8 }

    /// The idiom whose metrics the table is drawn at in points.
    public var pointIdiom: ScrollIdiom { layoutIdiom ?? table.list.idiom }

    /// Sets the list's metrics for `canvas` (the idiom's rows in points, a cell a row on a
    /// grid) and lays the table out in `bounds`.
    private mutating func layout(in bounds: Rect, on canvas: Canvas) -> TableLayout {
        let rows = canvas.rowMetrics(for: pointIdiom, fitting: table.list.metrics)
        if table.list.metrics != rows { table.list.metrics = rows }
        // Sideways, an arrow or a notch moves four cells on a grid: one cell at a time crawls.
        let step = canvas.lineStep(table.list.scroll.lineStep, cellsAcross: 4)
        if table.list.scroll.lineStep != step { table.list.scroll.lineStep = step }
        let headerHeight = Swift.min(canvas.columnHeaderHeight, Swift.max(0, bounds.height))
        let header = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: headerHeight)
        let body = Rect(x: bounds.minX, y: header.maxY, width: bounds.width, height: Swift.max(0, bounds.height - headerHeight))
        if table.availableWidth != bounds.width { table.setAvailableWidth(bounds.width) }
        if table.list.scroll.viewportSize != body.size { table.list.setViewport(body.size) }
        // A legacy scroller set since takes its track from the width the rows span (SV-11).
        if table.list.scroll.indicatorStyle.reservesTrack { table.list.fitContentWidth() }
        let columns = columnEdges(from: bounds.minX, align: canvas.aligned)
        let pinned = table.pinnedColumns
        let pinnedEdge = pinned > 0 && pinned <= columns.count ? columns[pinned - 1].x + columns[pinned - 1].width : bounds.minX
        var layout = TableLayout(box: bounds, header: header, body: body, padding: canvas.across(points: cellPadding, cells: 1),
                                 columns: columns, pinnedEdge: Swift.min(pinnedEdge, bounds.maxX))
        layout.shown = layout.shownColumns(pinned: pinned)
        return layout
    }

    /// Fits the columns to `bounds`' width and the rows below the header, then draws the header
    /// and the visible rows at `time`: one drawing, in points for a window and in cells for a
    /// terminal.
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        canvas.applyMotion(to: &table.list.scroll)
        frame = bounds
        frameCells = canvas.cells(in: bounds)
        cursorCell = nil
        shownRows = 0..<0
        let layout = layout(in: bounds, on: canvas)
        accessibleLayout = (layout.header, layout.body, layout.columns)
        // The rows of cells the header touches, on any host: one on a grid, two under a window's 28 points.
        body = frameCells.inset(top: Swift.min(frameCells.rows, canvas.metrics.rows(forPoints: layout.header.height + canvas.metrics.cellHeight - 0.001)))
        guard layout.header.height > 0 else { return }
        let measurer = canvas.measurer(for: pointIdiom)
        textMeasure = (measurer, layout.padding)
        dividerGrab = canvas.across(points: 4, cells: 1.5)
        // Without closures: this runs for every row of every frame.
        let opened = canvas.beginDrawing(bounds, idiom: pointIdiom)
        drawRows(layout, measurer: measurer, into: &canvas, at: time)
        let hardEdge = ScrollEdgeEffect(edge: .top, floating: [.pinnedTableHeader], depth: metrics.cellHeight).intensity(in: table.list.scroll) > 0
        let progress = sortProgress.map { [$0.column, $0.ascending ? 1 : 0, $0.fraction.wholePercent] }
        let key = TableHeaderKey(columns: layout.edges, titles: table.columnsRevision, pinned: table.pinnedColumns,
                            sortedBy: table.sortOrder.first, progress: progress, highlighted: highlightedColumn, hardEdge: hardEdge,
                            theme: ThemeIdentity(theme), idiom: pointIdiom, hovered: hoveredHeading)
        // The kept header is moved out while the view draws: the closure then reads the view in
        // place instead of a copy of it (kilobytes, every frame).
        var drawn = drawnHeader
        drawnHeader = DrawnArea()
        canvas.reusing(&drawn, key: key, in: layout.header, idiom: pointIdiom) { c in
            drawHeader(layout, measurer: measurer, hardEdge: hardEdge, into: &c)
        }
        drawnHeader = drawn
        canvas.endDrawing(opened)
        canvas.scrollIndicators(of: table.list.scroll, in: metrics.points(body), theme: theme)
    }

    /// The rows under the header: zebra stripes, the selection, each column's text cut to its
    /// column, and a rule where scrolled columns slide under the pinned ones.
    private mutating func drawRows(_ layout: TableLayout, measurer: TextMeasurer, into c: inout Canvas, at time: Double) {
        let table = self.table
        let list = table.list
        let pinned = table.pinnedColumns
        let scrolledClip = layout.scrolledClip
        // Once columns slide under the pinned ones, a rule marks where.
        let slid = pinned > 0 && list.scroll.offset.x >= metrics.cellWidth / 2
        let bodyCells = c.cells(in: layout.body)
        // Rows that only moved since the last frame are copied from it, not drawn again (a grid).
        c.beginRows(&drawnRows, key: DrawnRows.Key(area: bodyCells.intersection(c.cells.area),
                                                    layout: layout.rowKey(pinned: pinned, slid: slid),
                                                    theme: ThemeIdentity(theme), rows: list.contentRevision, columns: table.columnsRevision))
        // Each column's look, read once a frame: a column read in the loop is a copy a cell.
        // Read when a row is drawn at all: a scrolled frame copies most rows from the last.
        var looks: [(font: FontRole, alignment: ColumnAlignment, truncation: Truncation)] = []
        c.pushClip(layout.body)
        // The rows lie one under the next: what they leave above and below is blanked after.
        var covered: (top: Double, bottom: Double)? = nil
        let offsetY = c.drawnOffset(list.scroll.offset).y
        for entry in list.visibleItems(overscan: 0) {
            guard case let .row(path) = entry.item else { continue }
            shownRows = shownRows.isEmpty ? path.row..<(path.row + 1) : Swift.min(shownRows.lowerBound, path.row)..<Swift.max(shownRows.upperBound, path.row + 1)
            let rect = Rect(x: layout.box.minX, y: layout.body.minY + entry.frame.minY - offsetY, width: layout.box.width, height: entry.frame.height)
            covered = (covered?.top ?? rect.minY, rect.maxY)
            let id: RowID
            do { id = try list.id(at: path) } catch { c.fill(rect); continue }
            let look = list.appearance(of: id, at: path, time: time, accessory: RowContent.Accessory.none)
            // How the row looks, as the bits its style is made from: what a kept row is matched
            // by (its style follows from them and the theme, which the kept rows' key holds).
            let hovered = id == hoveredRow && theme.hover.background != .default
            let variant: UInt8 = (look.usesAlternateBackground ? 1 : 0) | (hovered ? 2 : 0) | (look.isSelected || look.isFlashing ? 4 : 0)
                | (look.isFocused && !look.isSelected ? 8 : 0)
            let top = rect.minY + (rect.height - measurer.lineHeight(.body)) / 2
            if look.isFocused {
                // On the row's first character, where a screen reader that follows the cursor reads.
                let text = Swift.max((layout.columns.first?.x ?? layout.body.minX) + layout.padding, layout.body.minX)
                let cell = metrics.cell(at: Point(x: text + 1e-6, y: top + 1e-6))
                if body.contains(cell) { cursorCell = cell }
            }
            if c.reuseRow(&drawnRows, id: id, look: variant, at: rect) { continue }
            var style = variant & 1 != 0 ? theme.zebra : theme.text
            if hovered { style.background = theme.hover.background }
            if variant & 4 != 0 { style = theme.selection }
            if variant & 8 != 0 { style.bold = true }
            let value: Row
            // A row that went between the layout and this read is drawn empty.
            do { value = try readRow(list, path) } catch { c.fill(rect); continue }
            c.fill(rect, style)
            if looks.isEmpty {
                // By index through a span: a column passed whole is a copy of all its strings and closures.
                let columns = table.columns.span
                looks.reserveCapacity(columns.count)
                for i in columns.indices {
                    looks.append((font: columns[i].alignment == .trailing ? FontRole.monospacedDigits : .body, alignment: columns[i].alignment, truncation: columns[i].truncation))
                }
            }
            for i in layout.shown where layout.columns[i].width > 2 * layout.padding && i < looks.count {
                let column = layout.columns[i], look = looks[i]
                // Truncation keeps text inside its column; only a column sliding under the
                // pinned ones needs a clip.
                let sliding = i >= pinned && column.x < layout.pinnedEdge
                if sliding { c.pushClip(scrolledClip) }
                c.text(cellText(table, value, i), at: Point(x: column.x + layout.padding, y: top), width: column.width - 2 * layout.padding,
                       font: look.font, style: style, alignment: look.alignment, truncation: look.truncation)
                if sliding { c.popClip() }
            }
            if slid {
                c.line(from: Point(x: layout.pinnedEdge - 0.5, y: rect.minY), to: Point(x: layout.pinnedEdge - 0.5, y: rect.maxY - 0.001), theme.separator)
            }
            c.drewRow(&drawnRows, id: id, look: variant, at: rect)
        }
        c.popClip()
        c.endRows(&drawnRows)
        let rows = layout.body
        if let covered {
            c.fill(Rect(x: rows.minX, y: rows.minY, width: rows.width, height: Swift.max(0, covered.top - rows.minY)))
            c.fill(Rect(x: rows.minX, y: covered.bottom, width: rows.width, height: Swift.max(0, rows.maxY - covered.bottom)))
        } else {
            c.fill(rows)
        }
    }

    /// The header: opaque, the headings in the headline type with ▲ or ▼ and a sort's progress,
    /// dividers between them, and the hard edge under it once rows scroll beneath (SV-08).
    private func drawHeader(_ layout: TableLayout, measurer: TextMeasurer, hardEdge: Bool, into canvas: inout Canvas) {
        let header = layout.header
        var headerStyle = theme.header
        headerStyle.background = theme.focus.background
        canvas.fill(header, headerStyle)
        let top = header.minY + (header.height - measurer.lineHeight(.headline)) / 2
        // The titles of the columns shown alone, read through the buffer: a column read from the
        // array is a copy of all its strings and closures.
        let columns = table.columns.span
        var headings: [(title: String, alignment: ColumnAlignment)] = []
        headings.reserveCapacity(layout.shown.count)
        for i in layout.shown { headings.append(i < columns.count ? (title: columns[i].title, alignment: columns[i].alignment) : (title: "", alignment: .leading)) }
        for (i, heading) in zip(layout.shown, headings) where layout.columns[i].width > 0 {
            let title = heading.title
            let column = layout.columns[i]
            let arrow = headingArrow(forColumn: i)
            let room = column.width - 2 * layout.padding
            let arrowWidth = measurer.width(of: arrow, font: .headline)
            var style = headerStyle
            if i == highlightedColumn {
                style.underline = true
                style.bold = true
            }
            canvas.clipped(to: i < table.pinnedColumns ? header : layout.scrolledClip) { c in
                if i == hoveredHeading, theme.hover.background != .default {
                    style.background = theme.hover.background
                    c.fill(Rect(x: column.x, y: header.minY, width: column.width, height: header.height), style)
                }
                // A heading sits as its column's values do: over numbers at the trailing edge
                // (a last column stretched to the table's width kept its title far from them).
                // A leading heading needs no measuring (most of them: every frame measured each).
                let spare = heading.alignment == .leading ? 0 : Swift.max(0, room - arrowWidth - measurer.width(of: title, font: .headline))
                let indent = heading.alignment == .trailing ? spare : heading.alignment == .center ? (spare / 2).rounded(.down) : 0
                let left = column.x + layout.padding + indent
                let titleWidth = c.text(title, at: Point(x: left, y: top), width: room - arrowWidth - indent, font: .headline, style: style)
                if !arrow.isEmpty {
                    c.text(arrow, at: Point(x: left + titleWidth, y: top), width: arrowWidth + 0.5, font: .headline, style: style)
                }
                if i < layout.columns.count - 1 {
                    let divider = column.x + column.width - 0.5
                    c.line(from: Point(x: divider, y: header.minY + 5), to: Point(x: divider, y: header.maxY - 5), theme.separator)
                }
            }
        }
        canvas.separator(under: header, theme.separator, hardEdge: hardEdge)
    }

    /// What follows heading `i`: " ▲" or " ▼" when the table is sorted by it, with how far a
    /// sort under way is ("▲ 43%"); nothing on the others while a sort runs, since the column
    /// being sorted becomes the first key.
    func headingArrow(forColumn i: Int) -> String {
        guard let sorting = sortProgress else { return table.sortIndicator(forColumn: i).map { $0 ? " ▲" : " ▼" } ?? "" }
        guard sorting.column == i else { return "" }
        return (sorting.ascending ? " ▲" : " ▼") + " \(sorting.fraction.wholePercent)%"
    }

    // MARK: Input

    /// Keys select and scroll; the pointer sorts, resizes, selects and scrolls; the table's own
    /// sort reports back. The reply reports what the person did (``TableEvent``), asks the host
    /// to run or cancel the sort, and carries every error met.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<TableEvent> {
        var reply = Reply<TableEvent>()
        switch event {
        case let .key(key): reply.result = handleKey(key, at: time, into: &reply)
        case let .mouse(mouse): reply.result = handleMouse(mouse, at: time, into: &reply)
        case let .work(update): reply.result = handleSortUpdate(update, at: time, into: &reply)
        default: break
        }
        return reply
    }

    /// Cancels the sort under way, if any; the rows keep their order. The reply asks the host to
    /// cancel the work and reports it; ignored when no sort ran.
    public mutating func cancelSort() -> Reply<TableEvent> {
        guard let current = sorting else { return .ignored }
        sorting = nil
        return Reply(.handled, reports: [.sortCancelled(column: current.column)],
                     effects: [.work(.cancel(sortKey.id)), .status("sort cancelled")])
    }

    /// Starts sorting by `column` as a heading click does: in the background (replacing a sort
    /// under way and building on the order it was going to give) or at once. The reply asks the
    /// host to run the sort, or carries the error that stopped it.
    public mutating func sort(byColumn column: Int, at time: Double) -> Reply<TableEvent> {
        guard sortsInBackground else {
            do { try table.chooseHeading(column) } catch { return Reply(.handled, errors: [error]) }
            return .handled
        }
        let order: [SortOrder]
        do { order = try table.sortOrder(choosingHeading: column, after: sorting?.order) } catch { return Reply(.handled, errors: [error]) }
        return sort(by: order, column: column, at: time)
    }

    /// Sorts by `column` in the direction asked for (a context menu's Sort Ascending and Sort
    /// Descending), the earlier sorts breaking ties, as a heading click does (and reported as
    /// one).
    public mutating func sort(byColumn column: Int, ascending: Bool, at time: Double) -> Reply<TableEvent> {
        guard table.columns.indices.contains(column) else {
            return Reply(.handled, errors: [TableError.columnOutOfRange(column, count: table.columns.count)])
        }
        let id = table.columns[column].id
        let order = [SortOrder(columnID: id, ascending: ascending)] + (sorting?.order ?? table.sortOrder).filter { $0.columnID != id }
        var reply = Reply<TableEvent>(.handled, reports: [.headingClicked(column: column)])
        reply.merge(sort(by: order, column: column, at: time))
        return reply
    }

    /// Gives the table other rows (a filtered view, say) and sorts them in the background by
    /// the order the table had or was being sorted by; the selection is cleared, as it named
    /// rows of the old source. The reply asks the host to run the sort.
    public mutating func replaceRows<Source: RowSource & Sendable>(with source: Source, at time: Double) -> Reply<TableEvent> where Source.Row == Row {
        let order = sorting?.order ?? table.sortOrder
        let column = sorting?.column ?? order.first.flatMap { first in table.columns.firstIndex { $0.id == first.columnID } }
        table.replaceRowsUnsorted(with: source)
        sorting = nil
        guard let column, !order.isEmpty else { return .handled }
        return sort(by: order, column: column, at: time)
    }

    /// Sorts by `order` in the background (at once when ``sortsInBackground`` is off), `column`
    /// being the heading that shows it: several keys chosen at once (a command line's sort). The
    /// reply asks the host to run the sort.
    public mutating func sort(by order: [SortOrder], column: Int, at time: Double) -> Reply<TableEvent> {
        guard sortsInBackground else {
            table.setSortOrder(order)
            return .handled
        }
        let job = table.sortJob(for: order)
        table.releaseKeys(notUsedBy: order)
        // A sort replaced by this one keeps its start: the person has waited since then.
        sorting = TableSort(column: column, order: order, fraction: 0, started: sorting?.started ?? time)
        return Reply(.handled, effects: [.work(.start(Work(sortKey) { progress in job.run(progress: { progress.report($0) }, concurrently: .processors) }))])
    }

    private mutating func handleSortUpdate(_ update: WorkUpdate, at time: Double, into reply: inout Reply<TableEvent>) -> EventResult {
        guard update.id.isSameFamily(as: sortKey.id) else { return .ignored }
        guard let current = sorting else { return .handled }
        if let fraction = update.progress(of: sortKey) {
            sorting?.fraction = fraction
        } else if let result = update.result(of: sortKey) {
            sorting = nil
            do {
                try table.apply(result)
                let seconds = Swift.max(0, time - current.started)
                reply.report(.sorted(column: current.column, order: current.order, seconds: seconds))
                let title = table.columns.indices.contains(current.column) ? table.columns[current.column].title : "column \(current.column + 1)"
                reply.ask(.status("sorted by \(title) \(current.order.first?.ascending == false ? "▼" : "▲") · " + StatusNotes.sortTime(seconds)))
            } catch {
                reply.report(.sortOutdated(column: current.column))
                reply.ask(.status("the rows changed while sorting (more arrived); sort again once they have all come"))
            }
        } else if update.isCancellation(of: sortKey) {
            sorting = nil
            reply.report(.sortCancelled(column: current.column))
            reply.ask(.status("sort cancelled"))
        }
        return .handled
    }

    private mutating func handleKey(_ key: KeyEvent, at time: Double, into reply: inout Reply<TableEvent>) -> EventResult {
        guard let command = keys.command(for: key) else { return .ignored }
        switch command {
        case .cancelSort:
            reply.merge(cancelSort())
            return reply.result
        case .selectAll:
            // Ctrl+A, the terminal's ⌘A, selects every row where several may be selected.
            guard table.list.selectAll() else { return .ignored }
            if let cursor = table.list.cursor, let path = table.list.indexPath(of: cursor) { reply.report(.row(.selectionChanged(path))) }
            return .handled
        case let .move(move, _) where pageKeysScroll && move.isPageOrEnd:
            table.list.scroll.perform(ScrollCommand(move), time: time)
            return .handled
        case let .move(move, extending):
            do { try table.list.moveCursor(move, extending: extending, at: time) } catch { reply.fail(error) }
            return .handled
        case .activate:
            guard let id = table.list.cursor, let path = table.list.indexPath(of: id) else { return .ignored }
            do { reply.report(.row(try table.list.activate(path, target: .row, at: time))) } catch { reply.fail(error) }
            return .handled
        case let .scroll(scroll):
            table.list.scroll.perform(scroll, time: time)
            return .handled
        case .showMenu:
            // Under the focused row, a little in from its leading edge, where the eye already is
            // (its place worked out now: keys typed ahead of a frame move it before it is drawn);
            // with no row focused, the marked column's heading (the first's), under the header.
            if let id = table.list.cursor, let path = table.list.indexPath(of: id), let item = table.list.itemIndex(of: path) {
                let body = accessibleLayout.body
                let bottom = body.minY + table.list.frame(ofItem: item).maxY - table.list.scroll.offset.y
                reply.report(.menuRequested(.row(path), at: Point(x: body.minX + 2 * metrics.cellWidth, y: Swift.min(Swift.max(bottom, body.minY), body.maxY))))
            } else {
                let column = highlightedColumn.flatMap { accessibleLayout.columns.indices.contains($0) ? $0 : nil } ?? 0
                let x = accessibleLayout.columns.indices.contains(column) ? accessibleLayout.columns[column].x : frame.minX
                guard !table.columns.isEmpty else { return .ignored }
                reply.report(.menuRequested(.heading(column: column), at: Point(x: x + metrics.cellWidth, y: accessibleLayout.header.maxY)))
            }
            return .handled
        }
    }

    /// Reports the context menu asked for by `mouse` on the heading or row under it, selecting
    /// an unselected row first (as GTK and Finder do), so that what the menu acts on is shown.
    private mutating func requestMenu(_ mouse: MouseEvent, at time: Double, into reply: inout Reply<TableEvent>) -> EventResult {
        if isOnHeader(mouse) {
            guard let column = table.column(atX: columnX(of: mouse)) else { return .ignored }
            reply.report(.menuRequested(.heading(column: column), at: mouse.location))
            return .handled
        }
        guard accessibleLayout.body.contains(mouse.location), case let .row(path)? = table.list.item(atViewportY: viewportY(of: mouse)) else { return .ignored }
        do {
            let id = try table.list.id(at: path)
            if !table.list.selection.contains(id) { reply.report(.row(try table.list.activate(path, target: .row, at: time))) }
        } catch { reply.fail(error); return .handled }
        reply.report(.menuRequested(.row(path), at: mouse.location))
        return .handled
    }

    /// The x of `mouse` in the columns' coordinates (past the pinned columns, moved by the
    /// sideways scroll).
    private func columnX(of mouse: MouseEvent) -> Double { table.contentX(atViewX: mouse.x - frame.minX) }

    private mutating func handleMouse(_ mouse: MouseEvent, at time: Double, into reply: inout Reply<TableEvent>) -> EventResult {
        if case .move = mouse.kind {
            hoveredRow = row(under: mouse)
            hoveredHeading = isOnHeader(mouse) ? table.column(atX: columnX(of: mouse)) : nil
        }
        if case .press = mouse.kind, gestures.command(for: mouse) == .showMenu { return requestMenu(mouse, at: time, into: &reply) }
        if case .press = mouse.kind, mouse.button == .left, isOnHeader(mouse) {
            // A divider can be grabbed a little to either side (``dividerGrab``); a click there
            // that does not drag still sorts by the heading under it.
            let x = columnX(of: mouse)
            let divider = table.divider(nearX: x, tolerance: grabTolerance).flatMap { $0 < table.columns.count - 1 ? $0 : nil }
            guard let column = table.column(atX: x) ?? divider else { return .handled }
            header = HeaderPress(divider: divider, column: column, lastX: mouse.x, startX: mouse.x)
            return .handled
        }
        if var press = header {
            switch mouse.kind {
            case .drag:
                if abs(mouse.x - press.startX) >= ScrollPointer.tapSlop { press.moved = true }
                if press.divider == nil, table.allowsColumnReordering, let target = table.column(atX: columnX(of: mouse)), target != press.column {
                    // A heading dragged onto another column's place takes it, as in AppKit.
                    do {
                        try table.moveColumn(press.column, to: target)
                        reply.report(.columnMoved(from: press.column, to: target))
                        press.column = target
                    } catch {
                        // Across the pinned columns' edge: the heading stays where it may be.
                    }
                }
                if let divider = press.divider {
                    let delta = mouse.x - press.lastX
                    if delta != 0 { do { try table.dragDivider(after: divider, by: delta) } catch { reply.fail(error) } }
                    // Held against the trailing edge, the column keeps growing and the table
                    // scrolls with it (see tick); elsewhere the divider stays in view.
                    let atEdge = mouse.x >= frame.maxX - metrics.cellWidth && divider >= table.pinnedColumns
                    press.edgeSince = atEdge ? (press.edgeSince ?? time) : nil
                    table.revealDivider(after: divider, margin: metrics.cellWidth, at: time)
                }
                press.lastX = mouse.x
                header = press
            case .release:
                header = nil
                guard !press.moved else { break }
                if let divider = press.divider, isOnDivider(mouse, divider) {
                    // The │ itself: a click does not sort, a double-click fits the column to its content.
                    if let last = dividerClick, last.divider == divider, time - last.time <= Self.doubleClickInterval {
                        dividerClick = nil
                        if gestures.command(for: PointerGesture(.doubleClick(.left), mouse.modifiers)) == .fit { reply.merge(fitColumn(divider)) }
                    } else {
                        dividerClick = (divider, time)
                    }
                } else if gestures.command(for: PointerGesture(.click(.left), mouse.modifiers))?.chooses == true {
                    chooseHeading(press.column, at: time, into: &reply)
                }
            default: return .ignored
            }
            return .handled
        }
        let click = pointer.click(mouse)
        let result = pointer.handle(mouse, in: accessibleLayout.body, state: &table.list.scroll, gestures: gestures, at: time)
        if let click, case let .choose(change)? = gestures.command(for: click),
           case let .row(path)? = table.list.item(atViewportY: viewportY(of: mouse)) {
            do {
                reply.report(.row(try table.list.activate(path, target: .row, extending: change == .extend,
                                                            toggling: change == .toggle, at: time)))
            } catch { reply.fail(error) }
        }
        return result
    }

    /// True when `mouse` is on the header, as it was drawn.
    private func isOnHeader(_ mouse: MouseEvent) -> Bool { accessibleLayout.header.contains(mouse.location) }

    /// The row under `mouse` as the rows were drawn; nil off the rows.
    private func row(under mouse: MouseEvent) -> RowID? {
        guard accessibleLayout.body.contains(mouse.location), case let .row(path)? = table.list.item(atViewportY: viewportY(of: mouse)) else { return nil }
        do { return try table.list.id(at: path) } catch { return nil }
    }

    /// How far to either side of a divider a press grabs it (``dividerGrab``; a cell and a half
    /// before any render).
    private var grabTolerance: Double { dividerGrab ?? 1.5 * metrics.cellWidth }

    /// The resize arrows over a divider in the header (where a press grabs it), the arrow elsewhere.
    public mutating func pointerShape(at point: Point) -> PointerShape {
        guard accessibleLayout.header.contains(point) else { return .arrow }
        let x = table.contentX(atViewX: point.x - frame.minX)
        let divider = table.divider(nearX: x, tolerance: grabTolerance).flatMap { $0 < table.columns.count - 1 ? $0 : nil }
        return divider == nil ? .arrow : .resizeLeftRight
    }

    /// How far below the rows' top `mouse` is, in points.
    private func viewportY(of mouse: MouseEvent) -> Double { mouse.y - accessibleLayout.body.minY }

    /// How soon a second click counts as a double-click (macOS's default is 0.5 s).
    static var doubleClickInterval: Double { 0.5 }

    /// True when `mouse` is on the │ after `divider`'s column as it was drawn: within the cell's
    /// width before the column's end (on a grid, the cell the │ takes).
    private func isOnDivider(_ mouse: MouseEvent, _ divider: Int) -> Bool {
        let columns = accessibleLayout.columns
        guard columns.indices.contains(divider) else { return false }
        let end = columns[divider].x + columns[divider].width
        return mouse.x >= end - metrics.cellWidth && mouse.x < end
    }

    /// Sizes `column` to its heading and values: the rows on screen and a sample of the rest
    /// (a double-click on its divider, or a host's key). The reply reports the fit, or carries
    /// the error that stopped it.
    public mutating func fitColumn(_ column: Int) -> Reply<TableEvent> {
        fitColumn(column, visible: shownRows, sample: 1000)
    }

    /// Sizes `column` to the widest of its title and the values of `rows` (clamped to the
    /// table's rows) and no others: for a host that has read those rows alone, where measuring a
    /// sample of the whole table would ask for rows it has not read.
    public mutating func fitColumn(_ column: Int, toRows rows: Range<Int>) -> Reply<TableEvent> {
        fitColumn(column, visible: rows, sample: 0)
    }

    /// Sizes each of `columns` as ``fitColumn(_:toRows:)`` does, each row read once for all of
    /// them, and none wider than `limit` points (a host's fit of its own, made before a person
    /// asked: one long value should not take the screen; a double-click on a divider has no
    /// limit). A limit below a column's least width gives that width; NaN is no limit. A column
    /// that cannot be fitted (outside the table, not resizable) is said in the reply's errors,
    /// and the others are fitted.
    public mutating func fitColumns(_ columns: [Int], toRows rows: Range<Int>, atMost limit: Double = .infinity) -> Reply<TableEvent> {
        let fittable = columns.filter { table.columns.indices.contains($0) && table.columns[$0].isResizable }
        var reply = Reply<TableEvent>(.handled)
        for column in columns where !fittable.contains(column) { reply.merge(fitColumn(column, visible: rows, sample: 0)) }
        let measure = fittedTextWidth
        do {
            // Swift.min keeps the measured width when the limit is NaN.
            try table.autoFit(columns: fittable, visible: rows, sample: 0, width: { Swift.min(measure($0), limit) })
            for column in fittable { reply.report(.columnFitted(column: column)) }
        } catch { reply.merge(Reply(.handled, errors: [error])) }
        return reply
    }

    private mutating func fitColumn(_ column: Int, visible: Range<Int>, sample: Int) -> Reply<TableEvent> {
        do {
            try table.autoFit(column: column, visible: visible, sample: sample, width: fittedTextWidth)
            return Reply(.handled, reports: [.columnFitted(column: column)])
        } catch { return Reply(.handled, errors: [error]) }
    }

    /// A text's width as a column fitted to it needs: the padding each side, as the rows are
    /// drawn; a title in the heading's type.
    private var fittedTextWidth: (String) -> Double {
        let (measurer, padding) = textMeasure ?? (.cells(metrics), metrics.cellWidth)
        // On a grid both types are a cell a character: the text is measured once.
        if measurer.countsCells && measurer.width(of: "M", font: .body) == measurer.width(of: "M", font: .headline) {
            return { text in (measurer.width(of: text, font: .body) + 2 * padding).rounded(.up) }
        }
        return { text in (Swift.max(measurer.width(of: text, font: .body), measurer.width(of: text, font: .headline)) + 2 * padding).rounded(.up) }
    }

    private mutating func chooseHeading(_ column: Int, at time: Double, into reply: inout Reply<TableEvent>) {
        guard table.columns.indices.contains(column), table.columns[column].isSortable else { return }
        reply.report(.headingClicked(column: column))
        guard sortsOnHeadingClick else { return }
        reply.merge(sort(byColumn: column, at: time))
    }

    /// Stretches at the edge for a wheel turn nothing could use (SV-02).
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { ScrollPointer.overscroll(mouse, state: &table.list.scroll, gestures: gestures, at: time) }
    /// Advances the scrolling, and a divider held against the trailing edge; the reply carries
    /// an error met on the way.
    public mutating func tick(at time: Double) -> Reply<TableEvent> {
        var reply = Reply<TableEvent>()
        if var press = header, let divider = press.divider, let since = press.edgeSince, time > since {
            // The pointer in the last cell, over an auto-scroll band two cells wide.
            var model = AutoScroll()
            model.band = 2 * metrics.cellWidth
            do {
                try table.holdDividerAtEdge(after: divider, for: time - since, pointerInset: metrics.cellWidth / 2, model: model,
                                            margin: metrics.cellWidth, at: time)
            } catch { reply.fail(error) }
            press.edgeSince = time
            header = press
        }
        table.list.scroll.tick(at: time)
        return reply
    }
    /// Flashes the indicators (SV-03).
    public mutating func appear(at time: Double) { table.list.scroll.flashIndicators(at: time) }
    /// True while the rows move, an indicator fades or a divider is held against the edge.
    public var isAnimating: Bool { table.list.scroll.isAnimating || header?.edgeSince != nil }
    /// The headings' diagnostics (LT-07).
    public var diagnostics: [Diagnostic] { table.diagnostics() }
    /// When an indicator starts to fade.
    public var wakeTime: Double? { table.list.scroll.wakeTime }
}

// Outside the generic view: types nested in `TableView<Row>` are looked up at run time on
// every frame, and the header's cache could not be specialised for its key.
/// A table's geometry on a canvas for its bounds: rows, header, padding and the columns'
/// edges, in points (on a grid, every edge on a cell boundary).
struct TableLayout {
    var box: Rect
    var header: Rect
    var body: Rect
    var padding: Double
    /// Each column's left edge and width in view points: pinned ones in place, others moved
    /// by the sideways scroll, so they may lie partly or wholly under the pinned ones.
    var columns: [(x: Double, width: Double)]
    /// Where the pinned columns end: scrolled columns are cut there.
    var pinnedEdge: Double
    /// The columns that show, in order (``shownColumns(pinned:)``): all that a frame draws.
    var shown: [Int] = []
    /// Right of the pinned columns, the table's whole height: where scrolled columns show.
    var scrolledClip: Rect { Rect(x: pinnedEdge, y: box.minY, width: Swift.max(0, box.maxX - pinnedEdge), height: box.height) }

    /// True when column `i` at `column` shows at all: across the box, and not wholly under the
    /// `pinned` columns, which always show. A column that does not is neither drawn nor read,
    /// so columns off screen cost nothing however many there are.
    func shows(_ column: (x: Double, width: Double), at i: Int, pinned: Int) -> Bool {
        guard column.x < box.maxX, column.x + column.width > box.minX else { return false }
        return i < pinned || column.x + column.width > pinnedEdge
    }

    /// The columns that show (``shows(_:at:pinned:)``), in order: the `pinned` ones, then those
    /// the sideways scroll brings across the box, the first found by halving (the scrolled
    /// columns lie one after the next), so a frame of a table of thousands of columns visits
    /// only the few on screen.
    func shownColumns(pinned: Int) -> [Int] {
        let pinned = Swift.min(Swift.max(0, pinned), columns.count)
        var shown = (0..<pinned).filter { shows(columns[$0], at: $0, pinned: pinned) }
        let left = pinned > 0 ? Swift.max(box.minX, pinnedEdge) : box.minX
        var low = pinned, high = columns.count
        while low < high {
            let mid = low + (high - low) / 2
            if columns[mid].x + columns[mid].width > left { high = mid } else { low = mid + 1 }
        }
        while low < columns.count, columns[low].x < box.maxX {
            if shows(columns[low], at: low, pinned: pinned) { shown.append(low) }
            low += 1
        }
        return shown
    }

    /// Each shown column's number, left edge and width, one after the other: one array, made
    /// once a frame.
    var edges: [Double] {
        var edges: [Double] = [Double(columns.count)]
        edges.reserveCapacity(3 * shown.count + 1)
        for i in shown {
            edges.append(Double(i))
            edges.append(columns[i].x)
            edges.append(columns[i].width)
        }
        return edges
    }

    /// What the rows' drawing depends on of the layout, in whole points: the shown columns,
    /// their edges and widths, how many are pinned and whether scrolled ones slid under them.
    func rowKey(pinned: Int, slid: Bool) -> [Int] {
        var key: [Int] = []
        key.reserveCapacity(3 * shown.count + 3)
        key.append(columns.count)
        for i in shown {
            key.append(i)
            key.append(Int(saturating: columns[i].x))
            key.append(Int(saturating: columns[i].width))
        }
        key.append(pinned)
        key.append(slid ? 1 : 0)
        return key
    }
}

/// Everything a table header's drawing depends on: while it stays the same a terminal copies the
/// header's cells instead of drawing them again.
struct TableHeaderKey: Equatable, Sendable {
    var columns: [Double]
    var titles: ContentRevision
    var pinned: Int
    var sortedBy: SortOrder?
    /// The sort under way: its column, direction and percentage, as the heading shows them.
    var progress: [Int]?
    var highlighted: Int?
    var hardEdge: Bool
    var theme: ThemeIdentity
    var idiom: ScrollIdiom
    var hovered: Int?
}
