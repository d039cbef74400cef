/// The headless model of a multi-column table: columns with resizable widths, sorting by heading,
/// and the list (rows, selection, scrolling) underneath (LT-07, LT-12).
///
/// Sorting computes a permutation over the lazy source: rows are never copied, only their sort
/// keys are read once.
public struct TableState<Row: Sendable>: Sendable {
    /// The rows, selection and scroll view.
    public var list: ListState<Row>
    /// The columns in display order.
    public internal(set) var columns: [TableColumn<Row>] { didSet { columnsRevision = ContentRevision() } }
    /// Changes whenever the columns change (their order, values or formats), so that a view
    /// knows when rows it drew before must be drawn again.
    public private(set) var columnsRevision = ContentRevision()
    /// The current column widths. When they add up to more than the view, the table scrolls
    /// sideways with the same physics as down.
    public internal(set) var columnWidths: [Double] { didSet { list.contentWidth = totalColumnWidth } }
    /// How many leading columns stay in place while the others scroll sideways (a Name column,
    /// say). Clamped to 0…the number of columns.
    public var pinnedColumns = 0 { didSet { pinnedColumns = pinnedColumns.clamped(to: 0...columns.count) } }
    /// How columns share the width.
    public var autoresizingStyle: ColumnAutoresizingStyle = .widestFirst { didSet { refit() } }
    /// The sort keys, most significant first; earlier keys break ties of later ones.
    public private(set) var sortOrder: [SortOrder] = []
    /// Whether people may reorder columns by dragging their headings (as NSTableView's
    /// `allowsColumnReordering`).
    public var allowsColumnReordering = true
    /// A label shown above a one-column table without a heading (LT-07).
    public var headerLabel: String? = nil
    /// The width the columns are fitted into.
    public private(set) var availableWidth: Double = 0
    /// Sort keys of the primary sort column, by column, for the rows in `keyRows`: kept so that
    /// reversing a sort reads no keys; other columns' keys are dropped after each sort.
    var keyCache: [String: SortKeys] = [:]
    var keyRows = SourceRows.explicit([])
    /// The ``ListState/rowsVersion`` right after the last sort was applied: while the list is at
    /// this version, its rows are in ``sortOrder``, and a new order that only puts another key
    /// first sorts them by that key alone, stably.
    var sortedRowsVersion: UInt64? = nil
    /// True while ``sortOrder`` is the order the source itself gives (``replaceRows(with:orderedBy:sameRows:)``):
    /// nothing is sorted here.
    public private(set) var isOrderedBySource = false

    /// A table over `rows` with `columns`; the list uses the bordered style (alternating rows).
    /// Inlinable, so that the rows are wrapped where `Source` is known and a sort reads them
    /// without generic code (see ``AnyRowSource/init(_:)``).
    @inlinable
    public init<Source: RowSource & Sendable>(rows: Source, columns: [TableColumn<Row>]) where Source.Row == Row {
        let firstColumn = columns.first
        self.init(list: ListState(rows: rows) { row in RowContent(firstColumn.map { $0.shownText(of: row) } ?? "") }, columns: columns)
    }

    @usableFromInline
    init(list: ListState<Row>, columns: [TableColumn<Row>]) {
        self.list = list
        self.list.style = .bordered
        self.columns = columns
        columnWidths = columns.map(\.width.ideal)
        self.list.contentWidth = totalColumnWidth
        // A drag that is mostly down scrolls only down, as in a wide table on any platform.
        self.list.scroll.isDirectionalLockEnabled = true
    }

    /// The total width of the columns.
    public var totalColumnWidth: Double { columnWidths.reduce(0, +) }

    /// Fits the columns into `width` (the view's width) with the autoresizing style. A width that
    /// is not a finite number counts as 0 (no fitting); one above ``ColumnWidth/largestWidth`` as that.
    public mutating func setAvailableWidth(_ width: Double) {
        availableWidth = width.isFinite ? width.clamped(to: 0...ColumnWidth.largestWidth) : 0
        refit()
    }

    private mutating func refit() {
        guard availableWidth > 0 else { return }
        columnWidths = ColumnLayout.fit(columnWidths, limits: columns.map(\.width), resizable: columns.map(\.isResizable),
                                        available: availableWidth, style: autoresizingStyle)
    }

    // MARK: Sorting

    /// People chose the heading of `column` (LT-12): the first time it sorts ascending by that
    /// column, the same heading again reverses it. The previous keys stay as tie-breakers.
    ///
    /// This sorts at once; for a large table, ``sortOrder(choosingHeading:after:)`` gives the order to
    /// hand to ``sortJob(for:)`` and sort in the background.
    public mutating func chooseHeading(_ column: Int) throws(TableError) {
        setSortOrder(try sortOrder(choosingHeading: column))
    }

