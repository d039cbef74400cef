import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// How a file's records are read.
enum FileFormat: Sendable, Hashable {
    /// CSV, TSV and the like.
    case delimited(DelimitedDialect)
    /// JSON objects: one a line (JSON Lines), or the elements of one array.
    case json(JSONFraming)
}

/// `scrollwork open` on a CSV, TSV or JSON Lines file: the table over the file's records,
/// indexed in the background while the first screen is already shown, sortable, with a status
/// line.
public struct FileViewer: App, WidgetGroup, ShowsIndexedFile, ViewerTable {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's
    /// (Ctrl+C copies, Ctrl+Q quits, Ctrl+W closes; ``ViewerKeys/desktop(_:)``).
    public var keyConvention = KeyConvention.terminal
    /// The key tables of ``keyConvention``.
    var viewerKeys: ViewerKeySet { ViewerKeySet(keyConvention) }
    /// The file, indexed in the background and watched for growth.
    var source: FileIndexing
    /// What the file's records are: their format, fields, names, missing words and types.
    var shape: FileShape
    var view: TableView<DelimitedRecord>
    /// The colours, the table's own.
    var theme: Theme { view.theme }
    /// How the file's records are read.
    var format: FileFormat { shape.format }
    /// JSON: every key seen so far.
    var keys: [String] { shape.keys }
    /// The words that stand for no value.
    var missing: MissingValues { shape.missing }
    /// The columns' types, as the rows read so far say.
    var typing: ColumnTyping {
        get { shape.typing }
        set { shape.typing = newValue }
    }
    /// The names of the file's fields, in the file's order (the header, or JSON keys).
    var fieldTitles: [String] { shape.fieldTitles }
    /// What is over the table and takes its events: the menu, the prompt, a record or the keys
    /// shown whole; nil leaves them to the table (or to the sheet, while one is shown).
    var overlay: TableOverlay? = nil
    /// The searches: in the file's order, in the order shown, type-ahead.
    var searches = Searches()

    /// The ways a row is looked for: a text in the file's order (its bytes), a text in the order
    /// shown (a sorted view's rows), and a name typed (type-ahead).
    struct Searches {
        /// The last search in the file's order.
        var inFile = FileSearch()
        /// The last search through a sorted view's rows in the order shown.
        var shown = RowSearch()
        /// What has been typed for type-ahead selection.
        var typed = TypeAheadState()
        /// True while a search runs.
        var isRunning: Bool { inFile.isRunning || shown.isRunning }

        /// Cancels the searches under way; the work to cancel.
        mutating func cancel() -> [WorkRequest] { [inFile.cancel(), shown.cancel()].compactMap { $0 } }
    }
    /// The column the exploring keys act on (a place among the table's columns; 0 is `#`),
    /// and whether the person chose it (the status line then names it).
    var current = CurrentColumn(place: 1)
    /// The table's keys, as the host binds them.
    var tableKeys: CommandTable<ViewerCommand> { viewerKeys.table }
    /// Hands `effect` to the host with the next effects.
    mutating func emit(_ effect: Effect) { outbox.append(effect) }
    /// Says `message` as the answer to the last key.
    mutating func say(_ message: String?) {
        if let message { notes.set(.action, message) } else { notes.clear(.action) }
    }
    /// `body` with the columns, the table view and the current column's place.
    mutating func arrangeColumns<T>(_ body: (inout ColumnArrangement<DelimitedRecord>, inout TableView<DelimitedRecord>, inout Int) -> T) -> T {
        body(&columns, &view, &current.place)
    }
    /// True once the person chose the current column.
    var columnChosen: Bool {
        get { current.chosen }
        set { current.chosen = newValue }
    }
    /// The filters and the rows they keep.
    var filters = ViewFilters()
    /// Columns hidden with `-` (to put back with `+`), and the other column keys' work; the `#`
    /// column stays first.
    var columns = ColumnArrangement<DelimitedRecord>(first: 1, staysNote: "the # column stays: it says which record of the file a row is")
    /// The hidden columns, with their widths and where they were.
    var hiddenColumns: [ColumnArrangement<DelimitedRecord>.Hidden] {
        get { columns.hidden }
        set { columns.hidden = newValue }
    }
    /// A frequency table or summary shown over the table.
    var sheet: ResultSheet? = nil
    /// The frequency table, summary or save under way.
    var exploration = Exploration<TableSourceError>()
    /// The status line's messages, each cleared by its owner.
    var notes = StatusNotes()
    /// What the viewer asks of its host (work to run, text to copy), in order, until the
    /// loop takes it.
    var outbox: [Effect] = []
    /// True once the person asked to quit.
    public var wantsQuit = false
    /// The text copied last with Alt+C, until the loop takes it.
    var clipboard: String? { outbox.lazy.compactMap { if case let .copy(text) = $0 { text } else { nil } }.last }

