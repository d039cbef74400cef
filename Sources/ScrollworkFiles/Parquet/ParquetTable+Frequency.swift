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
        // Once the table is full, a group counts only the values it already holds: the rest
        // are uncounted whatever they are, and a column of distinct values would otherwise
        // make each group hold a million of its own.
        var counts = ValueCounts(limit: FrequencyTable.distinctLimit)
        var nulls = 0
        try eachRowGroup(progress: progress, round: { counts.isFull ? counts : nil }) { group, known throws(TableSourceError) in
            try counted(column, group: group, within: known)
        } take: { counted in
            nulls += counted.nulls
            counts.add(counted.counts)
        }
        // A null is the one missing value; an empty text and a text NA are values.
        return FrequencyTable(counted: counts.takeAll(), nulls: nulls, total: try total(), missing: .none)
    }

    /// How often each value of leaf column `column` occurs in row group `group`, in the order
    /// first met, and how many nulls it holds: a dictionary-encoded page counted from its
    /// indices (none kept), each entry's text made once a chunk (``entryTexts(_:group:)``).
    /// Given `known`, only the values it holds are counted one by one, the rest as uncounted.
    func counted(_ column: Int, group: Int, within known: ValueCounts?) throws(TableSourceError) -> (counts: ValueCounts, nulls: Int) {
        var counts = ValueCounts()
        var nulls = 0
        func add(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int) {
            // Safe: the bytes are lent for the call; the counter copies what it keeps.
            if let known, unsafe !known.contains(bytes) { counts.uncounted += n } else { unsafe counts.add(bytes, count: n) }
        }
        let index = try pageIndex(column, group: group)
        let node = root.children[column]
        for page in index.pages.indices {
            let counted: (counts: [Int], nulls: Int)?
            do { counted = try index.entryCounts(page, leaf: node, file: file) } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
            if let counted, let entries = try entryTexts(column, group: group), entries.count == counted.counts.count {
                // Safe: each entry's bytes lie inside the entries' text, lent for the loop.
                unsafe entries.bytes.withUnsafeBufferPointer { bytes in
                    for (entry, n) in counted.counts.enumerated() where n > 0 {
                        unsafe add(UnsafeBufferPointer(rebasing: bytes[entries.starts[entry]..<entries.starts[entry + 1]]), n)
                    }
                }
                nulls += counted.nulls
                continue
            }
            // A page written another way: its values read.
            for value in try pageColumn(column, group: group, page: page, index: index, keep: false).values(Array(0..<index.pages[page].valueCount)) {
                // Safe: the text's bytes are lent for the call.
                if let text = value.presentText { var text = text; text.withUTF8 { unsafe add($0, 1) } } else { nulls += 1 }
            }
        }
        return (counts, nulls)
    }
}
