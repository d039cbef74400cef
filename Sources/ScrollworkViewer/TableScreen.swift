import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A table of any `TableSource` (a database's table or view, a source of one's own): rows read a
/// page at a time around what is on screen, off the loop, a screen ahead, the pages that scroll
/// away before they come cancelled. A table whose rows have names is shown through the list of
/// them in the order shown (read in chunks in its own order, so the first screen comes at
/// once); a heading click has the source arrange the names by that column (missing values last,
/// again reverses), in the background, while the rows shown stay as they are; Esc cancels it.
/// A source read by position orders and filters each page as it is read. The count starts as
/// the source's guess, marked "about", and becomes exact.
struct TableScreen: OverlaidTable, ReplyCollecting {
    typealias Row = PagedRow<[TableValue]>

    /// A filter as the person wrote it and as the source tests it.
    struct Filter: Sendable {
        var filter: RowFilter
        var text: String
    }

    /// Rowids read a chunk at a time in the table's own order.
    static let chunkSize = 1 << 18
    /// Rows a page.
    static let pageSize = 100

    /// Where the rows come from.
    var source: any TableSource { connection.source }
    /// True when the rows are reached by name, the names kept in the order shown.
    var byName: Bool { source.rowAccess == .byName }
    /// The columns' names.
    var titles: [String] { source.columnTitles }
    var view: TableView<Row>
    /// The rows shown, as the source arranges them: their filters and order, their names in
    /// that order, the pages read of them, and the order being made.
    var shown: ShownRows
    /// The count, once the source has counted; a guess before; a positional source's under its filters.
    var counts: RowCount
    /// The time of the last tick, from which the next wake is counted.
    var lastTime = 0.0
    /// The column the exploring keys act on (`[`, `]`, `$`, a click on a cell).
    var current = CurrentColumn(place: 0)
    /// The table's keys, as the host binds them.
    var tableKeys: CommandTable<ViewerCommand> { connection.back == nil ? viewerKeys.table : viewerKeys.databaseTable }
    /// Says `message` as the answer to the last key.
    mutating func say(_ message: String?) { note = message }
    /// Hands `effect` to the host with the next effects.
    mutating func emit(_ effect: Effect) { effects.append(effect) }
    /// `body` with the columns, the table view and the current column's place.
    mutating func arrangeColumns<T>(_ body: (inout ColumnArrangement<Row>, inout TableView<Row>, inout Int) -> T) -> T {
        body(&columns, &view, &current.place)
    }
    /// Columns hidden with `-`, to put back with `+`.
    var columns = ColumnArrangement<Row>(first: 0, staysNote: "")
    /// A frequency table or summary shown over the table.
    var sheet: ResultSheet? = nil
    /// What is over the table and takes its events: the menu, the prompt, a row or the keys
    /// shown whole; nil leaves them to the sheet, or to the table.
    var overlay: TableOverlay? = nil
    /// The key tables of the viewer's host (a terminal's, or a window's).
    var viewerKeys = ViewerKeySet(.terminal)
    /// What the screen keeps from one key to the next.
    var keyMemory = KeyMemory()

    /// What a database table screen keeps from one key to the next.
    struct KeyMemory {
        /// Enter, `=` or `!` pressed while the focused row's values were still on their way: run
        /// once they come.
        var awaitingRow: ViewerCommand? = nil
        /// True after an Esc that would have left a filtered table: a second one leaves it.
        var leavingArmed = false
        /// The person asked to quit from over the table (Ctrl+Q on a sheet): the viewer quits.
        var wantsQuit = false
        /// G, End or `#` pressed for a row not read or counted yet: the focus goes there as the
        /// rows come (to the real last one for G), as in a file still being indexed; any other
        /// key or click stops it.
        var seeking: Seek? = nil
    }

    /// A row the focus goes to once it is read.
    enum Seek: Equatable {
        /// The last row.
        case end
        /// The row at this position of the order shown, of `of` rows.
        case row(Int, of: Int)
        /// The row `#` asked for, as typed, once the rows are counted.
        case asked(String)
    }
    /// The frequency table, summary or save under way: an engine says nothing while it
    /// groups, so the status line counts its seconds.
    var exploration = Exploration<TableSourceError>()
    var note: String? = nil
    /// The search: the last one's text and direction, and whether one runs.
    var rowSearch = SourceSearch()
    /// The source and its connection: lost or not, connecting again, the table looked at after a failure.
    var connection: ConnectionWatch
    /// Seconds between tries to connect again.
    static let reconnectDelay = 3.0
    /// Positions a search asks the engine about at once.
    static let searchBatch = 4096
    var effects: [Effect] = []
    /// The row shown whole that the call under way opened, for the viewer to push over the
    /// table (``reply(to:at:)`` hands it on).
    var recordToShow: RecordPage? = nil
    /// The area the screen took in its last render, its status line included.
    var frame = Rect.zero
    /// The columns sized in characters, as last fitted to the type the table is drawn in (nil
    /// before its first frame).
    var fittedWidths: CharacterWidths? = nil

