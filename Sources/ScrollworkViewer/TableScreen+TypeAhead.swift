import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// Type-ahead over a source's rows: what is typed picks the first row, from the top of the
// order shown, whose sort column (the first column when unsorted) starts with it, as a file's
// table and Finder do; ``SourceTypeAhead`` reads the rows off the loop.
extension TableScreen {
    /// Where type-ahead found its row: a position in the order shown, or none.
    struct TypeAheadAnswer: Sendable {
        /// The first row that starts with the longest part of the prefix any row starts with:
        /// where typing it key by key leaves the focus.
        var position: Int?
        /// True when a row starts with the whole prefix.
        var whole = false
        var error: TableSourceError?
        /// The prefix looked for, and how.
        var typed: TypeAheadState
        var method = TypeAheadMethod.binarySearch
    }

    /// Extends what is typed with `character` (or starts anew after a second without typing)
    /// and looks for the first row whose sort column starts with it, ignoring case; a search of
    /// an earlier prefix under way is replaced.
    mutating func typeAhead(_ character: Character, at time: Double) {
        rowSearch.typed.type(String(character), at: time)
        effects.append(.work(.cancel(rowSearch.typeAheadKey.named("type-ahead").id)))
        rowSearch.typingAhead = true
        rowSearch.typeAheadWaits = true
        startTypeAhead()
    }

    /// Looks for the row of what is typed, once the rows it is looked for among are known: every
    /// row for a binary search, or as many as a scan reads.
    mutating func startTypeAhead() {
        guard rowSearch.typeAheadWaits, !rowSearch.typed.text.isEmpty else { return }
        // An order being made decides the column and the rows: wait for it.
        let sorted = shown.order != nil
        guard shown.sorting == nil, allRowsKnown || (!sorted && shown.pages.count >= TableState<Row>.typeAheadScanLimit) else { return }
        rowSearch.typeAheadWaits = false
        let typed = rowSearch.typed
        let columnIndex = shown.order.flatMap { order in view.table.columns.firstIndex { $0.id == "\(order.column)" } } ?? 0
        guard view.table.columns.indices.contains(columnIndex), let field = Int(view.table.columns[columnIndex].id) else {
            // Unsorted, the first column is the rows' numbers (a file's `#`): digits go to a row by its number.
            showTypeAhead(numberedRow(starting: typed), at: lastTime)
            return
        }
        let column = view.table.columns[columnIndex]
        // The text the cell shows, as a file's table matches it.
        let padding = [TableValue](repeating: .empty, count: field)
        let source = self.source, order = shown.orderedBy, filters = shown.filters.map(\.filter)
        let identities = byName ? shown.identities : nil, count = shown.pages.count
        effects.append(.work(.start(Work(rowSearch.typeAheadKey.named("type-ahead")) { progress in
            let search = SourceTypeAhead(source: source, identities: identities, filters: filters, order: order, field: field,
                                         shownText: { column.shownText(of: .loaded(padding + [$0])) }, count: count,
                                         progress: TableProgress(isCancelled: { progress.isCancelled }))
            let found = Result { () throws(TableSourceError) in try search.find(typed.text) }
            if progress.isCancelled { return nil }
            switch found {
            case let .failure(error): return TypeAheadAnswer(position: nil, error: error, typed: typed)
            case let .success(found):
                return TypeAheadAnswer(position: found.first.last { $0 != nil } ?? nil, whole: found.first.last.flatMap { $0 } != nil, typed: typed,
                                       method: found.method)
            }
        })))
    }

    /// The first row shown whose number (its name, from 1) starts with the longest part of
    /// `typed` some row's does: the rows' names are at hand, so every one is looked at.
    func numberedRow(starting typed: TypeAheadState) -> TypeAheadAnswer {
        // No row's number starts with 0: nothing to look through.
        let digits = typed.text.hasPrefix("0") ? "" : String(typed.text.prefix { $0.isASCII && $0.isNumber })
        var position: Int? = nil, whole = false
        for length in stride(from: digits.count, to: 0, by: -1) {
            let prefix = String(digits.prefix(length))
            // Through the names' iterator: an order in a temporary file is read a block at a time.
            if let found = shown.identities.enumerated().first(where: { String($0.element.addingSaturating(1)).hasPrefix(prefix) })?.offset {
                position = found
                whole = length == typed.text.count
                break
            }
        }
        return TypeAheadAnswer(position: position, whole: whole, typed: typed, method: .scan(limit: shown.identities.count))
    }

    /// Selects the row type-ahead found, and says how it was looked for.
    mutating func handleTypeAheadWork(_ update: WorkUpdate, at time: Double) -> Bool {
        guard let answer = update.result(of: rowSearch.typeAheadKey) else { return update.id.isSameFamily(as: rowSearch.typeAheadKey.id) }
        return showTypeAhead(answer, at: time)
    }

    /// Selects the row `answer` found, and says how it was looked for; a longer prefix typed
    /// since, or an Esc, leaves it.
    @discardableResult
    mutating func showTypeAhead(_ answer: TypeAheadAnswer, at time: Double) -> Bool {
        // A longer prefix typed since has its own search under way; Esc stopped this one.
        guard answer.typed.text == rowSearch.typed.text, rowSearch.typingAhead else { return true }
        rowSearch.typingAhead = false
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
        note = typeAheadNote((answer.whole ? path : nil, answer.method), typed: answer.typed)
        return true
    }
}
