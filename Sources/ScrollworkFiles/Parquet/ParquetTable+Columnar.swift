import Scrollwork

// Rows read into memory for the library's passes, a column at a time from the pages: a
// dictionary page's values made text once each, not once a row.
extension ParquetTable {
    /// `columns` of rows `positions` as text a column at a time, read from the pages holding
    /// them (a nested field's rows as their JSON), each distinct value of a dictionary page made
    /// text once.
    public func columnarValues(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> ColumnarRows {
        try checkColumns(columns)
        let wanted = positions.clamped(to: 0..<groupStarts[groupStarts.count - 1])
        var rows = ColumnarRows(width: columns.count)
        var at = wanted.lowerBound
        while at < wanted.upperBound {
            try progress.check()
            let group = groupStarts.lastIndex { $0 <= at } ?? 0
            let start = groupStarts[group], end = Swift.min(groupStarts[group + 1], wanted.upperBound)
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
        func text(_ value: TableValue) -> [UInt8] {
            var text = value.isMissing ? "" : value.description
            return text.withUTF8 { Array($0) }
        }
        guard node.isLeaf && !node.isRepeated else {
            let column = try column(field, group: group)
            for slot in slots { rows.append(text(column.value(slot))[...], toColumn: place) }
            return
        }
        let index = try pageIndex(field, group: group)
        var done = slots.lowerBound
        for page in index.pages(holding: slots) {
            let first = index.pages[page].firstSlot
            let shown = slots.clamped(to: first..<first + index.pages[page].header.valueCount)
            guard !shown.isEmpty, case let .flat(kind, values, positions) = try pageColumn(field, group: group, page: page, index: index).storage else { continue }
            // Slots the pages do not cover (a damaged chunk) are missing, as a row's read says.
            while done < shown.lowerBound { rows.appendMissing(toColumn: place); done += 1 }
            var dictionaryTexts: [[UInt8]?] = []
            for slot in shown {
                let i = slot - first
                let value = positions.map { $0.indices.contains(i) ? Int($0[i]) : -1 } ?? i
                guard value >= 0, value < values.count else { rows.appendMissing(toColumn: place); continue }
                if case let .indexed(dictionary, indices) = values, Int(indices[value]) < dictionary.count {
                    let entry = Int(indices[value])
                    if dictionaryTexts.isEmpty { dictionaryTexts = Array(repeating: nil, count: dictionary.count) }
                    if dictionaryTexts[entry] == nil { dictionaryTexts[entry] = text(kind.value(dictionary, at: entry)) }
                    rows.append(dictionaryTexts[entry]![...], toColumn: place)
                } else {
                    rows.append(text(kind.value(values, at: value))[...], toColumn: place)
                }
            }
            done = shown.upperBound
        }
        while done < slots.upperBound { rows.appendMissing(toColumn: place); done += 1 }
    }
}
