import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

/// One table or view of a database, opened from its catalog: rows read a page at a time around
/// what is on screen, off the loop, a screen ahead, the pages that scroll away before they come
/// cancelled. A table's order is the list of its rowids (read in chunks, so the first screen
/// comes at once); a heading click has the engine order the rowids by that column (NULLs last,
/// again reverses), in the background, while the rows shown stay as they are; Esc cancels it in
/// the engine. The count starts as an estimate, marked "about", and becomes exact.
struct DatabaseTableScreen {
    typealias Row = PagedRow<[TableValue]>

    /// The rows of one page, or why they could not be read.
    struct PageAnswer: Sendable {
        var page: Int
        var generation: Int
        var rows: Result<[[TableValue]], DatabaseError>
    }

    /// A chunk of rowids in the table's own order.
    struct ChunkAnswer: Sendable {
        var generation: Int
        var identities: Result<[Int], DatabaseError>
    }

    /// A whole order made by the engine, of the rows that meet the filters.
    struct SortAnswer: Sendable {
        var column: Int?
        var ascending: Bool
        var filters: [DatabaseFilter]
        var identities: Result<[Int], DatabaseError>
    }

    /// A filter as the person wrote it and as the engine tests it.
    struct Filter: Sendable {
        var filter: DatabaseFilter
        var text: String
    }

    /// What a look at the table after a failed statement found: the same columns (the failure
    /// stands as it was said), other columns, or no such table any more.
    enum SchemaCheck: Sendable, Equatable {
        case same, changed, gone
    }

    /// Where a search found its text: a position in the order shown, or none.
    struct SearchAnswer: Sendable {
        var text: String
        var position: Int?
        var error: DatabaseError?
    }

    /// Rowids read a chunk at a time in the table's own order.
    static let chunkSize = 1 << 18
    /// Rows a page.
    static let pageSize = 100

    /// Where the table comes from, to connect again when a connection is lost.
    let source: any DatabaseSource
    /// The table, read through a connection for pages.
    var table: any DatabaseTable
    /// The same table on a connection of its own for long statements (orders, the count), so
    /// that pages keep coming while the engine sorts; one snapshot with `table` where the
    /// engine can share one.
    var long: any DatabaseTable
    var view: TableView<Row>
    var pages: PagedRows<[TableValue]>
    /// A table's rowids in the order shown (empty for a view).
    var identities: [Int] = []
    var identitiesComplete = false
    /// The count, once the engine has counted; a guess before.
    var count: Int? = nil
    var estimate: Int?
    /// The order shown: a column and whether ascending; nil for the table's own.
    var order: (column: Int, ascending: Bool)? = nil
    /// The order and filters being applied by the engine (a nil column keeps the table's own
    /// order), and when they were asked for.
    var sorting: (column: Int?, ascending: Bool, filters: [Filter], started: Double)? = nil
    /// The share of the order's rows received from the engine so far, once it sends them (it
    /// sorts first, saying nothing).
    var sortReceived: Double? = nil
    /// The time of the last tick, from which the next wake is counted.
    var lastTime = 0.0
    /// The filters every row shown meets (the engine's `WHERE`).
    var filters: [Filter] = []
    /// The rows of a view that meet the filters, once the engine has counted them.
    var filteredCount: Int? = nil
    /// What the prompt at the bottom asks for while it is open.
    var prompt = Prompt.search