    /// The table of `source`, called `name` in the status line.
    init(source: any TableSource, name: String, theme: Theme) {
        connection = ConnectionWatch(source: source, name: name)
        counts = RowCount(estimate: source.estimatedCount)
        shown = ShownRows(pages: PagedRows(count: 0, pageSize: Self.pageSize))
        let numbered = source.namesNumberRows
        let columns = (numbered ? [Self.numberColumn] : []) + source.columnTitles.indices.map { Self.column(of: source, $0, first: !numbered && $0 == 0) }
        if numbered {
            self.columns = ColumnArrangement<Row>(first: 1, staysNote: "the # column stays: it says which record of the file a row is")
            current.place = 1
        }
        var state = TableState(rows: shown.pages, columns: columns)
        state.pinnedColumns = numbered ? 1 : 0
        // A desktop table's rows and keys, as a file's table has (not a phone's 44-point rows).
        state.list.idiom = .macOS
        state.list.scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        // Rows read in place are copied whole wherever they are: many may be selected.
        state.list.selectionMode = source.readsInPlace ? .multiple : .single
        // Columns as wide as their content; more than fit scroll sideways, as a file's do.
        state.autoresizingStyle = .lastColumnOnly
        view = TableView(state, theme: theme)
        view.sortsOnHeadingClick = false
        // A viewer's page keys move the focus with the view, as g and G do.
        view.pageKeysScroll = false
        readFirstRows()
    }

    /// Column `c` of `source`: as wide as its widest value where the source knows it, else as
    /// its name, or as a number or some text is (fitted to the first rows once they come); its values
    /// the rows' own; the `first` column says a row is on its way, or why it failed.
    static func column(of source: any TableSource, _ c: Int, first: Bool) -> TableColumn<Row> {
        let titles = source.columnTitles, numeric = source.isNumeric(c)
        let title = titles.indices.contains(c) ? titles[c] : "Column \(c + 1)"
        let width = source.widestValue(ofColumn: c).map { TableColumn<DelimitedRecord>.fieldWidth(content: $0, title: title) }
            ?? ColumnWidth.clamping(min: 32, ideal: Double(Swift.max(title.count + 2, numeric ? 10 : 20)) * 8, max: 8000)
        return TableColumn<Row>(title, id: "\(c)", width: width, alignment: numeric ? .trailing : .leading) { row in
            switch row {
            case let .loaded(values): return values.indices.contains(c) ? values[c] : .empty
            case .loading: return first ? .string("…") : .empty
            case let .failed(_, message): return first ? .string("⚠ " + message) : .empty
            }
        }
    }

    /// The `#` column of a source whose names number its rows: each row's number, from 1 (read
    /// after its fields), which stays first.
    static let numberColumn = TableColumn<Row>("#", id: "#", width: .clamping(min: 24, ideal: 11 * 8, max: 200), alignment: .trailing) { row in
        switch row {
        case let .loaded(values): return values.last ?? .empty
        case .loading: return .string("…")
        case let .failed(_, message): return .string("⚠ " + message)
        }
    }

    /// Starts reading the names and the count: at once for a source read in place (its first
    /// screen is there before the first frame), else off the loop.
    mutating func readFirstRows() {
        if source.aboutIsPending { effects.append(.work(.start(counts.describing(source)))) }
        guard source.readsInPlace else {
            if source.readsFirstPageAtOnce, readFirstPage() { return }
            if byName { effects.append(.work(.start(chunk(after: nil)))) }
            return effects.append(.work(.start(counts.counting(source))))
        }
        do {
            let names = byName ? try source.rowNames(after: nil, limit: Self.chunkSize, progress: .unwatched) : []
            counts.total = try source.rowCount(progress: .unwatched)
            shown.identities = RowNames(names)
            shown.following.saw(names)
            shown.identitiesComplete = names.count < Self.chunkSize
            shown.pages.grow(to: byName ? names.count : counts.total ?? 0)
            showRows()
            fitColumnsToFirstRows(shown.pages.rows(ofPage: 0))
            // The first row focused, so that Enter, = and ! act at once, as after rows come off the loop.
            keepAFocus(at: lastTime)
            if !shown.identitiesComplete { effects.append(.work(.start(chunk(after: names.last)))) }
        } catch {
            note = "reading the rows stopped: \(error)"
        }
    }

