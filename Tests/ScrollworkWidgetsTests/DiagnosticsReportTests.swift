import Scrollwork
import ScrollworkTestSupport
import Testing
@testable import ScrollworkWidgets

/// A table whose heading breaks LT-07 twice ("size:" ends with punctuation and is not in title case).
struct BadHeadings: WidgetApp {
    var content = TableView(TableState(rows: GeneratedRows(count: 10) { $0 }, columns: [
        TableColumn("Name") { .string("file-\($0)") },
        TableColumn("size:") { .int($0) },
    ]))
    var wantsQuit = false
}

@Suite struct DiagnosticsReportTests {
    @Test("LT-07: a debug build reports the screen's guideline diagnostics after the first frame, each once, without the app asking")
    func LT_07_reportedOnce() {
        #expect(Driver<BadHeadings, ImmediateWork>.isDebugBuild, "the tests run in a debug build")
        var t = HeadlessDriver(BadHeadings(), columns: 40, rows: 8)
        #expect(t.diagnostics.map(\.guideline) == ["LT-07", "LT-07"])
        #expect(t.diagnostics.allSatisfy { $0.message.contains("size:") })
        t.send(.key(KeyEvent(.down)))
        t.resize(columns: 50, rows: 8)
        t.advance(by: 1)
        #expect(t.diagnostics.count == 2, "the same diagnostics are not reported again after a resize")
    }

    @Test("LT-07: with reporting off (a release build) the driver reports nothing")
    func LT_07_offInRelease() {
        var driver = Driver(BadHeadings(), work: ImmediateWork())
        driver.reportsDiagnostics = false
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 8))
        #expect(driver.drawFrame(into: &canvas, at: 0).isEmpty)
        driver.reportsDiagnostics = true
        _ = driver.deliver(.resize(columns: 40, rows: 8), at: 0)
        #expect(driver.drawFrame(into: &canvas, at: 0).count == 1)
    }

    @Test("a diagnostic's control characters reach standard error as U+FFFD")
    func controlCharactersAreReplaced() {
        var t = HeadlessDriver(Harness(content: TableView(TableState(rows: GeneratedRows(count: 1) { $0 }, columns: [
            TableColumn("Bad\u{1B}]0;Title\u{07}:") { .int($0) },
        ]))), columns: 40, rows: 4)
        let diagnostic = t.diagnostics.first { $0.message.contains("\u{1B}") }
        let line = diagnostic.map { reportLine(for: $0) } ?? ""
        #expect(line.hasPrefix("guideline LT-07 warning: ") && line.hasSuffix("\n"))
        #expect(!line.dropLast().unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(line.contains("Bad\u{FFFD}]0;Title\u{FFFD}:"))
        t.send(.key(KeyEvent(.down)))
    }
}
