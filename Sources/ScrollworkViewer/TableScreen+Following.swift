import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// Rows found after the first: those of a source still finding them (a file being indexed),
// asked for again and again; those written to a watched one (a file), looked for each second;
// and F, following the end of a table that rows are added to while it is shown (a log another
// program writes to an SQLite file), as a growing file's table follows its end.
extension TableScreen {
    /// What a look for rows found since found: the table now (when it changed), the names after
    /// the last read, those of them the filters keep, and the rows there are now.
    struct GrowthAnswer: Sendable {
        var generation: Int
        var grown: GrownTable?
        var names: Result<[Int], TableSourceError>
        var kept: [Int]
        var count: Int?
    }

    /// F: follows the end (the focus on the last row, or on the newest where sorted; rows added
    /// since shown as they come), or stops; a table read by position has no end that stays put,
    /// and says so.
    mutating func toggleFollowing(at time: Double) {
        guard byName else {
            if case let .byPosition(reason) = source.rowAccess { note = "F follows rows added to a table read by name; \(reason)" }
            return
        }
        if !shown.following.isOn, let unseen = source.addedRowsUnseen { return note = unseen }
        shown.following.isOn.toggle()
        guard shown.following.isOn else { return note = "stopped following the end" }
        shown.following.nextLook = time
        // Sorted, the newest row (the greatest name) is wherever the order put it: it is shown.
        if shown.order != nil, let newest = shown.identities.enumerated().max(by: { $0.element < $1.element })?.offset {
            if let problem = view.selectAndReveal(newest, at: time) { note = problem }
        } else if let problem = view.moveFocus(.end, at: time) { note = problem }
    }

    /// When the next look for rows found since is due: at once while the source still finds
    /// rows, each second for a watched one or while following; nil while a look could not start
    /// (the rows there were still being read or ordered, a look under way), whose answers wake
    /// the screen themselves.
    var nextLookForMore: Double? {
        let following = shown.following
        guard byName, shown.identitiesComplete, shown.sorting == nil, !following.looking else { return nil }
        switch source.growth {
        case .finding: return lastTime
        case .watched, .arriving: return following.nextLook
        // Once more after settling, and on while a look read a whole chunk: the rows indexed
        // after the last look while the input still came are read then (a piped file of 300,000
        // rows stopped at the names read before, and G waited for them forever).
        case .settled: return following.isOn || following.moreToRead || !following.lookedSettled ? following.nextLook : nil
        }
    }

    /// Looks for rows found since, when a look is due (``nextLookForMore``).
    mutating func lookForMore(at time: Double) {
        let following = shown.following
        guard let due = nextLookForMore, time >= due else { return }
        shown.following.looking = true
        shown.following.lookedSettled = source.growth == .settled
        shown.following.nextLook = time + (source.growth == .arriving ? EndFollowing.arrivingInterval : EndFollowing.interval)
        let source = self.source, after = following.lastName, filters = shown.filters.map(\.filter), generation = shown.generation, isOn = following.isOn
        effects.append(.work(.start(Work(following.key.named("growth")) { progress in
            let watched = TableProgress(progress)
            var grown: GrownTable? = nil
            var kept: [Int] = [], count: Int? = nil
            let names = Result { () throws(TableSourceError) -> [Int] in
                grown = try source.grown(following: isOn, progress: watched)
                if grown?.startedOver == true { return [] }
                let now = grown?.source ?? source
                let names = try now.rowNames(after: after, limit: Self.chunkSize, progress: watched)
                // A source that grows counts its rows at once (a file's index); an engine's count
                // is not asked again each second: the names found are added to it.
                if now.growth != .settled { count = try now.rowCount(progress: watched) }
                // The filters test the new rows as a file's filter tests its fields.
                if filters.isEmpty || names.isEmpty {
                    kept = names
                } else {
                    let rows = try now.rows(named: names, progress: watched)
                    kept = zip(names, rows).filter { _, row in filters.allSatisfy { $0.passes(row: row) } }.map(\.0)
                }
                return names
            }
            return progress.isCancelled ? nil : GrowthAnswer(generation: generation, grown: grown, names: names, kept: kept, count: count)
        })))
    }

    /// Rows found since the last look: shown after the others, whatever the order (rows written
    /// to a file while it is sorted), the focus on the last while following; the table read
    /// again from its start when it started over. A sorted table whose source has found its
    /// last row (a file indexed to its end) is sorted again, every row in the order.
    mutating func handleGrowthWork(_ update: WorkUpdate, at time: Double) -> Bool {
        guard let answer = update.result(of: shown.following.key) else { return false }
        let wasFinding = source.growth.isFinding
        defer { if wasFinding { sortAgainOnceFound(at: time) } }
        shown.following.looking = false
        if let grown = answer.grown {
            if let said = grown.note { note = said }
            if grown.startedOver { return startOver(with: grown.source, at: time) }
            adopt(grown.source)
        }
        // The count is the table's, whatever order came meanwhile (a sort while a file is indexed).
        if let count = answer.count { counts.total = count }
        guard answer.generation == shown.generation else { return true }
        switch answer.names {
        case let .failure(error):
            failed(error, saying: "looking for new rows stopped: ", at: time)
        case let .success(names) where !names.isEmpty:
            shown.following.saw(names)
            // As many as a look reads: there are more, looked for at once.
            shown.following.moreToRead = names.count >= Self.chunkSize
            if shown.following.moreToRead { shown.following.nextLook = time }
            if let count = answer.count { counts.total = count } else if let total = counts.total { counts.total = total + names.count }
            guard !answer.kept.isEmpty else { return true }
            shown.identities += answer.kept
            shown.pages.grow(to: shown.identities.count)
            showRows()
            if shown.following.isOn, let problem = view.moveFocus(.end, at: time) { note = problem }
        case .success:
            shown.following.moreToRead = false
            if let count = answer.count { counts.total = count }
        }
        return true
    }

