import Scrollwork

// Rows read into memory for the library's passes, a column at a time from the pages: a
// dictionary page's values made text once each, not once a row.
extension ParquetTable {
    /// `columns` of rows `positions` as text a column at a time, read from the pages holding
    /// them (a nested field's rows as their JSON), each distinct value of a dictionary page made
    /// text once.
    public func columnarValues(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> ColumnarRows {
        try checkColumns(columns)
        let wanted = positions.clamped(to: 0..<(try total()))
        var rows = ColumnarRows(width: columns.count)
        var at = wanted.lowerBound
        while at < wanted.upperBound {
            try progress.check()
            let group = try groupContaining(at), span = try groupSpan(group)
            let start = span.lowerBound, end = Swift.min(span.upperBound, wanted.upperBound)
            for (place, field) in columns.enumerated() {
                try append(field: field, group: group, rows: (at - start)..<(end - start), toColumn: place, of: &rows)
            }
            at = end
        }
        return rows
    }

    /// Appends field `field`'s values of rows `slots` of row group `group` to column `place`.
    private func append(field: Int, group: Int, rows slots: Range<Int>, toColumn place: Int, of rows: inout ColumnarRows) throws(TableSourceError) {
        let node = root.children[field]
        guard node.isLeaf && !node.isRepeated else {
            for value in try column(field, group: group).values(Array(slots)) { rows.append(value, toColumn: place) }
            return
        }
        let index = try pageIndex(field, group: group)
        var done = slots.lowerBound
        for page in index.pages(holding: slots) {
            let first = index.pages[page].firstSlot
            let shown = slots.clamped(to: first..<first + index.pages[page].valueCount)
            guard !shown.isEmpty else { continue }
            let column = try pageColumn(field, group: group, page: page, index: index, keep: false)
            // Slots the pages do not cover (a damaged chunk) are missing, as a row's read says.
            while done < shown.lowerBound { rows.appendMissing(toColumn: place); done += 1 }
            if case let .flat(_, .indexed(dictionary, indices), positions) = column.storage, let entries = try entryTexts(field, group: group),
               entries.count == dictionary.count {
                // Each entry's text made once a chunk, however many rows name it.
                for slot in shown {
                    let value = ParquetColumn.slot(ofRow: slot - first, in: positions)
                    guard value >= 0, value < indices.count, Int(indices[value]) < entries.count else { rows.appendMissing(toColumn: place); continue }
                    let entry = Int(indices[value])
                    rows.append(entries.bytes[entries.starts[entry]..<entries.starts[entry + 1]], toColumn: place)
                }
            } else {
                for value in column.values(shown.map { $0 - first }) { rows.append(value, toColumn: place) }
            }
            done = shown.upperBound
        }
        while done < slots.upperBound { rows.appendMissing(toColumn: place); done += 1 }
    }
}
