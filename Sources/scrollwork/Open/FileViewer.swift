import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal

/// How a file's records are read.
enum FileFormat: Sendable, Hashable {
    /// CSV, TSV and the like.
    case delimited(DelimitedDialect)
    /// One JSON object a line.
    case jsonLines
}

/// `scrollwork open` on a CSV, TSV or JSON Lines file: the table over the file's records,
/// indexed in the background while the first screen is already shown, sortable, with a status
/// line.
struct FileViewer: App {
    /// How much of the file is indexed before the first frame, so that it shows at once.
    static let firstSlice = 256 << 10
    /// How much each background step indexes.
    static let slice = 64 << 20

    let file: FileBytes
    let format: FileFormat
    var index: RecordIndex
    var view: TableView<DelimitedRecord>
    var theme: Theme
    /// The field count of the header (or of the first record): rows with another are marked.
    /// Nil for JSON Lines, whose rows have a field a key.
    let expectedFields: Int?
    /// JSON Lines: every key seen so far, the columns after `#`.
    var keys: [String] = []
    var indexing = true
    /// Following the end as the file grows (`F`, as `less +F`).
    var following = false
    /// When the file's size is looked at next, once it is indexed to its end.
    var nextSizeCheck = 0.0
    /// The record shown whole (Enter), over the table.
    var detail: ScrollView<RecordDetail>? = nil
    var sorting: (column: Int, order: [SortOrder], fraction: Double)? = nil
    /// The search being typed, the last search and the offset of its match in the file.
    var field: TextField? = nil
    var search: TextSearch? = nil
    var matchOffset: UInt64? = nil
    var searching = false
    /// What has been typed for type-ahead selection.
    var typed = TypeAheadState()
    /// True while the prompt asks for a column to jump to rather than text to search.
    var askingColumn = false
    var note: String? = nil
    var work: [WorkRequest] = []
    /// What the status line calls the file: its path, or "standard input".
    var name: String
    /// True while standard input is still being read into the file.
    var spooling = false
    var wantsQuit = false