    /// The sort order choosing the heading of `column` gives after `base` (the current order
    /// when nil; pass the order of a sort still running to build on it): ascending by the column
    /// first, or, when it is already the first key, reversed; the other keys follow as tie-breakers.
    public func sortOrder(choosingHeading column: Int, after base: [SortOrder]? = nil) throws(TableError) -> [SortOrder] {
        try validateColumn(column)
        guard columns[column].isSortable else { throw .notAllowed("column \"\(columns[column].title)\" is not sortable") }
        let id = columns[column].id
        var order = base ?? sortOrder
        if let first = order.first, first.columnID == id {
            order[0].ascending.toggle()
        } else {
            order.removeAll { $0.columnID == id }
            order.insert(SortOrder(columnID: id, ascending: true), at: 0)
        }
        return order
    }

    /// Sorts by `order` (most significant first) at once: stable, so rows equal on every key keep
    /// the order they have in the source. Unknown column identifiers are ignored.
    ///
    /// Each key column is read from the source once and kept, so choosing the same heading again
    /// (to reverse) or adding a tie-breaker does not read the rows again.
    public mutating func setSortOrder(_ order: [SortOrder]) {
        // A job that is run at once cannot be cancelled, and it fits the rows it was made from.
        guard let result = sortJob(for: order).run() else { return }
        applyFitting(result)
    }

    /// A job that sorts the rows by `order` wherever it runs: it holds a snapshot of the rows and
    /// of the keys read so far, so reading the missing keys is part of the job, not of the caller.
    ///
    /// When the rows are already in the current ``sortOrder`` and `order` only puts a key first
    /// (a heading chosen, as ``sortOrder(choosingHeading:after:)`` gives), the job sorts the rows
    /// as they stand by that key alone: the sort is stable, so the earlier keys still break
    /// ties, and only one column of keys is read and held, however many keys the order has.
    public func sortJob(for order: [SortOrder]) -> SortJob<Row> {
        // Only references are taken here; working out the rows and comparing them with the cached
        // keys' rows is part of the job, so that starting one costs nothing at any size.
        let keyColumns = order.compactMap { o in columns.first { $0.id == o.columnID }.map { ($0, o.ascending) } }
        let resorts = sortedRowsVersion == list.rowsVersion && !order.isEmpty && keyColumns.count == order.count && SourceRows.isIdentity(of: list)
            && Array(order.dropFirst()) == sortOrder.filter { $0.columnID != order[0].columnID }
        let used = resorts ? [keyColumns[0]] : keyColumns
        // The job holds only the keys it sorts by: others would stay in memory while it runs.
        return SortJob(order: order, rowsVersion: list.rowsVersion, list: list, keyColumns: used,
                       fromCurrentOrder: resorts, cachedKeys: keyCache.filter { id, _ in used.contains { $0.0.id == id } }, cachedRows: keyRows)
    }

    /// Lets go of the sort keys kept from the last sort unless they are `order`'s first key's:
    /// a host that starts a sort by another column frees that memory now (8 bytes a row for
    /// numbers) instead of when the new sort ends.
    public mutating func releaseKeys(notUsedBy order: [SortOrder]) {
        keyCache = keyCache.filter { id, _ in order.contains { $0.columnID == id } }
    }

    /// Applies a finished sort: the rows take its order, the selection stays on the same rows,
    /// and the cursor's row is scrolled into view, as AppKit's tables do.
    ///
    /// - Throws: ``TableError/staleSortResult(startedAt:now:)`` when the rows changed after the
    ///   job began (an edit, a reload or another sort): such a result is never applied.
    public mutating func apply(_ result: SortResult<Row>) throws(TableError) {
        guard result.rowsVersion == list.rowsVersion else { throw .staleSortResult(startedAt: result.rowsVersion, now: list.rowsVersion) }
        applyFitting(result)
    }

    private mutating func applyFitting(_ result: SortResult<Row>) {
        sortOrder = result.order
        isOrderedBySource = false
        // Only the first key's column is kept (a reversal reads it again at no cost).
        keyCache = result.order.first.flatMap { first in result.keys[first.columnID].map { [first.columnID: $0] } } ?? [:]
        keyRows = result.ids
        list.arrange(result.arrangement, ofSection: 0)
        sortedRowsVersion = list.rowsVersion
        if let cursor = list.cursor { list.reveal(id: cursor, at: list.scroll.time) }
    }

    /// The direction shown on `column`'s heading (▲ ascending, ▼ descending), if it is the
    /// primary sort key. Inlinable: a heading asks every frame, and generic code looks up the
    /// column's type on each read.
    @inlinable
    public func sortIndicator(forColumn column: Int) -> Bool? {
        guard columns.indices.contains(column), let first = sortOrder.first else { return nil }
        // Only the id is read: a column read whole is a copy of all its strings and closures.
        // Safe: `column` was found among the columns' indices above.
        return unsafe columns.withUnsafeBufferPointer { unsafe $0[column].id == first.columnID } ? first.ascending : nil
    }

