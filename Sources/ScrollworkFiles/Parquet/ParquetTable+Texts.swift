import Scrollwork

// A save's text made straight from the pages, a column at a time: a dictionary's entries made
// text once each, whole numbers written as digits, no row of values made first.
extension ParquetTable {
    /// The text of `columns` of the rows named `names`, in that order, written into each column
    /// as its pages are read (a name no row has is null).
    public func texts(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> TextColumns {
        var batch = TextColumns(columns: columns.count, rows: names.count)
        try eachGroup(ofColumns: columns, named: names, progress: progress) { column, field, group, places, rows throws(TableSourceError) in
            try eachPage(ofField: field, group: group, rows: rows) { values, inPage, slots in
                values.setTexts(slots, places: inPage.map { places[$0] }, column: column, in: &batch)
            }
        }
        return batch
    }

    /// The text of `columns` of the rows at `positions` (fewer past the end), as
    /// ``texts(ofColumns:named:progress:)`` writes it: a row's position is its name.
    public func texts(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> TextColumns {
        try texts(ofColumns: columns, named: Array(positions.clamped(to: 0..<groupStarts[groupStarts.count - 1])), progress: progress)
    }
}

extension ParquetColumn {
    /// Writes the text of the values of `rows` into column `column` of `batch`, row `places[k]`
    /// for `rows[k]` (a null, or a row past those read, stays null).
    func setTexts(_ rows: [Int], places: [Int], column: Int, in batch: inout TextColumns) {
        switch storage {
        case let .flat(kind, values, index):
            kind.setTexts(values, at: index == nil ? rows : rows.map { Self.slot(ofRow: $0, in: index) }, places: places, column: column, in: &batch)
        case let .assembled(texts):
            for (row, place) in zip(rows, places) where texts.indices.contains(row) { batch.set(texts[row], column: column, row: place) }
        }
    }
}

extension ParquetValueKind {
    /// Writes the text of the values at `slots` of `values` into column `column` of `batch`,
    /// row `places[k]` for `slots[k]` (a slot outside them stays null): the same text as
    /// ``value(_:at:)`` gives, each dictionary entry made text once.
    func setTexts(_ values: ParquetValues, at slots: [Int], places: [Int], column: Int, in batch: inout TextColumns) {
        let count = values.count
        switch values {
        case let .indexed(dictionary, indices):
            // The entries named made text once each, into one buffer, before any is copied.
            var ends = [Int](repeating: -1, count: dictionary.count)
            for slot in slots where slot >= 0 && slot < count && Int(indices[slot]) < ends.count { ends[Int(indices[slot])] = 0 }
            var texts: [UInt8] = []
            var starts = ends
            for entry in ends.indices where ends[entry] == 0 {
                starts[entry] = texts.count
                if var text = value(dictionary, at: entry).presentText { text.withUTF8 { texts.append(contentsOf: $0) } }
                ends[entry] = texts.count
            }
            texts.withUnsafeBufferPointer { texts in
                for (slot, place) in zip(slots, places) where slot >= 0 && slot < count {
                    let entry = Int(indices[slot])
                    guard entry < ends.count else { continue }
                    batch.set(bytes: UnsafeBufferPointer(rebasing: texts[starts[entry]..<ends[entry]]), column: column, row: place)
                }
            }
        case let .int64(v) where self == .signed:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(Int(v[slot]), column: column, row: place) }
        case let .int32(v) where self == .signed:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(Int(v[slot]), column: column, row: place) }
        default:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(value(values, at: slot).presentText, column: column, row: place) }
        }
    }
}