    /// A viewer of `file` in `format`.
    init(file: FileBytes, format: FileFormat, theme: Theme, missing: MissingValues = .common) throws(FileError) {
        let (opened, sample, header) = try FileTable.opening(file: file, format: format, missing: missing)
        source = FileIndexing(file: file, index: opened.index)
        shape = opened.shape
        let rows = opened.fileRows.rowSource
        let columns = Self.columns(header: header, sample: sample, expected: shape.expectedFields)
        var table = TableState(rows: rows, columns: columns)
        table.list.idiom = .macOS
        table.list.selectionMode = .multiple
        table.pinnedColumns = 1
        // Columns as wide as their content; more than fit scroll sideways, fewer leave the rest
        // to the last one.
        table.autoresizingStyle = .lastColumnOnly
        view = TableView(table, theme: theme)
        // A viewer's page keys move the focus with the view, as g and G do.
        view.pageKeysScroll = false
        if let step = source.nextStep { outbox.append(.work(step)) }
        if let step = typing.next(fileRows) { outbox.append(.work(step)) }
        keepAFocus(at: 0)
    }

    /// Focuses the first row when no row is focused and there is one, so that Enter, `=` and
    /// `!` act at once after opening, as rows come, and after a filter or a sort.
    mutating func keepAFocus(at time: Double) {
        do { try view.table.list.focusFirstRowIfNone(at: time) } catch { notes.set(.action, "\(error)") }
    }

    /// The most rows sampled for the columns' types and widths.
    static let sampleLimit = 5000

    /// How many rows the columns are sampled from: those in the first 64 KB of the file (and at
    /// least a first screen), at most ``sampleLimit``.
    static func sampleRows(_ index: RecordIndex) -> Int {
        let inSample = index.record(containing: UInt64(OpenFile.sampleSize)) ?? 0
        return Swift.min(index.count, Swift.max(inSample, 60), sampleLimit)
    }

    /// The rows `index` has found in `file`, read as `format` says (JSON objects by `keys`).
    static func fileRows(file: FileBytes, index: RecordIndex, format: FileFormat, keys: [String]) -> FileRows {
        FileShape.rows(file: file, index: index, format: format, keys: keys)
    }

    /// The file's rows as their own type, for the passes that read fields in place.
    var fileRows: FileRows { shape.rows(file: file, index: index) }

    /// The file's rows for the table.
    var rows: AnyRowSource<DelimitedRecord> { fileRows.rowSource }

    /// Which of `fields` hold numbers in every row typed so far (``FileShape/numeric(_:)``).
    func numeric(_ fields: [Int]) -> [Bool] { shape.numeric(fields) }

