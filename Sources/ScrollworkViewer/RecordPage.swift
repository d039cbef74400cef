import Scrollwork
import ScrollworkWidgets

/// A row shown whole on a page of its own, pushed over its table (Enter, or Show Record): every
/// field under its column's name, scrolled by the keys and the wheel, and a status line that
/// says which row it is. Esc, Enter, q or Alt+← go back to the table as it was left; the keys that
/// quit the table (a terminal's Ctrl-C, a window's Ctrl+Q) quit from here too.
struct RecordPage: Widget {
    typealias Report = ViewerRequest
    /// The fields.
    var detail: ScrollView<RecordDetail>
    /// Which record of its file it is, where the table's rows come from a file and are numbered.
    let record: Int?
    /// What the status line says: the table's name and which row this is.
    let status: StatusText
    /// The table's keys, for the ones that quit.
    let tableKeys: CommandTable<ViewerCommand>
    private(set) var frame = Rect.zero

    /// The row `detail` shows, of the table named `name`: `record` of its file (from 0), or
    /// `row` of the table (from 0) where its rows are not a file's records; drawn in the
    /// detail's theme.
    init(_ detail: ScrollView<RecordDetail>, name: String, record: Int?, row: Int?, fromFile: Bool, tableKeys: CommandTable<ViewerCommand>) {
        self.detail = detail
        self.record = record
        self.tableKeys = tableKeys
        let which = record.map { (fromFile ? "record \(grouped($0.addingSaturating(1))) of the file" : "row #\(grouped($0.addingSaturating(1)))") + ", " }
            ?? row.map { "row \(grouped($0.addingSaturating(1))) as shown, " }
        status = StatusText(name: name, parts: [(which ?? "") + "every field whole (Esc, q or Enter returns)"])
        title = record.map { fromFile ? "Record \(grouped($0.addingSaturating(1)))" : "Row \(grouped($0.addingSaturating(1)))" }
            ?? row.map { "Row \(grouped($0.addingSaturating(1)))" } ?? "Row"
    }

    /// What the navigation bar calls the page: "Record 12" of a file, "Row 12" of a table.
    let title: String

    /// The fields over the area, the status line at its foot.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        let (fields, statusLine) = StatusLine.split(area, on: canvas)
        detail.renderOver(fields, into: &canvas, at: time)
        StatusLine.draw(status, in: statusLine, theme: detail.theme, into: &canvas)
    }

    /// Esc, Enter and q go back, the quit keys quit; the rest scroll the fields.
    mutating func handle(_ event: Event, at time: Double) -> Reply<ViewerRequest> {
        if case let .key(key) = event {
            // Alt+← too, as the navigation stack goes back (the fields would take it to scroll).
            if ViewerKeys.record.command(for: key) == .close || NavigationCommand.keys.command(for: key) == .back {
                return Reply(.handled, reports: [.back])
            }
            if tableKeys.command(for: key) == .quit { return Reply(.handled, reports: [.quit]) }
        }
        return detail.handle(event, at: time).passingOn()
    }

    /// The fields' motion.
    mutating func tick(at time: Double) -> Reply<ViewerRequest> { detail.tick(at: time).passingOn() }
    mutating func appear(at time: Double) { detail.appear(at: time) }
    var isAnimating: Bool { mutating get { detail.isAnimating } }
    var wakeTime: Double? { mutating get { detail.wakeTime } }
    /// The first line shown, where a terminal's screen reader, following the cursor, starts
    /// reading the fields.
    var cursorPosition: Point? { frame.isEmpty ? nil : Point(x: frame.minX, y: frame.minY) }
    mutating func overscroll(_ mouse: MouseEvent, at time: Double) { detail.overscroll(mouse, at: time) }
    /// The fields, as a screen reader reads a document, with the keys' focus.
    var accessibility: AccessibilityElement? { mutating get { .screen(detail.accessibility) } }
}
