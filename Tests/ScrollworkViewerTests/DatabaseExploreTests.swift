import Foundation
import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// A database table explored as a file is (#42): the current column, f grouped by the engine,
/// I summarised by it, Enter's row whole, `?`, `o` and `O`, Ctrl-S streaming the rows shown.
@Suite struct DatabaseExploreTests {
    /// The flights `withFlights` makes: delay of row `i`, nil every 13th.
    static func delay(_ i: Int) -> Int? { i % 13 == 0 ? nil : (i * 37) % 101 - 50 }
    static func carrier(_ i: Int) -> String { ["UA", "AA", "DL", "B6"][i * 7 % 4] }

    /// The database viewer with its flights table open and read.
    static func opened(_ path: String) throws -> HeadlessTerminal<DatabaseViewer> {
        var t = try DatabaseViewerTests.open(path)
        DatabaseViewerTests.settle(&t)
        t.send(.key(KeyEvent(.enter)))
        DatabaseViewerTests.settle(&t)
        return t
    }

    @Test("f groups the current column in the engine, most frequent first; Enter on a value keeps its rows")
    func frequencyInTheEngine() throws {
        try DatabaseViewerTests.withFlights(rows: 2000) { path, _ in
            var t = try Self.opened(path)
            t.send(.key(KeyEvent(.character("]"))))
            #expect(t.app.opened?.currentColumn == 1 && t.app.opened?.status(at: 0).contains("column carrier") == true)
            t.send(.key(KeyEvent(.character("f"))))
            DatabaseViewerTests.settle(&t)
            let sheet = try #require(t.app.opened?.sheet)
            let counts = Dictionary(grouping: 1...2000, by: Self.carrier).mapValues(\.count)
            let expected = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            #expect(sheet.source.records.map { $0[0] } == expected.map(\.key))
            #expect(sheet.source.records.map { $0[1] } == expected.map { "\($0.value)" })
            t.advance(by: 0.1)
            #expect(t.text.contains("Frequency of carrier"))
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            let first = try #require(expected.first)
            #expect(t.app.opened?.status(at: 0).contains("\(grouped(first.value)) of 2,000 rows") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            #expect(t.app.opened?.status(at: 0).contains("filtered by carrier=\(first.key)") == true)
        }
    }

    @Test("f counts NULL apart from empty text, NULL marked as a null; Enter on NULL keeps the NULLs alone (not the empty texts), on a value that value")
    func frequencyKeepsNullApartFromEmptyText() throws {
        try DatabaseViewerTests.withFlights(rows: 100) { path, db in
            try db.run("UPDATE flights SET carrier = NULL WHERE id % 5 = 0")
            try db.run("UPDATE flights SET carrier = '' WHERE id % 7 = 0 AND id % 5 <> 0")
            let table = try SQLiteTable("flights", in: db)
            let frequency = try table.frequency(ofColumn: 1, where: [], limit: 10, keepGoing: nil)
            let null = try #require(frequency.entries.first { $0.isNull })
            let empty = try #require(frequency.entries.first { $0.value.isEmpty && !$0.isNull })
            #expect(null.count == 20 && null.isMissing && null.value == "NULL")
            #expect(empty.count == 12 && !empty.isMissing)
            var t = try Self.opened(path)
            t.type("]f")
            DatabaseViewerTests.settle(&t)
            let line = try #require(t.app.opened?.sheet?.source.records.firstIndex { $0[0] == "NULL" })
            for _ in 0..<line { t.send(.key(KeyEvent(.down))) }
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            let status = t.app.opened?.status(at: 0) ?? ""
            #expect(status.contains("20 of 100 rows") && status.contains("filtered by carrier is null"), "the NULL line's 20, not the 12 empty texts too: \(status)")
        }
    }

