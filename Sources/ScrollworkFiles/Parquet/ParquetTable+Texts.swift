import Scrollwork

// A save's text made straight from the pages, a column at a time: a dictionary's entries made
// text once each, whole numbers written as digits, no row of values made first.
extension ParquetTable {
    /// The text of `columns` of the rows named `names`, in that order (a name no row has is
    /// null), written into each column as its pages are read. The pages of a batch of 1,048,576
    /// values (names times columns) or more are not kept: such batches are a save's of a long
    /// table in an order of its own, each reading every page of its columns once, more pages
    /// than the cache holds. Their row groups are read as many at once as ``loop`` runs, each
    /// group's rows of a column into a piece of their own, placed into the batch in turn (a
    /// smaller batch is read straight into place: pieces in flight would hold its size again).
    public func texts(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> TextColumns {
        var batch = TextColumns(columns: columns.count, rows: names.count)
        let keep = names.count < Self.pagesKeptBelow / Swift.max(1, columns.count)
        let inPieces = !keep && loop.width > 1
        // The batch's text is made room for at once, where doubling would hold up to three times
        // the text while it moves: from the first group's dictionaries and dates read in place,
        // or from its pieces, held until each column's has come.
        var reserved = false
        var firstPieces: [(column: Int, places: ArraySlice<Int>, piece: TextColumns)] = []
        func reserve(_ room: Int) {
            batch.reserveText(room.addingSaturating(room / 16))
            reserved = true
        }
        try eachGroup(ofColumns: columns, named: names, progress: progress, reading: { field, group, rows throws(TableSourceError) -> GroupText in
            guard inPieces else { return .rows(field: field, group: group, rows: rows) }
            let entries = try entryTexts(field, group: group)
            var piece = TextColumns(columns: 1, rows: rows.count)
            piece.reserveText(textLength(field, entries: entries).multipliedSaturating(by: rows.count))
            try eachPage(ofField: field, group: group, rows: rows, keep: keep) { values, inPage, slots in
                values.setTexts(slots, places: inPage, column: 0, in: &piece, entries: entries)
            }
            forgetDictionary(field, group: group)
            return .piece(piece)
        }) { column, places, read throws(TableSourceError) -> Void in
            switch read {
            case let .rows(field, group, rows):
                if !reserved {
                    var room = 0
                    for field in columns { room = room.addingSaturating(textLength(field, entries: try entryTexts(field, group: group)).multipliedSaturating(by: names.count)) }
                    reserve(room)
                }
                let entries = try entryTexts(field, group: group)
                try eachPage(ofField: field, group: group, rows: rows, keep: keep) { values, inPage, slots in
                    // Each row's place read as it is written: no list of them made a page.
                    values.setTexts(slots, places: inPage.lazy.map { places[places.startIndex + $0] }, column: column, in: &batch, entries: entries)
                }
                if !keep { forgetDictionary(field, group: group) }
            case let .piece(piece):
                guard !reserved else { return batch.set(column: column, rows: places, from: piece) }
                firstPieces.append((column, places, piece))
                guard firstPieces.count == columns.count else { return }
                reserve(firstPieces.reduce(0) { $0.addingSaturating($1.piece.textBytes.multipliedSaturating(by: names.count) / Swift.max(1, $1.piece.rowCount)) })
                for (column, places, piece) in firstPieces { batch.set(column: column, rows: places, from: piece) }
                firstPieces = []
            }
        }
        for (column, places, piece) in firstPieces { batch.set(column: column, rows: places, from: piece) }
        return batch
    }

    /// What a read of one row group's rows of a column gave: their text in a piece of its own,
    /// or, for a batch read straight into place, the field, the group and the rows to read.
    private enum GroupText {
        case piece(TextColumns)
        case rows(field: Int, group: Int, rows: [Int])
    }

    /// About how many bytes of text a value of field `field` makes, for room made at once: a
    /// date's, a time's or a timestamp's, or a dictionary entry's on average; 0 when unknown.
    private func textLength(_ field: Int, entries: ParquetEntryTexts?) -> Int {
        let node = root.children[field]
        if node.isLeaf, node.kind.temporalTextLength > 0 { return node.kind.temporalTextLength }
        guard let entries, entries.count > 0 else { return 0 }
        return entries.bytes.count / entries.count + 1
    }

    /// The fewest values a read of ``texts(ofColumns:named:progress:)`` leaves the pages it
    /// reads out of the cache for: a save in an order of its own reads a sixteenth of a long
    /// table at a time, and where that is a million values or more the pages of its columns
    /// outgrow the cache, so that each batch would push out what the next needs.
    static let pagesKeptBelow = 1 << 20

    /// The text of each entry of field `field`'s dictionary in row group `group`, made once and
    /// kept with the pages; nil for a chunk without a dictionary, or a nested field.
    func entryTexts(_ field: Int, group: Int) throws(TableSourceError) -> ParquetEntryTexts? {
        let node = root.children[field]
        guard node.isLeaf, !node.isRepeated else { return nil }
        let key = ParquetCache.Key(group: group, field: field, page: ParquetCache.Key.entryTexts)
        if case let .entryTexts(kept)? = cache.value(for: key) { return kept }
        guard let dictionary = try pageIndex(field, group: group).dictionary else { return nil }
        let texts = ParquetEntryTexts(dictionary, kind: node.kind)
        cache.keep(.entryTexts(texts), for: key)
        return texts
    }

    /// Drops field `field`'s dictionary in row group `group` from the cache: its entries' text,
    /// and the page index that holds it decoded (found again, from the pages' headers, when read).
    /// A batch that keeps no pages reads each chunk once: its dictionary, decoded and made text,
    /// would only hold the cache's room (64 MB of them beside the batch) until the next batch,
    /// which reads it again anyway.
    func forgetDictionary(_ field: Int, group: Int) {
        cache.forget(ParquetCache.Key(group: group, field: field, page: ParquetCache.Key.entryTexts))
        cache.forget(ParquetCache.Key(group: group, field: field, page: ParquetCache.Key.pageIndex))
    }

    /// The text of `columns` of the rows at `positions` (fewer past the end), as
    /// ``texts(ofColumns:named:progress:)`` writes it: a row's position is its name.
    public func texts(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> TextColumns {
        try texts(ofColumns: columns, named: Array(positions.clamped(to: 0..<(try total()))), progress: progress)
    }
}

extension ParquetColumn {
    /// Writes the text of the values of `rows` into column `column` of `batch`, row `places[k]`
    /// for `rows[k]` (a null, or a row past those read, stays null); `entries`, where given,
    /// are the text of the dictionary the values name.
    func setTexts(_ rows: [Int], places: some Collection<Int>, column: Int, in batch: inout TextColumns, entries: ParquetEntryTexts? = nil) {
        switch storage {
        case let .flat(kind, values, index):
            let slots = index == nil ? rows : rows.map { Self.slot(ofRow: $0, in: index) }
            if case let .indexed(dictionary, indices) = values {
                // The chunk's entries' text where given, else made now.
                let texts = entries.flatMap { $0.count == dictionary.count ? $0 : nil } ?? ParquetEntryTexts(dictionary, kind: kind)
                return Self.setTexts(indices, at: slots, places: places, column: column, in: &batch, entries: texts)
            }
            kind.setTexts(values, at: slots, places: places, column: column, in: &batch)
        case let .assembled(texts):
            for (row, place) in zip(rows, places) where texts.indices.contains(row) { batch.set(texts[row], column: column, row: place) }
        }
    }

    /// Writes the text of the dictionary entries `indices` name at `slots` (each entry's text
    /// in `entries`) into column `column` of `batch`, row `places[k]` for `slots[k]` (a slot
    /// outside them, or an index past the entries, stays null).
    private static func setTexts(_ indices: [UInt32], at slots: [Int], places: some Collection<Int>, column: Int, in batch: inout TextColumns, entries: ParquetEntryTexts) {
        let count = indices.count, starts = entries.starts
        // The entries looked up first, in a loop of loads that do not wait on each other: the
        // slots of rows in an order of their own are far apart, and each load misses the cache.
        let named = slots.map { slot in slot >= 0 && slot < count ? Int(indices[slot]) : -1 }
        // Safe: an entry's text is `starts[entry]..<starts[entry + 1]`, checked below the last
        // start, and the starts ascend inside `bytes`.
        unsafe entries.bytes.withUnsafeBufferPointer { bytes in
            for (entry, place) in zip(named, places) where entry >= 0 && entry < starts.count - 1 {
                unsafe batch.set(bytes: UnsafeBufferPointer(rebasing: bytes[starts[entry]..<starts[entry + 1]]), column: column, row: place)
            }
        }
    }
}

extension ParquetValueKind {
    /// Writes the text of the values at `slots` of `values` into column `column` of `batch`,
    /// row `places[k]` for `slots[k]` (a slot outside them stays null): the same text as
    /// ``value(_:at:)`` gives (dictionary entries are written by ``ParquetColumn``).
    func setTexts(_ values: ParquetValues, at slots: [Int], places: some Collection<Int>, column: Int, in batch: inout TextColumns) {
        let count = values.count
        switch values {
        case let .int64(v) where self == .signed:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(Int(v[slot]), column: column, row: place) }
        case let .int32(v) where self == .signed:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(Int(v[slot]), column: column, row: place) }
        // Dates, times and timestamps written straight into the batch: no string made a value.
        case let .int64(v) where isTemporal:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(column: column, row: place) { appendTemporal(v[slot], to: &$0) } }
        case let .int32(v) where isTemporal:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(column: column, row: place) { appendTemporal(Int64(v[slot]), to: &$0) } }
        default:
            for (slot, place) in zip(slots, places) where slot >= 0 && slot < count { batch.set(value(values, at: slot).presentText, column: column, row: place) }
        }
    }
}
