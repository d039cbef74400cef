// The "use it in your package" example of README.md, kept word for word between the markers
// (scripts/check-docs compares them) and run by ReadmeExampleTests.

// BEGIN README EXAMPLE
import Scrollwork
import ScrollworkTerminal

/// A million rows that scroll like a phone: flick with the mouse, wheel, Page Down, q to quit.
struct Numbers: App {
    var list = ListState(rows: GeneratedRows(count: 1_000_000) { "Row \($0)" }) { RowContent($0) }
    var capture: PointerCapture? = nil
    var area = CellRect(column: 0, row: 0, columns: 0, rows: 0)
    var wantsQuit = false
    var isAnimating: Bool { list.scroll.isAnimating }
    var wakeTime: Double? { list.scroll.wakeTime }

    mutating func handle(_ event: Event, at time: Double) {
        switch event {
        case let .resize(columns, rows): area = CellRect(column: 0, row: 0, columns: columns, rows: rows)
        case .key(KeyEvent(.character("q"))): wantsQuit = true
        case let .key(key):
            if let command = ScrollViewWidget.command(for: key) { try? list.scroll.perform(command, time: time) }
        case let .mouse(mouse):
            _ = ListWidget(theme: Theme()).handle(mouse, in: area, list: &list, capture: &capture, at: time)
        default: break
        }
    }

    mutating func tick(at time: Double) { list.scroll.tick(at: time) }

    mutating func render(into buffer: inout Buffer, at time: Double) {
        let widget = ListWidget(theme: Theme())
        widget.layout(&list, in: area)
        widget.draw(list, in: area, at: time, into: &buffer)
    }
}

/// Call from your main.swift with the process environment.
func runNumbers(environment: [String: String]) throws {
    var app = Numbers()
    let session = try TerminalSession(environment: environment)
    EventLoop(colorMode: .detect(environment: environment)).run(&app, session: session)
}
// END README EXAMPLE