    /// What the prompt asks for.
    enum Prompt { case search, filter, save, goToRow, column }
    /// The column the exploring keys act on (`[`, `]`, `$`, a click on a cell).
    var currentColumn = 0
    /// Columns hidden with `-`, to put back with `+`.
    var columns = ColumnArrangement<Row>(first: 0, staysNote: "")
    /// A frequency table or summary shown over the table.
    var sheet: ResultSheet? = nil
    /// A row shown whole, or the keys (`?`), over the table.
    var detail: ScrollView<RecordDetail>? = nil
    /// What a frequency table, summary or save under way is doing, and how far it is.
    var exploring: String? = nil
    var exploringFraction = 0.0
    /// When the frequency table, summary or save under way began: the engine says nothing while
    /// it groups, so the status line counts the seconds.
    var exploringSince = 0.0
    let frequencyKey = WorkKey<Result<Counted, DatabaseError>>("database-frequency")
    let summaryKey = WorkKey<Result<Summarised, DatabaseError>>("database-summary")
    let saveKey = WorkKey<Saved>("database-save")
    var note: String? = nil
    /// The search being typed (`/`).
    var field: TextField? = nil
    /// The last search's text and direction, for `n` and `N`.
    var lastSearch: (text: String, forward: Bool)? = nil
    /// True while a search runs.
    var searching = false
    /// Why the connection was lost, while it is; the rows shown stay and the screen connects
    /// again at `reconnectAt` (every few seconds until it can).
    var lost: String? = nil
    var reconnectAt: Double? = nil
    /// True while connecting again.
    var reconnecting = false
    /// Seconds between tries to connect again.
    static let reconnectDelay = 3.0
    /// Positions a search asks the engine about at once.
    static let searchBatch = 4096
    /// Bumped when the order changes, so that answers for the old one are dropped.
    var generation = 0
    var effects: [Effect] = []
    private let pageKey = WorkKey<PageAnswer>("database-page")
    private let chunkKey = WorkKey<ChunkAnswer>("database-rowids")
    private let sortKey = WorkKey<SortAnswer>("database-sort")
    private let countKey = WorkKey<Result<Int, DatabaseError>>("database-count")
    private let filteredCountKey = WorkKey<(filters: [DatabaseFilter], count: Result<Int, DatabaseError>)>("database-filtered-count")
    private let searchKey = WorkKey<SearchAnswer>("database-search")
    private let reconnectKey = WorkKey<Result<[any DatabaseTable], DatabaseError>>("database-reconnect")
    private let schemaKey = WorkKey<SchemaCheck>("database-schema")
    /// True while the table is being looked at again after a failed statement.
    var checkingSchema = false
    /// Set when the table's columns changed, or the table went away, under the view: the
    /// viewer then opens it again, or goes back to the list.
    var schemaChanged: SchemaCheck? = nil

    /// The table `name` of `source`, on two connections of its own.
    init(source: any DatabaseSource, name: String, theme: Theme) throws(DatabaseError) {
        self.source = source
        long = try source.table(name, sharingSnapshotWith: nil)
        table = try source.table(name, sharingSnapshotWith: long)
        estimate = table.estimatedCount()
        pages = PagedRows(count: 0, pageSize: Self.pageSize)
        let table = self.table
        let columns = table.columns.indices.map { c in
            let numeric = table.isNumeric(c)
            let ideal = Swift.max(table.columns[c].count + 2, numeric ? 10 : 20)
            return TableColumn<Row>(table.columns[c], id: "\(c)", width: ColumnWidth.clamping(min: 32, ideal: Double(ideal) * 8, max: 8000),
                                    alignment: numeric ? .trailing : .leading) { row in
                switch row {
                case let .loaded(values): return values.indices.contains(c) ? values[c] : .empty
                case .loading: return c == 0 ? .string("…") : .empty
                case let .failed(_, message): return c == 0 ? .string("⚠ " + message) : .empty
                }
            }
        }
        var state = TableState(rows: pages, columns: columns)
        state.list.scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        state.list.selectionMode = .single
        view = TableView(state, theme: theme)
        view.sortsOnHeadingClick = false
        // A viewer's page keys move the focus with the view, as g and G do.
        view.pageKeysScroll = false
        if table.hasIdentities {
            effects.append(.work(.start(chunk(after: nil))))
        }
        effects.append(.work(.start(counting())))
    }

    /// The rowids after `after`, as work.
    private func chunk(after: Int?) -> Work {
        let table = self.table, generation = self.generation
        return Work(chunkKey.named("rowids")) { progress in
            let read = Result { () throws(DatabaseError) in try table.identities(after: after, limit: Self.chunkSize, keepGoing: { !progress.isCancelled }) }
            return progress.isCancelled ? nil : ChunkAnswer(generation: generation, identities: read)
        }
    }

    /// The count, as work.
    private func counting() -> Work {
        let table = long
        return Work(countKey.named("count")) { progress in
            let counted = Result { () throws(DatabaseError) in try table.count(keepGoing: { !progress.isCancelled }) }
            return progress.isCancelled ? nil : counted
        }
    }