    /// The count, the names (where one run names every row) and the first page, read now for a
    /// source that reads its first page at once, so that the first frame shows rows; later
    /// pages are read off the loop. False, with nothing changed, where the count or the names
    /// cannot be had so (they are then read off the loop, and a failure said from there). A
    /// first page that fails is left to be read off the loop like any other, which says why.
    mutating func readFirstPage() -> Bool {
        let total: Int, run: Range<Int>?
        do {
            total = try source.rowCount(progress: .unwatched)
            run = byName ? try source.rowNameRun(after: nil, progress: .unwatched) : nil
        } catch { return false }
        if byName {
            guard let run else { return false }
            shown.identities = RowNames(run: run)
            shown.following.saw(shown.identities)
            // The next run after the last is empty for a settled table, and says the names are complete.
            if run.isEmpty { shown.identitiesComplete = true } else { effects.append(.work(.start(chunk(after: run.upperBound - 1)))) }
        }
        counts.total = total
        shown.pages.grow(to: byName ? shown.identities.count : total)
        let first = shown.pages.rows(ofPage: 0)
        do {
            let rows = try pageReader(first, .unwatched)
            _ = shown.pages.plan(visible: first.lowerBound..<first.lowerBound + 1, direction: 1)
            shown.pages.deliver(rows, page: 0)
        } catch {
            // Not delivered: the page is asked for off the loop, whose answer says why it failed.
        }
        showRows()
        if shown.pages.isLoaded(page: 0) { fitColumnsToFirstRows(first) }
        keepAFocus(at: lastTime)
        return true
    }