    /// A `#` column with the record's number (and ⚠ on a record with a problem or, where
    /// `expected` is given, more fields than that), then one column a field. A record with
    /// fewer fields is not marked: writers often leave empty fields off a record's end, and its
    /// missing fields read as empty, as a spreadsheet reads them.
    static func columns(header: [String]?, sample: ColumnSample, expected: Int?) -> [TableColumn<DelimitedRecord>] {
        let count = Swift.max(header?.count ?? 0, sample.widths.count, 1)
        var columns: [TableColumn<DelimitedRecord>] = [
            TableColumn("#", id: "#", width: .clamping(min: 24, ideal: 11 * 8, max: 200), alignment: .trailing) { record in
                record.problem != nil || (expected.map { record.fields.count > $0 } ?? false) ? .string("⚠ \(record.number)") : .int(record.number)
            },
        ]
        for c in 0..<count {
            let title = header.flatMap { $0.indices.contains(c) && !$0[c].isEmpty ? $0[c] : nil } ?? "Column \(c + 1)"
            let width = TableColumn<DelimitedRecord>.fieldWidth(content: sample.widths.indices.contains(c) ? sample.widths[c] : 0, title: title)
            columns.append(.field(c, title: title, kind: sample.kinds.kind(ofColumn: c), width: width, missing: sample.kinds.missing))
        }
        return columns
    }

    var table: TableState<DelimitedRecord> { view.table }

    // MARK: App

    /// The most of one record the detail view reads.
    static let detailLimit = 16 << 20

    /// Takes a key, click, paste, resize or work update. The table, the prompt and the record
    /// view are children (``children``): the prompt and the record view, while shown, are modal
    /// and take every event; what no child uses is the viewer's own key.
    public mutating func handle(_ event: Event, at time: Double) {
        if case let .work(update) = event {
            handleWork(update, at: time)
            if seekingEnd { followIndexToEnd(at: time) }
            keepAFocus(at: time)
            return
        }
        // What answered the last key or click is not true after the next one.
        if event.isPersonAction { notes.clear(.action) }
        let key: KeyEvent? = if case let .key(key) = event { key } else { nil }
        if seekingEnd, event.isPersonAction {
            seekingEnd = false
            if let key, viewerKeys.table.command(for: key) == .cancel { return notes.set(.action, "stopped going to the end") }
        }
        // What is over the table takes the events first.
        if handleOverTable(event, at: time) { return }
        handleOnTable(event, key: key, at: time)
    }

    /// Runs `command` as its key would (a menu's choice): Show Record shows the focused row's.
    mutating func perform(_ command: ViewerCommand, at time: Double) {
        guard command == .record else { return run(command, at: time) }
        if let id = table.list.cursor, let path = table.list.indexPath(of: id) { openDetail(at: path, at: time) }
    }

    /// An event with nothing shown over the table: G and End go to the whole file's end, a
    /// click on a cell chooses its column, Enter shows the record, the table takes what it
    /// uses, and the viewer's commands the rest.
    private mutating func handleOnTable(_ event: Event, key: KeyEvent?, at time: Double) {
        let command = key.flatMap { viewerKeys.table.command(for: $0) }
        // Before the table, whose End would stop at the rows indexed so far.
        if command == .bottom { return goToEnd(at: time) }
        if case let .mouse(mouse) = event, let column = columnOfCell(at: mouse) {
            currentColumn = column
            columnChosen = true
        }
        // Enter on a row shows its record, before the table would activate the row.
        if command == .record, let id = table.list.cursor, let path = table.list.indexPath(of: id) { return openDetail(at: path, at: time) }
        let used = routeToChildren(event, at: time).isHandled
        readTableEvents(fromKeyboard: key != nil)
        guard !used, let key else { return }
        // While a name is being typed (a key within a second of the last), its letters, digits,
        // dashes and underscores go on with it rather than run the commands they also name.
        let typing = !searches.typed.text.isEmpty && time - searches.typed.lastTime <= TypeAheadState.resetInterval
        if let command = (typing ? ViewerKeys.typing.command(for: key) : nil) ?? command { run(command, at: time) }
    }