    /// Re-reads the source after its rows changed: counts through ``ListState/reloadData()``, and
    /// sort keys, which are cached between sorts, are read again; the current sort order is applied
    /// to the new rows.
    public mutating func reloadData() {
        list.reloadData()
        keyCache = [:]
        keyRows = .explicit([])
        if !sortOrder.isEmpty && !isOrderedBySource { setSortOrder(sortOrder) }
    }

    /// Gives the table new contents for its rows (a ``PagedRows`` that took delivered pages, a
    /// source that grew) as ``ListState/replaceRows(with:)`` does. Cached sort keys are dropped;
    /// a sorted table sorts again at once, so a large one is better left unsorted or sorted with
    /// a ``SortJob`` once its rows are in.
    public mutating func replaceRows<Source: RowSource & Sendable>(with source: Source) where Source.Row == Row {
        list.replaceRows(with: source)
        keyCache = [:]
        keyRows = .explicit([])
        if !sortOrder.isEmpty && !isOrderedBySource { setSortOrder(sortOrder) }
    }

    /// Gives the table rows that their source already gives in `order` (a database that orders
    /// them where the data is): the headings show the order (▲/▼) and nothing is sorted here,
    /// now or when the rows are replaced again. Keys for columns the table does not have are
    /// left out. The selection and cursor are kept when the rows keep their positions
    /// (`sameRows`), else cleared.
    public mutating func replaceRows<Source: RowSource & Sendable>(with source: Source, orderedBy order: [SortOrder], sameRows: Bool) where Source.Row == Row {
        let ids = Set(columns.map(\.id))
        sortOrder = order.filter { ids.contains($0.columnID) }
        isOrderedBySource = true
        keyCache = [:]
        keyRows = .explicit([])
        if sameRows { list.replaceRows(with: source) } else { list.replaceRowsInSourceOrder(with: source) }
    }

    /// Gives the table other rows altogether (a filtered view of the same file, say) without
    /// sorting them: they show in their source's order, the sort order is forgotten, and the
    /// selection and cursor, which named rows of the old source, are cleared. A host sorts the
    /// new rows in the background with a ``SortJob`` for the order it had.
    public mutating func replaceRowsUnsorted<Source: RowSource & Sendable>(with source: Source) where Source.Row == Row {
        sortOrder = []
        isOrderedBySource = false
        keyCache = [:]
        keyRows = .explicit([])
        list.replaceRowsInSourceOrder(with: source)
    }

    // MARK: Resizing

    /// The x positions of the dividers after each column, from the table's leading edge.
    public var dividerPositions: [Double] {
        var x = 0.0
        return columnWidths.map { x += $0; return x }
    }

    /// The column under `x`, or nil past the last one.
    public func column(atX x: Double) -> Int? {
        var edge = 0.0
        for (i, w) in columnWidths.enumerated() {
            edge += w
            if x < edge { return x >= 0 ? i : nil }
        }
        return nil
    }

    /// The divider (after column i) within `tolerance` of `x`, preferring a resizable column.
    public func divider(nearX x: Double, tolerance: Double = 4) -> Int? {
        dividerPositions.enumerated().filter { abs($0.element - x) <= tolerance && columns[$0.offset].isResizable }
            .min { abs($0.element - x) < abs($1.element - x) }?.offset
    }

    /// Drags the divider after `column` by `delta` points (LT-12): the column resizes within its
    /// limits and the columns after it give or take room as the autoresizing style says, but
    /// none gives up more than the room it was given beyond its ideal width: a column is never
    /// crushed to make room; it moves, and the table grows wider and scrolls sideways. A `delta`
    /// that is not a finite number moves nothing.
    public mutating func dragDivider(after column: Int, by delta: Double) throws(TableError) {
        try validateColumn(column)
        guard columns[column].isResizable else { throw .notAllowed("column \"\(columns[column].title)\" is not resizable") }
        guard delta.isFinite else { return }
        var widths = columnWidths
        widths[column] = columns[column].width.clamp(widths[column] + delta)
        // Only columns after the divider move to make room, as when dragging in AppKit, and only
        // down to their ideal width (or the width they have, when narrower).
        var limits = columns.map(\.width)
        for i in limits.indices where i > column {
            limits[i].min = Swift.max(limits[i].min, Swift.min(columnWidths[i], limits[i].ideal))
        }
        let others = Set(columns.indices.filter { $0 <= column })
        let target = availableWidth > 0 ? Swift.max(availableWidth, widths.prefix(column + 1).reduce(0, +)) : widths.reduce(0, +)
        columnWidths = ColumnLayout.fit(widths, limits: limits, resizable: columns.map(\.isResizable),
                                        available: target, style: autoresizingStyle, fixed: others)
    }

