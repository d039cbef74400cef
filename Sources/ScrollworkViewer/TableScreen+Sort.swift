import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// The source's order and filters: a heading click, o and O, = and !, |, u.
extension TableScreen {
    /// A whole order made by the source, of the rows that meet the filters.
    struct SortAnswer: Sendable {
        var column: Int?
        var ascending: Bool
        var filters: [RowFilter]
        var identities: Result<RowOrder, TableSourceError>
    }

    /// Orders the rows by `column`, `ascending` or not (`o`, `O`).
    mutating func sort(byColumn column: Int, ascending: Bool, at time: Double) {
        guard titles.indices.contains(column) else { return }
        shown.thenBy = []
        arrange(column: column, ascending: ascending, filters: shown.sorting?.filters ?? shown.filters, at: time)
    }

    /// Orders the rows by the column whose heading is at place `place` among those shown (the
    /// same heading again reverses, an order still being made included: two quick clicks sort
    /// descending); the `#` heading shows the table's own order.
    mutating func sort(byHeading place: Int, at time: Double) {
        guard view.table.columns.indices.contains(place) else { return }
        let filters = shown.sorting?.filters ?? shown.filters
        guard let column = Int(view.table.columns[place].id), titles.indices.contains(column) else {
            return arrange(column: nil, ascending: true, filters: filters, at: time)
        }
        let current = shown.sorting.map { (column: $0.column, ascending: $0.ascending) } ?? shown.order.map { (column: Optional($0.column), ascending: $0.ascending) }
        let ascending = current?.column == column ? !(current?.ascending ?? true) : true
        shown.thenBy = []
        arrange(column: column, ascending: ascending, filters: filters, at: time)
    }

    /// Keeps the rows that meet `text` as well (`COLUMN=VALUE`, `==`, `!=`, `<`, `<=`, `>`, `>=`,
    /// `*=`, `~`, `COLUMN is null`, as `scrollwork open --filter` writes them): the source tests them.
    mutating func addFilter(_ text: String, at time: Double) {
        let parsed: RowFilter
        do { parsed = try RowFilter(parsing: text, columns: ColumnNames(titles)) } catch {
            note = "\(error)"
            return
        }
        keep(parsed, text: text, at: time)
    }

    /// Keeps the rows that meet `filter` as well, written `text` in the status line.
    mutating func keep(_ filter: RowFilter, text: String, at time: Double) {
        let base = shown.sorting?.filters ?? shown.filters
        arrange(column: shown.order?.column, ascending: shown.order?.ascending ?? true, filters: base + [Filter(filter: filter, text: text)], at: time)
    }

    /// Removes the last filter; false when there is none.
    mutating func removeFilter(at time: Double) -> Bool {
        let base = shown.sorting?.filters ?? shown.filters
        guard !base.isEmpty else { return false }
        arrange(column: shown.order?.column, ascending: shown.order?.ascending ?? true, filters: Array(base.dropLast()), at: time)
        return true
    }

