import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// F: following the end of a table that rows are added to while it is shown (a log another
// program writes to an SQLite file), as a growing file's table follows its end.
extension TableScreen {
    /// Rows added since the last look, and those of them the filters keep.
    struct GrowthAnswer: Sendable {
        var generation: Int
        var names: Result<[Int], TableSourceError>
        var kept: [Int]
    }

    /// F: follows the end (the focus on the last row, rows added since shown as they come), or
    /// stops; a table read by position has no end that stays put, and says so.
    mutating func toggleFollowing(at time: Double) {
        guard byName else {
            if case let .byPosition(reason) = source.rowAccess { note = "F follows rows added to a table read by name; \(reason)" }
            return
        }
        if !shown.following.isOn, let unseen = source.addedRowsUnseen { return note = unseen }
        shown.following.isOn.toggle()
        guard shown.following.isOn else { return note = "stopped following the end" }
        shown.following.nextLook = time
        if let problem = view.moveFocus(.end, at: time) { note = problem }
    }

    /// When the next look for rows added since is due: nil while not following, or while a look
    /// could not start (the rows there were still being read or ordered, a look under way), whose
    /// answers wake the screen themselves.
    var nextLookForMore: Double? {
        let following = shown.following
        guard following.isOn, byName, shown.identitiesComplete, shown.sorting == nil, !following.looking else { return nil }
        return following.nextLook
    }

    /// Looks for rows added since, once a second while following, once every row there was is read.
    mutating func lookForMore(at time: Double) {
        let following = shown.following
        guard let due = nextLookForMore, time >= due else { return }
        shown.following.looking = true
        shown.following.nextLook = time + EndFollowing.interval
        let source = self.source, after = following.lastName, filters = shown.filters.map(\.filter), generation = shown.generation
        effects.append(.work(.start(Work(following.key.named("growth")) { progress in
            let watched = TableProgress(progress)
            var kept: [Int] = []
            let names = Result { () throws(TableSourceError) -> [Int] in
                let names = try source.rowNames(after: after, limit: Self.chunkSize, progress: watched)
                // The filters test the new rows as a file's filter tests its fields.
                if filters.isEmpty || names.isEmpty {
                    kept = names
                } else {
                    let rows = try source.rows(named: names, progress: watched)
                    kept = zip(names, rows).filter { _, row in filters.allSatisfy { $0.passes(row: row) } }.map(\.0)
                }
                return names
            }
            return progress.isCancelled ? nil : GrowthAnswer(generation: generation, names: names, kept: kept)
        })))
    }

    /// Rows added since the last look: shown after the others, whatever the order (as a file's
    /// rows found while it is sorted), the focus on the last while following.
    mutating func handleGrowthWork(_ update: WorkUpdate, at time: Double) -> Bool {
        guard let answer = update.result(of: shown.following.key) else { return false }
        shown.following.looking = false
        guard answer.generation == shown.generation else { return true }
        switch answer.names {
        case let .failure(error):
            failed(error, saying: "looking for new rows stopped: ", at: time)
        case let .success(names) where !names.isEmpty:
            shown.following.saw(names)
            if let total = counts.total { counts.total = total + names.count }
            guard !answer.kept.isEmpty else { return true }
            shown.identities += answer.kept
            shown.pages.grow(to: shown.identities.count)
            view.table.replaceRows(with: shown.pages, orderedBy: view.table.sortOrder, sameRows: true)
            if shown.following.isOn, let problem = view.moveFocus(.end, at: time) { note = problem }
        case .success:
            break
        }
        return true
    }
}