    /// Sets `column`'s width directly (clamped to its limits), without moving the others; a width
    /// that is not a finite number changes nothing.
    public mutating func setWidth(_ width: Double, ofColumn column: Int) throws(TableError) {
        try validateColumn(column)
        guard width.isFinite else { return }
        columnWidths[column] = columns[column].width.clamp(width)
    }

    /// Sets `column`'s limits (a host that measures its text finds it needs more room than the
    /// column was made with, say); its width is held within them and the columns are fitted again.
    public mutating func setWidthLimits(_ limits: ColumnWidth, ofColumn column: Int) throws(TableError) {
        try validateColumn(column)
        columns[column].width = limits
        columnWidths[column] = limits.clamp(columnWidths[column])
        refit()
    }

    // MARK: Cells

    /// The text of a cell fitted into `width` cells: truncated with the column's mode and padded
    /// to the column's alignment, so it is exactly `width` cells wide (a width above
    /// ``Truncation/maximumPaddedWidth`` counts as that; an unknown column gives blanks).
    public func cellText(at indexPath: IndexPath, column: Int, width: Int) throws(ListError) -> String {
        cellText(of: try list.row(at: indexPath), column: column, width: width)
    }

    /// The text of `row`'s cell in `column`, fitted into `width` cells as ``cellText(at:column:width:)``
    /// does; for drawing a row whose value is already at hand.
    public func cellText(of row: Row, column: Int, width: Int) -> String {
        let width = Swift.min(width, Truncation.maximumPaddedWidth)
        let (text, indent) = cellLayout(of: row, column: column, width: width)
        let missing = Swift.max(0, width) - indent - displayWidth(text)
        return String(repeating: " ", count: indent) + text + String(repeating: " ", count: Swift.max(0, missing))
    }

    /// The text of `row`'s cell in `column`, whole (``TableColumn/shownText(of:)``); "" for a
    /// column that is not there. Inlinable, as ``cellLayout(of:column:width:)`` is.
    @inlinable
    public func cellText(of row: Row, column: Int) -> String {
        guard column >= 0, column < columns.count else { return "" }
        // Its fields read through the buffer: a column read from the array, or a method called
        // on it, is a copy of all its strings and closures, retained and released for every cell.
        // Safe: `column` was checked to lie below the count above.
        return unsafe columns.withUnsafeBufferPointer { specs in
            unsafe TableColumn.shownText(of: row, text: specs[column].text, value: specs[column].value, format: specs[column].format)
        }
    }

    /// The text of `row`'s cell in `column` cut to `width` cells, and how many cells to indent it
    /// for the column's alignment: what a host draws over a blank cell, without padding strings.
    ///
    /// Inlinable, so that a caller that knows `Row` gets a version specialised to it: the
    /// generic version looks up the types of the table and its columns at run time on every call.
    @inlinable
    public func cellLayout(of row: Row, column: Int, width: Int) -> (text: String, indent: Int) {
        let width = Swift.min(width, Truncation.maximumPaddedWidth)
        guard column >= 0, column < columns.count, width > 0 else { return ("", 0) }
        let spec = columns[column]
        let cut = cellText(of: row, column: column).truncated(toWidth: width, spec.truncation)
        switch spec.alignment {
        case .leading: return (cut, 0)
        case .trailing: return (cut, Swift.max(0, width - displayWidth(cut)))
        case .center: return (cut, Swift.max(0, width - displayWidth(cut)) / 2)
        }
    }

    // MARK: Guidelines

    /// Guideline checks for the headings (LT-07): ending punctuation, headings not in title case,
    /// and a one-column table with neither a heading nor a header label.
    public func diagnostics() -> [Diagnostic] {
        var found: [Diagnostic] = []
        for column in columns where !column.title.isEmpty {
            if let last = column.title.last, ".,:;!?…".contains(last) {
                found.append(Diagnostic("LT-07", "heading \"\(column.title)\" ends with punctuation; headings are nouns or short noun phrases without ending punctuation"))
            }
            if !HeadingStyle.isTitleCase(column.title) {
                found.append(Diagnostic("LT-07", "heading \"\(column.title)\" is not in title case; capitalise it like \"\(HeadingStyle.titleCased(column.title))\""))
            }
        }
        if columns.count == 1, columns[0].title.isEmpty, (headerLabel ?? "").isEmpty {
            found.append(Diagnostic("LT-07", "a one-column table has neither a column heading nor a header label; add a label or header so people know what the rows are"))
        }
        return found
    }

    func validateColumn(_ column: Int) throws(TableError) {
        guard columns.indices.contains(column) else { throw .columnOutOfRange(column, count: columns.count) }
    }
}
