// The "use it in your package" example of README.md, kept word for word between the markers
// (scripts/check-docs compares them) and run by ReadmeExampleTests.

// BEGIN README EXAMPLE
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal

/// A million rows that scroll like a phone: flick with the mouse, wheel, Page Down, q to quit.
struct Numbers: WidgetApp {
    var content = ListView(ListState(rows: GeneratedRows(count: 1_000_000) { "Row \($0)" }) { RowContent($0) })
    var wantsQuit = false
    var quitKeys = [KeyEvent(.character("q")), KeyEvent(.character("c"), .control)]
}

/// Call from your main.swift: the terminal and its colours come from the process environment.
func runNumbers() throws {
    var app = Numbers()
    try EventLoop.run(&app)
}
// END README EXAMPLE
