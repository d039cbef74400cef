import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer


/// #65: a source written in a few dozen lines gets every batch option, through the one pipeline.
@Suite struct MemoryTableSourceTests {
    @Test("a source of its own, in memory, writes what the same rows in a CSV file write, for every recipe")
    func memorySourceAgreesWithAFile() throws {
        let records = (1...200).map { i in ["\(i)", ["UA", "AA", "DL"][i % 3], i % 11 == 0 ? "" : "\((i * 37) % 101 - 50)", "row \(i)"] }
        let source = MemoryTable(columnTitles: ["id", "carrier", "delay", "note"], records: records)
        let file = TemporaryFile(name: "rows.csv", (["id,carrier,delay,note"] + records.map { $0.joined(separator: ",") }).joined(separator: "\n") + "\n")
        let recipes = [ViewRecipe(filters: ["carrier=AA"], sorts: ["-delay", "note"], columns: "note,delay"), ViewRecipe(frequency: "carrier"),
                       ViewRecipe(filters: ["delay>0"], summary: true), ViewRecipe(sorts: ["carrier"])]
        for (i, recipe) in recipes.enumerated() {
            let fromFile = file.directory + "/file-\(i).csv", fromMemory = file.directory + "/memory-\(i).csv"
            defer { unlink(fromFile); unlink(fromMemory) }
            _ = try TableQuery.write(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()).source, recipe: recipe, to: fromFile)
            _ = try TableQuery.write(source, recipe: recipe, to: fromMemory)
            let a = try String(contentsOfFile: fromFile, encoding: .utf8), b = try String(contentsOfFile: fromMemory, encoding: .utf8)
            #expect(a == b, "\(recipe)\n\(a.prefix(200))\n\(b.prefix(200))")
        }
        do throws(OpenFile.Failure) {
            _ = try TableQuery.write(source, recipe: ViewRecipe(filters: ["nope=1"]), to: file.directory + "/x.csv")
            Issue.record("a column no one has")
        } catch {
            #expect(error.status == 64 && "\(error)".contains("nope"))
        }
    }
}

/// The calls a viewer pages through, total for every value: a source's defaults and `RowsTable`.
@Suite struct TableSourceCallsTests {
    static let table = MemoryTable(columnTitles: ["id", "name"], records: (0..<10).map { ["\($0)", "n\($0 % 3)"] })

    @Test("rows by position, by name, after a name and under filters answer every Int: none past the ends, a missing row for a name no row has")
    func everyPositionAndName() throws {
        let source = Self.table
        #expect(try source.rowNames(after: nil, limit: 3, progress: .unwatched) == [0, 1, 2])
        #expect(try source.rowNames(after: 8, limit: .max, progress: .unwatched) == [9])
        for (after, limit) in [(Int.max, 5), (Int.min, 2), (-1, -5), (3, 0), (nil, Int.min)] as [(Int?, Int)] {
            let names = try source.rowNames(after: after, limit: limit, progress: .unwatched)
            #expect(names.allSatisfy { (0..<10).contains($0) } && names.count <= Swift.max(0, limit))
        }
        let read = try source.rows(named: [Int.min, -1, 0, 1, Int.max, 9], progress: .unwatched)
        #expect(read.count == 6)
        #expect(read.map { $0.first?.description ?? "" } == ["(deleted)", "(deleted)", "0", "1", "(deleted)", "9"])
        for range in [Int.min..<Int.max, -5..<2, 8..<Int.max, 20..<30] {
            #expect(try source.rows(at: range, where: [], orderedBy: [ColumnOrder(column: 0, ascending: false)], progress: .unwatched).count <= 10)
        }
        #expect(try source.rows(at: 0..<3, where: [], orderedBy: [ColumnOrder(column: 0, ascending: false)], progress: .unwatched).map { $0[0].description } == ["9", "8", "7"])
    }

    @Test("arranging, counting and searching by default over the rows: what a file's rows give; a column no one has is refused with the columns there are")
    func arrangedOverRows() throws {
        let source = Self.table
        let kept = try source.rowNames(where: [RowFilter(parsing: "name=n1", columns: ColumnNames(source.columnTitles))],
                                       orderedBy: [ColumnOrder(column: 0, ascending: false)], progress: .unwatched)
        #expect(kept == [7, 4, 1])
        #expect(try source.count(where: [RowFilter(parsing: "id>4", columns: ColumnNames(source.columnTitles))], progress: .unwatched) == 5)
        #expect(try source.rowNames(Array(0..<10), holding: "n2", progress: .unwatched) == [2, 5, 8])
        #expect(try source.rowNames(Array(0..<10), holding: "N2", progress: .unwatched).isEmpty)
        for column in [-1, 2, Int.max, Int.min] {
            #expect(throws: TableSourceError.self) { try source.rowNames(where: [], orderedBy: [ColumnOrder(column: column)], progress: .unwatched) }
            #expect(throws: TableSourceError.self) { try source.frequency(ofColumn: column, where: [], progress: .unwatched) }
        }
    }

