import Scrollwork

// A summary of every column in one pass over the rows, a piece of rows a core, each piece's
// columns read from their pages as text: no column is held whole.
extension ParquetTable {
    /// The summary of every column among the rows `filters` keep: every column in one pass, as
    /// many pieces of rows at once as ``loop`` runs (memory grows with the pieces at once, not
    /// the table), with the medians exact as a file's are. A null is missing, and so is empty
    /// text (the rows are read as text, where the two are one); a text `NA` or `null` is a
    /// value, as the frequency table, a filter and DuckDB count it.
    public func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        let kept = filters.isEmpty ? nil : try rowNames(where: filters, orderedBy: [], progress: TableProgress())
        let rows = try ParquetTextRows(table: self, columns: Array(columnTitles.indices))
        guard let summaries = ColumnSummary.summarizing(rows, titles: columnTitles, within: kept.map { .rows($0.map { UInt32(truncatingIfNeeded: $0) }) },
                                                        missing: .none, concurrently: loop, progress: { progress.report($0) }) else { throw .cancelled }
        if let failure = rows.failure.first { throw failure }
        return summaries
    }
}

// What the footer says of each column before a page is read.
extension ParquetTable {
    /// From the row groups' statistics: how many values each top-level column has and misses
    /// (a required column misses none), and the least and greatest of whole numbers and doubles,
    /// as a summary of every row would write them. A figure is left unknown where one row group
    /// has no statistic for it, and wherever the statistic could read otherwise than the values:
    /// nested columns; text (an empty text is missing to a summary); floats (their text
    /// is the float's, the statistic a wider number); a NaN; a zero (writers store `-0.0` as a
    /// least `0.0`); whole numbers past 2^53 (a summary finds them through doubles).
    public var knownSummary: [ColumnSummary.Known]? {
        // A footer that cannot be read whole says nothing: the summary's own read says why.
        let layout: ParquetLayout
        do { layout = try self.layout() } catch { return nil }
        return root.children.map { field in knownFigures(of: field, in: layout) }
    }

    /// ``knownSummary``'s figures of one top-level column, from the row groups of `layout`.
    private func knownFigures(of field: ParquetSchemaNode, in layout: ParquetLayout) -> ColumnSummary.Known {
        var known = ColumnSummary.Known(title: field.element.name)
        let leaf = field.leaves.lowerBound, total = layout.rowCount
        guard field.isLeaf, !field.isRepeated, layout.metadata.rowGroups.allSatisfy({ $0.columns.indices.contains(leaf) }) else { return known }
        var missing = 0, low = Double.infinity, high = -Double.infinity, bounded = true
        for group in layout.metadata.rowGroups {
            let statistics = group.columns[leaf].statistics
            let nulls: Int
            if field.element.repetition == ParquetCode.Repetition.required {
                nulls = 0
            } else if let counted = statistics?.nullCount, counted >= 0, counted <= group.rowCount {
                nulls = counted
            } else {
                return known
            }
            missing += nulls
            // A group of nulls alone has no least or greatest.
            guard group.rowCount > nulls else { continue }
            if let least = Self.knownNumber(statistics?.minimum, of: field), let greatest = Self.knownNumber(statistics?.maximum, of: field) {
                low = Swift.min(low, least)
                high = Swift.max(high, greatest)
            } else {
                bounded = false
            }
        }
        guard missing <= total else { return known }
        known.missing = missing
        known.count = total - missing
        if total == missing {
            known.kind = .empty
            return known
        }
        guard bounded, low <= high else { return known }
        if field.kind == .signed {
            // Whole numbers within 2^53 (``knownNumber``): a double holds each exactly.
            known.kind = .integers
            known.minimum = "\(Int64(low))"
            known.maximum = "\(Int64(high))"
        } else {
            known.minimum = RowFilter.format(low)
            known.maximum = RowFilter.format(high)
        }
        return known
    }

    /// The widest value of a column of signed whole numbers, in cells, from the row groups'
    /// least and greatest (worked out once, as the footer is read): every group's once it is
    /// read whole, the first group's while a long one is read apart; as wide as `NULL` where the
    /// column may hold a null. Nil for every other column, and where a group has no statistic
    /// for it: the viewer fits those to the first rows.
    public func widestValue(ofColumn column: Int) -> Int? {
        guard root.children.indices.contains(column) else { return nil }
        return (footer.layoutIfRead?.widestWhole ?? footer.firstWidestWhole)[column]
    }

    /// A statistic of a signed whole-number or double column as the number it is (as a filter
    /// reads it, ``number(_:of:)``), where a summary would write that number back the same: not
    /// a zero of a double, not a whole number past 2^53 (see ``knownSummary``).
    private static func knownNumber(_ bytes: [UInt8]?, of field: ParquetSchemaNode) -> Double? {
        guard let value = number(bytes, of: field) else { return nil }
        if field.kind == .signed { return value.magnitude < 0x1p53 ? value : nil }
        return value == 0 ? nil : value
    }
}