    /// Sorts again, over every row, a table sorted (or being sorted) while its source was still
    /// finding rows: the rows found after the sort came after the sorted ones, and the order
    /// said "sorted by" of the first rows alone.
    mutating func sortAgainOnceFound(at time: Double) {
        guard !source.growth.isFinding else { return }
        if let sorting = shown.sorting, let column = sorting.column {
            arrange(column: column, ascending: sorting.ascending, filters: sorting.filters, at: time)
        } else if shown.sorting == nil, let order = shown.order {
            arrange(column: order.column, ascending: order.ascending, filters: shown.filters, at: time)
        }
    }

    /// Shows `source`, the same table with more rows found: columns it has now that it had not
    /// (JSON keys first seen further down) are added after the others, columns of numbers grow
    /// as wide as their longest number found, and columns whose type the rows found changed are
    /// made again (numbers to the right), their rows read again.
    mutating func adopt(_ grown: any TableSource) {
        let before = source
        connection.source = grown
        let offset = grown.namesNumberRows ? 1 : 0
        var changed: [(position: Int, column: TableColumn<Row>)] = []
        var wider: [(column: Int, limits: ColumnWidth)] = []
        for (position, column) in view.table.columns.enumerated() {
            guard let field = Int(column.id) else { continue }
            // A number cut short reads as another number: its column grows as its numbers do.
            if let widest = grown.widestValue(ofColumn: field), widest > before.widestValue(ofColumn: field) ?? 0, grown.isNumeric(field) {
                let width = TableColumn<DelimitedRecord>.fieldWidth(content: widest, title: column.title)
                if view.table.columnWidths[position] < width.ideal { wider.append((position, width)) }
            }
            guard grown.isNumeric(field) != before.isNumeric(field) else { continue }
            var made = Self.column(of: grown, field, first: field == 0 && offset == 0)
            made.width = column.width
            changed.append((position, made))
        }
        adoptHidden(grown, before: before)
        let added = before.columnTitles.count..<Swift.max(before.columnTitles.count, grown.columnTitles.count)
        for field in added { view.table.appendColumn(Self.column(of: grown, field, first: false)) }
        if !added.isEmpty { note = "new keys: " + added.map { grown.columnTitles[$0] }.joined(separator: ", ") }
        // As drags of their dividers would: the columns after them give up the room they were
        // given beyond their own widths before the table grows wider.
        do { try view.table.widenColumns(wider) } catch { note = "\(error)" }
        guard !changed.isEmpty else { return }
        do { try view.table.replaceColumns(changed) } catch { note = "\(error)" }
        shown.pages = PagedRows(count: shown.pages.count, pageSize: Self.pageSize)
        showRows()
    }

    /// The hidden columns as ``adopt(_:)`` makes those shown: as wide as their longest number
    /// found, made again where their type changed, so that each comes back as it would be.
    private mutating func adoptHidden(_ grown: any TableSource, before: any TableSource) {
        for i in columns.hidden.indices {
            let column = columns.hidden[i].column
            guard let field = Int(column.id) else { continue }
            if let widest = grown.widestValue(ofColumn: field), grown.isNumeric(field) {
                columns.hidden[i].width = Swift.max(columns.hidden[i].width, TableColumn<DelimitedRecord>.fieldWidth(content: widest, title: column.title).ideal)
            }
            guard grown.isNumeric(field) != before.isNumeric(field) else { continue }
            var made = Self.column(of: grown, field, first: field == 0 && !grown.namesNumberRows)
            made.width = column.width
            columns.hidden[i].column = made
        }
    }

    /// The table started over with `source` (a file cut shorter, or a new file at a rotated
    /// log's path): every row shown is gone, and the table is read again from its first row,
    /// unfiltered, in its own order; following, if it was, goes on.
    mutating func startOver(with source: any TableSource, at time: Double) -> Bool {
        for id in shown.cancels { effects.append(.work(.cancel(id))) }
        let following = shown.following.isOn
        connection.source = source
        shown = ShownRows(pages: PagedRows(count: 0, pageSize: Self.pageSize))
        shown.following.isOn = following
        counts = RowCount(estimate: source.estimatedCount)
        showRows(orderedBy: [], sameRows: false)
        readFirstRows()
        if following, let problem = view.moveFocus(.end, at: time) { note = problem }
        return true
    }
}