    @Test("a cancelled progress stops the work with cancelled; fractions outside 0…1 are clamped and NaN is not heard")
    func progressStops() throws {
        let stopped = TableProgress(isCancelled: { true })
        #expect(throws: TableSourceError.cancelled) { try Self.table.rowNames(where: [], orderedBy: [ColumnOrder(column: 1)], progress: stopped) }
        #expect(throws: TableSourceError.cancelled) { try Self.table.frequency(ofColumn: 1, where: [], progress: stopped) }
        let heard = Heard()
        let progress = TableProgress(report: { heard.append($0) })
        for fraction in [-1, 0.5, 2, .nan, .infinity, -.infinity] { progress.report(fraction) }
        #expect(heard.values == [0, 0.5, 1, 1, 0])
    }

    /// Fractions heard, from any thread.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var heard: [Double] = []
        func append(_ value: Double) { lock.withLock { heard.append(value) } }
        var values: [Double] { lock.withLock { heard } }
    }
}

/// A table screen over a source of its own: its columns fitted to the first rows that come.
@Suite struct TableScreenColumnsTests {
    @Test("a view asked for on the command line goes through the one path: a wrong one is refused naming the table and changes nothing; two sort keys order ties by the second; one sorts, filters and counts")
    func commandLineView() throws {
        let source = MemoryTable(columnTitles: ["id", "city"], records: [["1", "Oslo"], ["2", "Rome"], ["3", "Oslo"]])
        var viewer = TableViewer(source)
        do {
            try viewer.apply(ViewRecipe(sorts: ["id", "country"]), at: 0)
            Issue.record("a column no one has was taken")
        } catch {
            #expect("\(error)".contains("country"), "\(error)")
        }
        #expect(viewer.screen.shown.filters.isEmpty && viewer.screen.shown.sorting == nil && viewer.screen.exploration.isRunning == false, "nothing changed")
        // The library's sort orders by as many columns as asked: Oslo's rows by id, descending.
        var t = HeadlessTerminal(TableViewer(source), columns: 60, rows: 8)
        try t.app.apply(ViewRecipe(sorts: ["city", "-id"]), at: 0)
        t.draw()
        while t.runWork() {}
        #expect(Array(t.app.screen.shown.identities) == [2, 0, 1], "\(t.app.screen.shown.identities)")
        try viewer.apply(ViewRecipe(filters: ["city=Oslo"], sorts: ["-id"], frequency: "city"), at: 0)
        #expect((viewer.screen.shown.sorting?.filters ?? []).map(\.text) == ["city=Oslo"] && viewer.screen.exploration.isRunning, "arranged in the background, counted")
    }

    @Test("the columns grow to the first rows' widths, and never narrow below what they were made (a row further down may be wider)")
    func columnsFitTheFirstRows() throws {
        let long = String(repeating: "w", count: 40)
        let records = (0..<300).map { i in ["\(i)", i == 0 ? long : "x", "\(i * 1000)"] }
        var t = HeadlessTerminal(TableViewer(MemoryTable(columnTitles: ["id", "text", "n"], records: records)), columns: 200, rows: 20)
        let made = t.app.screen.view.table.columns.map(\.width.ideal)
        var steps = 0
        while t.runWork(), steps < 1000 { steps += 1 }
        t.advance(by: 0.1)
        let widths = t.app.screen.view.table.columnWidths
        #expect(widths[1] >= Double(long.count) * 8, "\(widths)")
        #expect(zip(widths, made).allSatisfy { $0 >= $1 }, "\(widths) \(made)")
        #expect(t.text.contains(long))
    }
}

/// A Parquet file in the viewer, as `scrollwork open` opens it.
@Suite struct ParquetViewerTests {
    static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScrollworkFilesTests/Fixtures/parquet/session.parquet").path

    /// The session's Parquet file, as `scrollwork open` opens it.
    static func opened() throws -> TableViewer {
        guard case let .table(viewer) = try OpenFile.opened(path: session, separator: nil, header: nil, theme: Theme()) else {
            throw TableSourceError.unsupported("a Parquet file opens as its table")
        }
        return viewer
    }

