import Foundation
import Scrollwork
@testable import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// #67: a local Parquet file's first screen is in the first frame, as a CSV file's is, though
/// its later pages are read off the loop; a source that cannot read its first page shows it as
/// loading and reads it off the loop, saying why it failed.
@Suite struct FirstPageAtOnceTests {
    static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScrollworkFilesTests/Fixtures/parquet/session.parquet").path

    /// The session fixture opened as the command line opens it.
    static func openedSession() throws -> TableViewer { try OpenFile.viewer(path: session, separator: nil, header: nil, theme: Theme()) }

    @Test("a Parquet file's first frame shows its first rows, its count and a focus, before any work runs")
    func parquetFirstFrameHasRows() throws {
        let t = HeadlessTerminal(try Self.openedSession(), columns: 120, rows: 30)
        let lines = t.text.split(separator: "\n")
        #expect(lines.dropFirst().first?.contains("row 1") == true && lines.contains { $0.contains("row 20") }, "\(t.text)")
        #expect(!lines.dropLast().contains { $0.contains("…") }, "no row shows as loading: \(t.text)")
        #expect(t.app.status.contains("600 rows"), "\(t.app.status)")
        #expect(t.app.screen.view.table.list.cursor != nil, "the first row is focused at once")
    }

    @Test("a Parquet file whose footer is long shows its first rows in the first frame, the status line saying the footer is being read; the writer, codecs and encodings once it is read")
    func longFooterReadAfterFirstFrame() throws {
        let reads = Locked<[@Sendable () -> Void]>([])
        let table = try ParquetTable(file: FileBytes(path: Self.session), footerReadAtOnceBelow: 0) { read in
            reads.withLock { $0.append(read) }
            return true
        }
        var t = HeadlessTerminal(TableViewer(table), columns: 240, rows: 30)
        let lines = t.text.split(separator: "\n")
        #expect(lines.dropFirst().first?.contains("row 1") == true && lines.contains { $0.contains("row 20") }, "\(t.text)")
        #expect(t.text.contains("600 rows") && t.text.contains("Parquet · 5 row groups · reading the footer…"), "\(t.text)")
        // The read held has not begun: the screen's wait for the footer reads it.
        while t.runWork() {}
        #expect(t.text.contains("Parquet by parquet-cpp-arrow version 26.0.1 · 5 row groups · Snappy · dictionary, plain"), "\(t.text)")
        for read in reads.withLock({ reads in defer { reads = [] }; return reads }) { read() }
    }

    @Test("#67: I says the file's writer, row groups, compression and encodings over its figures, at once and once they are all read")
    func summarySaysWhatTheFileIs() throws {
        var t = HeadlessTerminal(try Self.openedSession(), columns: 240, rows: 30)
        let about = "Parquet by parquet-cpp-arrow version 26.0.1 · 5 row groups · Snappy · dictionary, plain"
        t.type("I")
        #expect(t.text.contains("Summary of") && t.text.contains(about), "the figures the statistics give: \(t.text)")
        while t.runWork() {}
        #expect(t.text.contains("Summary of") && t.text.contains(about) && t.text.contains("estimates"), "every figure: \(t.text)")
    }

    /// A by-name source that reads its first page at once, whose rows fail to read `failing` times.
    struct FailingFirstPage: TableSource {
        let title = "failing"
        let columnTitles = ["id"]
        let failures = Failures()
        var readFiles: Set<FileIdentity> { [] }
        var readsFirstPageAtOnce: Bool { true }

        final class Failures: Sendable {
            let left = Locked(1)
        }

        func isNumeric(_ column: Int) -> Bool { true }
        func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { 500 }
        func rowNameRun(after: Int?, progress: TableProgress) throws(TableSourceError) -> Range<Int>? {
            Swift.min(500, after.map { $0 + 1 } ?? 0)..<500
        }
        func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
            let fails = failures.left.withLock { left in
                defer { left = Swift.max(0, left - 1) }
                return left > 0
            }
            if fails { throw .failed("the disk went away") }
            return positions.clamped(to: 0..<500).map { [.int($0 * 10)] }
        }
    }

    @Test("a first page that cannot be read at once shows as loading, and is read off the loop like any other")
    func failedFirstPageIsReadAgain() {
        var t = HeadlessTerminal(TableViewer(FailingFirstPage()), columns: 60, rows: 12)
        #expect(t.text.split(separator: "\n").dropFirst().first?.contains("…") == true && t.app.status.contains("500 rows"), "\(t.text)")
        var steps = 0
        while t.runWork(), steps < 100 { steps += 1 }
        #expect(t.text.contains("4990") == false && t.text.split(separator: "\n").contains { $0.contains(" 10") }, "\(t.text)")
    }
}

extension FirstPageAtOnceTests {
    @Test("#67: a sort of more rows than a sort holds in memory, its order kept in a temporary file, shows, goes to, shows whole and saves the rows in the order a sort in memory gives")
    func spilledSortInTheViewer() throws {
        var table = try ParquetTable(path: Self.session)
        let expected = Array(try table.rowNames(where: [], orderedBy: [ColumnOrder(column: 2, ascending: false)], progress: .unwatched))
        table.rowsSortedInMemory = 64
        table.rowsSortedAtOnce = 50
        var t = HeadlessTerminal(TableViewer(table), columns: 160, rows: 30)
        // The delay column, sorted descending.
        t.type("]]O")
        while t.runWork() {}
        #expect(t.app.status.contains("sorted by delay ▼"), "\(t.app.status)")
        #expect(t.app.screen.shown.identities.order.isSpooled, "the order is kept in a temporary file")
        #expect(t.text.contains("row \(expected[0] + 1)\n") || t.text.contains("row \(expected[0] + 1) "), "\(t.text)")
        // The 300th row, shown whole.
        t.type("#300\r")
        while t.runWork() {}
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.1)
        #expect(t.app.record != nil && t.text.contains("row \(expected[299] + 1)\n"), "\(t.text)")
        t.send(.key(KeyEvent(.escape)))
        // The last row, at G.
        t.type("G")
        while t.runWork() {}
        #expect(t.text.contains("row \(expected[599] + 1)"), "\(t.text)")
        // Saved in that order.
        let saved = NSTemporaryDirectory() + "spilled-\(getpid()).csv"
        defer { unlink(saved) }
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.type(saved + "\r")
        while t.runWork() {}
        let lines = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 601 && lines.dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" } == expected.map { "row \($0 + 1)" })
    }
}
