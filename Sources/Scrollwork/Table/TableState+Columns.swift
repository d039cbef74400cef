extension TableState {
    /// The width of the pinned columns, which stay at the leading edge.
    public var pinnedWidth: Double { columnWidths.prefix(pinnedColumns).reduce(0, +) }

    /// Where `x`, from the view's leading edge, falls in the columns' own coordinates: the same
    /// over the pinned columns, moved by the sideways scroll past them.
    public func contentX(atViewX x: Double) -> Double {
        x < pinnedWidth ? x : x + list.scroll.offset.x
    }

    /// Where column `column`'s leading edge is drawn, from the view's leading edge: scrolled
    /// columns move with the sideways scroll (and may lie under the pinned ones or past the view).
    public func viewX(ofColumn column: Int) -> Double {
        let start = columnWidths.prefix(Swift.max(0, column)).reduce(0, +)
        return column < pinnedColumns ? start : start - list.scroll.offset.x
    }

    /// Scrolls sideways the least that shows the divider after `column` with `margin` points
    /// beside it, for a divider dragged against the edge; pinned columns need no scrolling.
    public mutating func revealDivider(after column: Int, margin: Double = 0, at time: Double) {
        guard columns.indices.contains(column), column >= pinnedColumns else { return }
        let x = dividerPositions[column]
        let room = Swift.max(0, list.scroll.contentViewport.width - pinnedWidth)
        let margin = margin.isFinite ? margin.clamped(to: 0...room) : 0
        // The scrolled part of the view starts after the pinned columns.
        let low = x - margin - pinnedWidth, high = x + margin - list.scroll.contentViewport.width
        let current = list.scroll.offset.x
        let target = current > low ? low : (current < high ? high : current)
        guard target != current else { return }
        // Only sideways: rows still gliding down keep gliding.
        list.scroll.advance(to: time.isFinite ? time : list.scroll.time)
        list.scroll.tick(at: list.scroll.time)
        list.scroll.move(.horizontal, to: target.clamped(to: list.scroll.offsetBounds(.horizontal)), animated: false)
    }

    /// The divider after `column` held `pointerInset` points inside the view's trailing edge for
    /// `seconds`: the column grows at the speed `model` gives an auto-scroll with the pointer
    /// there (SV-06c), and the table scrolls to keep the divider `margin` points inside the view.
    /// Times and lengths that are not finite change nothing.
    ///
    /// - Throws: ``TableError`` for an unknown or fixed-width column.
    public mutating func holdDividerAtEdge(after column: Int, for seconds: Double, pointerInset: Double, model: AutoScroll = AutoScroll(),
                                           margin: Double = 0, at time: Double) throws(TableError) {
        guard seconds.isFinite, seconds > 0, pointerInset.isFinite else { return }
        let viewport = list.scroll.contentViewport
        let speed = model.velocity(pointer: Point(x: viewport.width - pointerInset, y: viewport.height / 2), viewport: viewport, axes: .horizontal).x
        try dragDivider(after: column, by: speed * seconds)
        revealDivider(after: column, margin: margin, at: time)
    }

    /// The width that fits `column`'s heading (with room for the sort arrow) and its values, as
    /// a double-click on the divider after it gives on macOS; within the column's limits.
    ///
    /// The values measured are those of the rows in `visible` (flat row numbers: the rows on
    /// screen) and of `sample` more spread evenly over the table (clamped to 0…100,000), so that
    /// a table of millions of rows answers within a frame; a table of at most `sample` rows is
    /// measured whole. `width` gives a text's width in points, padding included; a width that is
    /// not a finite number counts as 0.
    public func fittingWidth(ofColumn column: Int, visible: Range<Int> = 0..<0, sample: Int = 1000,
                             width: (String) -> Double) throws(TableError) -> Double {
        try fittingWidths(ofColumns: [column], visible: visible, sample: sample, width: width)[0]
    }

    /// The widths that fit each of `columns` (one a column, in their order), each as
    /// ``fittingWidth(ofColumn:visible:sample:width:)`` gives it, every row measured read once
    /// for all of them: a host fitting a screen's columns reads its rows once, not once a column.
    ///
    /// - Throws: ``TableError/columnOutOfRange(_:count:)`` for a column outside the table.
    // The rows a viewer of tables reads from its sources, made ahead of time for it: unspecialised,
    // a first frame spent 3,800 instructions a row on the list's generic lookups.
    @_specialize(where Row == PagedRow<[TableValue]>)
    public func fittingWidths(ofColumns columns: [Int], visible: Range<Int> = 0..<0, sample: Int = 1000,
                              width: (String) -> Double) throws(TableError) -> [Double] {
        for column in columns { try validateColumn(column) }
        // No column to fit reads no row (a source that knew every column's widest value).
        guard !columns.isEmpty else { return [] }
        let total = list.numberOfRows
        let sample = sample.clamped(to: 0...100_000)
        var rows = Array(visible.clamped(to: 0..<total))
        if total <= sample {
            rows = Array(0..<total)
        } else if sample > 0 {
            let step = Double(total) / Double(sample)
            rows += (0..<sample).map { Int(Double($0) * step) }
        }
        func measure(_ text: String) -> Double {
            let w = width(text)
            return w.isFinite ? w : 0
        }
        var widest = columns.map { measure(self.columns[$0].title + " ▲") }
        // Rows a batch at a time, measured a column at a time: taking a column out of the list
        // for every cell copied it, and this code is not specialised for the row's type (a
        // first frame fits a thousand cells). A batch keeps the rows held few, however many
        // the sample reads.
        var batch: [Row] = []
        batch.reserveCapacity(Swift.min(rows.count, 256))
        func measureBatch() {
            for (k, column) in columns.enumerated() {
                let spec = self.columns[column]
                for row in batch { widest[k] = Swift.max(widest[k], measure(spec.shownText(of: row))) }
            }
            batch.removeAll(keepingCapacity: true)
        }
        for flat in rows {
            guard let path = list.indexPath(forFlatRow: flat) else { continue }
            // A row that cannot be read (a source that failed) has nothing to measure.
            do { batch.append(try list.row(at: path)) } catch { continue }
            if batch.count == 256 { measureBatch() }
        }
        measureBatch()
        return columns.indices.map { self.columns[columns[$0]].width.clamp(widest[$0]) }
    }

    /// Sizes `column` to ``fittingWidth(ofColumn:visible:sample:width:)`` (a double-click on the
    /// divider after it); the other columns keep their widths, so the table may grow wider than
    /// the view and scroll sideways. Returns the new width.
    @discardableResult
    public mutating func autoFit(column: Int, visible: Range<Int> = 0..<0, sample: Int = 1000, width: (String) -> Double) throws(TableError) -> Double {
        guard columns.indices.contains(column), columns[column].isResizable else {
            try validateColumn(column)
            throw .notAllowed("column \"\(columns[column].title)\" is not resizable")
        }
        let fitted = try fittingWidth(ofColumn: column, visible: visible, sample: sample, width: width)
        columnWidths[column] = fitted
        return fitted
    }

    /// Sizes each of `columns` as ``autoFit(column:visible:sample:width:)`` does, every row
    /// measured read once for all of them; returns the new widths, in their order.
    ///
    /// - Throws: ``TableError`` for a column outside the table or one not resizable, before
    ///   any width changes.
    @discardableResult
    public mutating func autoFit(columns: [Int], visible: Range<Int> = 0..<0, sample: Int = 1000, width: (String) -> Double) throws(TableError) -> [Double] {
        for column in columns where !(self.columns.indices.contains(column) && self.columns[column].isResizable) {
            try validateColumn(column)
            throw .notAllowed("column \"\(self.columns[column].title)\" is not resizable")
        }
        let fitted = try fittingWidths(ofColumns: columns, visible: visible, sample: sample, width: width)
        for (column, width) in zip(columns, fitted) { columnWidths[column] = width }
        return fitted
    }

    /// Adds `column` after the others, at its ideal width (a file whose records show a new field,
    /// say); the others keep theirs, so the table may grow wider and scroll sideways. With
    /// ``ColumnAutoresizingStyle/lastColumnOnly``, a last column stretched to the view's edge
    /// gives that room back to the new last one, which now takes it: the new column shows, not
    /// past a stretch of empty cells.
    public mutating func appendColumn(_ column: TableColumn<Row>) {
        if autoresizingStyle == .lastColumnOnly, let last = columns.indices.last, columnWidths[last] > columns[last].width.ideal {
            columnWidths[last] = columns[last].width.clamp(columns[last].width.ideal)
        }
        columns.append(column)
        columnWidths.append(column.width.ideal)
        setAvailableWidth(availableWidth)
    }

    /// Takes column `column` out of the table (hidden: a host keeps it to put back with
    /// ``insertColumn(_:width:at:)``), with its width; a pinned column leaves the pinned ones one fewer.
    /// The sort order, kept by column identifier, is unchanged.
    ///
    /// - Throws: ``TableError/columnOutOfRange(_:count:)`` for a position outside the columns,
    ///   ``TableError/notAllowed(_:)`` for the last column (a table shows one at least).
    @discardableResult
    public mutating func removeColumn(_ column: Int) throws(TableError) -> (column: TableColumn<Row>, width: Double) {
        try validateColumn(column)
        guard columns.count > 1 else { throw .notAllowed("a table keeps one column at least") }
        if column < pinnedColumns { pinnedColumns -= 1 }
        let width = columnWidths.remove(at: column)
        return (columns.remove(at: column), width)
    }

    /// Puts `column` in at position `position` (clamped to the columns' ends, and to past the
    /// pinned ones) at `width` (clamped to its limits; NaN takes its ideal width).
    public mutating func insertColumn(_ column: TableColumn<Row>, width: Double, at position: Int) {
        let at = position.clamped(to: pinnedColumns...columns.count)
        columns.insert(column, at: at)
        columnWidths.insert(width.isNaN ? column.width.ideal : column.width.clamp(width), at: at)
    }

    /// Puts `column` in place of column `position` (the same field read another way: its type
    /// decided from more rows, say), at the width the old one had, clamped to the new one's
    /// limits; the sort order, kept by column identifier, is unchanged.
    ///
    /// - Throws: ``TableError/columnOutOfRange(_:count:)`` for a position outside the columns.
    public mutating func replaceColumn(at position: Int, with column: TableColumn<Row>) throws(TableError) {
        try validateColumn(position)
        columnWidths[position] = column.width.clamp(columnWidths[position])
        columns[position] = column
    }

    /// ``replaceColumn(at:with:)`` for many columns at once, the widths settled once: a file of
    /// thousands of columns retypes thousands at a time, and one at a time that costs their
    /// square.
    ///
    /// - Throws: ``TableError/columnOutOfRange(_:count:)`` for a position outside the columns;
    ///   nothing changes then.
    public mutating func replaceColumns(_ replacements: [(position: Int, column: TableColumn<Row>)]) throws(TableError) {
        for replacement in replacements { try validateColumn(replacement.position) }
        var widths = columnWidths
        for (position, column) in replacements {
            widths[position] = column.width.clamp(widths[position])
            columns[position] = column
        }
        columnWidths = widths
    }

    /// Widens columns to new limits at once, each to its ideal width at least, as dragging each
    /// one's divider would: the columns after them give up only the room they were given beyond
    /// their own ideal widths (a last column stretched to the edge gives it back) before the
    /// table grows wider. One fitting for them all.
    ///
    /// - Throws: ``TableError/columnOutOfRange(_:count:)`` for a position outside the columns;
    ///   nothing changes then.
    public mutating func widenColumns(_ wanted: [(column: Int, limits: ColumnWidth)]) throws(TableError) {
        for item in wanted { try validateColumn(item.column) }
        guard !wanted.isEmpty else { return }
        var widths = columnWidths
        var limits = columns.map(\.width)
        for (column, width) in wanted {
            columns[column].width = width
            limits[column] = width
            widths[column] = width.clamp(Swift.max(widths[column], width.ideal))
        }
        let fixed = Set(wanted.map(\.column))
        for i in limits.indices where !fixed.contains(i) {
            limits[i].min = Swift.max(limits[i].min, Swift.min(columnWidths[i], limits[i].ideal))
        }
        let target = availableWidth > 0 ? Swift.max(availableWidth, fixed.reduce(0) { $0 + widths[$1] }) : widths.reduce(0, +)
        columnWidths = ColumnLayout.fit(widths, limits: limits, resizable: columns.map(\.isResizable), available: target, style: autoresizingStyle, fixed: fixed)
    }

    /// Moves column `from` to position `to` (a heading dragged along the header), its width with
    /// it; the sort order, kept by column identifier, is unchanged.
    ///
    /// - Throws: ``TableError/columnOutOfRange(_:count:)`` for a position outside the columns,
    ///   ``TableError/notAllowed(_:)`` when ``allowsColumnReordering`` is off or the move would
    ///   carry a column across the edge of the pinned columns (they move only among themselves).
    public mutating func moveColumn(_ from: Int, to: Int) throws(TableError) {
        try validateColumn(from)
        try validateColumn(to)
        guard allowsColumnReordering else { throw .notAllowed("this table does not allow reordering its columns") }
        guard (from < pinnedColumns) == (to < pinnedColumns) else {
            throw .notAllowed("pinned columns move only among themselves; column \(from) cannot move to \(to) with \(pinnedColumns) pinned")
        }
        guard from != to else { return }
        columns.insert(columns.remove(at: from), at: to)
        columnWidths.insert(columnWidths.remove(at: from), at: to)
    }
}
