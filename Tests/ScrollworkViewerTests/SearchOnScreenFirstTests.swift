import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// #71 item 3: `/` and `n` read and test the rows on screen from the focus first, so a match
/// there shows at once; only past them does the source search the rest its own way (a file's
/// bytes read end to end, a Parquet file's pages), and what that found is kept for `n`.
@Suite struct SearchOnScreenFirstTests {
    /// Rows in memory whose own way of searching (the whole table at once) is counted.
    struct WholeTableSearches: TableSource {
        let title = "counted"
        let columnTitles = ["id", "note"]
        let notes: [String]
        let asked = Counter()
        var readFiles: Set<FileIdentity> { [] }

        func isNumeric(_ column: Int) -> Bool { column == 0 }
        func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { notes.count }
        func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
            positions.clamped(to: notes.indices).map { [.int($0), .string(notes[$0])] }
        }
        func firstPlace(among names: [Int], holding text: String, forward: Bool, progress: TableProgress) throws(TableSourceError) -> Int? {
            asked.count.withLock { $0 += 1 }
            return try firstPlaceOverRows(among: names, holding: text, forward: forward, progress: progress)
        }
    }

    /// How often the source was asked to search the rest of the table.
    final class Counter: Sendable {
        let count = Locked(0)
        var value: Int { count.withLock { $0 } }
    }

    static func focused(_ t: HeadlessTerminal<TableViewer>) -> Int? { t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }?.row }

    @Test("a match on screen is found by reading the rows shown; one past them by the source's search of the rest")
    func matchOnScreenWithoutTheWholeTable() {
        let source = WholeTableSearches(notes: (0..<2_000).map { [5, 12, 1_500].contains($0) ? "a needle" : "hay \($0)" })
        var t = HeadlessTerminal(TableViewer(source), columns: 100, rows: 30)
        var steps = 0
        while t.runWork(), steps < 1_000 { steps += 1 }
        t.type("/needle\r")
        #expect(SearchAndFocusTests.ran(&t, "search"))
        #expect(Self.focused(t) == 5)
        t.type("n")
        #expect(SearchAndFocusTests.ran(&t, "search"))
        #expect(Self.focused(t) == 12)
        #expect(source.asked.value == 0, "matches on screen never ask the source to search the whole table")
        t.type("n")
        #expect(SearchAndFocusTests.ran(&t, "search"))
        #expect(Self.focused(t) == 1_500)
        #expect(source.asked.value == 1, "past the screen, the source searches the rest")
        // Going back from the end: the screen is the rows around row 1,500 now.
        t.type("N")
        #expect(SearchAndFocusTests.ran(&t, "search"))
        #expect(Self.focused(t) == 12 && source.asked.value == 2)
    }

    @Test("the runs of a sweep with the rows on screen first test every row once, in the same order, and mark only rows on screen from the start")
    func onScreenRunsKeepTheOrder() {
        for total in 0...12 {
            for focus in [nil, 0, 3, 7, total - 1] as [Int?] {
                for forward in [true, false] {
                    for visible in [0..<0, 0..<5, 2..<9, 6..<12, 0..<12, 20..<30] {
                        let sweep = SearchSweep(total: total, focus: focus, forward: forward, including: true)
                        let split = sweep.runs(onScreenFirst: visible)
                        let order = { (runs: [Range<Int>]) in runs.flatMap { forward ? Array($0) : $0.reversed() } }
                        #expect(order(split.map(\.rows)) == order(sweep.runs), "\(total) \(String(describing: focus)) \(forward) \(visible)")
                        for batch in [1, 3, 100] {
                            let cut = sweep.runs(onScreenFirst: visible, batch: batch)
                            #expect(order(cut.map(\.rows)) == order(sweep.runs), "batches of \(batch)")
                            #expect(cut.filter { !$0.onScreen }.allSatisfy { $0.rows.count <= batch } && cut.filter(\.onScreen).map(\.rows) == split.filter(\.onScreen).map(\.rows))
                        }
                        let marked = split.filter(\.onScreen).map(\.rows)
                        #expect(marked.count <= 1 && split.dropFirst().allSatisfy { !$0.onScreen })
                        if let shown = marked.first {
                            #expect(shown.allSatisfy(visible.contains) && shown.contains(sweep.start))
                            // As far as the screen reaches from the start, in the sweep's direction.
                            #expect(forward ? (shown.upperBound == visible.upperBound || shown.upperBound == total) : (shown.lowerBound == visible.lowerBound || shown.lowerBound == 0))
                        } else {
                            #expect(!visible.contains(sweep.start) || total == 0)
                        }
                    }
                }
            }
        }
    }

    @Test("a file's rows found holding a text are kept for the next search of it: n reads the file's bytes no more")
    func fileKeepsTheRowsFound() throws {
        let file = TemporaryFile(name: "kept.csv", "id,note\n" + (0..<300).map { "\($0),\($0 % 100 == 7 ? "needle" : "hay")" }.joined(separator: "\n") + "\n")
        let table = try FileTable(path: file.path)
        let names = Array((0..<300).reversed())
        #expect(table.searches.marks(for: "needle") == nil)
        #expect(try table.firstPlace(among: names, holding: "needle", forward: true, progress: .unwatched) == 300 - 1 - 207)
        let kept = try #require(table.searches.marks(for: "needle"))
        #expect((0..<300).filter { kept.contains($0) } == [7, 107, 207])
        #expect(table.searches.marks(for: "hay") == nil, "only the last text is kept")
    }
}