    /// Draws the table, then asks for the pages the screen needs and cancels those it no longer does.
    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        view.keepRowsClearOfIndicator()
        view.highlightedColumn = current.chosen ? currentColumn : nil
        view.render(in: canvas.aligned(bounds), into: &canvas, at: time)
        // Rows read in place are read as they are drawn; others a page at a time, off the loop.
        guard !(source.readsInPlace && byName) else { return }
        effects += shown.pages.pageWork(visible: view.shownRows, velocity: view.table.list.scroll.velocity(.vertical), key: shown.pageKey, load: loader)
    }

    /// Every page, chunk, count, sort and search under way, cancelled: the screen is closing.
    mutating func cancelAllWork() -> [Effect] {
        showSheet(nil, at: lastTime)
        var cancels = shown.cancels.map { Effect.work(.cancel($0)) }
        cancels += exploration.cancel().map { Effect.work($0) }
        cancels += counts.cancels.map { Effect.work(.cancel($0)) }
        cancels += [rowSearch.key.named("search").id, rowSearch.typeAheadKey.named("type-ahead").id, connection.reconnectKey.named("reconnect").id,
                    connection.schemaKey.named("schema").id, connection.arrivalKey.named("input").id]
            .map { Effect.work(.cancel($0)) }
        defer { effects = [] }
        return effects + cancels
    }

    /// Connects again once the time to has come.
    mutating func tick(at time: Double) {
        lastTime = time
        collect(view.tick(at: time))
        overlay?.tick(at: time)
        sheet?.tick(at: time)
        lookForMore(at: time)
        guard let at = connection.reconnectAt, time >= at, !connection.reconnecting else { return }
        connection.reconnectAt = nil
        connection.reconnecting = true
        let source = self.source
        effects.append(.work(.start(Work(connection.reconnectKey.named("reconnect")) { progress in
            let reopened = Result { () throws(TableSourceError) in try source.reopened() }
            return progress.isCancelled ? nil : reopened
        })))
    }

    /// When the screen next needs a frame: its view's, or the next try to connect again.
    var wakeTime: Double? {
        mutating get {
            // A sort under way wakes the screen each second, for its seconds in the status line.
            let nextSecond = shown.sorting.map { $0.started + (lastTime - $0.started).rounded(.down) + 1 } ?? exploration.nextSecond(after: lastTime)
            let times = [view.wakeTime, overlay?.wakeTime, sheet?.wakeTime, connection.reconnectAt, nextSecond, nextLookForMore].compactMap { $0 }
            return times.min()
        }
    }

    /// Takes work updates of its own; false for anything else. Each part of the screen takes
    /// its own: the pages and the rowids, the engine's order, connecting again, the look at
    /// the table's columns, the search, the counts.
    mutating func handleWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if sheet?.handleWork(update, at: time) == true { return true }
        if handleExploreWork(update, at: time) || handlePageWork(update, at: time) || handleSortWork(update, at: time)
            || handleConnectionWork(update, at: time) || handleSearchWork(update, at: time) || handleTypeAheadWork(update, at: time)
            || handleCountWork(update, at: time) || handleGrowthWork(update, at: time) {
            keepAFocus(at: time)
            resumeWaitingKeys(at: time)
            lookForMore(at: time)
            return true
        }
        return shown.owns(update) || update.id.isSameFamily(as: rowSearch.key.id)
            || update.id.isSameFamily(as: connection.reconnectKey.id) || counts.owns(update)
            || update.id.isSameFamily(as: connection.schemaKey.id) || update.id.isSameFamily(as: connection.arrivalKey.id)
    }


    /// The status line at `time`: the table, its count (about, until counted), the order, what
    /// runs and for how long.
    func statusText(at time: Double) -> StatusText {
        var parts: [String] = []
        if let lost = connection.lost { parts.append("⚠ connection lost, " + (connection.reconnecting ? "connecting again…" : "connecting again in a moment; the rows read stay") + " (\(lost))") }
        let kept: Int?? = shown.filters.isEmpty ? nil : .some(byName ? shown.identities.count : counts.filtered)
        parts.append(counts.statusPart(kept: kept, readSoFar: byName ? shown.identities.count : nil) + (source.growth.isFinding ? " so far" : ""))
        if !shown.filters.isEmpty { parts.append("filtered by " + shown.filters.map(\.text).joined(separator: ", ") + " (u removes the last)") }
        // What answered the last key comes right after the count, before what stays true.
        if let note { parts.insert(note, at: Swift.min(parts.count, connection.lost == nil ? 1 : 2)) }
        if let order = shown.order, titles.indices.contains(order.column) { parts.append("sorted by \(titles[order.column]) \(order.ascending ? "▲" : "▼")") }
        if let running = exploration.statusPart(at: time) { parts.append(running) }
        if shown.following.isOn { parts.append("following the end (F stops)") }
        // Once the person chose a column, as its heading is marked then.
        if current.chosen, view.table.columns.indices.contains(currentColumn) { parts.append("column \(view.table.columns[currentColumn].title)") }
        switch keyMemory.seeking {
        case .end?: parts.append("going to the last row as the rows are read (Esc stops)")
        case let .row(row, total)?: parts.append("going to row \(grouped(row + 1)) of \(grouped(total)) as the rows are read (Esc stops)")
        case let .asked(text)?: parts.append("going to row \(text) once the rows are counted (Esc stops)")
        case nil: break
        }
        if let sorting = shown.sorting {
            // An engine says nothing while it sorts: the seconds show that it works, and once
            // it sends the rows, how many have come.
            let ownOrder = sorting.column == nil && sorting.filters.map(\.text) == shown.filters.map(\.text)
            var running = (sorting.column.map { "sorting by \(titles[$0])" } ?? (ownOrder ? "going back to the table's own order" : "filtering"))
                + (source.engine.map { " in " + $0 } ?? "") + "… "
            running += "\(Int(Swift.max(0, time - sorting.started))) s"
            if let share = shown.sortReceived, share > 0 { running += ", \(share.wholePercent)% of the rows received" }
            parts.append(running + " · Esc cancels")
        }
        if case let .byPosition(reason) = source.rowAccess { parts.append(reason) }
        if let about = source.about { parts.append(about) }
        return StatusText(name: connection.label, parts: parts, hint: viewerKeys.tableHint(back: connection.back))
    }

    /// The status line at `time`, whole.
    func status(at time: Double) -> String { statusText(at: time).whole }
}

extension TableScreen {
    /// Draws in `theme` from now on: the table, a sheet over it, what is open over either, and
    /// a row waiting to be shown whole.
    mutating func retheme(_ theme: Theme) {
        view.theme = theme
        sheet?.retheme(theme)
        overlay?.retheme(theme)
        recordToShow?.detail.retheme(theme)
    }
}
