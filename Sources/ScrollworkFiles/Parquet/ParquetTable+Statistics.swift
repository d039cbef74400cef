import Scrollwork

// A filter passes over the row groups whose statistics say no row there meets it.
extension ParquetTable {
    /// The row groups' rows, less those whose statistics rule out one of `filters`: a
    /// comparison (`<`, `<=`, `>`, `>=`) of a column of whole numbers or doubles with a number,
    /// where the group's least and greatest values lie on the wrong side of it, or the group
    /// holds only nulls there. Other filters, other types (a float's shortest text may read as
    /// a number beside its value; decimals, dates and unsigned numbers are stored otherwise)
    /// and groups without statistics are read.
    public func rowRanges(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        for group in metadata.rowGroups.indices {
            let rows = groupStarts[group]..<groupStarts[group + 1]
            if rows.isEmpty || filters.contains(where: { ruledOut($0, in: group) }) { continue }
            if let last = ranges.last, last.upperBound == rows.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<rows.upperBound
            } else {
                ranges.append(rows)
            }
        }
        return ranges
    }

    /// True when row group `group`'s statistics say no row of it meets `filter`.
    func ruledOut(_ filter: RowFilter, in group: Int) -> Bool {
        guard let column = filter.column, root.children.indices.contains(column) else { return false }
        let field = root.children[column]
        guard field.isLeaf, !field.isRepeated, metadata.rowGroups[group].columns.indices.contains(field.leaves.lowerBound) else { return false }
        let chunk = metadata.rowGroups[group].columns[field.leaves.lowerBound]
        guard let statistics = chunk.statistics else { return false }
        let bound: Double
        switch filter.test {
        case let .less(x), let .lessOrEqual(x), let .greater(x), let .greaterOrEqual(x): bound = x
        default: return false
        }
        // A null meets no comparison.
        if statistics.nullCount == metadata.rowGroups[group].rowCount { return true }
        guard let least = Self.number(statistics.minimum, of: field), let greatest = Self.number(statistics.maximum, of: field), !bound.isNaN else { return false }
        switch filter.test {
        case .less: return !(least < bound)
        case .lessOrEqual: return !(least <= bound)
        case .greater: return !(greatest > bound)
        case .greaterOrEqual: return !(greatest >= bound)
        default: return false
        }
    }

    /// A statistic of `field` as the number its values show as; nil for a type whose text is
    /// not the number stored (see ``rowRanges(where:progress:)``).
    private static func number(_ bytes: [UInt8]?, of field: ParquetSchemaNode) -> Double? {
        guard let bytes else { return nil }
        func littleEndian(_ count: Int) -> UInt64? {
            guard bytes.count == count else { return nil }
            return bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        switch (field.kind, field.element.type) {
        case (.signed, 1?): return littleEndian(4).map { Double(Int32(truncatingIfNeeded: $0)) }
        case (.signed, 2?): return littleEndian(8).map { Double(Int64(bitPattern: $0)) }
        case (.double, 5?):
            // A NaN says nothing of the others; the format keeps them out, not every writer does.
            return littleEndian(8).map { Double(bitPattern: $0) }.flatMap { $0.isNaN ? nil : $0 }
        default: return nil
        }
    }
}