    /// Runs a command of the table's keys that the table left.
    private mutating func run(_ command: ViewerCommand, at time: Double) {
        switch command {
        case .quit: wantsQuit = true
        case .top: moveFocus(.home, at: time)
        case .bottom: goToEnd(at: time)
        case .follow:
            following.toggle()
            if following { showEnd(at: time) }
        case .cancel where searches.isRunning:
            outbox += searches.cancel().map { .work($0) }
            notes.set(.search, "search cancelled")
        case .cancel where filters.isRunning:
            if let request = filters.cancel() { outbox.append(.work(request)) }
            notes.set(.action, "filter cancelled")
        case .cancel where exploration.isRunning: _ = cancelExploring()
        case .copy: copySelection()
        case let .nextMatch(forward): findNext(nil, forward: forward)
        case let .typeAhead(c):
            // Type-ahead: the first row whose sort column (or number) starts with what was typed.
            notes.set(.action, typeAheadNote(view.table.typeAhead(String(c), state: &searches.typed, at: time), typed: searches.typed))
        default: explore(command, at: time)
        }
    }

    /// Capture and focus among the table, the prompt and the record view.
    public var routing = Routing()

    /// The table, and over it the prompt and the record view while they are shown (modal: they
    /// take every event).
    public var children: [Child<FileViewer>] {
        [Child(\.view)]
    }

    /// The bytes of the focused row's record (its place in the file, whatever the sort): where
    /// a search in the file's order starts; the file's start when no row is focused.
    private var focusRange: Range<UInt64> {
        guard let id = table.list.cursor, let path = table.list.indexPath(of: id), let record = fileRecord(at: path) else { return 0..<0 }
        return index.range(ofRecord: record)
    }

    // MARK: Rows and records

    /// Records before the first row: the header, when the file has one.
    var headerRecords: Int { dialectHasHeader ? 1 : 0 }

    /// The file record (from 0, the header counted) behind the row shown at `path`, whatever the
    /// sort, reversal or removed rows put there. Everything that turns a shown row into the
    /// file's data (record view, search, follow, copy) goes through this one mapping.
    func fileRecord(at path: IndexPath) -> Int? {
        table.list.sourceRow(at: path).flatMap { filters.fileRow(at: $0.row) }.map { $0 + headerRecords }
    }

    /// Where file record `record` is shown now; nil for the header and for a record not shown.
    func indexPath(ofFileRecord record: Int) -> IndexPath? {
        guard record >= headerRecords, let position = filters.position(ofFileRow: record - headerRecords) else { return nil }
        return table.list.indexPath(ofSourceRow: position)
    }

    /// The number people read for file record `record`: its row in the file, from 1, the header
    /// not counted (what the `#` column shows).
    func recordNumber(_ record: Int) -> Int { record - headerRecords + 1 }

    /// The next match of `text` (nil: the last search's) from the focus (a new text from the
    /// focused row itself, `n` from the row after it, `N` before it), going round past the end:
    /// in a sorted view through the rows in the order shown, else through the file's bytes (the
    /// same order, and far faster).
    mutating func findNext(_ text: String?, forward: Bool) {
        guard table.sortOrder.isEmpty else {
            let position = table.list.cursor.flatMap { table.list.indexPath(of: $0) }?.row
            let (request, message) = searches.shown.start(text, focus: position, forward: forward, in: table.list, kept: filters.kept, rows: fileRows)
            return start(request, message)
        }
        if let text {
            let (request, message) = searches.inFile.begin(text, spelledAs: format, in: file, focus: focusRange)
            start(request, message)
        } else {
            let (request, message) = searches.inFile.next(forward: forward, in: file, focus: focusRange)
            start(request, message)
        }
    }

    /// Starts a search: the last one's match or failure is no longer what the line says.
    private mutating func start(_ request: WorkRequest?, _ message: String?) {
        notes.clear(.search)
        if let request { outbox.append(.work(request)) }
        if let message { notes.set(.search, message) }
    }

    /// True when the file's first record names the columns.
    var dialectHasHeader: Bool { shape.hasHeader }

