import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// Type-ahead over a source's rows: what is typed picks the first row, from the top of the
// order shown, whose sort column (the first column when unsorted) starts with it, as a file's
// table and Finder do. The rows are read off the loop a batch at a time, through the source.
extension TableScreen {
    /// Where type-ahead found its row: a position in the order shown, or none.
    struct TypeAheadAnswer: Sendable {
        /// The first row that starts with the longest part of the prefix any row starts with:
        /// where typing it key by key leaves the focus.
        var position: Int?
        /// True when a row starts with the whole prefix.
        var whole = false
        var error: TableSourceError?
        /// The prefix looked for, and the rows it was looked for among.
        var typed: TypeAheadState
        var scanned: Int
    }

    /// Extends what is typed with `character` (or starts anew after a second without typing)
    /// and looks for the first row whose sort column starts with it, ignoring case, among the
    /// first ``TableState/typeAheadScanLimit`` rows of the order shown; a search of an earlier
    /// prefix under way is replaced.
    mutating func typeAhead(_ character: Character, at time: Double) {
        rowSearch.typed.type(String(character), at: time)
        let typed = rowSearch.typed
        let columnIndex = shown.order.flatMap { order in view.table.columns.firstIndex { $0.id == "\(order.column)" } } ?? 0
        guard view.table.columns.indices.contains(columnIndex), let field = Int(view.table.columns[columnIndex].id) else { return }
        let column = view.table.columns[columnIndex]
        let limit = Swift.min(shown.pages.count, TableState<Row>.typeAheadScanLimit)
        let source = self.source, order = shown.orderedBy, filters = shown.filters.map(\.filter)
        let identities = byName ? Array(shown.identities.prefix(limit)) : nil
        let wanted = Array(typed.text.lowercased())
        effects.append(.work(.cancel(rowSearch.typeAheadKey.named("type-ahead").id)))
        effects.append(.work(.start(Work(rowSearch.typeAheadKey.named("type-ahead")) { progress in
            // The first row starting with each part of the prefix (its first letter, two, …): the
            // focus stays where the longest part that some row starts with put it, as it does
            // when a file's table answers each key at once.
            var first = [Int?](repeating: nil, count: wanted.count)
            let found = Result { () throws(TableSourceError) in
                let watched = TableProgress(isCancelled: { progress.isCancelled })
                // The text the cell shows, as a file's table matches it.
                let padding = [TableValue](repeating: .empty, count: field)
                for batch in (0..<limit).searchBatches(of: Self.searchBatch, forward: true) {
                    let values: [TableValue]
                    if let identities {
                        values = try source.values(ofColumns: [field], named: Array(identities[batch]), progress: watched).map { $0.first ?? .empty }
                    } else {
                        values = try source.rows(at: batch, where: filters, orderedBy: order, progress: watched).map { $0.indices.contains(field) ? $0[field] : .empty }
                    }
                    for (k, value) in values.enumerated() {
                        let shown = column.shownText(of: .loaded(padding + [value])).lowercased()
                        var common = 0
                        for (a, b) in zip(shown, wanted) { guard a == b else { break }; common += 1 }
                        for length in stride(from: common, to: 0, by: -1) where first[length - 1] == nil { first[length - 1] = batch.lowerBound + k }
                        if first.last.flatMap({ $0 }) != nil { return }
                    }
                    try watched.check()
                }
            }
            if progress.isCancelled { return nil }
            if case let .failure(error) = found { return TypeAheadAnswer(position: nil, error: error, typed: typed, scanned: limit) }
            return TypeAheadAnswer(position: first.last { $0 != nil } ?? nil, whole: first.last.flatMap { $0 } != nil, typed: typed, scanned: limit)
        })))
    }

    /// Selects the row type-ahead found, and says how it was looked for.
    mutating func handleTypeAheadWork(_ update: WorkUpdate, at time: Double) -> Bool {
        guard let answer = update.result(of: rowSearch.typeAheadKey) else { return update.id.isSameFamily(as: rowSearch.typeAheadKey.id) }
        // A longer prefix typed since has its own search under way.
        guard answer.typed.text == rowSearch.typed.text else { return true }
        if let error = answer.error { failed(error, saying: "type-ahead stopped: ", at: time); return true }
        var path: IndexPath? = nil
        if let position = answer.position {
            path = IndexPath(row: position)
            do {
                try view.table.list.select(IndexPath(row: position), at: time)
                try view.table.list.revealRow(IndexPath(row: position), at: time)
            } catch {
                note = "\(error)"
                return true
            }
        }
        note = typeAheadNote((answer.whole ? path : nil, .scan(limit: answer.scanned)), typed: answer.typed)
        return true
    }
}
