// The "use it in your package" example of README.md, kept word for word between the markers
// (scripts/check-docs compares them) and run by ReadmeExampleTests.

// BEGIN README EXAMPLE
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal

/// A million files in three columns: click a heading to sort (off the loop; Esc cancels), q quits.
struct Files: WidgetApp {
    var content = TableView(TableState(rows: GeneratedRows(count: 1_000_000) { $0 }, columns: [
        TableColumn("Name", textOrder: .finder) { .string("file-\($0)") },
        TableColumn("Size", alignment: .trailing) { .int($0 * 7_919 % 1_000_003) },
        TableColumn("Kind") { .string($0 % 3 == 0 ? "Folder" : "Document") },
    ]))
    var wantsQuit = false
    var quitKeys = [KeyEvent(.character("q")), KeyEvent(.character("c"), .control)]
}

/// Call from your main.swift: the terminal and its colours come from the process environment.
func runFiles() throws {
    var app = Files()
    try EventLoop.run(&app)
}
// END README EXAMPLE