    /// Shows the record behind the row at `path` whole, every field under its column's name.
    private mutating func openDetail(at path: IndexPath, at time: Double) {
        guard let record = fileRecord(at: path), let shown = readRecords([record], limit: Self.detailLimit).first else { return }
        // Every field in the file's order under the file's own names, whatever the table hides
        // or moves: the record as the file holds it.
        // A record that leaves fields off its end shows them empty, as its row does.
        let fields = shown.fields + Array(repeating: "", count: Swift.max(0, fieldTitles.count - shown.fields.count))
        let content = RecordDetail(titles: fieldTitles, fields: fields, problem: shown.problem, theme: theme)
        overlay = .record(.shown(content, theme: theme, at: time), record: record)
    }

    /// What the table did: a new sort makes the last one's message stale; errors. (How a sort
    /// ended comes as the table's status effect, ``takeEffects()``.)
    private mutating func readTableEvents(fromKeyboard: Bool) {
        let events = view.takeReports()
        // A new order makes the last sort's message and a match's row number stale.
        if events.contains(where: { if case .headingClicked = $0 { true } else { false } }) {
            notes.clear(.sort)
            notes.clear(.search)
        }
        for case let .menuRequested(target, point) in events {
            // The menu acts on the column it was opened on.
            if let column = view.column(of: target, at: point) {
                currentColumn = column
                columnChosen = true
            }
            overlay = .menu(ViewerMenu.menu(for: target, at: point, keys: viewerKeys.table, theme: theme, idiom: view.pointIdiom, fromKeyboard: fromKeyboard))
        }
        if let message = errorNote(view.takeErrors()) { notes.set(.action, message) }
    }

    /// Moves the focus (and the selection) with the view, as the list's keys do.
    mutating func moveFocus(_ move: ListMove, at time: Double) {
        if let problem = view.moveFocus(move, at: time) { notes.set(.action, problem) }
    }

    /// G and End: the focus on the last row; while the file is still being read, it follows the
    /// rows as they are found until the end, and the status line says so.
    mutating func goToEnd(at time: Double) {
        moveFocus(.end, at: time)
        seekingEnd = source.isIndexing || spooling
    }

    /// After work came in while going to the end: the focus on the last row found, until the
    /// index has reached the end of the file.
    private mutating func followIndexToEnd(at time: Double) {
        moveFocus(.end, at: time)
        if !source.isIndexing && !spooling && !filters.isRunning { seekingEnd = false }
    }

    /// Follows the end: the newest record the filters keep in view, wherever the sort put it.
    mutating func showEnd(at time: Double) {
        guard !table.sortOrder.isEmpty, let newest = filters.lastRow(of: rows.count), let path = filters.indexPath(ofRow: newest, in: table.list) else {
            view.table.list.scroll.perform(.bottom, time: time)
            return
        }
        do { try view.table.list.revealRow(path, at: time) } catch { notes.set(.action, "\(error)") }
    }

    private mutating func handleWork(_ update: WorkUpdate, at time: Double) {
        if sheet?.handleWork(update, at: time) == true { return }
        if let outcome = source.handle(update, at: time) {
            if case let .json(framing) = format { addNewKeys(lines: outcome.found, framing: framing) }
            if let step = typing.next(fileRows) { outbox.append(.work(step)) }
            // A sort under way sorts the rows it began with; the new rows come unsorted after.
            // With filters, the new rows show once a pass has filtered them.
            if !outcome.found.isEmpty {
                if filters.filters.isEmpty {
                    view.table.replaceRows(with: rows)
                } else if let pass = filters.rowsFound(rows: fileRows, count: rows.count, missing: missing) {
                    outbox.append(.work(pass))
                }
            }
            if let failure = outcome.note { notes.set(.file, failure) }
            if let next = outcome.work { outbox.append(.work(next)) }
            if following { showEnd(at: time) }
            return
        }
        if let typed = typing.handle(update, rows: fileRows) {
            retype(typed.changed)
            widenForNumbers(typed.longer)
            if let next = typed.next { outbox.append(.work(next)) }
            return
        }
        if let found = searches.inFile.handle(update) {
            showMatch(found, at: time)
            return
        }
        if let found = searches.shown.handle(update) {
            showRow(found, at: time)
            return
        }
        if handleFilterUpdate(update, at: time) || handleExploreWork(update, at: time) { return }
        // The rest is the table's own sort: once done, following shows the newest row where
        // the order put it.
        let wasSorting = view.sorting != nil
        _ = view.handle(.work(update), at: time)
        readTableEvents(fromKeyboard: false)
        if following, wasSorting, view.sorting == nil { showEnd(at: time) }
    }