    @Test("I summarises every column in the engine: counts, distinct values, least, greatest, mean and the exact median")
    func summaryInTheEngine() throws {
        try DatabaseViewerTests.withFlights(rows: 2000) { path, _ in
            var t = try Self.opened(path)
            t.send(.key(KeyEvent(.character("I"))))
            DatabaseViewerTests.settle(&t)
            let sheet = try #require(t.app.opened?.sheet)
            let delays = (1...2000).compactMap(Self.delay).sorted()
            let median = Double(delays[delays.count / 2 - 1] + delays[delays.count / 2]) / 2
            let mean = Double(delays.reduce(0, +)) / Double(delays.count)
            let row = try #require(sheet.source.records.first { $0[0] == "delay" })
            #expect(row[1] == "integers" && row[2] == "\(delays.count)" && row[3] == "\(2000 - delays.count)" && row[4] == "\(Set(delays).count)")
            #expect(row[5] == "\(delays.first!)" && row[6] == "\(delays.last!)")
            #expect(Double(row[7]).map { Swift.abs($0 - mean) < 1e-6 } == true, "\(row[7]) against \(mean)")
            #expect(Double(row[8]) == median && row[9] == "")
            let note = try #require(sheet.source.records.first { $0[0] == "note" })
            #expect(note[1] == "text" && note[2] == "2000" && note[4] == "2000" && note[5] == "row 1" && note[6] == "row 999")
            // Enter goes to the column.
            t.send(.key(KeyEvent(.character("G"))))
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.opened?.currentColumn == 3)
        }
    }

    @Test("Enter shows the focused row whole, ? the keys, o and O sort by the current column in the engine")
    func recordKeysAndSort() throws {
        try DatabaseViewerTests.withFlights(rows: 300) { path, _ in
            var t = try Self.opened(path)
            // The first row is focused from the start: Enter shows it at once.
            t.send(.key(KeyEvent(.enter)))
            let lines = try #require(t.app.record?.detail.content.lines)
            #expect(lines.contains { $0.name == "note" && $0.text == "row 1" })
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.record == nil && t.app.opened != nil)
            t.send(.key(KeyEvent(.character("?"))))
            let keys = try #require(t.app.opened?.detail?.content.lines.map(\.text))
            // The keys a file's table has, worded as there (one meaning a key), and the way back.
            #expect(keys.contains("── Sorting and filtering") && keys.contains { $0.contains("the frequency table of the current column") }
                    && keys.contains { $0.contains("the database's tables") })
            t.send(.key(KeyEvent(.escape)))
            t.send(.key(KeyEvent(.character("]"))))
            t.send(.key(KeyEvent(.character("]"))))
            t.send(.key(KeyEvent(.character("O"))))
            DatabaseViewerTests.settle(&t)
            t.send(.key(KeyEvent(.home)))
            DatabaseViewerTests.settle(&t)
            let most = (1...300).compactMap(Self.delay).max()!
            let top = try #require(try t.app.opened?.view.table.list.row(at: IndexPath(row: 0)))
            guard case let .loaded(values) = top else { Issue.record("no row"); return }
            #expect(values[2] == .int(most))
        }
    }

    @Test("Ctrl-S at once on a table whose ids are still read a chunk at a time waits for every id and saves every row; f pressed while a filter is made counts the filtered rows")
    func saveAndCountWaitForTheRows() throws {
        try DatabaseViewerTests.withFlights(rows: 600_000) { path, _ in
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            // Not settled: the ids past the first chunk are still to read.
            let saved = path + "-saved.csv"
            defer { unlink(saved) }
            t.send(.key(KeyEvent(.character("s"), .control)))
            t.send(.key(KeyEvent(.character("u"), .control)))
            for character in saved { t.send(.key(KeyEvent(.character(character)))) }
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.opened?.status(at: 0).contains("once every row is read") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            // A frequency table asked for meanwhile runs at once, and the save still comes.
            t.type("]f")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.sheet?.source.records.isEmpty == false, "the frequency table shows")
            let lines = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 600_001 && lines.last?.hasPrefix("600000,") == true)
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.opened?.sheet == nil)
            t.type("[")
            // A filter asked for and f at once: the count is of the rows the filter keeps.
            t.type("]|carrier=UA\r")
            t.type("f")
            DatabaseViewerTests.settle(&t)
            let kept = (1...600_000).filter { Self.carrier($0) == "UA" }.count
            let records = t.app.opened?.sheet?.source.records ?? []
            #expect(records.count == 1 && records.first?[0] == "UA" && records.first?[1] == "\(kept)", "\(records)")
        }
    }

    @Test("Ctrl-S saves the rows shown, in their order, read from the engine; NULL is an empty field")
    func saveFromTheEngine() throws {
        try DatabaseViewerTests.withFlights(rows: 25_000) { path, _ in
            var t = try Self.opened(path)
            t.send(.key(KeyEvent(.character("]"))))
            t.send(.key(KeyEvent(.character("]"))))
            t.send(.key(KeyEvent(.character("o"))))
            DatabaseViewerTests.settle(&t)
            let saved = path + "-saved.csv"
            defer { unlink(saved) }
            t.send(.key(KeyEvent(.character("s"), .control)))
            #expect(t.app.opened?.field?.isTextSelected == true)
            t.type(saved + "\r")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.status(at: 0).contains("saved 25,000 rows to \(saved)") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            let lines = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "id,carrier,delay,note" && lines.count == 25_002)
            // By delay ascending, NULLs last, ties by rowid: what the table shows.
            let order = (1...25_000).sorted { a, b in
                switch (Self.delay(a), Self.delay(b)) {
                case let (x?, y?): return x != y ? x < y : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a < b
                }
            }
            let expected = order.map { i in "\(i),\(Self.carrier(i)),\(Self.delay(i).map(String.init) ?? ""),row \(i)" }
            #expect(Array(lines[1...25_000].map(String.init)) == expected)
        }
    }
}

