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
        var identities: Result<RowNames, TableSourceError>
    }

    /// The row names after `after`, as work: every one at once as a run where the source's
    /// names are its positions, else a chunk.
    func chunk(after: Int?) -> Work {
        let source = self.source, generation = shown.generation
        return Work(shown.chunkKey.named("rowids")) { progress in
            let read = Result { () throws(TableSourceError) -> RowNames in
                if let run = try source.rowNameRun(after: after, progress: TableProgress(progress)) { return RowNames(run: run) }
                return RowNames(try source.rowNames(after: after, limit: Self.chunkSize, progress: TableProgress(progress)))
            }
            return progress.isCancelled ? nil : ChunkAnswer(generation: generation, identities: read)
        }
    }

    /// What makes the work that reads a page of the order shown from its rows (made apart from
    /// `self`, which is being changed while the pages are planned).
    var loader: (_ page: Int, _ rows: Range<Int>) -> Work {
        let read = pageReader, generation = shown.generation, pageKey = shown.pageKey
        return { page, rows in
            Work(pageKey.named(PagedRows<[TableValue]>.pageWorkName(page))) { progress in
                let rows = Result { () throws(TableSourceError) in try read(rows, TableProgress(progress)) }
                return progress.isCancelled ? nil : PageAnswer(page: page, generation: generation, rows: rows)
            }
        }
    }

    /// What reads rows at positions of the order shown: by their names (each followed by its
    /// number, from 1, where names number the rows), or by position under the filters and order.
    var pageReader: @Sendable (Range<Int>, TableProgress) throws(TableSourceError) -> [[TableValue]] {
        let source = self.source, order = shown.orderedBy, filters = shown.filters.map(\.filter), numbered = source.namesNumberRows
        let identities = byName ? shown.identities : nil
        return { rows, progress throws(TableSourceError) in
            guard let identities else { return try source.rows(at: rows, where: filters, orderedBy: order, progress: progress) }
            let named = try identities.names(in: rows)
            let read = try source.rows(named: named, progress: progress)
            guard numbered else { return read }
            // Each row's number, from 1, after its fields: marked ⚠ where the row has a problem.
            let problems = try source.problems(ofRowsNamed: named, progress: progress)
            return read.indices.map { i in
                let number = named[i].addingSaturating(1)
                return read[i] + [problems.indices.contains(i) && problems[i] != nil ? .string("⚠ \(number)") : .int(number)]
            }
        }
    }

    /// Gives the table view the rows shown, in `order` (the view's own when nil): a source that
    /// reads in place has every row read as it is asked for (drawn, copied, or read by a screen
    /// reader far from the screen), any other the pages read so far.
    mutating func showRows(orderedBy order: [SortOrder]? = nil, sameRows: Bool = true) {
        let order = order ?? view.table.sortOrder
        // Wrapped here, where the rows' type is known, so that reading a row (every row drawn or
        // measured) runs code compiled for it: wrapped inside the table, a first frame's fitting
        // spent 2,000 instructions a row in generic dictionary lookups.
        guard source.readsInPlace && byName else { return view.table.replaceRows(with: AnyRowSource(shown.pages), orderedBy: order, sameRows: sameRows) }
        view.table.replaceRows(with: AnyRowSource(RowsReadInPlace(count: shown.pages.count, read: pageReader)), orderedBy: order, sameRows: sameRows)
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
            showRows()
            if case .success = answer.rows { fitColumnsToFirstRows(shown.pages.rows(ofPage: answer.page)) }
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
                showRows()
                focusAgain(among: found, from: start, at: time)
            case let .failure(error):
                failed(error, saying: "reading the rows stopped: ", at: time)
            }
            return true
        }
        return false
    }

    /// Fits the columns to `rows`, the first rows that came, once: as wide as they need, where
    /// that is wider than they were made (a source says nothing of its values' widths before
    /// they come, and the first rows' may be the narrowest: ids that gain digits further down).
    /// Only rows read are measured: a sample across the table measured a thousand rows, most of
    /// them placeholders for rows not read yet (a fifth of a Parquet file's first screen).
    /// Columns whose widest value the source knew keep that width.
    mutating func fitColumnsToFirstRows(_ rows: Range<Int>) {
        guard !shown.fitted else { return }
        shown.fitted = true
        let made = view.table.columns.map(\.width)
        // The `#` column is as wide as a row number of many digits already, and a column whose
        // widest value the source knew is as wide as that.
        let known = view.table.columns.indices.filter { column in
            view.table.columns[column].id == "#" || Int(view.table.columns[column].id).flatMap(source.widestValue(ofColumn:)) != nil
        }
        let fitted = view.table.columns.indices.filter { !known.contains($0) }
        // No wider than a file's column of long values is made: a blob's hex or a long note took
        // the whole screen and hid the columns after it. `_` fits it whole.
        collect(view.fitColumns(fitted, toRows: rows, atMost: TableColumn<DelimitedRecord>.widestFieldWidth))
        let narrowed = view.table.columns.indices.filter { view.table.columnWidths[$0] < made[$0].ideal }
        do { try view.table.widenColumns(narrowed.map { ($0, made[$0]) }) } catch { note = "\(error)" }
    }

    /// The columns whose width the source gave in characters (its widest values) and the `#`
    /// column, with the widths they were made with: a window whose type is larger widens them.
    var characterWidths: CharacterWidths {
        var made = ["#": Self.numberColumn.width]
        for field in source.columnTitles.indices where source.widestValue(ofColumn: field) != nil {
            made["\(field)"] = Self.column(of: source, field, first: false).width
        }
        return CharacterWidths(made)
    }

    /// The rows in the new order, from the first page again.
    mutating func showNewOrder() {
        for page in shown.pages.requested { effects.append(.work(.cancel(shown.pageKey.named(PagedRows<[TableValue]>.pageWorkName(page)).id))) }
        shown.generation += 1
        let rows = byName ? shown.identities.count : (shown.filters.isEmpty ? counts.total : counts.filtered) ?? 0
        shown.pages = PagedRows(count: rows, pageSize: Self.pageSize)
        let sortOrder = shown.order.map { [SortOrder(columnID: "\($0.column)", ascending: $0.ascending)] } ?? []
        showRows(orderedBy: sortOrder, sameRows: false)
    }
}