    /// Makes field columns `fields` again with the kinds every row typed so far says, shown or
    /// hidden, at their widths.
    mutating func retype(_ fields: [Int]) {
        // Positions looked up once: a file of thousands of columns retypes thousands at once.
        let positions = columnPositions
        let hidden = hiddenPositions
        var replacements: [(position: Int, column: TableColumn<DelimitedRecord>)] = []
        for c in fields where fieldTitles.indices.contains(c) {
            let id = "\(c)", kind = typing.kinds.kind(ofColumn: c)
            if let position = positions[id] {
                let old = view.table.columns[position]
                replacements.append((position, .field(c, title: old.title, kind: kind, width: old.width, missing: missing)))
            }
            if let h = hidden[id] {
                let old = hiddenColumns[h].column
                hiddenColumns[h].column = .field(c, title: old.title, kind: kind, width: old.width, missing: missing)
            }
        }
        do { try view.table.replaceColumns(replacements) } catch { notes.set(.file, "\(error)") }
    }

    /// Where each shown column is, by its id.
    var columnPositions: [String: Int] {
        var positions: [String: Int] = [:]
        for (position, column) in view.table.columns.enumerated() { positions[column.id] = position }
        return positions
    }

    /// Where each hidden column is among ``hiddenColumns``, by its id.
    var hiddenPositions: [String: Int] {
        var positions: [String: Int] = [:]
        for (h, hidden) in hiddenColumns.enumerated() { positions[hidden.column.id] = h }
        return positions
    }

    /// Widens the columns of numbers among field columns `fields` (shown or hidden) that are
    /// narrower than their longest number needs, found further down than the first rows sized
    /// them: a number cut short reads as another number ("29999…" for 299,991). Text stays
    /// as wide as it was; a column the person made wider stays wider.
    mutating func widenForNumbers(_ fields: [Int]) {
        let positions = columnPositions
        let hidden = hiddenPositions
        var wanted: [(column: Int, limits: ColumnWidth)] = []
        for c in fields where fieldTitles.indices.contains(c) && typing.kinds.kind(ofColumn: c) != .text {
            let id = "\(c)"
            let width = TableColumn<DelimitedRecord>.fieldWidth(content: typing.kinds.longestNumber(ofColumn: c), title: fieldTitles[c])
            if let position = positions[id], view.table.columnWidths[position] < width.ideal { wanted.append((position, width)) }
            if let h = hidden[id], hiddenColumns[h].width < width.ideal {
                hiddenColumns[h].column.width = width
                hiddenColumns[h].width = width.ideal
            }
        }
        // As drags of their dividers would: the columns after them give up the room they were
        // given beyond their own widths before the table grows wider.
        do { try view.table.widenColumns(wanted) } catch { notes.set(.file, "\(error)") }
    }

    /// JSON: keys first seen in a sample of records `lines` become columns after the others.
    mutating func addNewKeys(lines: Range<Int>, framing: JSONFraming) {
        let step = Swift.max(1, lines.count / 200)
        let found = JSONLinesRows.keys(file: file, index: index, lines: stride(from: lines.lowerBound, to: lines.upperBound, by: step), after: keys, framing: framing)
        guard found.count > keys.count else { return }
        let sample = (0..<200).map { lines.lowerBound + $0 * step }.filter { lines.contains($0) }
        let fresh = JSONLinesRows(file: file, index: index, keys: found, framing: framing)
        let records = sample.map { fresh.row(at: $0) }
        for c in keys.count..<found.count { view.table.appendColumn(.field(c, title: found[c], sample: records, missing: missing)) }
        shape.fieldTitles += found[keys.count...]
        notes.set(.file, "new keys: " + found[keys.count...].joined(separator: ", "))
        shape.keys = found
    }

