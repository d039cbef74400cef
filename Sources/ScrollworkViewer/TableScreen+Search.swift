import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The search: the source tests the rows of the order shown a batch at a time.
struct SourceSearch {
    /// The last search's text and direction, for `n` and `N`.
    var last: (text: String, forward: Bool)? = nil
    /// True while a search runs (or waits for the rows to be read).
    var isRunning = false
    /// A search asked for before every row was read or counted: it starts once they are, so
    /// that "not found" means in every row.
    var waiting: (text: String, forward: Bool, isNew: Bool)? = nil
    /// The key its work runs under.
    let key = WorkKey<TableScreen.SearchAnswer>("table-search")
    /// What has been typed for type-ahead, and when; true while its row is looked for, and
    /// while that waits for the rows it is looked for among to be read.
    var typed = TypeAheadState()
    var typingAhead = false
    var typeAheadWaits = false
    /// The key type-ahead's work runs under.
    let typeAheadKey = WorkKey<TableScreen.TypeAheadAnswer>("table-type-ahead")

    /// Stops the search, else the type-ahead, under way (or waiting for rows): the work to
    /// cancel and what it was; nil when neither runs.
    mutating func cancel() -> (WorkID, String)? {
        if isRunning {
            isRunning = false
            waiting = nil
            return (key.named("search").id, "search")
        }
        guard typingAhead else { return nil }
        typingAhead = false
        typeAheadWaits = false
        return (typeAheadKey.named("type-ahead").id, "type-ahead")
    }
}

extension TableScreen {
    /// Where a search found its text: a position in the order shown, or none.
    struct SearchAnswer: Sendable {
        var text: String
        var position: Int?
        var error: TableSourceError?
        /// True when the search went round past the end to find it.
        var wentRound = false
    }

    /// The most names a search hands a source at once: a table of a hundred million rows is not
    /// made an array of its names (800 MB) to be searched; a source that reads the whole table
    /// for a text does so once and keeps what it found (``KeptSearch``).
    static let namesSearchedAtOnce = 1 << 20

    /// Searches for `text` from the focus (a new text from the focused row itself, `n` from the
    /// row after it, `N` before it; the first or last row with no focus), going round past the
    /// end (``SearchSweep``): the rows on screen from the focus are read and tested first, then
    /// the source tests the rest of the order shown its own way (a file's bytes read once, an
    /// engine without reading them here); a positional source's are read and tested here. Runs
    /// off the loop; Esc cancels it.
    mutating func search(_ text: String, forward: Bool, isNew: Bool = false) {
        guard !text.isEmpty else { return }
        rowSearch.last = (text, forward)
        guard allRowsKnown else {
            rowSearch.waiting = (text, forward, isNew)
            rowSearch.isRunning = true
            note = "searching for “\(text)” once every row is read… Esc cancels"
            return
        }
        let cursor = view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0)?.row }
        let sweep = SearchSweep(total: shown.pages.count, focus: cursor, forward: forward, including: isNew)
        let source = self.source, order = shown.orderedBy, filters = shown.filters.map(\.filter)
        let identities = byName ? shown.identities : nil, visible = view.shownRows
        // Hidden columns are not searched: a row that holds the text only there is passed over.
        let searched: SearchedColumns
        do { searched = try SearchedColumns(shown: view.table.columns.compactMap { Int($0.id) }, of: titles.count, text: text) } catch { return say("\(error)") }
        rowSearch.isRunning = true
        note = "searching for “\(text)”… Esc cancels"
        effects.append(.work(.start(Work(rowSearch.key.named("search")) { progress in
            let found = Result { () throws(TableSourceError) -> Int? in
                let watched = TableProgress(isCancelled: { progress.isCancelled })
                guard let identities else {
                    // A positional source searches each run in the order shown (an engine at once).
                    for run in sweep.runs {
                        let hit = try searched.first(in: run, forward: forward) { rest throws(TableSourceError) in
                            try source.firstPosition(holding: text, in: rest, forward: forward, where: filters, orderedBy: order, progress: watched)
                        } read: { place throws(TableSourceError) in
                            try source.rows(at: place..<place + 1, where: filters, orderedBy: order, progress: watched).first
                        }
                        if let hit { return hit }
                    }
                    return nil
                }
                for (run, onScreen) in sweep.runs(onScreenFirst: visible, batch: Self.namesSearchedAtOnce) {
                    let run = run.clamped(to: 0..<identities.count)
                    let named = try identities.names(in: run)
                    if searched.hidesSome {
                        // The rows that hold the text anywhere, then the first that shows it.
                        let holding = try source.rowNames(named, holding: text, progress: TableProgress(progress))
                        let hit = try searched.first(among: named, holding: holding, forward: forward) { names throws(TableSourceError) in
                            try source.rows(named: names, progress: watched)
                        }
                        if let hit { return run.lowerBound + hit }
                        continue
                    }
                    // The rows on screen are read and tested themselves (their pages are at hand);
                    // the rest by the source's own way, which may read the whole table first.
                    let hit = onScreen ? try source.firstPlaceOverRows(among: named, holding: text, forward: forward, progress: TableProgress(progress))
                                       : try source.firstPlace(among: named, holding: text, forward: forward, progress: TableProgress(progress))
                    if let hit { return run.lowerBound + hit }
                }
                return nil
            }
            if progress.isCancelled { return nil }
            switch found {
            case let .success(position): return SearchAnswer(text: text, position: position, wentRound: position.map(sweep.wentRound(to:)) ?? false)
            case let .failure(error): return SearchAnswer(text: text, position: nil, error: error)
            }
        })))
    }

    /// Cancels the search or the type-ahead under way (a source far down reads a row a step),
    /// saying so; false when neither runs.
    mutating func cancelSearching() -> Bool {
        guard let (cancelled, what) = rowSearch.cancel() else { return false }
        effects.append(.work(.cancel(cancelled)))
        note = what + " cancelled"
        return true
    }

    /// Starts the search that waited for every row, once they are read.
    mutating func startWaitingSearch() {
        guard let waiting = rowSearch.waiting, allRowsKnown else { return }
        rowSearch.waiting = nil
        search(waiting.text, forward: waiting.forward, isNew: waiting.isNew)
    }

    /// Where `text` was found, at `position` of the order shown: a file's record says which of
    /// the file it is, and whether the order shown is another.
    func matchNote(_ text: String, at position: Int) -> String {
        guard let record = shown.name(at: position), source.namesNumberRows, !source.readFiles.isEmpty else { return "“\(text)” in row \(grouped(position + 1))" }
        let inOwnOrder = shown.filters.isEmpty && shown.order == nil
        return "match in row \(grouped(position + 1)) (record \(grouped(record + 1)) of the file)" + (inOwnOrder ? "" : ", in the order shown")
    }

    /// Where the search found its text.
    mutating func handleSearchWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let answer = update.result(of: rowSearch.key) {
            guard rowSearch.isRunning else { return true }
            rowSearch.isRunning = false
            if let error = answer.error {
                failed(error, saying: "the search stopped: ", at: time)
            } else if let position = answer.position {
                do {
                    let path = IndexPath(row: position, section: 0)
                    try view.table.list.select(path, at: time)
                    try view.table.list.revealRow(path, at: time)
                    let round = answer.wentRound ? SearchSweep.roundNote(forward: rowSearch.last?.forward ?? true) + " · " : ""
                    note = round + matchNote(answer.text, at: position) + " · n next · N previous"
                } catch {
                    note = "\(error)"
                }
            } else {
                note = "no row holds “\(answer.text)”"
            }
            return true
        }
        return false
    }
}