    /// Shows the rows that meet `filters` in the order of `column` (the table's own when nil):
    /// the names in that order come from one call of the source's, off the loop, while the rows
    /// shown stay; a positional source's pages are read so from the next frame.
    mutating func arrange(column: Int?, ascending: Bool, filters asked: [Filter], at time: Double) {
        let newOrder = column.map { ColumnOrder(column: $0, ascending: ascending) }
        if newOrder == nil { shown.thenBy = [] }
        let then = shown.thenBy
        if shown.sorting != nil { effects.append(.work(.cancel(shown.sortKey.named("sort").id))) }
        shown.sorting = nil
        shown.refocus = shown.name(at: view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0) }?.row)
        guard byName else {
            // Read by position: the source orders and filters each page as it is read.
            shown.order = newOrder
            shown.filters = asked
            counts.filtered = nil
            if !asked.isEmpty { effects.append(.work(.start(counts.filteredCounting(source, where: asked.map(\.filter))))) }
            showNewOrder()
            view.table.list.scroll.perform(.top, time: time)
            return
        }
        if asked.isEmpty && newOrder == nil {
            // The table's own order again: its names in chunks, the first screen at once.
            shown.order = nil
            shown.filters = []
            shown.identities = RowNames()
            shown.identitiesComplete = false
            showNewOrder()
            // Read in place, the names are there before the next frame.
            view.table.list.scroll.perform(.top, time: time)
            guard source.readsInPlace else { return effects.append(.work(.start(chunk(after: nil)))) }
            readFirstRows()
            // The row focused before stays focused, as after any order.
            focusAgain(among: shown.identities, from: 0, at: time)
            return
        }
        shown.sorting = (column, ascending, asked, time)
        shown.sortReceived = nil
        let source = self.source, tests = asked.map(\.filter)
        effects.append(.work(.start(Work(shown.sortKey.named("sort")) { progress in
            let read = Result { () throws(TableSourceError) in
                try source.rowNames(where: tests, orderedBy: newOrder.map { [$0] + then } ?? [], progress: TableProgress(progress))
            }
            return progress.isCancelled ? nil : SortAnswer(column: column, ascending: ascending, filters: tests, identities: read)
        })))
    }

    /// Cancels the order being made; false when none is.
    mutating func cancelSort() -> Bool {
        guard let sorting = shown.sorting else { return false }
        effects.append(.work(.cancel(shown.sortKey.named("sort").id)))
        shown.sorting = nil
        note = sorting.column.map { "sort by \(titles[$0]) cancelled" } ?? "filter cancelled"
        return true
    }

    /// Focuses the row focused before the new order was asked for (``ShownRows/refocus``),
    /// scrolled to, where `names` (the names in the new order from `start`) hold it; forgets it
    /// once the names are all read without it.
    mutating func focusAgain<Names: Collection<Int>>(among names: Names, from start: Int, at time: Double) {
        guard let name = shown.refocus else { return }
        // Through the names' iterator: an order kept in a temporary file is read a block at a
        // time, where an index a name would read it a name at a time.
        guard let offset = names.enumerated().first(where: { $0.element == name })?.offset else {
            if shown.identitiesComplete { shown.refocus = nil }
            return
        }
        shown.refocus = nil
        if let error = view.selectAndReveal(start + offset, at: time) { note = error }
    }

    /// The order the source made, and how far it is.
    mutating func handleSortWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let fraction = update.progress(of: shown.sortKey) {
            if shown.sorting != nil { shown.sortReceived = fraction }
            return true
        }
        if let answer = update.result(of: shown.sortKey) {
            guard let asked = shown.sorting, asked.column == answer.column, asked.ascending == answer.ascending, asked.filters.map(\.filter) == answer.filters else { return true }
            shown.sorting = nil
            switch answer.identities {
            case let .success(found):
                shown.identities = RowNames(found)
                // Every row there is, kept or not, was read: rows added later come after them.
                if asked.filters.isEmpty { shown.following.saw(shown.identities) }
                shown.identitiesComplete = true
                effects.append(.work(.cancel(shown.chunkKey.named("rowids").id)))
                shown.order = answer.column.map { ColumnOrder(column: $0, ascending: answer.ascending) }
                shown.filters = asked.filters
                let seconds = time - asked.started
                // "1.24 s", "87 ms": as every sort's time is said, without "sort took" before a filter.
                let took = StatusNotes.sortTime(seconds).replacing("sort took ", with: "")
                note = (asked.column == nil ? "filtered" : "sorted") + (source.engine.map { " in " + $0 } ?? "") + " in " + took
                showNewOrder()
                view.table.list.scroll.perform(.top, time: time)
                focusAgain(among: found, from: 0, at: time)
            case let .failure(error):
                failed(error, saying: "the sort stopped: ", at: time)
            }
            return true
        }
        return false
    }
}