    /// Selects the row a search in the order shown found.
    private mutating func showRow(_ found: Result<(position: Int, wentRound: Bool), FileSearch.Message>, at time: Double) {
        switch found {
        case let .failure(message): notes.set(.search, message.text)
        case let .success((position, wentRound)):
            let path = IndexPath(row: position)
            do {
                try view.table.list.select(path, at: time)
                try view.table.list.revealRow(path, at: time)
                let record = fileRecord(at: path).map { " (record \(grouped(recordNumber($0))) of the file)" } ?? ""
                let round = wentRound ? SearchSweep.roundNote(forward: searches.shown.forward) + " · " : ""
                notes.set(.search, round + "match in row \(grouped(position + 1))\(record), in the order shown · n next · N previous")
            } catch {
                notes.set(.search, "\(error)")
            }
        }
    }

    /// Selects the row of the record holding the match, wherever the sort put it; a match in
    /// the header or in a record the filters leave out is passed over, as if it were not there.
    private mutating func showMatch(_ found: Result<(offset: UInt64, wentRound: Bool), FileSearch.Message>, at time: Double) {
        let offset: UInt64, wentRound: Bool
        switch found {
        case let .success(match): (offset, wentRound) = match
        case let .failure(message): notes.set(.search, message.text); return
        }
        guard let record = index.record(containing: offset) else { return notes.set(.search, "the match is past the rows read so far") }
        guard record >= headerRecords, let path = indexPath(ofFileRecord: record) else {
            let (request, message) = searches.inFile.passOver(index.range(ofRecord: record), in: file, wentRound: wentRound)
            start(request, message)
            if record >= headerRecords {
                notes.set(.search, "searching on past record \(grouped(recordNumber(record))) of the file, which the filters leave out…")
            }
            return
        }
        do {
            try view.table.list.select(path, at: time)
            try view.table.list.revealRow(path, at: time)
            let round = wentRound ? searches.inFile.roundNote + " · " : ""
            notes.set(.search, round + "match in row \(grouped(path.row + 1)) (record \(grouped(recordNumber(record))) of the file) · n next · N previous")
        } catch {
            notes.set(.search, "\(error)")
        }
    }

    /// Advances the view and the background reading to `time`.
    public mutating func tick(at time: Double) {
        view.tick(at: time)
        overlay?.tick(at: time)
        sheet?.tick(at: time)
        let outcome = source.tick(at: time, following: following)
        if let message = outcome.note { notes.set(.file, message) }
        if let request = outcome.work { outbox.append(.work(request)) }
        if outcome.restarted {
            // The file was cut shorter: it is read again from its start, unfiltered.
            if !filters.filters.isEmpty { filters = ViewFilters() }
            view.table.replaceRows(with: rows)
            if following { showEnd(at: time) }
            keepAFocus(at: time)
        }
    }

    /// Draws the view and its status line.
    public mutating func render(into canvas: inout Canvas, at time: Double) {
        let area = canvas.cells.area
        let parts = area.rows([.fill, .fixed(1)])
        // The current column's heading is marked once the person has chosen one.
        view.highlightedColumn = columnChosen ? currentColumn : nil
        view.keepRowsClearOfIndicator()
        view.render(in: canvas.points(parts[0]), into: &canvas, at: time)
        renderOverTable(table: parts[0], statusLine: parts[1], whole: area, into: &canvas, at: time)
    }

