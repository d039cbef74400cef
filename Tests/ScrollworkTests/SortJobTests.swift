import Synchronization
import Testing
@testable import Scrollwork

@Suite struct SortJobTests {
    /// A table of `count` generated rows whose sizes repeat, so that the sort has ties to keep stable.
    func table(_ count: Int, counter: FetchCounter = FetchCounter()) throws -> TableState<FileRow> {
        let source = GeneratedRows(count: count) { i in
            counter.fetched.withLock { $0 += 1 }
            return FileRow(name: "file-\(count - i)", path: "/p/\(i)", size: (i * 7919) % 1000, kind: i % 3 == 0 ? "Text" : "Image")
        }
        return TableState(rows: source, columns: try fileColumns())
    }

    func order(_ t: TableState<FileRow>) -> [RowID] { t.list.sections[0].order.ids }

    @Test("LT-12: a sort job gives the order the table's own sort gives, stable, with the cursor row revealed")
    func LT_12_jobMatchesSynchronousSort() throws {
        var background = try table(200_000)
        var foreground = background
        try foreground.chooseHeading(2)
        try background.list.select(IndexPath(row: 123_456))
        let job = background.sortJob(for: try background.sortOrder(choosingHeading: 2))
        var fractions: [Double] = []
        let result = try #require(job.run { fractions.append($0); return true })
        try background.apply(result)
        #expect(order(background) == order(foreground))
        #expect(fractions == fractions.sorted() && fractions.last == 1 && fractions.count >= 4)
        // The selection stays on the same row, and that row is on screen.
        let selected = try #require(background.list.selectedIndexPaths.first)
        #expect(try background.list.row(at: selected).path == "/p/123456")
        background.list.setViewport(Size(width: 320, height: 320))
        try background.apply(try #require(background.sortJob(for: background.sortOrder).run()))
        let visible = background.list.visibleItems(overscan: 0).compactMap { if case let .row(p) = $0.item { return p } else { return nil } }
        #expect(visible.contains(try #require(background.list.selectedIndexPaths.first)))
    }

    @Test("LT-12: a job stops when its progress callback says so, and reads no key on the caller's side")
    func LT_12_cancelAndNoReadsOnTheLoop() throws {
        let counter = FetchCounter()
        let t = try table(300_000, counter: counter)
        let job = t.sortJob(for: try t.sortOrder(choosingHeading: 0))
        #expect(counter.count == 0, "making the job reads nothing")
        var calls = 0
        #expect(job.run { _ in calls += 1; return calls < 3 } == nil)
        #expect(counter.count < 300_000, "a cancelled job stops reading")
    }

    @Test("LT-12: a result is rejected after an edit, a reload or another sort, and the rows stay as they are")
    func LT_12_staleResultsAreRejected() throws {
        var t = try table(1000)
        let first = try #require(t.sortJob(for: try t.sortOrder(choosingHeading: 2)).run())
        let second = try #require(t.sortJob(for: try t.sortOrder(choosingHeading: 0)).run())
        try t.apply(first)
        let sorted = order(t)
        #expect(throws: TableError.self) { try t.apply(second) }
        #expect(order(t) == sorted && t.sortOrder == first.order)
        let afterEdit = try #require(t.sortJob(for: [SortOrder(columnID: "Name", ascending: false)]).run())
        try t.list.deleteRows(at: [IndexPath(row: 0)])
        #expect(throws: TableError.staleSortResult(startedAt: afterEdit.rowsVersion, now: t.list.rowsVersion)) { try t.apply(afterEdit) }
    }

    @Test("LT-12: keys read by one sort are kept for the next: reversing reads no row again")
    func LT_12_keysAreKept() throws {
        let counter = FetchCounter()
        var t = try table(50_000, counter: counter)
        try t.apply(try #require(t.sortJob(for: try t.sortOrder(choosingHeading: 2)).run()))
        let reads = counter.count
        try t.apply(try #require(t.sortJob(for: try t.sortOrder(choosingHeading: 2)).run()))
        #expect(counter.count == reads)
        #expect(t.sortIndicator(forColumn: 2) == false)
    }

    @Test("LT-12: a column whose keys change type part-way sorts as mixed values, stably")
    func LT_12_mixedKeys() throws {
        let rows = (0..<100_000).map { $0 }
        var t = TableState(rows: rows, columns: [
            TableColumn("Mixed", width: .clamping(ideal: 100)) { $0 < 70_000 ? .int(-$0) : ($0 % 2 == 0 ? .string("s\($0 % 7)") : .empty) },
        ])
        try t.apply(try #require(t.sortJob(for: [SortOrder(columnID: "Mixed")]).run()))
        // The numbers, then the text, then the empty keys (in source order: the sort is stable).
        let firstNumber = try t.list.row(at: IndexPath(row: 0)), lastNumber = try t.list.row(at: IndexPath(row: 69_999))
        #expect(firstNumber == 69_999 && lastNumber == 0)
        #expect(try t.list.row(at: IndexPath(row: 70_000)) % 2 == 0 && t.list.row(at: IndexPath(row: 84_999)) % 2 == 0)
        #expect(try t.list.row(at: IndexPath(row: 85_000)) == 70_001)
        #expect(t.list.numberOfRows == 100_000)
    }
}
