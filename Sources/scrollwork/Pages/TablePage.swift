import Scrollwork
import ScrollworkTerminal

/// A million generated files in a table: sort by clicking a heading (again to reverse), resize
/// by dragging a divider, zebra rows, middle-truncated paths, a pinned header with a hard edge.
struct TablePage: GalleryPage {
    static let title = "Table"
    static let guidelines = ["LT-01", "LT-06", "LT-07", "LT-12", "SV-08"]
    static let help = [
        "Click a heading to sort by it; click it again to reverse. Earlier sorts break ties.",
        "Names sort as Finder sorts them: ignoring case, with numbers read as numbers (file-2 before file-10).",
        "Type a few letters to select the first row that starts with them (the status line says how it searched).",
        "Alt+C copies the selected row with the heading, tab-separated, to the clipboard (OSC 52).",
        "Drag a │ divider in the header to resize a column; the others make room.",
        "Click a row to select it; ↑ ↓ move the selection. PgUp PgDn Space Home End scroll.",
        "Wheel or drag to scroll a million rows; the header stays, with a hard edge below it.",
    ]

    var style: GalleryStyle
    var table: TableState<FileRow>
    var capture: PointerCapture? = nil
    var lastSortSeconds: Double? = nil
    /// A heading chosen but not sorted yet: the sort runs on the next tick, after a frame that
    /// says it is sorting (a million rows take a moment, seconds in a debug build).
    var pendingHeading: Int? = nil
    var area = CellRect(column: 0, row: 0, columns: 0, rows: 0)
    /// What has been typed for type-ahead selection, and what the last search did.
    var typed = TypeAheadState()
    var typeAheadNote: String? = nil
    /// Rows copied with Alt+C, until the loop takes them.
    var clipboard: String? = nil

    mutating func takeClipboardText() -> String? {
        defer { clipboard = nil }
        return clipboard
    }

    init(style: GalleryStyle, rows: Int = 1_000_000) {
        self.style = style
        let columns: [TableColumn<FileRow>] = [
            TableColumn("Name", width: ColumnWidth.clamping(min: 64, ideal: 160, max: 320), textOrder: .finder) { .string($0.name) },
            TableColumn("Path", width: ColumnWidth.clamping(min: 96, ideal: 320), truncation: .middle) { .string($0.path) },
            TableColumn("Size", width: ColumnWidth.clamping(min: 56, ideal: 88, max: 160), alignment: .trailing) { .int($0.size) },
            TableColumn("Kind", width: ColumnWidth.clamping(min: 56, ideal: 112, max: 200)) { .string($0.kind) },
            TableColumn("Date Modified", width: ColumnWidth.clamping(min: 88, ideal: 112, max: 160)) { .string($0.date) },
        ]
        table = TableState(rows: GeneratedRows(count: rows) { FileRow(index: $0) }, columns: columns)
        table.list.idiom = style.idiom
        table.list.selectionMode = .single
    }

    var status: String {
        let count = table.list.numberOfRows
        var sort = "unsorted"
        if let first = table.sortOrder.first { sort = "sorted by \(first.columnID) \(first.ascending ? "▲" : "▼")" }
        if let column = pendingHeading { sort = "sorting by \(table.columns[column].title)…" }
        var parts = ["\(grouped(count)) rows", sort]
        if let path = table.list.selectedIndexPaths.first { parts.append("row \(grouped(path.row + 1)) selected") }
        if let s = lastSortSeconds { parts.append("sort took \(Int(s * 1000)) ms") }
        if let note = typeAheadNote { parts.append(note) }
        return parts.joined(separator: " · ")
    }

    var isAnimating: Bool { table.list.scroll.isAnimating || pendingHeading != nil }
    var wakeTime: Double? { table.list.scroll.wakeTime }

    mutating func appear(at time: Double) { try? table.list.scroll.flashIndicators(at: time) }

    mutating func tick(at time: Double) {
        table.list.scroll.tick(at: time)
        // The frame that says "sorting…" has been drawn by now.
        if let column = pendingHeading, drewPending {
            pendingHeading = nil
            drewPending = false
            let start = EventLoop.now()
            try? table.chooseHeading(column)
            lastSortSeconds = EventLoop.now() - start
        }
    }

    var drewPending = false

    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double) {
        self.area = area
        if pendingHeading != nil { drewPending = true }
        let widget = TableWidget(theme: style.theme)
        widget.layout(&table, in: area)
        widget.draw(table, in: area, at: time, into: &buffer)
    }

    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool {
        switch event {
        case let .mouse(mouse):
            // A click on a heading sorts on the next tick, after a frame that says so.
            if case .release = mouse.kind, case let .heading(column)? = capture?.target, capture?.moved == false {
                capture = nil
                if table.columns[column].isSortable { pendingHeading = column }
                return true
            }
            _ = TableWidget(theme: style.theme).handle(mouse, in: area, table: &table, capture: &capture, at: time)
            return true
        case let .key(key):
            // Arrows move the selection (scrolling only as needed); page keys scroll by a page
            // less one row, as in a document.
            if let move = ListWidget.move(for: key), move == .up || move == .down { try? table.list.moveCursor(move, extending: key.modifiers.contains(.shift), at: time); return true }
            if let command = ScrollViewWidget.command(for: key) { try? table.list.scroll.perform(command, time: time); return true }
            // Alt+C copies the selected rows, tab-separated, with the heading row (OSC 52).
            if key == KeyEvent(.character("c"), .alt) {
                let rows = table.list.selectedIndexPaths.compactMap { try? table.list.row(at: $0) }
                guard !rows.isEmpty else { typeAheadNote = "select a row first: nothing copied"; return true }
                let lines = [table.columns.map(\.title)] + rows.map { row in table.columns.map { $0.value(row).description } }
                clipboard = lines.map { $0.joined(separator: "\t") }.joined(separator: "\n")
                typeAheadNote = "copied \(grouped(rows.count)) row\(rows.count == 1 ? "" : "s") with the heading (OSC 52: on the clipboard where the terminal allows it)"
                return true
            }
            // Type-ahead: letters, digits and - . _ select the first row that starts with them.
            if case let .character(c) = key.key, key.modifiers.isDisjoint(with: [.control, .alt]),
               c.isLetter || c.isNumber || "-._".contains(c) {
                let (row, method) = table.typeAhead(String(c), state: &typed, at: time)
                let how: String
                switch method {
                case .binarySearch: how = "found by binary search"
                case let .scan(limit): how = "scanned the first \(grouped(limit)) rows"
                }
                typeAheadNote = row == nil ? "no row starts with “\(typed.text)” (\(how))" : "typed “\(typed.text)”: \(how)"
                return true
            }
            return false
        default:
            return false
        }
    }
}

/// `1234567` as `1,234,567`.
func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0 && i % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}
