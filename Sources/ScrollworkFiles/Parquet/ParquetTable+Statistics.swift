import Scrollwork

// A filter passes over the row groups, and the pages, whose statistics say no row there meets it.
extension ParquetTable {
    /// The row groups' rows, less those whose statistics rule out one of `filters`: a
    /// comparison (`<`, `<=`, `>`, `>=`) of a column of whole numbers or doubles with a number,
    /// where the group's least and greatest values lie on the wrong side of it, or the group
    /// holds only nulls there. Within a group kept, a column with a column index (and an offset
    /// index placing its pages) leaves out the rows of its pages ruled out the same way, so only
    /// the other pages are read. Other filters, other types (a float's shortest text may read as
    /// a number beside its value; decimals, dates and unsigned numbers are stored otherwise)
    /// and groups without statistics are read.
    public func rowRanges(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        let layout = try layout()
        for (group, rowGroup) in layout.metadata.rowGroups.enumerated() {
            let rows = layout.groupStarts[group]..<layout.groupStarts[group + 1]
            if rows.isEmpty || filters.contains(where: { ruledOut($0, in: rowGroup) }) { continue }
            var kept = [rows]
            for filter in filters {
                guard let pages = pagesKept(filter, in: rowGroup) else { continue }
                kept = Self.intersection(kept, pages.map { ($0.lowerBound + rows.lowerBound)..<($0.upperBound + rows.lowerBound) })
            }
            for part in kept {
                if let last = ranges.last, last.upperBound == part.lowerBound {
                    ranges[ranges.count - 1] = last.lowerBound..<part.upperBound
                } else {
                    ranges.append(part)
                }
            }
        }
        return ranges
    }

    /// True when row group `group`'s statistics say no row of it meets `filter`.
    func ruledOut(_ filter: RowFilter, in group: ParquetMetadata.RowGroup) -> Bool {
        guard let (field, chunk) = comparedChunk(filter, in: group), let statistics = chunk.statistics else { return false }
        // A null meets no comparison.
        if statistics.nullCount == group.rowCount { return true }
        return Self.excludes(filter.test, least: Self.number(statistics.minimum, of: field), greatest: Self.number(statistics.maximum, of: field))
    }

    /// The column `filter` compares with a number, and its chunk in row group `group`; nil for
    /// any other filter, or a column whose statistics cannot say (nested, repeated).
    private func comparedChunk(_ filter: RowFilter, in group: ParquetMetadata.RowGroup) -> (ParquetSchemaNode, ParquetMetadata.ColumnChunk)? {
        guard let column = filter.column, root.children.indices.contains(column) else { return nil }
        switch filter.test {
        case .less, .lessOrEqual, .greater, .greaterOrEqual: break
        default: return nil
        }
        let field = root.children[column]
        guard field.isLeaf, !field.isRepeated, group.columns.indices.contains(field.leaves.lowerBound) else { return nil }
        return (field, group.columns[field.leaves.lowerBound])
    }

    /// True when no value from `least` to `greatest` meets the comparison `test`; false when
    /// either is unknown. An end that reads as the same real as the bound rules nothing out:
    /// the decimals may still differ (``FilterNumber``), and the rows themselves decide.
    private static func excludes(_ test: RowFilter.Test, least: Double?, greatest: Double?) -> Bool {
        guard let least, let greatest else { return false }
        switch test {
        case let .less(bound) where !bound.value.isNaN, let .lessOrEqual(bound) where !bound.value.isNaN: return least > bound.value
        case let .greater(bound) where !bound.value.isNaN, let .greaterOrEqual(bound) where !bound.value.isNaN: return greatest < bound.value
        default: return false
        }
    }

    /// The rows (from the group's first, 0) of row group `group` in the pages of `filter`'s
    /// column that its column index does not rule out: a page of nulls alone, or one whose least
    /// and greatest lie on the wrong side. Nil where the chunk has no column index and offset
    /// index that agree; an index that cannot be read is passed over, as the pages' headers are
    /// what reading trusts.
    private func pagesKept(_ filter: RowFilter, in group: ParquetMetadata.RowGroup) -> [Range<Int>]? {
        guard let (field, chunk) = comparedChunk(filter, in: group), let columnSpan = chunk.columnIndex, let offsetSpan = chunk.offsetIndex,
              columnSpan.upperBound <= file.size, offsetSpan.upperBound <= file.size else { return nil }
        let rowCount = group.rowCount
        let columnIndex: ThriftValue, offsetIndex: ThriftValue
        do {
            var columns = ThriftReader(try ParquetPageIndex.read(columnSpan, file: file))
            columnIndex = try columns.readStruct()
            var offsets = ThriftReader(try ParquetPageIndex.read(offsetSpan, file: file))
            offsetIndex = try offsets.readStruct()
        } catch {
            return nil
        }
        guard let nulls = columnIndex[1]?.elements, let least = columnIndex[2]?.elements, let greatest = columnIndex[3]?.elements,
              let locations = offsetIndex[1]?.elements, !locations.isEmpty, nulls.count == locations.count, least.count == locations.count,
              greatest.count == locations.count else { return nil }
        var firsts = locations.map { $0[3]?.int.map(Int.init) ?? -1 }
        firsts.append(rowCount)
        // The pages' first rows rise from 0 inside the group.
        guard firsts[0] == 0, zip(firsts, firsts.dropFirst()).allSatisfy({ $0.0 < $0.1 }) else { return nil }
        var kept: [Range<Int>] = []
        for page in locations.indices {
            let onlyNulls = nulls[page].bool ?? false
            let binary = { (value: ThriftValue) -> [UInt8]? in if case let .binary(bytes) = value { bytes } else { nil } }
            if onlyNulls || Self.excludes(filter.test, least: Self.number(binary(least[page]), of: field), greatest: Self.number(binary(greatest[page]), of: field)) {
                continue
            }
            let rows = firsts[page]..<firsts[page + 1]
            if let last = kept.last, last.upperBound == rows.lowerBound { kept[kept.count - 1] = last.lowerBound..<rows.upperBound } else { kept.append(rows) }
        }
        return kept
    }

    /// The rows in both `a` and `b`, each a list of ranges in order that do not overlap.
    static func intersection(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = [], i = 0, j = 0
        while i < a.count && j < b.count {
            let low = Swift.max(a[i].lowerBound, b[j].lowerBound), high = Swift.min(a[i].upperBound, b[j].upperBound)
            if low < high { result.append(low..<high) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// A statistic of `field` as the number its values show as; nil for a type whose text is
    /// not the number stored (see ``rowRanges(where:progress:)``).
    static func number(_ bytes: [UInt8]?, of field: ParquetSchemaNode) -> Double? {
        guard let bytes else { return nil }
        func littleEndian(_ count: Int) -> UInt64? {
            guard bytes.count == count else { return nil }
            return bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        switch (field.kind, field.element.type ?? -1) {
        case (.signed, ParquetCode.Physical.int32): return littleEndian(4).map { Double(Int32(truncatingIfNeeded: $0)) }
        case (.signed, ParquetCode.Physical.int64): return littleEndian(8).map { Double(Int64(bitPattern: $0)) }
        case (.double, ParquetCode.Physical.double):
            // A NaN says nothing of the others; the format keeps them out, not every writer does.
            return littleEndian(8).map { Double(bitPattern: $0) }.flatMap { $0.isNaN ? nil : $0 }
        default: return nil
        }
    }
}
