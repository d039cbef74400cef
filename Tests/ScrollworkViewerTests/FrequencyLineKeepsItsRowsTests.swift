import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// Enter on a line of a frequency table keeps the rows that line counted, no more, in every
/// source: `5` is not `5.0`, an empty field is not `NA`, a null is not an empty text.
@Suite struct FrequencyLineKeepsItsRowsTests {
    /// What each line of column `column`'s frequency table counted, and how many rows Enter on
    /// it kept (a fresh viewer from `make` for each line), with the filter it said.
    static func lines(_ make: () throws -> TableViewer, column: Int) throws -> [(value: String, counted: Int, kept: Int, filter: String)] {
        var counted = try frequency(of: try make(), column: column)
        let lines = try #require(counted.app.screen.sheet).source.records.map { ($0[0], Int($0[1]) ?? -1) }
        counted.send(.key(KeyEvent(.escape)))
        var found: [(String, Int, Int, String)] = []
        for (line, (value, count)) in lines.enumerated() {
            var t = try frequency(of: try make(), column: column)
            let now = t.time
            try t.app.screen.sheet?.view.table.list.select(IndexPath(row: line), at: now)
            t.send(.key(KeyEvent(.enter)))
            settle(&t)
            found.append((value, count, t.app.screen.view.table.list.numberOfRows, t.app.screen.shown.filters.map(\.text).joined(separator: " ")))
        }
        return found
    }

    /// `viewer` in a terminal, its column `column` current and its frequency table shown.
    static func frequency(of viewer: TableViewer, column: Int) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(viewer, columns: 120, rows: 30)
        settle(&t)
        for _ in 0..<20 where t.app.screen.currentField != column { t.type("]") }
        t.type("f")
        settle(&t)
        return t
    }

    static func settle(_ t: inout HeadlessTerminal<TableViewer>) {
        var steps = 0
        while t.runWork(), steps < 10_000 { steps += 1 }
    }

    /// Every line whose rows kept are not the rows it counted.
    static func wrong(_ lines: [(value: String, counted: Int, kept: Int, filter: String)]) -> [String] {
        lines.filter { $0.counted != $0.kept }.map { "\($0.value): counted \($0.counted), kept \($0.kept) by \($0.filter)" }
    }

    @Test("CSV: the lines 5, 5.0, an empty field (a short record's too) and NA each keep their own rows")
    func delimitedText() throws {
        let file = TemporaryFile(name: "lines.csv", "k,v\n1,5\n2,5.0\n3,\n4,NA\n5\n6,5\n7,x\n8,+5\n")
        let lines = try Self.lines({ try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()) }, column: 1)
        #expect(lines.count == 6 && Self.wrong(lines).isEmpty, "\(Self.wrong(lines)) of \(lines.map(\.value))")
        #expect(lines.first { $0.value == "" }?.filter == "v==", "an empty field is kept as the empty text exactly")
    }

    @Test("JSON Lines: the NULL line keeps the nulls and the keys left out, the empty line the empty strings, and 5 not 5.0")
    func jsonLines() throws {
        let file = TemporaryFile(name: "lines.jsonl", """
            {"k":1,"v":"5"}
            {"k":2,"v":"5.0"}
            {"k":3,"v":""}
            {"k":4,"v":null}
            {"k":5}
            {"k":6,"v":"NA"}
            {"k":7,"v":5}

            """)
        let lines = try Self.lines({ try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()) }, column: 1)
        #expect(lines.count == 5 && Self.wrong(lines).isEmpty, "\(Self.wrong(lines)) of \(lines.map(\.value))")
        #expect(lines.first { $0.counted == 2 && $0.kept == 2 && $0.filter == "v is null" } != nil, "\(lines)")
        // Saved as Parquet, the same lines keep the same rows.
        let parquet = file.directory + "-lines.parquet"
        defer { unlink(parquet) }
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        #expect(try TableQuery.write(viewer.source, recipe: ViewRecipe(), to: parquet) == 7)
        let saved = try Self.lines({ try OpenFile.viewer(path: parquet, separator: nil, header: nil, theme: Theme()) }, column: 1)
        #expect(saved.count == 5 && Self.wrong(saved).isEmpty, "\(Self.wrong(saved)) of \(saved.map(\.value))")
    }

    @Test("SQLite: in a text column NULL, the empty text, 5 and 5.0 keep their own rows; in an integer column a number its group")
    func sqlite() throws {
        var template = Array("/tmp/scrollwork-lines-db-XXXXXX".utf8CString)
        close(mkstemp(&template))
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(path)
        defer { unlink(path) }
        let db = try SQLiteConnection(path: path, writable: true)
        try db.run("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT, n INTEGER)")
        try db.run("INSERT INTO t VALUES (1, '5', 5), (2, '5.0', 5), (3, '', NULL), (4, NULL, 7), (5, NULL, 9007199254740993), (6, 'NA', 9007199254740992), (7, '5', 5)")
        let make = { TableViewer(try DatabaseTableSource("t", of: SQLiteDatabase(path: path))) }
        let text = try Self.lines(make, column: 1)
        #expect(text.count == 5 && Self.wrong(text).isEmpty, "\(Self.wrong(text)) of \(text.map(\.value))")
        let numbers = try Self.lines(make, column: 2)
        #expect(numbers.count == 5 && Self.wrong(numbers).isEmpty, "\(Self.wrong(numbers)) of \(numbers.map(\.value))")
    }
}