    /// A viewer of `file` in `format`.
    init(file: FileBytes, format: FileFormat, theme: Theme) throws(FileError) {
        self.file = file
        self.format = format
        self.theme = theme
        name = file.path
        if case .jsonLines = format { index = RecordIndex(quotes: false) } else { index = RecordIndex() }
        try index.extend(from: file, limit: Self.firstSlice, chunkSize: Self.firstSlice)
        let header: [String]?
        switch format {
        case let .delimited(dialect):
            header = DelimitedRows(file: file, index: index, dialect: dialect).header
        case .jsonLines:
            keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<Swift.min(index.count, 1000), after: [])
            header = keys
        }
        let rows = Self.rows(file: file, index: index, format: format, keys: keys)
        let shown = (0..<Swift.min(rows.count, 200)).map { rows.row(at: $0) }
        if case .jsonLines = format { expectedFields = nil } else { expectedFields = header?.count ?? shown.first?.fields.count ?? 1 }
        var table = TableState(rows: rows, columns: Self.columns(header: header, sample: shown, expected: expectedFields))
        table.list.idiom = .macOS
        table.list.selectionMode = .multiple
        table.pinnedColumns = 1
        // Columns as wide as their content; more than fit scroll sideways, fewer leave the rest
        // to the last one.
        table.autoresizingStyle = .lastColumnOnly
        view = TableView(table, theme: theme)
        view.sortsOnHeadingClick = false
        indexing = !index.isFinished
        if indexing { work.append(.start(Self.indexWork(file: file, from: index))) }
    }

    /// The rows `index` has found, read as `format` says.
    static func rows(file: FileBytes, index: RecordIndex, format: FileFormat, keys: [String]) -> AnyRowSource<DelimitedRecord> {
        switch format {
        case let .delimited(dialect): return AnyRowSource(DelimitedRows(file: file, index: index, dialect: dialect))
        case .jsonLines: return AnyRowSource(JSONLinesRows(file: file, index: index, keys: keys))
        }
    }

    var rows: AnyRowSource<DelimitedRecord> { Self.rows(file: file, index: index, format: format, keys: keys) }

    /// A `#` column with the record's number (and ⚠ on a record with a problem or, where
    /// `expected` is given, another number of fields), then one column a field.
    static func columns(header: [String]?, sample: [DelimitedRecord], expected: Int?) -> [TableColumn<DelimitedRecord>] {
        let count = Swift.max(header?.count ?? 0, sample.map(\.fields.count).max() ?? 0, 1)
        var columns: [TableColumn<DelimitedRecord>] = [
            TableColumn("#", id: "#", width: .clamping(min: 24, ideal: 11 * 8, max: 200), alignment: .trailing) { record in
                record.problem != nil || (expected.map { record.fields.count != $0 } ?? false) ? .string("⚠ \(record.number)") : .int(record.number)
            },
        ]
        for c in 0..<count {
            let title = header.flatMap { $0.indices.contains(c) && !$0[c].isEmpty ? $0[c] : nil } ?? "Column \(c + 1)"
            columns.append(column(c, title: title, sample: sample))
        }
        return columns
    }

    /// Field `c` as a column: numbers where every sampled value is one.
    static func column(_ c: Int, title: String, sample: [DelimitedRecord]) -> TableColumn<DelimitedRecord> {
        let values = sample.compactMap { $0[c] }.filter { !$0.isEmpty }
        let integers = !values.isEmpty && values.allSatisfy { Int($0) != nil }
        let reals = !integers && !values.isEmpty && values.allSatisfy { Double($0) != nil }
        let widest = Swift.max(displayWidth(title), values.prefix(200).map { displayWidth($0) }.max() ?? 0)
        // Rows further on may be longer than those sampled: a quarter more room, and the padding.
        let width = ColumnWidth.clamping(min: 32, ideal: Double(Swift.min(widest + widest / 4 + 2, 40) + 2) * 8, max: 8000)
        return TableColumn(title, id: "\(c)", width: width, alignment: integers || reals ? .trailing : .leading) { record in
            guard let field = record[c], !field.isEmpty else { return .empty }
            if integers, let n = Int(field) { return .int(n) }
            if reals, let x = Double(field) { return .double(x) }
            return .string(field)
        }
    }

    /// Indexes the next slice of the file off the loop; the result is the longer index.
    static func indexWork(file: FileBytes, from start: RecordIndex) -> Work {
        Work(id: "index") { progress -> IndexStep? in
            var index = start
            let size = Swift.max(1, file.size)
            do {
                try index.extend(from: file, limit: slice) { scanned in progress.report(Double(scanned) / Double(size)) }
            } catch {
                return IndexStep(index: index, failure: "\(error)")
            }
            return IndexStep(index: index, failure: nil)
        }
    }

    /// A finished step of indexing.
    struct IndexStep: Sendable {
        var index: RecordIndex
        var failure: String?
    }

    var table: TableState<DelimitedRecord> { view.table }

    // MARK: App

    /// How often a file indexed to its end is checked for growth.
    static let sizeCheckInterval = 1.0
    /// The most of one record the detail view reads.
    static let detailLimit = 16 << 20

    mutating func handle(_ event: Event, at time: Double) {
        if case let .work(update) = event { handleWork(update, at: time); return }
        if detail != nil {
            handleDetail(event, at: time)
            return
        }
        if var typing = field {
            _ = typing.handle(event, at: time)
            field = typing
            for action in typing.takeActions() {
                switch action {
                case .submitted where askingColumn:
                    field = nil
                    askingColumn = false
                    jump(toColumn: typing.text, at: time)
                case .submitted:
                    field = nil
                    search = TextSearch(typing.text)
                    matchOffset = nil
                    find(forward: true)
                case .cancelled: field = nil
                case .changed: break
                }
            }
            return
        }
        if case let .key(key) = event, key.key == .enter, let id = table.list.cursor, let path = table.list.indexPath(of: id) {
            openDetail(row: path.row, at: time)
            return
        }
        if view.handle(event, at: time).isHandled {
            for case let .headingClicked(column) in view.takeEvents() { startSort(column) }
            if let error = view.takeError() { note = "\(error)" }
            return
        }
        guard case let .key(key) = event else {
            if case let .mouse(mouse) = event, case .wheel = mouse.kind { view.overscroll(mouse, at: time) }
            return
        }
        switch key.key {
        case .character("q"), .character("Q"): wantsQuit = true
        case .character("c") where key.modifiers.contains(.control): wantsQuit = true
        case .character("g"): view.table.list.scroll.perform(.top, time: time)
        case .character("G"): view.table.list.scroll.perform(.bottom, time: time)
        case .character("F"):
            following.toggle()
            if following { view.table.list.scroll.perform(.bottom, time: time) }
        case .escape where sorting != nil:
            work.append(.cancel("sort"))
            sorting = nil
            note = "sort cancelled"
        case .escape where searching:
            work.append(.cancel("search"))
            searching = false
            note = "search cancelled"
        case .character("/"): field = TextField(prompt: "Search: ", theme: theme)
        case .character(":"):
            askingColumn = true
            field = TextField(prompt: "Column: ", theme: theme)
        case .character("n"): find(forward: true)
        case .character("N"): find(forward: false)
        case let .character(c) where key.modifiers.isDisjoint(with: [.control, .alt]) && (c.isLetter || c.isNumber || "-._".contains(c)):
            // Type-ahead: the first row whose sort column (or number) starts with what was typed.
            let (row, method) = view.table.typeAhead(String(c), state: &typed, at: time)
            let how: String
            switch method {
            case .binarySearch: how = "found by binary search"
            case let .scan(limit): how = "scanned the first \(grouped(limit)) rows"
            }
            note = row == nil ? "no row starts with “\(typed.text)” (\(how))" : "typed “\(typed.text)”: \(how)"
        default: break
        }
    }

    /// Looks for the search's next (or previous) match in the file after (before) the current one
    /// or the cursor's record, off the loop; the match's row is then selected.
    private mutating func find(forward: Bool) {
        guard let search else { note = "no search yet: / to search"; return }
        let file = self.file
        let header = dialectHasHeader ? 1 : 0
        // From the cursor's record (its number in the file, whatever the sort), or the start.
        var cursorRecord = 1
        if let id = table.list.cursor, let path = table.list.indexPath(of: id) {
            do { cursorRecord = try table.list.row(at: path).number } catch { note = "\(error)" }
        }
        let from = matchOffset.map { forward ? $0 + 1 : $0 } ?? index.range(ofRecord: cursorRecord - 1 + header).lowerBound
        searching = true
        work.append(.start(Work(id: "search") { progress -> TextPager.SearchStep? in
            let size = Swift.max(1, file.size)
            do {
                let found = forward
                    ? try search.first(in: file, from: from) { progress.report(Double($0) / Double(size)) }
                    : try search.last(in: file, before: from) { progress.report(1 - Double($0) / Double(size)) }
                return TextPager.SearchStep(offset: found, failure: nil)
            } catch {
                return TextPager.SearchStep(offset: nil, failure: "\(error)")
            }
        }))
    }

    /// Scrolls sideways to the first column whose name starts with `text` (ignoring case), or
    /// else contains it.
    private mutating func jump(toColumn text: String, at time: Double) {
        let wanted = text.lowercased()
        let titles = table.columns.map { $0.title.lowercased() }
        guard !wanted.isEmpty, let column = titles.firstIndex(where: { $0.hasPrefix(wanted) }) ?? titles.firstIndex(where: { $0.contains(wanted) }) else {
            note = "no column named “\(text)”"
            return
        }
        // Its trailing edge, then its leading edge: a column wider than the view shows its start.
        view.table.revealDivider(after: column, margin: 8, at: time)
        if column > 0 { view.table.revealDivider(after: column - 1, margin: 8, at: time) }
        note = "column \(table.columns[column].title)"
    }

    /// True when the file's first record names the columns.
    var dialectHasHeader: Bool {
        if case let .delimited(dialect) = format { return dialect.hasHeader }
        return false
    }

    /// Shows row `row`'s record whole, every field under its column's name.
    private mutating func openDetail(row: Int, at time: Double) {
        let record: DelimitedRecord
        switch format {
        case let .delimited(dialect):
            record = DelimitedRows(file: file, index: index, dialect: dialect).record(row + (dialect.hasHeader ? 1 : 0), limit: Self.detailLimit)
        case .jsonLines:
            record = rows.row(at: row)
        }
        let titles = table.columns.dropFirst().map(\.title)
        var content = RecordDetail(titles: titles, fields: record.fields, problem: record.problem, theme: theme)
        content.theme = theme
        var scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        scroll.alwaysBounce = .vertical
        detail = ScrollView(content, scroll: scroll, theme: theme)
        note = "record \(grouped(row + 1)): every field whole · Esc, q or Enter returns"
        detail?.appear(at: time)
    }

    private mutating func handleDetail(_ event: Event, at time: Double) {
        if case let .key(key) = event, [.escape, .enter, .character("q")].contains(key.key) {
            detail = nil
            note = nil
            return
        }
        guard var shown = detail else { return }
        if !shown.handle(event, at: time).isHandled, case let .mouse(mouse) = event, case .wheel = mouse.kind { shown.overscroll(mouse, at: time) }
        detail = shown
    }

    private mutating func startSort(_ column: Int) {
        let order: [SortOrder]
        do { order = try table.sortOrder(choosingHeading: column, after: sorting?.order) } catch { note = "\(error)"; return }
        let job = table.sortJob(for: order)
        work.append(.start(Work(id: "sort") { progress in job.run { progress.report($0) } }))
        sorting = (column, order, 0)
    }

    private mutating func handleWork(_ update: WorkUpdate, at time: Double) {
        switch update {
        case let .progress(id, fraction):
            if id == "sort" { sorting?.fraction = fraction }
        case .finished("spool", _), .cancelled("spool"):
            spooling = false
            nextSizeCheck = 0
        case let .finished("index", value):
            guard let step = value as? IndexStep else { return }
            let before = index.count
            index = step.index
            if case .jsonLines = format { addNewKeys(lines: before..<index.count) }
            // A sort under way sorts the rows it began with; the new rows come unsorted after.
            view.table.replaceRows(with: rows)
            if let failure = step.failure {
                note = failure
                indexing = false
            } else if index.isFinished {
                indexing = false
                nextSizeCheck = time + Self.sizeCheckInterval
            } else {
                work.append(.start(Self.indexWork(file: file, from: index)))
            }
            if following { view.table.list.scroll.perform(.bottom, time: time) }
        case let .finished("sort", value):
            sorting = nil
            guard let result = value as? SortResult<DelimitedRecord> else { return }
            do { try view.table.apply(result) } catch { note = "the rows changed while sorting (more were indexed); sort again once indexing is done" }
        case let .finished("search", value):
            searching = false
            guard let step = value as? TextPager.SearchStep else { return }
            if let failure = step.failure { note = failure; return }
            let header = dialectHasHeader ? 1 : 0
            guard let offset = step.offset, let record = index.record(containing: offset) else {
                note = "not found: \(String(decoding: search?.needle ?? [], as: UTF8.self))"
                return
            }
            matchOffset = offset
            guard record >= header, let path = table.list.indexPath(ofSourceRow: record - header) else {
                note = "the match is in the header"
                return
            }
            do {
                try view.table.list.select(path, at: time)
                try view.table.list.revealRow(path, at: time)
            } catch { note = "\(error)" }
            note = "match in row \(grouped(path.row + 1)) (record \(grouped(record - header + 1)) of the file) · n next · N previous"
        case let .cancelled(id):
            if id == "sort" { sorting = nil }
            if id == "search" { searching = false }
        default:
            break
        }
    }

    /// JSON Lines: keys first seen in a sample of `lines` become columns after the others.
    private mutating func addNewKeys(lines: Range<Int>) {
        let step = Swift.max(1, lines.count / 200)
        let found = JSONLinesRows.keys(file: file, index: index, lines: stride(from: lines.lowerBound, to: lines.upperBound, by: step), after: keys)
        guard found.count > keys.count else { return }
        let sample = (0..<200).map { lines.lowerBound + $0 * step }.filter { lines.contains($0) }
        let fresh = JSONLinesRows(file: file, index: index, keys: found)
        let records = sample.map { fresh.row(at: $0) }
        for c in keys.count..<found.count { view.table.appendColumn(Self.column(c, title: found[c], sample: records)) }
        note = "new keys: " + found[keys.count...].joined(separator: ", ")
        keys = found
    }

    mutating func tick(at time: Double) {
        view.tick(at: time)
        detail?.tick(at: time)
        guard !indexing, time >= nextSizeCheck else { return }
        nextSizeCheck = time + Self.sizeCheckInterval
        let size = file.size
        if name == file.path && file.isReplaced {
            note = "the file was replaced or removed since it was opened; this is the file as it was (open it again for the new one)"
            return
        }
        if size > index.scanned {
            // Written to since: index the new bytes, as `less +F` shows them.
            index.resume()
            indexing = true
            note = nil
            work.append(.start(Self.indexWork(file: file, from: index)))
        } else if size < index.scanned {
            note = "the file is now \(grouped(Int(clamping: size))) bytes, shorter than the \(grouped(Int(clamping: index.scanned))) indexed: it was cut or replaced; open it again to see it as it is"
        }
    }

    mutating func render(into buffer: inout Buffer, at time: Double) {
        let area = buffer.area
        let parts = area.rows([.fill, .fixed(1)])
        view.sortProgress = sorting.map { ($0.column, $0.order.first?.ascending ?? true, $0.fraction) }
        view.render(in: parts[0], into: &buffer, at: time)
        if var typing = field {
            typing.render(in: parts[1], into: &buffer, at: time)
            field = typing
            return
        }
        if var shown = detail {
            let lines = shown.content.layout(columns: parts[0].columns - 1)
            let size = CellMetrics().size(of: parts[0])
            if shown.scroll.viewportSize != size || shown.scroll.contentSize.height != Double(lines) * 16 {
                shown.scroll.viewportSize = size
                shown.scroll.contentSize = Size(width: size.width, height: Double(lines) * 16)
            }
            buffer.fill(parts[0])
            shown.render(in: parts[0], into: &buffer, at: time)
            detail = shown
        }
        buffer.fill(parts[1], with: .blank(theme.secondary))
        buffer.draw(" " + status.truncated(toWidth: Swift.max(0, parts[1].columns - 1)), column: parts[1].column, row: parts[1].row, style: theme.secondary, clip: parts[1])
    }

    var status: String {
        let kind: String
        switch format {
        case let .delimited(dialect): kind = "separated by " + (dialect.separator == 0x09 ? "tab" : String(UnicodeScalar(dialect.separator)))
        case .jsonLines: kind = "JSON Lines"
        }
        var parts = [name, "\(grouped(table.list.numberOfRows)) rows" + (indexing ? " so far" : ""), kind]
        if indexing {
            let size = Swift.max(1, file.size)
            parts.append("indexing \(Int(Double(index.scanned) / Double(size) * 100))%")
        }
        if following { parts.append("following the end (F stops)") }
        if searching { parts.append("searching… (Esc cancels)") }
        if spooling { parts.append("reading standard input…") }
        if let sorting { parts.append("Sorting by \(table.columns[sorting.column].title)… \(Int(sorting.fraction * 100))% (Esc cancels)") }
        if let note { parts.append(note) }
        parts.append("/ search · : column · Enter record · q quits")
        return parts.joined(separator: " · ")
    }

    var isAnimating: Bool { view.isAnimating || detail?.isAnimating == true }
    /// The view's next deadline, or the next look at the file's size.
    var wakeTime: Double? {
        let check = indexing ? nil : Optional(nextSizeCheck)
        return [view.wakeTime, detail?.wakeTime, check].compactMap { $0 }.min()
    }
    var cursorPosition: CellPosition? { field?.cursorPosition ?? view.cursorPosition }

    mutating func takeWork() -> [WorkRequest] {
        defer { work = [] }
        return work
    }
}
