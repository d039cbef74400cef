import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import ScrollworkTestSupport
import Testing
@testable import ScrollworkViewer

/// #65: a file through the one `TableSource` and the one table screen: its first rows at once,
/// the rest found as it is indexed, what is written to it later, new JSON keys and retyped
/// columns, and a file cut shorter read again.
@Suite struct FileTableTests {
    /// Runs the work there is, as the host's loop would.
    static func settle(_ t: inout HeadlessTerminal<TableViewer>) {
        var steps = 0
        while t.runWork(), steps < 10_000 { steps += 1 }
    }

    /// Ctrl-S with `path` typed in place of the name suggested, and Enter.
    static func askSave(_ t: inout HeadlessTerminal<TableViewer>, to path: String) {
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.send(.key(KeyEvent(.character("u"), .control)))
        for character in path { t.send(.key(KeyEvent(.character(character)))) }
        t.send(.key(KeyEvent(.enter)))
    }

    /// `file` on the table screen, its work run.
    static func opened(_ file: TemporaryFile, columns: Int, rows: Int) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: columns, rows: rows)
        settle(&t)
        return t
    }

    /// The focused row's `#`, as the screen shows it.
    static func focusedNumber(_ t: HeadlessTerminal<TableViewer>) -> Int? {
        let list = t.app.screen.view.table.list
        guard let path = list.cursor.flatMap({ list.indexPath(of: $0) }), case let .loaded(values)? = try? list.row(at: path) else { return nil }
        return Int(values.last?.description ?? "")
    }

    /// A CSV of `rows` rows of about 50 bytes: far more than the first slice indexed.
    static func csv(rows: ClosedRange<Int>, header: Bool = true) -> String {
        (header ? "id,name,text\n" : "") + rows.map { "\($0),row-\($0)," + String(repeating: "x", count: 36) }.joined(separator: "\n") + "\n"
    }

    @Test("f, I and Ctrl-S pressed before a file is indexed wait for every row and then cover them all; Esc while they wait cancels them")
    func exploringWaitsForEveryRow() throws {
        let file = TemporaryFile(name: "big.csv", Self.csv(rows: 1...100_000))
        let saved = file.directory + "-saved.csv"
        defer { unlink(saved) }
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        #expect(t.app.screen.view.table.list.numberOfRows < 100_000)
        t.type("]f")
        #expect(t.text.contains("counting the values of name once every row is read"), "\(t.text)")
        Self.settle(&t)
        #expect(t.app.screen.sheet?.source.records.count == 100_000, "one value a row, every row")
        t.send(.key(KeyEvent(.escape)))

        var summary = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        summary.type("I")
        Self.settle(&summary)
        let id = try #require(summary.app.screen.sheet?.source.records.first { $0[0] == "id" })
        #expect(id[2] == "100000" && id[6] == "100000", "count and greatest of every row: \(id)")

        var save = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        Self.askSave(&save, to: saved)
        Self.settle(&save)
        #expect(save.app.status.contains("saved 100,000 rows"), "\(save.app.status)")
        #expect(try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n").count == 100_001)

        var cancelled = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        cancelled.type("I")
        cancelled.send(.key(KeyEvent(.escape)))
        Self.settle(&cancelled)
        #expect(cancelled.app.screen.sheet == nil && cancelled.app.screen.exploration.waiting.isEmpty, "\(cancelled.text)")
    }

    @Test("a save and a frequency table asked for while a file is read run side by side: once the table shows, the save is still said, and Esc stops it")
    func saveRunsBesideFrequency() throws {
        let file = TemporaryFile(name: "big.csv", Self.csv(rows: 1...100_000))
        let saved = file.directory + "-beside.csv"
        defer { unlink(saved) }
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 160, rows: 20)
        Self.askSave(&t, to: saved)
        t.type("]f")
        // Everything but the save runs: the file is read, then the values counted.
        var steps = 0
        while let next = t.pendingWork.first(where: { $0.id.name != "save" }), steps < 10_000 {
            _ = t.runWork(next.id.name)
            steps += 1
        }
        #expect(t.app.screen.sheet?.source.records.count == 100_000, "the frequency table shows")
        #expect(t.app.status.contains("saving \(saved)… 0 s (Esc cancels)"), "\(t.app.status)")
        let sheetSays = t.app.screen.sheet?.statusText.parts ?? []
        #expect(sheetSays.contains("under the sheet: saving \(saved)… 0 s"), "the sheet's own status line says the save too: \(sheetSays)")
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.sheet == nil && t.app.status.contains("saving \(saved)"), "the first Esc closes the table, the save goes on: \(t.app.status)")
        t.send(.key(KeyEvent(.escape)))
        Self.settle(&t)
        #expect(t.app.status.contains("cancelled") && !t.app.screen.exploration.isRunning, "\(t.app.status)")
        #expect(access(saved, F_OK) != 0, "a cancelled save leaves no file")
    }

    @Test("a sort asked for before a file is indexed shows the rows found so far sorted at once, and every row sorted once the last is found")
    func sortBeforeIndexedSortsEveryRow() throws {
        let file = TemporaryFile(name: "big.csv", Self.csv(rows: 1...100_000))
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        let first = t.app.screen.view.table.list.numberOfRows
        t.type("O")
        #expect(t.runWork("sort") == true)
        t.type("g")
        #expect(Self.focusedNumber(t) == first, "the greatest id among the rows found so far: \(t.text)")
        Self.settle(&t)
        t.type("g")
        #expect(Self.focusedNumber(t) == 100_000 && t.text.contains("sorted by id ▼") && t.text.contains("100,000 rows"), "\(t.text)")
        t.type("G")
        #expect(Self.focusedNumber(t) == 1, "\(t.text)")
    }

    @Test("a file bigger than its first slice shows its first rows at once, counted so far; the rest come as it is indexed, and G pressed at once goes to the real last row")
    func growsAsIndexed() throws {
        let file = TemporaryFile(name: "big.csv", Self.csv(rows: 1...100_000))
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        let first = t.app.screen.view.table.list.numberOfRows
        #expect(first > 100 && first < 100_000 && t.text.contains("rows so far") && t.text.contains("indexing"), "\(t.text)")
        t.type("G")
        Self.settle(&t)
        #expect(t.app.screen.view.table.list.numberOfRows == 100_000 && Self.focusedNumber(t) == 100_000, "\(t.text)")
        #expect(t.text.contains("100,000 rows") && !t.text.contains("so far") && !t.text.contains("indexing"), "\(t.text)")
        // # over every row, and / in the order shown: sorted by name descending, row-99999 is
        // the first row and row-100000 further down.
        t.type("#50%\r")
        #expect(Self.focusedNumber(t) == 50_001, "\(t.text)")
        t.type("]O")
        Self.settle(&t)
        t.type("g")
        #expect(Self.focusedNumber(t) == 99_999 && t.text.contains("by name ▼"), "\(t.text)")
        t.type("/row-100000\r")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 100_000 && t.text.contains("(record 100,000 of the file), in the order shown"), "\(t.text)")
        // A column of numbers grows as wide as its longest number found: none is cut short.
        #expect(t.text.contains(" 100000 ") && !t.text.contains("100…"), "\(t.text)")
    }

    @Test("a search or # asked before the file is indexed waits for every row: not found means in the whole file")
    func waitsForEveryRow() throws {
        let file = TemporaryFile(name: "big.csv", Self.csv(rows: 1...100_000))
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        t.type("/row-99990,\r")
        #expect(t.text.contains("once every row is read"), "\(t.text)")
        Self.settle(&t)
        #expect(t.text.contains("no row holds “row-99990,”"), "\(t.text)")
        t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        t.type("#90000\r")
        #expect(t.text.contains("going to row 90000"), "\(t.text)")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 90_000, "\(t.text)")
    }

    @Test("rows written to the file after it was indexed come within a second, counted; F keeps the focus on the newest; a file cut shorter is read again from its start")
    func watchedFile() throws {
        let file = TemporaryFile(name: "log.csv", Self.csv(rows: 1...50))
        var t = try Self.opened(file, columns: 120, rows: 20)
        t.type("F")
        #expect(Self.focusedNumber(t) == 50 && t.text.contains("following the end (F stops)"), "\(t.text)")
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        handle.seekToEndOfFile()
        handle.write(Data(Self.csv(rows: 51...60, header: false).utf8))
        t.advance(by: 1.1)
        Self.settle(&t)
        #expect(t.app.screen.view.table.list.numberOfRows == 60 && Self.focusedNumber(t) == 60 && t.text.contains("60 rows"), "\(t.text)")
        // Cut shorter (a log truncated in place): read again from its start.
        handle.truncateFile(atOffset: 0)
        handle.write(Data(Self.csv(rows: 1...3).utf8))
        handle.closeFile()
        t.advance(by: 1.1)
        Self.settle(&t)
        #expect(t.app.screen.view.table.list.numberOfRows == 3 && t.text.contains("the file shrank") && t.text.contains("3 rows"), "\(t.text)")
    }

    @Test("JSON keys first seen far down become columns, and a column of numbers with a word far down becomes text, as the file is indexed")
    func schemaGrows() throws {
        // The codes are JSON numbers (a JSON string that spells one is text from the start).
        var lines = (1...50_000).map { #"{"id": \#($0), "code": \#($0 * 7)}"# }
        lines += (50_001...60_000).map { #"{"id": \#($0), "code": \#($0 * 7), "late": "yes"}"# }
        lines.append(#"{"id": 60001, "code": "N/A-x", "late": "yes"}"#)
        let file = TemporaryFile(name: "events.jsonl", lines.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 20)
        let source = t.app.screen.source
        #expect(source.columnTitles == ["id", "code"] && source.isNumeric(1), "\(source.columnTitles)")
        Self.settle(&t)
        let now = t.app.screen.source
        #expect(now.columnTitles == ["id", "code", "late"] && !now.isNumeric(1), "\(now.columnTitles)")
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "id", "code", "late"], "\(t.app.screen.view.table.columns.map(\.title))")
        let code = try #require(t.app.screen.view.table.columns.first { $0.title == "code" })
        #expect(code.alignment == .leading)
        t.type("G")
        Self.settle(&t)
        #expect(t.text.contains("N/A-x") && t.text.contains("yes"), "\(t.text)")
    }

    @Test("a record with more fields than the header names is marked ⚠ by its number and says why when shown whole (as is one cut short on screen); a record of two megabytes is shown whole, not cut at the megabyte a row holds")
    func problemsAndWholeRecords() throws {
        let long = String(repeating: "y", count: 2 << 20)
        let file = TemporaryFile(name: "odd.csv", "id,name\n1,a\n2,b,extra\n3,\(long)\n")
        var t = try Self.opened(file, columns: 100, rows: 12)
        // The long record is marked too: its row holds its first megabyte.
        #expect(t.text.contains("⚠ 2") && !t.text.contains("⚠ 1") && t.text.contains("⚠ 3"), "\(t.text)")
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        let shown = t.app.record?.detail.content.lines.map(\.text) ?? []
        #expect(shown.contains { $0.contains("3 fields, where the header names 2") } && t.text.contains("record 2 of the file, every field whole"), "\(shown) \(t.text)")
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        let whole = t.app.record?.detail.content.lines.map(\.text).joined() ?? ""
        #expect(whole.filter { $0 == "y" }.count == 2 << 20, "\(whole.count) characters shown")
    }

    @Test("/ in the file's own order reads the file's bytes for the rows that hold the text: a quote written doubled is found as typed, the header is no row, N goes back and round")
    func searchInFileOrder() throws {
        let file = TemporaryFile(name: "people.csv", "id,name,headword\n1,\"O\"\"Neill\",x\n2,Ann,y\n3,\"O\"\"Neill\",z\n4,Bo,w\n")
        var t = try Self.opened(file, columns: 100, rows: 12)
        t.type("/O\"Neill\r")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 1, "\(t.text)")
        t.type("n")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 3, "\(t.text)")
        t.type("n")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 1 && t.text.contains("from the top"), "\(t.text)")
        t.type("N")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 3, "\(t.text)")
        t.type("/headword\r")
        Self.settle(&t)
        #expect(t.text.contains("no row holds “headword”"), "\(t.text)")
    }

    @Test("rows selected together are copied with their heading, tab-separated, every one of them, on screen or far below it")
    func copiesSelectedRows() throws {
        let file = TemporaryFile(name: "rows.csv", Self.csv(rows: 1...5_000))
        var t = try Self.opened(file, columns: 100, rows: 12)
        t.send(.key(KeyEvent(.down, .shift)))
        t.send(.key(KeyEvent(.down, .shift)))
        t.send(.key(KeyEvent(.character("c"), .alt)))
        let lines = (t.clipboard ?? "").split(separator: "\n")
        #expect(lines.count == 4 && lines[0] == "id\tname\ttext" && lines[1].hasPrefix("1\trow-1\t") && lines[3].hasPrefix("3\trow-3\t"), "\(lines)")
        t.send(.key(KeyEvent(.end, .shift)))
        t.send(.key(KeyEvent(.character("c"), .alt)))
        let all = (t.clipboard ?? "").split(separator: "\n")
        #expect(all.count == 5_001 && all.last?.hasPrefix("5000\trow-5000\t") == true && !t.text.contains("not read yet"), "\(all.count) \(t.text)")
    }

    @Test("a file of more rows than one look reads is counted once: every row shown, the count the file's, the names past the first look read at once, and G goes to the last of them")
    func countsEveryRowOnce() throws {
        let rows = TableScreen.chunkSize + 40_000
        let file = TemporaryFile(name: "many.csv", "n\n" + (1...rows).map(String.init).joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 80, rows: 10)
        // G at once goes on past the names the first look reads, to the real last row.
        t.type("G")
        Self.settle(&t)
        #expect(t.app.screen.view.table.list.numberOfRows == rows && t.app.screen.counts.total == rows, "\(t.app.screen.view.table.list.numberOfRows) \(t.text)")
        #expect(Self.focusedNumber(t) == rows, "\(t.text)")
        #expect(t.text.contains("\(grouped(rows)) rows ·"), "\(t.text)")
    }

    @Test("a first line longer than the first slice (a header of 20,000 columns, a JSON line of 400 KB) still gives the titles, and every value its own column")
    func firstLineLongerThanTheSlice() throws {
        let wide = TemporaryFile(name: "wide.csv", (0..<20_000).map { "column_\($0)" }.joined(separator: ",") + "\n"
            + (0..<3).map { r in (0..<20_000).map { "\(r * 20_000 + $0)" }.joined(separator: ",") }.joined(separator: "\n") + "\n")
        let table = try FileTable(path: wide.path)
        #expect(table.columnTitles.count == 20_000 && table.columnTitles.first == "column_0" && table.columnTitles.last == "column_19999")
        let out = wide.directory + "/out.csv"
        _ = try TableQuery.write(table, recipe: ViewRecipe(columns: "column_19999,column_5"), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "column_19999,column_5\n19999,5\n39999,20005\n59999,40005\n")
        let long = TemporaryFile(name: "long.jsonl", #"{"a": ""# + String(repeating: "x", count: 400_000) + "\"}\n" + #"{"a": 1, "b": "late"}"# + "\n")
        let lines = try TableQuery.whole(try FileTable(path: long.path), for: ViewRecipe(), writing: .csv)
        #expect(lines.columnTitles == ["a", "b"], "\(lines.columnTitles)")
        let jsonOut = long.directory + "/out.csv"
        _ = try TableQuery.write(lines, recipe: ViewRecipe(columns: "b,a"), to: jsonOut, replacingExisting: true)
        let text = try String(contentsOfFile: jsonOut, encoding: .utf8)
        #expect(text.hasSuffix("\nlate,1\n") && text.hasPrefix("b,a\n,xxx"), "\(text.prefix(20)) … \(text.suffix(20))")
    }

    @Test("a batch run over a file given as a TableSource reads all of it, not the slice indexed when it was opened")
    func batchReadsTheWholeFile() throws {
        let file = TemporaryFile(name: "big.csv", Self.csv(rows: 1...100_000))
        let out = file.directory + "/out.csv"
        let written = try TableQuery.write(try FileTable(path: file.path), recipe: ViewRecipe(filters: ["id>99990"], columns: "id"), to: out)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written == 10 && text.hasSuffix("99999\n100000\n"), "\(written): \(text)")
        // Any source still finding its rows is read to its end first.
        let whole = try TableQuery.whole(try FileTable(path: file.path), for: ViewRecipe(), writing: .csv)
        let count = try whole.rowCount(progress: .unwatched)
        #expect(!whole.growth.isFinding && count == 100_000)
    }

    @Test("LT-12: a screen reader reads any row of a file on the table screen, far from the rows drawn, sorted or not, with its number and values")
    func LT_12_screenReaderReadsAnyRow() throws {
        let file = TemporaryFile(name: "rows.csv", Self.csv(rows: 1...5_000))
        var t = try Self.opened(file, columns: 100, rows: 12)
        func read(_ index: Int) -> [String] {
            let table = t.app.accessibility?.first { $0.role == .table }
            return table?.rows?.row(index)?.children.map(\.name) ?? []
        }
        #expect(read(3_999).prefix(3) == ["4000", "4000", "row-4000"], "\(read(3_999))")
        t.type("]O")
        Self.settle(&t)
        // Sorted by name descending: row-999 first, the focus kept where it was.
        #expect(read(0).prefix(3) == ["999", "999", "row-999"], "\(read(0))")
    }

    @Test("/ in any order shown finds in a file what reading every row finds: the bytes read once give the same first match, either way, for texts of every case and a quote written doubled")
    func searchAmongNamesAgreesWithRows() throws {
        var random = SeededRandom(seed: 7)
        let words = ["O\"Neill", "ann", "Ann", "bob", "x,y", "Zoë"]
        let lines = (0..<3_000).map { i in "\(i),\"\(words[Int(random.next() % 6)].replacing("\"", with: "\"\""))\",w\(random.next() % 50)" }
        let file = TemporaryFile(name: "words.csv", "id,name,tag\n" + lines.joined(separator: "\n") + "\n")
        let table = try FileTable(path: file.path)
        let texts = ["O\"Neill", "ann", "Ann", "x,y", "w4", "zoë", "nothing", "1,\"ann"]
        try Self.expectSearchesAgree(table, rows: 3_000, texts: texts, present: texts.filter { $0 != "nothing" && $0 != "1,\"ann" }, random: &random)
    }

    /// `/` among `rows` names in shuffled orders, each text both ways: the table's own way (the
    /// bytes read once) finds the first match reading every row finds, and finds one exactly for
    /// the texts `present`.
    static func expectSearchesAgree(_ table: FileTable, rows: Int, texts: [String], present: [String], random: inout SeededRandom) throws {
        for text in texts {
            var names = Array(0..<rows)
            names.shuffle(using: &random)
            for forward in [true, false] {
                let fast = try table.firstPlace(among: names, holding: text, forward: forward, progress: .unwatched)
                let slow = try table.firstPlaceOverRows(among: names, holding: text, forward: forward, progress: .unwatched)
                #expect(fast == slow, "\(text) \(forward): \(String(describing: fast)) against \(String(describing: slow))")
                #expect((fast != nil) == present.contains(text), "\(text) is in some row as shown, or none")
            }
        }
    }

    @Test("/ in any order shown finds in JSON Lines what reading every row finds: escaped letters, nested arrays and objects shown compact, numbers and words as written")
    func jsonSearchAmongNamesAgreesWithRows() throws {
        var random = SeededRandom(seed: 11)
        let templates = [#"{"id": I, "name": "ann", "tag": "w7"}"#, #"{"id": I, "name": "O\"Neill"}"#, #"{"id": I, "name": "\u0041nn"}"#,
                         #"{"id": I, "list": [1, 2, 3]}"#, #"{"id": I, "obj": {"k": "v"}}"#, #"{"id": I, "n": 1.50, "ok": true, "none": null}"#,
                         #"{"id": I, "name": "Zo\u00eb"}"#, #"{"id": I, "path": "C:\\dir"}"#]
        let lines = (0..<2_000).map { i in templates[Int(random.next() % UInt64(templates.count))].replacing("I", with: "\(i)") }
        let file = TemporaryFile(name: "words.jsonl", lines.joined(separator: "\n") + "\n")
        let table = try FileTable(path: file.path)
        let present = ["ann", "Ann", "O\"Neill", "[1,2", #""k":"v""#, "1.50", "true", "zoë", #"C:\dir"#]
        try Self.expectSearchesAgree(table, rows: 2_000, texts: present + ["nothing", "[1, 2"], present: present, random: &random)
    }

    @Test("digits typed in a file's table in its own order go to the row of that number, as in the file's screen; letters, which no number starts with, say so")
    func typeAheadByRowNumber() throws {
        let file = TemporaryFile(name: "rows.csv", Self.csv(rows: 1...5_000))
        var t = try Self.opened(file, columns: 100, rows: 12)
        t.type("250")
        Self.settle(&t)
        #expect(Self.focusedNumber(t) == 250 && t.text.contains("typed “250”"), "\(t.text)")
        t.advance(by: 2)
        t.type("r")
        Self.settle(&t)
        #expect(t.text.contains("no row starts with “r”") && Self.focusedNumber(t) == 250, "\(t.text)")
    }

    @Test("LT-12: a click on the # heading of a sorted file shows it in its own order again at once; filtered, it says so while the order is made")
    func LT_12_numberHeadingShowsOwnOrder() throws {
        let file = TemporaryFile(name: "rows.csv", Self.csv(rows: 1...500))
        var t = try Self.opened(file, columns: 240, rows: 12)
        func clickNumberHeading() {
            t.send(.mouse(MouseEvent(.press, column: 2, row: 0)))
            t.send(.mouse(MouseEvent(.release, column: 2, row: 0)))
        }
        t.type("]O")
        Self.settle(&t)
        t.send(.key(KeyEvent(.home)))
        #expect(Self.focusedNumber(t) == 99, "\(t.text)")
        clickNumberHeading()
        t.send(.key(KeyEvent(.home)))
        #expect(Self.focusedNumber(t) == 1 && !t.text.contains("sorted by") && t.text.split(separator: "\n").contains { $0.hasSuffix("row-2   " + String(repeating: "x", count: 36)) || $0.contains(" row-2 ") }, "\(t.text)")
        t.type("|")
        t.send(.key(KeyEvent(.character("u"), .control)))
        t.type("id>100\r")
        Self.settle(&t)
        t.type("]O")
        Self.settle(&t)
        clickNumberHeading()
        #expect(t.text.contains("going back to the table's own order"), "\(t.text)")
        Self.settle(&t)
        t.send(.key(KeyEvent(.home)))
        #expect(Self.focusedNumber(t) == 101 && !t.text.contains("sorted by"), "\(t.text)")
    }

    @Test("a file opens with its first row focused: Enter shows it whole and = keeps its value at once, before any key moved the focus")
    func firstRowFocusedOnOpening() throws {
        let file = TemporaryFile(name: "first.csv", "id,city\n1,Oslo\n2,Rome\n3,Oslo\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 10)
        #expect(Self.focusedNumber(t) == 1)
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.record?.detail.content.lines.contains { $0.name == "city" && $0.text.hasSuffix("Oslo") } == true, "\(t.text)")
    }
}