    /// The status line: the answer to the last key (``notes``) right after the counts (the
    /// same at any time: a file's work says its share done, not its seconds).
    func statusText(at _: Double = 0) -> StatusText {
        let shown = filters.kept == nil ? "\(grouped(table.list.numberOfRows)) rows" : "\(grouped(table.list.numberOfRows)) of \(grouped(rows.count)) rows"
        var parts = [shown + source.countSuffix] + notes.parts + [shape.description] + source.statusParts
        if !filters.filters.isEmpty { parts.append("filtered by \(filters.summary) (u removes the last)") }
        if filters.isRunning { parts.append("filtering… \(filters.fraction.wholePercent)% (Esc cancels)") }
        if let running = exploration.statusPart(at: nil) { parts.append(running) }
        if showingHelp { parts.append("the keys of the table (Esc, q or Enter returns)") }
        if columnChosen, table.columns.indices.contains(currentColumn), currentColumn > 0 { parts.append("column \(table.columns[currentColumn].title)") }
        if following { parts.append("following the end (F stops)") }
        if seekingEnd { parts.append("going to the last row as the file is read (Esc stops)") }
        if let record = detailRecord { parts.append("record \(grouped(recordNumber(record))) of the file, every field whole (Esc, q or Enter returns)") }
        if searches.isRunning { parts.append("searching… (Esc cancels)") }
        if let sorting = view.sorting, let title = view.sortingTitle { parts.append("Sorting by \(title)… \(sorting.fraction.wholePercent)% (Esc cancels)") }
        return StatusText(name: name, parts: parts, hint: viewerKeys.tableHint(back: source.backHint))
    }

    /// The status line, whole.
    var status: String { statusText().whole }

    /// True while something moves.
    public var isAnimating: Bool { view.isAnimating || overlay?.isAnimating == true || sheet?.isAnimating == true }
    /// The view's next deadline, or the next look at the file's size.
    public var wakeTime: Double? { [view.wakeTime, overlay?.wakeTime, sheet?.wakeTime, source.wakeTime].compactMap { $0 }.min() }
    /// The focused row or field, for the terminal's cursor.
    public var cursorPosition: Point? { field?.cursorPosition ?? sheet?.cursorPosition ?? view.cursorPosition }


    /// The fields of the rows shown at `paths`, each read whole through ``fileRecord(at:)``
    /// (what a copy holds); nil for a path no row is shown at.
    func fieldsOfRows(at paths: [IndexPath]) -> [[String]?] {
        let records = paths.map { fileRecord(at: $0) }
        var read = readRecords(records.compactMap { $0 }).makeIterator()
        return records.map { $0 == nil ? nil : read.next()?.fields }
    }

    /// File records `records` (from 0, the header counted), each read whole up to `limit` bytes:
    /// what record view and copy show.
    func readRecords(_ records: [Int], limit: Int = DelimitedRows.recordLimit) -> [DelimitedRecord] {
        switch format {
        case let .delimited(dialect):
            let source = DelimitedRows(file: file, index: index, dialect: dialect)
            return records.map { source.record($0, limit: limit) }
        case .json:
            let source = rows
            return records.map { source.row(at: $0) }
        }
    }

    /// Cancels the reading, the sort and a search under way (the viewer is being closed);
    /// returns the effects that do it.
    public mutating func cancelAllWork() -> [Effect] {
        view.cancelSort()
        outbox += [.work(.cancel(source.indexKey.id)), .work(.cancel(source.spoolKey.id))]
        outbox += searches.cancel().map { .work($0) }
        if let request = filters.cancel() { outbox.append(.work(request)) }
        _ = cancelExploring()
        outbox += sheet?.cancelAllWork() ?? []
        return takeEffects()
    }

    /// Text copied with Alt+C, and reading, sorting and searching to run off the loop.
    public mutating func takeEffects() -> [Effect] {
        var effects = outbox
        outbox = []
        view.takeEffects(into: &effects)
        if sheet != nil { effects += sheet?.takeEffects() ?? [] }
        notes.takeSortStatus(from: effects)
        return effects
    }
}