    @Test("Ctrl-S suggests a name beside the Parquet file, after it (session-view.csv), never the file itself")
    func saveBesideTheFile() throws {
        let viewer = try Self.opened()
        var t = HeadlessTerminal(viewer, columns: 160, rows: 20)
        t.send(.key(KeyEvent(.character("s"), .control)))
        let directory = (Self.session as NSString).deletingLastPathComponent
        #expect(t.app.screen.overlay?.field?.text == directory + "/session-view.csv", "\(String(describing: t.app.screen.overlay?.field?.text))")
    }

    @Test("every row's name comes at once as one run, held as its bounds: one piece of work, not a chunk at a time, and G reaches the last row")
    func namesAsOneRun() throws {
        var t = HeadlessTerminal(try Self.opened(), columns: 160, rows: 20)
        let total = try ParquetTable(path: Self.session).rowCount(progress: .unwatched)
        // One piece of work brings them: the first that runs is the names'.
        let ran = t.runWork()
        let names = t.app.screen.shown.identities
        #expect(ran)
        #expect(names.count == total && names.isLeadingRun, "\(names.count) of \(total)")
        while t.runWork() {}
        #expect(t.app.screen.shown.identitiesComplete)
        t.send(.key(KeyEvent(.character("G"))))
        while t.runWork() {}
        #expect(EndIsTheEndTests.focusedRow(t) == total - 1)
    }

    @Test("the status line says how the file is stored: its writer, row groups, compression and encodings")
    func statusSaysTheStorage() throws {
        let viewer = try Self.opened()
        var t = HeadlessTerminal(viewer, columns: 240, rows: 20)
        while t.runWork() {}
        #expect(t.app.screen.status(at: 0).contains("Parquet by parquet-cpp-arrow version 26.0.1 · 5 row groups · Snappy · dictionary, plain"), "\(t.app.screen.status(at: 0))")
    }

