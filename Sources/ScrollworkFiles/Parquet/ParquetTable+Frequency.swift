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
        // The row groups counted apart, as many at once as the loop runs, then added up in order.
        var counts: [[UInt8]: Int] = [:]
        var uncounted = 0
        try eachRowGroup(progress: progress) { group throws(TableSourceError) in try counted(column, group: group) } take: { counted in
            for (text, n) in counted {
                if counts[text] != nil || counts.count < FrequencyTable.distinctLimit { counts[text, default: 0] += n } else { uncounted += n }
            }
        }
        return FrequencyTable(counts: counts, total: groupStarts[groupStarts.count - 1], uncounted: uncounted)
    }

    /// How often each value of leaf column `column` occurs in row group `group`, as text (a
    /// null as `NULL`), in the order first met: a dictionary page counted by its indices, each
    /// entry made text once.
    private func counted(_ column: Int, group: Int) throws(TableSourceError) -> [(text: [UInt8], count: Int)] {
        var counts: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        func add(_ value: TableValue, _ n: Int) {
            guard n > 0 else { return }
            let bytes = Array((value.presentText ?? "").utf8)
            if counts[bytes] == nil { order.append(bytes) }
            counts[bytes, default: 0] += n
        }
        let index = try pageIndex(column, group: group)
        let node = root.children[column]
        for page in index.pages.indices {
            // A dictionary-encoded page counted from its indices, none of them kept.
            let counted: (counts: [Int], nulls: Int)?
            do { counted = try index.entryCounts(page, leaf: node, file: file) } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
            if let counted, let dictionary = index.dictionary {
                for (entry, n) in counted.counts.enumerated() where n > 0 { add(node.kind.value(dictionary, at: entry), n) }
                add(.missing("NULL"), counted.nulls)
                continue
            }
            let read = try pageColumn(column, group: group, page: page, index: index, keep: false)
            guard case let .flat(kind, values, slots) = read.storage else { continue }
            let rows = index.pages[page].valueCount
            var nulls = 0
            if case let .indexed(dictionary, indices) = values {
                var perEntry = [Int](repeating: 0, count: dictionary.count)
                if slots == nil {
                    // Row i is value i: the indices counted as they are, rows past them null.
                    for entry in indices.prefix(rows) where Int(entry) < perEntry.count { perEntry[Int(entry)] += 1 }
                    nulls += rows - perEntry.reduce(0, +)
                } else {
                    for i in 0..<rows {
                        let slot = ParquetColumn.slot(ofRow: i, in: slots)
                        guard slot >= 0, slot < indices.count, Int(indices[slot]) < perEntry.count else { nulls += 1; continue }
                        perEntry[Int(indices[slot])] += 1
                    }
                }
                for (entry, n) in perEntry.enumerated() where n > 0 { add(kind.value(dictionary, at: entry), n) }
            } else {
                for value in read.values(Array(0..<rows)) {
                    if value.isMissing { nulls += 1 } else { add(value, 1) }
                }
            }
            add(.missing("NULL"), nulls)
        }
        return order.map { (text: $0, count: counts[$0] ?? 0) }
    }
}

