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
        var uncounted = 0, nulls = 0
        try eachRowGroup(progress: progress) { group throws(TableSourceError) in try counted(column, group: group) } take: { counted in
            nulls += counted.nulls
            for (text, n) in counted.texts {
                if counts[text] != nil || counts.count < FrequencyTable.distinctLimit { counts[text, default: 0] += n } else { uncounted += n }
            }
        }
        // A null is the one missing value; an empty text and a text NA are values.
        return FrequencyTable(counts: counts, nulls: nulls, total: try total(), uncounted: uncounted, missing: .none)
    }

    /// How often each value of leaf column `column` occurs in row group `group`, as text, in
    /// the order first met, and how many nulls it holds: a dictionary-encoded page counted from
    /// its indices (none kept), each entry's text made once a chunk (``entryTexts(_:group:)``).
    private func counted(_ column: Int, group: Int) throws(TableSourceError) -> (texts: [(text: [UInt8], count: Int)], nulls: Int) {
        var counts: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        func add(_ bytes: [UInt8], _ n: Int) {
            guard n > 0 else { return }
            if counts[bytes] == nil { order.append(bytes) }
            counts[bytes, default: 0] += n
        }
        var nulls = 0
        let index = try pageIndex(column, group: group)
        let node = root.children[column]
        for page in index.pages.indices {
            let counted: (counts: [Int], nulls: Int)?
            do { counted = try index.entryCounts(page, leaf: node, file: file) } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
            if let counted, let entries = try entryTexts(column, group: group), entries.count == counted.counts.count {
                for (entry, n) in counted.counts.enumerated() where n > 0 { add(Array(entries.bytes[entries.starts[entry]..<entries.starts[entry + 1]]), n) }
                nulls += counted.nulls
                continue
            }
            // A page written another way: its values read.
            for value in try pageColumn(column, group: group, page: page, index: index, keep: false).values(Array(0..<index.pages[page].valueCount)) {
                if let text = value.presentText { add(Array(text.utf8), 1) } else { nulls += 1 }
            }
        }
        return (order.map { (text: $0, count: counts[$0] ?? 0) }, nulls)
    }
}