    @Test("I shows at once what the file's statistics say (counts, missing, least and greatest), the rest as … until read; then the whole summary. Esc on it stops the reading")
    func summaryAtOnce() throws {
        var t = HeadlessTerminal(try Self.opened(), columns: 160, rows: 20)
        while t.runWork() {}
        t.send(.key(KeyEvent(.character("I"))))
        // Before any work runs: the sheet is there, from the footer alone.
        let first = try #require(t.app.screen.sheet, "the summary's sheet shows before its work runs")
        #expect(first.reading != nil && t.pendingWork.contains { $0.id.description.contains("summary") })
        let known = first.source.rows(in: 0..<first.source.count).map(\.fields)
        let full = try ParquetTable(path: Self.session).summary(where: [], progress: .unwatched)
        let id = try #require(known.first { $0.first == "id" }), fullID = try #require(full.first { $0.title == "id" })
        #expect(id[2] == "\(fullID.count)" && id[5] == fullID.minimum && id[6] == fullID.maximum && id[4] == "…" && id[7] == "…", "\(id)")
        #expect(t.text.contains("…"), "\(t.text)")
        // The person moves down to the third column while the rest is read; the whole summary
        // comes on that column.
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.down)))
        #expect(t.app.screen.sheet?.focusedRow == 2)
        while t.runWork() {}
        #expect(t.app.screen.sheet?.focusedRow == 2, "the focus stays on the column reached")
        let done = try #require(t.app.screen.sheet)
        #expect(done.reading == nil && !done.caption.contains("statistics"), "the whole summary took its place: \(done.caption)")
        let whole = done.source.rows(in: 0..<done.source.count).map(\.fields)
        #expect(whole.first { $0.first == "id" }?[4] == "\(fullID.distinct)")
        // Closed before it is read, the summary stops: no sheet comes back later.
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.character("I"))))
        #expect(t.app.screen.sheet?.reading != nil)
        t.send(.key(KeyEvent(.escape)))
        while t.runWork() {}
        #expect(t.app.screen.sheet == nil && !t.app.screen.status(at: 0).contains("summarising"), "\(t.app.screen.status(at: 0))")
    }

    @Test("closing a summary still being read stops the summary alone: a save running beside it goes on and is said")
    func closingSummaryKeepsSave() throws {
        var t = HeadlessTerminal(try Self.opened(), columns: 200, rows: 20)
        while t.runWork() {}
        let out = "/tmp/scrollwork-beside-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
        defer { unlink(out) }
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.send(.key(KeyEvent(.character("u"), .control)))
        t.type(out + "\r")
        t.send(.key(KeyEvent(.character("I"))))
        #expect(t.app.screen.sheet?.reading?.hasPrefix("summarising") == true, "the sheet says its own reading alone: \(t.app.screen.sheet?.reading ?? "nothing")")
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.sheet == nil && t.app.screen.status(at: 0).contains("saving \(out)"), "\(t.app.screen.status(at: 0))")
        while t.runWork() {}
        let total = try ParquetTable(path: Self.session).rowCount(progress: .unwatched)
        #expect(t.app.screen.status(at: 0).contains("saved \(grouped(total)) rows"), "\(t.app.screen.status(at: 0))")
    }

    @Test("Ctrl-S to a .parquet name saves the view as Parquet: the rows in the order shown, typed, read back the same")
    func saveAsParquet() throws {
        let viewer = try Self.opened()
        let out = "/tmp/scrollwork-view-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).parquet"
        defer { unlink(out) }
        var t = HeadlessTerminal(viewer, columns: 160, rows: 20)
        while t.runWork() {}
        // Sorted by the second column, descending, then saved.
        t.send(.key(KeyEvent(.character("]"))))
        t.send(.key(KeyEvent(.character("O"))))
        while t.runWork() {}
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.type(out + "\r")
        while t.runWork() {}
        #expect(t.app.screen.status(at: 0).contains("saved"), "\(t.app.screen.status(at: 0))")
        let source = try ParquetTable(path: Self.session), saved = try ParquetTable(path: out)
        let count = try source.rowCount(progress: .unwatched)
        #expect(try saved.rowCount(progress: .unwatched) == count)
        let texts = { (rows: [[TableValue]]) in rows.map { $0.map { $0.isMissing ? "" : $0.description } } }
        let order = Array(try source.rowNames(where: [], orderedBy: [ColumnOrder(column: 1, ascending: false)], progress: .unwatched))
        #expect(try texts(saved.rows(at: 0..<count, progress: .unwatched)) == texts(source.rows(named: order, progress: .unwatched)))
        #expect(saved.columnTitles == source.columnTitles)
        #expect((0..<source.columnTitles.count).map(saved.isNumeric) == (0..<source.columnTitles.count).map(source.isNumeric))
    }

    @Test("Alt+C copies the focused row of any source's table with the heading, as a file's table does; in a window Ctrl+C copies onto the clipboard, saying so without terminal words")
    func copyOnEveryTable() throws {
        let viewer = try Self.opened()
        var t = HeadlessTerminal(viewer, columns: 160, rows: 20)
        while t.runWork() {}
        t.send(.key(KeyEvent(.down)))
        while t.runWork() {}
        t.send(.key(KeyEvent(.character("c"), .alt)))
        #expect(t.clipboard == "id\tcarrier\tdelay\tnote\n2\tDL\t24\trow 2", "\(String(describing: t.clipboard))")
        #expect(t.app.status.contains("copied 1 row with the heading (OSC 52"), "\(t.app.status)")
        var window = viewer
        window.keyConvention = .desktop
        var w = HeadlessTerminal(window, columns: 160, rows: 20)
        while w.runWork() {}
        w.send(.key(KeyEvent(.character("c"), .control)))
        #expect(w.clipboard == "id\tcarrier\tdelay\tnote\n1\tB6\t-13\trow 1", "\(String(describing: w.clipboard))")
        #expect(w.app.status.contains("copied 1 row with the heading to the clipboard") && !w.app.status.contains("OSC"), "\(w.app.status)")
    }

    @Test("a Parquet file through a pipe, longer than what is read to tell its kind, is kept whole, then shown (its footer is at its end), with every row")
    func throughAPipe() throws {
        let path = (Self.session as NSString).deletingLastPathComponent + "/types-none.parquet"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > FileBytes.sampleSize)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        // Written from another thread: the pipe holds less than the file.
        let writer = fds[1]
        let thread = Thread {
            bytes.withUnsafeBytes { buffer in
                var at = 0
                while at < buffer.count {
                    let n = write(writer, buffer.baseAddress! + at, buffer.count - at)
                    if n <= 0 { break }
                    at += n
                }
            }
            close(writer)
        }
        thread.start()
        guard case let .table(viewer) = try StandardInput.open(data: fds[0], separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a piped Parquet file opens as its table")
            return
        }
        #expect(try viewer.source.rowCount(progress: .unwatched) == 1000)
        #expect(try viewer.source.rows(at: 999..<1000, progress: .unwatched).count == 1)
    }
}
