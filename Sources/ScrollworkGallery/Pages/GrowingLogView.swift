import Scrollwork
import ScrollworkWidgets

/// A log that grows while it is shown, as a file being written or a stream would: 25 lines
/// every quarter of a second. The row at the top and the selection stay where they are, and the
/// indicator shrinks as the log grows.
struct GrowingLogView: WrappingWidget {
    /// One line of the log, made from its number.
    struct Line: Sendable {
        var number: Int
        var level: String { ["info", "info", "debug", "warning", "info", "error"][number % 6] }
        var message: String { "request \(number * 7919 % 100_000) served in \(number * 37 % 900 + 3) ms" }
    }

    static let interval = 0.25, linesPerStep = 25, limit = 1_000_000
    var view: TableView<Line>
    var lines = 100
    /// When the next lines arrive; set at the first frame.
    var nextGrowth: Double? = nil

    init(theme: Theme, scroll: ScrollState) {
        var table = TableState(rows: Self.rows(100), columns: [
            TableColumn("Line", width: ColumnWidth.clamping(min: 48, ideal: 64, max: 96), isSortable: false, alignment: .trailing) { .int($0.number + 1) },
            TableColumn("Level", width: ColumnWidth.clamping(min: 48, ideal: 64, max: 96), isSortable: false) { .string($0.level) },
            TableColumn("Message", width: ColumnWidth.clamping(min: 96, ideal: 600), isSortable: false) { .string($0.message) },
        ])
        table.list.scroll = scroll
        table.list.selectionMode = .single
        view = TableView(table, theme: theme)
        view.sortsOnHeadingClick = false
    }

    static func rows(_ count: Int) -> GeneratedRows<Line> { GeneratedRows(count: count) { Line(number: $0) } }

    /// The next growth, or the table's own wake time, whichever is first.
    var wakeTime: Double? { [nextGrowth, view.wakeTime].compactMap { $0 }.min() }

    var status: String { "a log of \(grouped(lines)) lines that grows while it is shown · the top row and the selection stay put (Alt+M: next source)" }

    /// Lines arrive on time, however late the tick (a suspended program catches up at once).
    mutating func tick(at time: Double) -> Reply<TableEvent> {
        let reply = view.tick(at: time)
        guard let due = nextGrowth else { nextGrowth = time + Self.interval; return reply }
        guard time >= due, lines < Self.limit else { return reply }
        let steps = Swift.min(Int(flooringSaturating: (time - due) / Self.interval) + 1, 100)
        lines = Swift.min(Self.limit, lines + steps * Self.linesPerStep)
        view.table.replaceRows(with: Self.rows(lines))
        nextGrowth = due + Double(steps) * Self.interval
        return reply
    }
}