    /// What makes the work that reads a page of the order shown from its rows (made apart from
    /// `self`, which is being changed while the pages are planned).
    private var loader: (_ page: Int, _ rows: Range<Int>) -> Work {
        let table = self.table, generation = self.generation, order = self.order, pageKey = self.pageKey, filters = self.filters.map(\.filter)
        let identities = !table.hasIdentities ? nil : self.identities
        return { page, rows in
            let named = identities.map { Array($0[rows.clamped(to: 0..<$0.count)]) }
            return Work(pageKey.named(PagedRows<[TableValue]>.pageWorkName(page))) { progress in
                let read = Result { () throws(DatabaseError) in
                    if let named { return try table.rows(withIdentities: named) }
                    return try table.rows(offset: rows.lowerBound, limit: rows.count, order: order, where: filters)
                }
                return progress.isCancelled ? nil : PageAnswer(page: page, generation: generation, rows: read)
            }
        }
    }

    /// Draws the table, then asks for the pages the screen needs and cancels those it no longer does.
    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        let area = canvas.cells(in: bounds)
        view.keepRowsClearOfIndicator()
        view.render(in: canvas.points(area), into: &canvas, at: time)
        effects += pages.pageWork(visible: view.shownRows, velocity: view.table.list.scroll.velocity(.vertical), key: pageKey, load: loader)
    }

    /// Orders the rows by `column` in the engine, `ascending` or not (`o`, `O`).
    mutating func sort(byColumn column: Int, ascending: Bool, at time: Double) {
        guard table.columns.indices.contains(column) else { return }
        arrange(column: column, ascending: ascending, filters: sorting?.filters ?? filters, at: time)
    }

    /// Orders the rows by heading `column` in the engine (the same heading again reverses).
    mutating func sort(byHeading column: Int, at time: Double) {
        guard table.columns.indices.contains(column) else { return }
        let ascending = order?.column == column ? !(order?.ascending ?? true) : true
        arrange(column: column, ascending: ascending, filters: sorting?.filters ?? filters, at: time)
    }

    /// Keeps the rows that meet `text` as well (`COLUMN=VALUE`, `!=`, `<`, `<=`, `>`, `>=`, `*=`,
    /// `~`, as `scrollwork open --filter` writes them): the engine tests them.
    mutating func addFilter(_ text: String, at time: Double) {
        let parsed: RowFilter
        do { parsed = try RowFilter(parsing: text, columns: ColumnNames(table.columns)) } catch {
            note = "\(error)"
            return
        }
        keep(DatabaseFilter(column: parsed.column, test: parsed.test), text: text, at: time)
    }

    /// Keeps the rows that meet `filter` as well, written `text` in the status line.
    mutating func keep(_ filter: DatabaseFilter, text: String, at time: Double) {
        let base = sorting?.filters ?? filters
        arrange(column: order?.column, ascending: order?.ascending ?? true, filters: base + [Filter(filter: filter, text: text)], at: time)
    }

    /// Removes the last filter; false when there is none.
    mutating func removeFilter(at time: Double) -> Bool {
        let base = sorting?.filters ?? filters
        guard !base.isEmpty else { return false }
        arrange(column: order?.column, ascending: order?.ascending ?? true, filters: Array(base.dropLast()), at: time)
        return true
    }

    /// Shows the rows that meet `filters` in the order of `column` (the table's own when nil):
    /// a table's names in that order come from one statement of the engine's, off the loop,
    /// while the rows shown stay; a view's pages are read so from the next frame.
    private mutating func arrange(column: Int?, ascending: Bool, filters: [Filter], at time: Double) {
        let newOrder = column.map { (column: $0, ascending: ascending) }
        if sorting != nil { effects.append(.work(.cancel(sortKey.named("sort").id))) }
        sorting = nil
        guard table.hasIdentities else {
            // A view is read by position: the engine orders and filters each page as it is read.
            order = newOrder
            self.filters = filters
            filteredCount = nil
            if !filters.isEmpty { effects.append(.work(.start(filteredCounting()))) }
            showNewOrder()
            view.table.list.scroll.perform(.top, time: time)
            return
        }
        if filters.isEmpty && newOrder == nil {
            // The table's own order again: its rowids in chunks, the first screen at once.
            order = nil
            self.filters = []
            identities = []
            identitiesComplete = false
            showNewOrder()
            effects.append(.work(.start(chunk(after: nil))))
            view.table.list.scroll.perform(.top, time: time)
            return
        }
        sorting = (column, ascending, filters, time)
        sortReceived = nil
        let long = self.long, tests = filters.map(\.filter)
        // How many rows the order will name, for the share received; unknown under filters.
        let expected = filters.isEmpty ? (count ?? estimate) : nil
        effects.append(.work(.start(Work(sortKey.named("sort")) { progress in
            let read = Result { () throws(DatabaseError) in
                try long.identities(where: tests, orderedBy: newOrder, keepGoing: { !progress.isCancelled }) { received in
                    _ = progress.report(expected.map { Double(received) / Double(Swift.max(1, $0)) } ?? 0)
                }
            }
            return progress.isCancelled ? nil : SortAnswer(column: column, ascending: ascending, filters: tests, identities: read)
        })))
    }

    /// The rows of a view that meet the filters, counted, as work.
    private func filteredCounting() -> Work {
        let table = long, tests = filters.map(\.filter)
        return Work(filteredCountKey.named("count")) { progress in
            let counted = Result { () throws(DatabaseError) in try table.count(where: tests, keepGoing: { !progress.isCancelled }) }
            return progress.isCancelled ? nil : (tests, counted)
        }
    }

    /// Cancels the order being made; false when none is.
    mutating func cancelSort() -> Bool {
        guard let sorting else { return false }
        effects.append(.work(.cancel(sortKey.named("sort").id)))
        self.sorting = nil
        note = sorting.column.map { "sort by \(table.columns[$0]) cancelled" } ?? "filter cancelled"
        return true
    }

    /// Searches for `text` from the row after the cursor (before it, going back), or from the
    /// first row shown: the engine tests a few thousand rows of the order shown at a time, so
    /// the first match in that order is found without reading the rows (a view's are read and
    /// tested here). Runs off the loop; Esc cancels it.
    mutating func search(_ text: String, forward: Bool) {
        guard !text.isEmpty else { return }
        lastSearch = (text, forward)
        let cursor = view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0)?.row }
        let start = cursor.map { forward ? $0 + 1 : $0 - 1 } ?? (forward ? view.shownRows.lowerBound : view.shownRows.upperBound - 1)
        let total = pages.count, table = self.table, order = self.order, filters = self.filters.map(\.filter)
        let identities = table.hasIdentities ? self.identities : nil
        searching = true
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
        guard searching else { return false }
        effects.append(.work(.cancel(searchKey.named("search").id)))
        searching = false
        note = "search cancelled"
        return true
    }

    /// Every page, chunk, count, sort and search under way, cancelled: the screen is closing.
    mutating func cancelAllWork() -> [Effect] {
        var cancels = pages.requested.map { Effect.work(.cancel(pageKey.named(PagedRows<[TableValue]>.pageWorkName($0)).id)) }
        cancels += [frequencyKey.id, summaryKey.id, saveKey.id, chunkKey.named("rowids").id, sortKey.named("sort").id, countKey.named("count").id, searchKey.named("search").id, reconnectKey.named("reconnect").id,
                    filteredCountKey.named("count").id, schemaKey.named("schema").id]
            .map { Effect.work(.cancel($0)) }
        return effects + cancels
    }

    /// The rows in the new order, from the first page again.
    private mutating func showNewOrder() {
        for page in pages.requested { effects.append(.work(.cancel(pageKey.named(PagedRows<[TableValue]>.pageWorkName(page)).id))) }
        generation += 1
        let rows = table.hasIdentities ? identities.count : (filters.isEmpty ? count : filteredCount) ?? 0
        pages = PagedRows(count: rows, pageSize: Self.pageSize)
        let sortOrder = order.map { [SortOrder(columnID: "\($0.column)", ascending: $0.ascending)] } ?? []
        view.table.replaceRows(with: pages, orderedBy: sortOrder, sameRows: false)
    }

    /// The connection broke: the rows shown stay, the status line says so, and the screen
    /// connects again in a few seconds.
    mutating func connectionLost(_ reason: String, at time: Double) {
        lost = reason
        if !reconnecting && reconnectAt == nil { reconnectAt = time + Self.reconnectDelay }
    }

    /// What every failed statement leads to: `what` (then the error) in the status line, unless
    /// the failure is said elsewhere (a page's rows); connecting again when the connection was
    /// lost; a look at the table when the statement itself failed.
    mutating func failed(_ error: DatabaseError, saying what: String?, at time: Double) {
        if let what { note = what + "\(error)" }
        if case let .connectionLost(reason) = error { connectionLost(reason, at: time) }
        checkSchema(after: error)
    }

    /// After a statement failed (not cancelled, the connection not lost): looks at the table
    /// again, off the loop, for whether someone changed its columns or dropped it meanwhile,
    /// which no statement of this view can read past.
    private mutating func checkSchema(after error: DatabaseError) {
        guard case .failed = error, !checkingSchema, schemaChanged == nil else { return }
        checkingSchema = true
        let source = self.source, name = table.name, columns = table.columns
        effects.append(.work(.start(Work(schemaKey.named("schema")) { progress in
            let found: SchemaCheck
            switch Result(catching: { () throws(DatabaseError) in try source.table(name, sharingSnapshotWith: nil).columns }) {
            case let .success(now): found = now == columns ? .same : .changed
            case .failure(.noSuchTable): found = .gone
            // Not able to tell (the server went away, say): the failure stands as said.
            case .failure: found = .same
            }
            return progress.isCancelled ? nil : found
        })))
    }

    /// Connects again once the time to has come.
    mutating func tick(at time: Double) {
        lastTime = time
        view.tick(at: time)
        guard let at = reconnectAt, time >= at, !reconnecting else { return }
        reconnectAt = nil
        reconnecting = true
        let source = self.source, name = table.name
        effects.append(.work(.start(Work(reconnectKey.named("reconnect")) { progress in
            let tables = Result { () throws(DatabaseError) -> [any DatabaseTable] in
                let long = try source.table(name, sharingSnapshotWith: nil)
                return [long, try source.table(name, sharingSnapshotWith: long)]
            }
            return progress.isCancelled ? nil : tables
        })))
    }

    /// When the screen next needs a frame: its view's, or the next try to connect again.
    var wakeTime: Double? {
        mutating get {
            // A sort under way wakes the screen each second, for its seconds in the status line.
            let since = sorting?.started ?? (exploring != nil ? exploringSince : nil)
            let nextSecond = since.map { $0 + (lastTime - $0).rounded(.down) + 1 }
            let times = [view.wakeTime, reconnectAt, nextSecond].compactMap { $0 }
            return times.min()
        }
    }

    /// Takes work updates of its own; false for anything else.
    mutating func handleWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if handleExploreWork(update, at: time) { return true }
        if let answer = update.result(of: pageKey) {
            guard answer.generation == generation else { return true }
            switch answer.rows {
            case let .success(rows): guard pages.deliver(rows, page: answer.page) else { return true }
            case let .failure(error):
                guard pages.fail(page: answer.page, message: "\(error)") else { return true }
                failed(error, saying: nil, at: time)
            }
            view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
            return true
        }
        if let answer = update.result(of: chunkKey) {
            guard answer.generation == generation, !identitiesComplete else { return true }
            switch answer.identities {
            case let .success(found):
                identities += found
                // Only an empty chunk says the end: a chunk of a range of blocks may hold fewer.
                if found.isEmpty { identitiesComplete = true } else { effects.append(.work(.start(chunk(after: found.last)))) }
                pages.grow(to: identities.count)
                view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
            case let .failure(error):
                failed(error, saying: "reading the rows stopped: ", at: time)
            }
            return true
        }
        if let fraction = update.progress(of: sortKey) {
            if sorting != nil { sortReceived = fraction }
            return true
        }
        if let answer = update.result(of: sortKey) {
            guard let asked = sorting, asked.column == answer.column, asked.ascending == answer.ascending, asked.filters.map(\.filter) == answer.filters else { return true }
            sorting = nil
            switch answer.identities {
            case let .success(found):
                identities = found
                identitiesComplete = true
                effects.append(.work(.cancel(chunkKey.named("rowids").id)))
                order = answer.column.map { ($0, answer.ascending) }
                filters = asked.filters
                let seconds = time - asked.started
                // "1.24 s", "87 ms": as every sort's time is said, without "sort took" before a filter.
                let took = StatusNotes.sortTime(seconds).replacing("sort took ", with: "")
                note = (asked.column == nil ? "filtered" : "sorted") + " in the database in " + took
                showNewOrder()
                view.table.list.scroll.perform(.top, time: time)
            case let .failure(error):
                failed(error, saying: "the sort stopped: ", at: time)
            }
            return true
        }
        if let reconnected = update.result(of: reconnectKey) {
            reconnecting = false
            switch reconnected {
            case let .success(tables) where tables.count == 2:
                long = tables[0]
                table = tables[1]
                lost = nil
                note = "connected again"
                if table.hasIdentities && !identitiesComplete { effects.append(.work(.start(chunk(after: identities.last)))) }
                if count == nil { effects.append(.work(.start(counting()))) }
                // The pages that failed are asked for again at the next frame.
                for page in 0...Swift.max(0, pages.page(ofRow: pages.count - 1)) where !pages.isLoaded(page: page) { pages.retry(page: page) }
                view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
            case let .failure(error):
                lost = "\(error)"
                reconnectAt = time + Self.reconnectDelay
            default:
                reconnectAt = time + Self.reconnectDelay
            }
            return true
        }
        if let found = update.result(of: schemaKey) {
            checkingSchema = false
            if found != .same { schemaChanged = found }
            return true
        }
        if let answer = update.result(of: searchKey) {
            guard searching else { return true }
            searching = false
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
                note = "no more rows hold “\(answer.text)”" + ((lastSearch?.forward ?? true) ? " below" : " above")
            }
            return true
        }
        if let answer = update.result(of: filteredCountKey) {
            guard answer.filters == filters.map(\.filter), !table.hasIdentities else { return true }
            switch answer.count {
            case let .success(n):
                filteredCount = n
                pages.grow(to: n)
                view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
            case let .failure(error):
                failed(error, saying: "the filter stopped: ", at: time)
            }
            return true
        }
        if let counted = update.result(of: countKey) {
            switch counted {
            case let .success(n):
                count = n
                if !table.hasIdentities && filters.isEmpty {
                    pages.grow(to: n)
                    view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
                }
            case let .failure(error):
                failed(error, saying: "counting stopped: ", at: time)
            }
            return true
        }
        return update.id.isSameFamily(as: pageKey.id) || update.id.isSameFamily(as: chunkKey.id)
            || update.id.isSameFamily(as: sortKey.id) || update.id.isSameFamily(as: countKey.id) || update.id.isSameFamily(as: searchKey.id)
            || update.id.isSameFamily(as: reconnectKey.id) || update.id.isSameFamily(as: filteredCountKey.id)
            || update.id.isSameFamily(as: schemaKey.id)
    }

    /// The status line at `time`: the table, its count (about, until counted), the order, what
    /// runs and for how long.
    func statusText(at time: Double) -> StatusText {
        var parts: [String] = []
        if let lost { parts.append("⚠ connection lost, " + (reconnecting ? "connecting again…" : "connecting again in a moment; the rows read stay") + " (\(lost))") }
        if !filters.isEmpty {
            let kept = table.hasIdentities ? grouped(identities.count) : filteredCount.map(grouped) ?? "counting"
            parts.append("\(kept) of " + (count.map(grouped) ?? estimate.map { "about " + grouped($0) } ?? "?") + " rows")
            parts.append("filtered by " + filters.map(\.text).joined(separator: ", ") + " (u removes the last)")
        } else if let count {
            parts.append("\(grouped(count)) row\(count == 1 ? "" : "s")")
        } else if let estimate {
            parts.append("about \(grouped(estimate)) rows, counting…")
        } else {
            parts.append(!table.hasIdentities ? "counting the rows…" : "\(grouped(identities.count)) rows so far, counting…")
        }
        // What answered the last key comes right after the count, before what stays true.
        if let note { parts.insert(note, at: Swift.min(parts.count, lost == nil ? 1 : 2)) }
        if let order { parts.append("by \(table.columns[order.column]) \(order.ascending ? "▲" : "▼")") }
        if let exploring {
            let shown = exploringFraction > 0 ? "\(Int(exploringFraction * 100))%" : "\(Int(Swift.max(0, time - exploringSince))) s"
            parts.append("\(exploring)… \(shown) (Esc cancels)")
        }
        if view.table.columns.indices.contains(currentColumn) { parts.append("column \(view.table.columns[currentColumn].title)") }
        if let sorting {
            // The engine says nothing while it sorts: the seconds show that it works, and once
            // it sends the rows, how many have come.
            var running = (sorting.column.map { "sorting by \(table.columns[$0])" } ?? "filtering") + " in the database… "
            running += "\(Int(Swift.max(0, time - sorting.started))) s"
            if let share = sortReceived, share > 0 { running += ", \(Int((Swift.min(1, share) * 100).rounded(.down)))% of the rows received" }
            parts.append(running + " · Esc cancels")
        }
        if !table.hasIdentities { parts.append(table.isView ? "a view is read by position" : "a table without rowids is read by position") }
        return StatusText(name: table.name + (table.isView ? " (view)" : ""), parts: parts, hint: "click a heading to sort · / searches · | filters · ⌫ back to the tables · q quits")
    }

    /// The status line at `time`, whole.
    func status(at time: Double) -> String { statusText(at: time).whole }
}