extension DatabaseExploreTests {
    @Test("- hides the current column, + shows it again, P pins it, { } move it; f and Ctrl-S follow the columns shown")
    func columnKeys() throws {
        try DatabaseViewerTests.withFlights(rows: 100) { path, _ in
            var t = try Self.opened(path)
            func titles() -> [String] { t.app.opened?.view.table.columns.map(\.title) ?? [] }
            t.send(.key(KeyEvent(.character("]"))))
            t.send(.key(KeyEvent(.character("-"))))
            #expect(titles() == ["id", "delay", "note"] && t.app.opened?.currentField == 2)
            t.send(.key(KeyEvent(.character("f"))))
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.sheet?.caption.hasPrefix("Frequency of delay") == true)
            t.send(.key(KeyEvent(.escape)))
            t.send(.key(KeyEvent(.character("}"))))
            #expect(titles() == ["id", "note", "delay"] && t.app.opened?.currentColumn == 2)
            t.send(.key(KeyEvent(.character("P"))))
            #expect(titles() == ["delay", "id", "note"] && t.app.opened?.view.table.pinnedColumns == 1)
            let saved = path + "-shown.csv"
            defer { unlink(saved) }
            t.send(.key(KeyEvent(.character("s"), .control)))
            t.type(saved + "\r")
            DatabaseViewerTests.settle(&t)
            let first = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n").prefix(2)
            #expect(Array(first) == ["delay,id,note", "\(Self.delay(1).map(String.init) ?? ""),1,row 1"])
            t.send(.key(KeyEvent(.character("+"))))
            #expect(Set(titles()) == ["id", "carrier", "delay", "note"])
        }
    }
}

extension DatabaseExploreTests {
    @Test("in a database table wider than the view, G puts the last row above the horizontal indicator")
    func lastRowClearOfTheIndicator() throws {
        try DatabaseViewerTests.withFlights(rows: 300) { path, db in
            try db.run("UPDATE flights SET note = note || ' ' || printf('%.*c', 150, 'x')")
            var t = try Self.opened(path)
            t.advance(by: 0.05)
            // The note column fitted to its 150-character notes: wider than the view.
            t.type("]]]_")
            t.advance(by: 0.05)
            t.send(.key(KeyEvent(.character("G"))))
            t.advance(by: 0.05)
            DatabaseViewerTests.settle(&t)
            t.advance(by: 0.05)
            let lines = t.text.split(separator: "\n", omittingEmptySubsequences: false)
            let last = try #require(lines.firstIndex { $0.contains("300 ") }, "\(t.text)")
            #expect(last < lines.count - 2, "the last row sits above the indicator's row: \(t.text)")
        }
    }

