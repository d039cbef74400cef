import Scrollwork

// A frequency table counted from the pages as they are stored: a dictionary page's values are
// made text once, its rows counted by index.
extension ParquetTable {
    /// How often each value of column `column` occurs: over all rows of a field that does not
    /// nest, a page at a time, each dictionary-encoded page counted by its indices and each
    /// distinct value made text once; with filters, or for a nested field, over the rows read
    /// (``TableSource/frequencyOverRows(ofColumn:where:progress:)``). The same table either way.
    public func frequency(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        try checkColumns([column])
        let node = root.children[column]
        guard filters.isEmpty, node.isLeaf, !node.isRepeated else { return try frequencyOverRows(ofColumn: column, where: filters, progress: progress) }
        var counts: [[UInt8]: Int] = [:]
        var uncounted = 0
        func add(_ value: TableValue, _ n: Int) {
            guard n > 0 else { return }
            let bytes = Array((value.presentText ?? "").utf8)
            if counts[bytes] != nil || counts.count < FrequencyTable.distinctLimit { counts[bytes, default: 0] += n } else { uncounted += n }
        }
        for group in metadata.rowGroups.indices {
            let index = try pageIndex(column, group: group)
            for page in index.pages.indices {
                let read = try pageColumn(column, group: group, page: page, index: index)
                guard case let .flat(kind, values, slots) = read.storage else { continue }
                let rows = index.pages[page].valueCount
                var nulls = 0
                if case let .indexed(dictionary, indices) = values {
                    var perEntry = [Int](repeating: 0, count: dictionary.count)
                    for i in 0..<rows {
                        let slot = ParquetColumn.slot(ofRow: i, in: slots)
                        guard slot >= 0, slot < indices.count, Int(indices[slot]) < perEntry.count else { nulls += 1; continue }
                        perEntry[Int(indices[slot])] += 1
                    }
                    for (entry, n) in perEntry.enumerated() where n > 0 { add(kind.value(dictionary, at: entry), n) }
                } else {
                    for value in read.values(Array(0..<rows)) {
                        if value.isMissing { nulls += 1 } else { add(value, 1) }
                    }
                }
                add(.missing("NULL"), nulls)
            }
            guard progress.report(Double(group + 1) / Double(Swift.max(1, metadata.rowGroups.count))) else { throw .cancelled }
        }
        return FrequencyTable(counts: counts, total: groupStarts[groupStarts.count - 1], uncounted: uncounted)
    }
}

