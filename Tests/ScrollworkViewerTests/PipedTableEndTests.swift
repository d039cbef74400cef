import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// A table piped in whose rows outnumber a chunk of row names: every row is read once all of
/// the input has come and been indexed, not only the names read while it still came.
@Suite struct PipedTableEndTests {
    @Test("a piped CSV of 300,000 rows shows every row once its input settled: the count, the last row, G, without F")
    func everyRowOfALongPipe() throws {
        let text = "n,v\n" + (1...300_000).map { "\($0),\($0 % 97)" }.joined(separator: "\n") + "\n"
        guard var t = try OpenStandardInputTests.pipedTable(text, columns: 80, rows: 10) else { return }
        // The work as it falls due: the index, the row names, the looks for rows found since.
        for _ in 0..<40 {
            t.advance(by: 0.3)
            for name in ["input", "index", "rowids", "growth"] { _ = t.runWork(name) }
        }
        #expect(t.app.screen.view.table.list.numberOfRows == 300_000, "\(t.app.status)")
        #expect(t.app.status.contains("300,000 rows"), "\(t.app.status)")
        t.send(.key(KeyEvent(.character("G"))))
        for _ in 0..<5 {
            t.advance(by: 0.3)
            for name in ["rowids", "growth"] { _ = t.runWork(name) }
        }
        #expect(t.text.contains("300000"), "\(t.text)")
    }
}
