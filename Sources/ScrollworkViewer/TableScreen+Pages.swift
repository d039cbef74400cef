import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// The rows a page at a time around what is on screen, through their names in the order shown
// (the table's own, or the one the source made), or by position.
extension TableScreen {
    /// The rows of one page, or why they could not be read.
    struct PageAnswer: Sendable {
        var page: Int
        var generation: Int
        var rows: Result<[[TableValue]], TableSourceError>
    }

    /// A chunk of row names in the table's own order.
    struct ChunkAnswer: Sendable {
        var generation: Int
        var identities: Result<[Int], TableSourceError>
    }

    /// The row names after `after`, as work.
    func chunk(after: Int?) -> Work {
        let source = self.source, generation = shown.generation
        return Work(shown.chunkKey.named("rowids")) { progress in
            let read = Result { () throws(TableSourceError) in try source.rowNames(after: after, limit: Self.chunkSize, progress: TableProgress(progress)) }
            return progress.isCancelled ? nil : ChunkAnswer(generation: generation, identities: read)
        }
    }

    /// What makes the work that reads a page of the order shown from its rows (made apart from
    /// `self`, which is being changed while the pages are planned).
    var loader: (_ page: Int, _ rows: Range<Int>) -> Work {
        let source = self.source, generation = shown.generation, order = shown.orderedBy, pageKey = shown.pageKey, filters = shown.filters.map(\.filter)
        let identities = byName ? shown.identities : nil
        return { page, rows in
            let named = identities.map { Array($0[rows.clamped(to: 0..<$0.count)]) }
            return Work(pageKey.named(PagedRows<[TableValue]>.pageWorkName(page))) { progress in
                let read = Result { () throws(TableSourceError) in
                    if let named { return try source.rows(named: named, progress: TableProgress(progress)) }
                    return try source.rows(at: rows, where: filters, orderedBy: order, progress: TableProgress(progress))
                }
                return progress.isCancelled ? nil : PageAnswer(page: page, generation: generation, rows: read)
            }
        }
    }

    /// A page of rows, or a chunk of rowids in the table's own order.
    mutating func handlePageWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let answer = update.result(of: shown.pageKey) {
            guard answer.generation == shown.generation else { return true }
            switch answer.rows {
            case let .success(rows): guard shown.pages.deliver(rows, page: answer.page) else { return true }
            case let .failure(error):
                guard shown.pages.fail(page: answer.page, message: "\(error)") else { return true }
                failed(error, saying: nil, at: time)
            }
            view.table.replaceRows(with: shown.pages, orderedBy: view.table.sortOrder, sameRows: true)
            if !shown.fitted, case .success = answer.rows {
                // The columns as wide as the first rows need, where that is wider than they
                // were made (a source says nothing of its values' widths before they come, and
                // the first rows' may be the narrowest: ids that gain digits further down).
                shown.fitted = true
                let made = view.table.columns.map(\.width)
                for column in view.table.columns.indices { view.fitColumn(column) }
                let narrowed = view.table.columns.indices.filter { view.table.columnWidths[$0] < made[$0].ideal }
                do { try view.table.widenColumns(narrowed.map { ($0, made[$0]) }) } catch { note = "\(error)" }
            }
            return true
        }
        if let answer = update.result(of: shown.chunkKey) {
            guard answer.generation == shown.generation, !shown.identitiesComplete else { return true }
            switch answer.identities {
            case let .success(found):
                let start = shown.identities.count
                shown.identities += found
                shown.following.saw(found)
                // Only an empty chunk says the end: a chunk of a range of blocks may hold fewer.
                if found.isEmpty { shown.identitiesComplete = true } else { effects.append(.work(.start(chunk(after: found.last)))) }
                shown.pages.grow(to: shown.identities.count)
                view.table.replaceRows(with: shown.pages, orderedBy: view.table.sortOrder, sameRows: true)
                focusAgain(among: found, from: start, at: time)
            case let .failure(error):
                failed(error, saying: "reading the rows stopped: ", at: time)
            }
            return true
        }
        return false
    }

    /// The rows in the new order, from the first page again.
    mutating func showNewOrder() {
        for page in shown.pages.requested { effects.append(.work(.cancel(shown.pageKey.named(PagedRows<[TableValue]>.pageWorkName(page)).id))) }
        shown.generation += 1
        let rows = byName ? shown.identities.count : (shown.filters.isEmpty ? counts.total : counts.filtered) ?? 0
        shown.pages = PagedRows(count: rows, pageSize: Self.pageSize)
        let sortOrder = shown.order.map { [SortOrder(columnID: "\($0.column)", ascending: $0.ascending)] } ?? []
        view.table.replaceRows(with: shown.pages, orderedBy: sortOrder, sameRows: false)
    }
}