    @Test("a long value on the first page (a blob's hex) makes its column no wider than a file's would be (40 characters): the columns after it show; _ fits it whole")
    func longValueLeavesRoomForTheRest() throws {
        try DatabaseViewerTests.withFlights(rows: 50) { path, db in
            try db.run("UPDATE flights SET carrier = zeroblob(100) WHERE id = 3")
            var t = try Self.opened(path)
            t.advance(by: 0.05)
            let heading = try #require(t.text.split(separator: "\n").first)
            #expect(heading.contains("delay") && heading.contains("note"), "\(t.text)")
            let carrier = try #require(t.app.opened?.view.table.columnWidths[1])
            #expect(carrier <= 42 * 8 && carrier >= 40 * 8, "\(carrier)")
            t.type("]_")
            t.advance(by: 0.05)
            #expect((t.app.opened?.view.table.columnWidths[1] ?? 0) >= 202 * 8, "the blob's 200 digits and x''")
        }
    }

    @Test("= keeps the focused row's value in the current column, ! the others, # goes to a row, : to a column by name")
    func keepGoAndJump() throws {
        try DatabaseViewerTests.withFlights(rows: 400) { path, _ in
            var t = try Self.opened(path)
            t.type(":car\r")
            #expect(t.app.opened?.currentField == 1)
            t.type("#10\r")
            #expect(try DatabaseViewerTests.selectedID(t) == 10 && t.app.opened?.status(at: 0).contains("row 10 of 400") == true)
            t.type("=")
            DatabaseViewerTests.settle(&t)
            let kept = (1...400).filter { Self.carrier($0) == Self.carrier(10) }.count
            #expect(t.app.opened?.status(at: 0).contains("\(kept) of 400 rows") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            t.type("u")
            DatabaseViewerTests.settle(&t)
            t.type("#10\r")
            t.type("!")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.status(at: 0).contains("\(400 - kept) of 400 rows") == true)
            t.type("#nope\r")
            #expect(t.app.opened?.status(at: 0).contains("is not a row") == true)
        }
    }
}

