import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

/// The search: the engine tests the rows of the order shown a batch at a time.
struct DatabaseSearch {
    /// The last search's text and direction, for `n` and `N`.
    var last: (text: String, forward: Bool)? = nil
    /// True while a search runs.
    var isRunning = false
}

extension DatabaseTableScreen {
    /// Where a search found its text: a position in the order shown, or none.
    struct SearchAnswer: Sendable {
        var text: String
        var position: Int?
        var error: DatabaseError?
    }

    /// Searches for `text` from the row after the cursor (before it, going back), or from the
    /// first row shown: the engine tests a few thousand rows of the order shown at a time, so
    /// the first match in that order is found without reading the rows (a view's are read and
    /// tested here). Runs off the loop; Esc cancels it.
    mutating func search(_ text: String, forward: Bool) {
        guard !text.isEmpty else { return }
        rowSearch.last = (text, forward)
        let cursor = view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0)?.row }
        let start = cursor.map { forward ? $0 + 1 : $0 - 1 } ?? (forward ? view.shownRows.lowerBound : view.shownRows.upperBound - 1)
        let total = pages.count, table = self.table, order = self.order, filters = self.filters.map(\.filter)
        let identities = table.hasIdentities ? self.identities : nil
        rowSearch.isRunning = true
        note = "searching for “\(text)”… Esc cancels"
        effects.append(.work(.start(Work(searchKey.named("search")) { progress in
            let found = Result { () throws(DatabaseError) -> Int? in
                var at = forward ? Swift.max(0, start) : Swift.min(total - 1, start)
                var tested = 0
                while forward ? at < total : at >= 0 {
                    guard progress.report(Double(tested) / Double(Swift.max(1, total))) else { throw DatabaseError.cancelled }
                    let batch = forward ? at..<Swift.min(total, at + Self.searchBatch) : Swift.max(0, at - Self.searchBatch + 1)..<(at + 1)
                    let hit: Int?
                    if let identities {
                        let named = Array(identities[batch.clamped(to: 0..<identities.count)])
                        let matched = try table.matches(text, among: named, keepGoing: { !progress.isCancelled })
                        let offsets = forward ? Array(named.indices) : named.indices.reversed()
                        hit = offsets.first { matched.contains(named[$0]) }.map { batch.lowerBound + $0 }
                    } else {
                        let rows = try table.rows(offset: batch.lowerBound, limit: batch.count, order: order, where: filters)
                        let needle = text.lowercased()
                        let offsets = forward ? Array(rows.indices) : rows.indices.reversed()
                        hit = offsets.first { i in rows[i].contains { $0.description.lowercased().contains(needle) } }.map { batch.lowerBound + $0 }
                    }
                    if let hit { return hit }
                    tested += batch.count
                    at = forward ? batch.upperBound : batch.lowerBound - 1
                }
                return nil
            }
            if progress.isCancelled { return nil }
            switch found {
            case let .success(position): return SearchAnswer(text: text, position: position)
            case let .failure(error): return SearchAnswer(text: text, position: nil, error: error)
            }
        })))
    }

    /// Cancels the search under way; false when none runs.
    mutating func cancelSearch() -> Bool {
        guard rowSearch.isRunning else { return false }
        effects.append(.work(.cancel(searchKey.named("search").id)))
        rowSearch.isRunning = false
        note = "search cancelled"
        return true
    }

    /// Where the search found its text.
    mutating func handleSearchWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let answer = update.result(of: searchKey) {
            guard rowSearch.isRunning else { return true }
            rowSearch.isRunning = false
            if let error = answer.error {
                failed(error, saying: "the search stopped: ", at: time)
            } else if let position = answer.position {
                do {
                    let path = IndexPath(row: position, section: 0)
                    try view.table.list.select(path, at: time)
                    try view.table.list.revealRow(path, at: time)
                    note = "“\(answer.text)” in row \(grouped(position + 1)) · n next · N previous"
                } catch {
                    note = "\(error)"
                }
            } else {
                note = "no more rows hold “\(answer.text)”" + ((rowSearch.last?.forward ?? true) ? " below" : " above")
            }
            return true
        }
        return false
    }
}