/// The engine's frequency tables and summaries on the PostgreSQL server `scripts/test` starts.
@Suite(.enabled(if: getenv("SCROLLWORK_TEST_POSTGRES") != nil, "needs the server scripts/test starts (SCROLLWORK_TEST_POSTGRES)"))
struct PostgresExploreTests {
    /// Runs `sql` with psql on `url`; fails the test when psql does.
    static func psql(_ url: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "psql \(sql)")
    }

    @Test("GROUP BY and the summary on the server agree with the server's own answers; the median is percentile_cont's")
    func frequencyAndSummary() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_POSTGRES"))
        let name = "explore_\(getpid())"
        // The viewer's connections only read: the table is made with psql, as scripts/test makes its own.
        try Self.psql(url, "CREATE TABLE \(name) AS SELECT i AS id, (ARRAY['UA','AA','DL'])[1 + i % 3] AS carrier, CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 101 - 50 END AS delay, (i * 0.5)::float8 AS half FROM generate_series(1, 1001) AS i")
        defer { try? Self.psql(url, "DROP TABLE \(name)") }
        let admin = try PostgresConnection(conninfo: url)
        let database = try PostgresDatabase(url: url)
        let table = try database.table(name, sharingSnapshotWith: nil)
        let frequency = try table.frequency(ofColumn: 1, where: [], limit: 10, keepGoing: nil)
        let server = try admin.query("SELECT carrier, count(*) FROM \(name) GROUP BY 1 ORDER BY 2 DESC, 1")
        #expect(frequency.entries.map(\.value) == (0..<server.count).map { server.text($0, 0) ?? "" })
        #expect(frequency.entries.map(\.count) == (0..<server.count).map { Int(server.text($0, 1) ?? "") ?? -1 })
        #expect(frequency.total == 1001 && frequency.uncounted == 0)
        let summaries = try table.summary(where: [DatabaseFilter(column: 0, test: .lessOrEqual(1000))], keepGoing: nil)
        let figures = try admin.query("SELECT count(delay), count(DISTINCT delay), min(delay), max(delay), avg(delay)::float8, percentile_cont(0.5) WITHIN GROUP (ORDER BY delay) FROM \(name) WHERE id <= 1000")
        let delay = summaries[2]
        #expect(delay.kind == .integers && delay.count == Int(figures.text(0, 0) ?? "") && delay.missing == 1000 - delay.count)
        #expect(delay.distinct == Int(figures.text(0, 1) ?? "") && delay.minimum == figures.text(0, 2) && delay.maximum == figures.text(0, 3))
        #expect(delay.mean == Double(figures.text(0, 4) ?? "") && delay.median == Double(figures.text(0, 5) ?? ""))
        #expect(summaries[1].kind == .text && summaries[1].minimum == "AA" && summaries[3].kind == .reals && summaries[3].median == 250.25)
    }

    @Test("#70: NaN is left out of a reals column's least, greatest, mean and median, as a file's summary leaves it (PostgreSQL orders it past +∞)")
    func notANumberLeftOut() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_POSTGRES"))
        let name = "nan_\(getpid())"
        try Self.psql(url, "CREATE TABLE \(name) AS SELECT x::float8 AS f, x::numeric AS n, 7 AS i FROM unnest(ARRAY['NaN', 'Infinity', '1', '2']) AS x")
        defer { try? Self.psql(url, "DROP TABLE \(name)") }
        let inFile = try #require(ColumnSummary.summarizing(StringRows([["nan"], ["inf"], ["1"], ["2"]]), titles: ["x"])?.first)
        let summaries = try PostgresDatabase(url: url).table(name, sharingSnapshotWith: nil).summary(where: [], keepGoing: nil)
        for onServer in summaries.prefix(2) {
            #expect(onServer.count == inFile.count && onServer.mean == inFile.mean && onServer.median == inFile.median, "\(onServer) \(inFile)")
            #expect(onServer.minimum.flatMap(Double.init) == 1 && onServer.maximum.flatMap(Double.init) == .infinity, "\(onServer)")
        }
        #expect(inFile.mean == .infinity && inFile.median == 2 && summaries[2].mean == 7)
    }

    @Test("f, I and Ctrl-S on a PostgreSQL table, as on an SQLite file: the server groups, summarises and streams the rows shown")
    func exploringOnTheServer() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_POSTGRES"))
        let name = "explore_keys_\(getpid())"
        try Self.psql(url, "CREATE TABLE \(name) AS SELECT i AS id, (ARRAY['UA','AA','DL'])[1 + i % 3] AS carrier, CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 101 - 50 END AS delay FROM generate_series(1, 3000) AS i")
        defer { try? Self.psql(url, "DROP TABLE \(name)") }
        guard case let .database(viewer) = try OpenFile.opened(path: url + "?table=\(name)", separator: nil, header: nil, theme: Theme()) else {
            Issue.record("not opened as a database")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 120, rows: 20)
        DatabaseViewerTests.settle(&t)
        t.type("]f")
        DatabaseViewerTests.settle(&t)
        let sheet = try #require(t.app.opened?.sheet)
        #expect(sheet.source.records.map { $0[1] } == ["1000", "1000", "1000"] && sheet.source.records.map { $0[0] } == ["AA", "DL", "UA"])
        t.send(.key(KeyEvent(.escape)))
        t.type("I")
        DatabaseViewerTests.settle(&t)
        let server = try PostgresConnection(conninfo: url).query("SELECT count(delay), percentile_cont(0.5) WITHIN GROUP (ORDER BY delay) FROM \(name)")
        let delay = try #require(t.app.opened?.sheet?.source.records.first { $0[0] == "delay" })
        #expect(delay[2] == server.text(0, 0) && Double(delay[8]) == Double(server.text(0, 1) ?? ""))
        t.send(.key(KeyEvent(.escape)))
        let saved = "/tmp/\(name).jsonl"
        defer { unlink(saved) }
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.type(saved + "\r")
        DatabaseViewerTests.settle(&t)
        let lines = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3000 && lines[6] == #"{"id":7,"carrier":"AA","delay":null}"#, "\(lines.prefix(8))")
    }
}
