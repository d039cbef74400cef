import Foundation
import Scrollwork
@testable import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// Exploring a table in `scrollwork open`: filters, frequency tables, the summary, columns, going
/// to a row and saving, each driven by its keys as a person types them, and always the right
/// record behind a row.
@Suite struct ExploreViewerTests {
    /// 600 flights: id, carrier, dep_delay (NA every 7th), origin.
    static let rows: [[String]] = (0..<600).map { i in
        ["\(i + 1)", ["AA", "DL", "UA"][(i * 5 + i / 3) % 3], i % 7 == 0 ? "NA" : "\((i * 31) % 97 - 20)", ["JFK", "LGA", "EWR", "BOS"][i % 4]]
    }

    static func file() -> TemporaryFile {
        TemporaryFile(name: "flights.csv", "id,carrier,dep_delay,origin\n" + rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
    }

    static func open(_ file: TemporaryFile) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 110, rows: 24)
        while t.runWork("growth") {}
        return t
    }

    /// The ids of the rows shown, in order.
    static func ids(_ t: HeadlessTerminal<TableViewer>) throws -> [String] {
        try (0..<t.app.screen.view.table.list.numberOfRows).map { try t.app.screen.view.table.list.row(at: IndexPath(row: $0))[0] ?? "" }
    }

    /// Clicks the heading titled `title` and runs the sort it starts.
    static func sort(_ t: inout HeadlessTerminal<TableViewer>, by title: String) throws {
        let header = String(t.text.split(separator: "\n")[0])
        let column = try #require(header.range(of: " " + title)).lowerBound.utf16Offset(in: header) + 1
        t.send(.mouse(MouseEvent(.press, column: column, row: 0)))
        t.send(.mouse(MouseEvent(.release, column: column, row: 0)))
        #expect(t.runWork("sort") == true)
    }

    /// Types `text` at the prompt and presses Enter.
    static func answer(_ t: inout HeadlessTerminal<TableViewer>, _ text: String) {
        for character in text { t.send(.key(KeyEvent(.character(character)))) }
        t.send(.key(KeyEvent(.enter)))
    }

    @Test("a file's values show as it writes them, a column of missing values whole: 007, 605.60 and 1e3 stay, null is not cut to n…")
    func valuesShowAsWritten() throws {
        // The column of nulls in the middle: the last column takes what room is left.
        let file = TemporaryFile(name: "values.csv", "id,c,price\n007,null,605.60\n2,null,1e3\n3,4,-2.50\n")
        let t = try Self.open(file)
        let lines = t.text.split(separator: "\n").map(String.init)
        let words = lines[1...3].map { $0.split(separator: " ").map(String.init) }
        #expect(words.map { Array($0.dropFirst()) } == [["007", "null", "605.60"], ["2", "null", "1e3"], ["3", "4", "-2.50"]], "\(lines.prefix(4))")
    }

    @Test("| filters as --filter does, filters stack and show in the status line, u removes them one by one")
    func filtersStack() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("|")
        #expect(t.app.screen.field?.text == "id", "the prompt starts with the current column")
        t.send(.key(KeyEvent(.backspace)))
        t.send(.key(KeyEvent(.backspace)))
        Self.answer(&t, "carrier=DL")
        #expect(t.runWork("sort") == true)
        let dl = Self.rows.filter { $0[1] == "DL" }.map { $0[0] }
        #expect(try Self.ids(t) == dl)
        #expect(t.app.status.contains("\(dl.count) of 600 rows") && t.app.status.contains("filtered by carrier=DL"))
        t.type("|")
        for _ in 0..<2 { t.send(.key(KeyEvent(.backspace))) }
        Self.answer(&t, "dep_delay>50")
        #expect(t.runWork("sort") == true)
        let late = Self.rows.filter { $0[1] == "DL" && (Int($0[2]) ?? .min) > 50 }.map { $0[0] }
        #expect(try Self.ids(t) == late && !late.isEmpty)
        #expect(t.app.status.contains("filtered by carrier=DL, dep_delay>50"))
        t.type("u")
        #expect(t.runWork("sort") == true)
        #expect(try Self.ids(t) == dl)
        t.type("u")
        #expect(try Self.ids(t).count == 600 && !t.app.status.contains("filtered"))
        // A bad filter says what is wrong and keeps the rows.
        t.type("|")
        for _ in 0..<2 { t.send(.key(KeyEvent(.backspace))) }
        Self.answer(&t, "nope>3")
        #expect(try t.app.status.contains("no column is called 'nope'") && (try Self.ids(t)).count == 600)
    }

    @Test("a long path gives up its middle, then its place, before the status line gives up the answer to a key")
    func longPathKeepsMessages() throws {
        let long = TemporaryFile(name: String(repeating: "a-long-folder-like-name-", count: 6) + "flights.csv", "id,carrier,dep_delay,origin\n" + Self.rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
        var t = try Self.open(long)
        t.type("|")
        for _ in 0..<2 { t.send(.key(KeyEvent(.backspace))) }
        Self.answer(&t, "nope>3")
        let line = try #require(t.text.split(separator: "\n").last)
        #expect(line.hasPrefix(" 600 rows · no column is called 'nope'; the columns are 'id', 'carrier', 'dep_delay', 'origin'"), "\(line)")
        #expect(line.contains("600 rows") && displayWidth(line) <= 110, "\(line)")
        // A shorter answer leaves room for the path, its middle given up.
        t.type("|")
        Self.answer(&t, "carrier=ZZ")
        _ = t.runWork("sort")
        let kept = try #require(t.text.split(separator: "\n").last)
        #expect(kept.contains("…") && kept.contains("flights.csv") && kept.contains("0 of 600 rows"), "\(kept)")
    }

    @Test("a status line fits its width: the name loses its middle down to 24 cells, then gives way to the counts and the answer to the last key, then the line loses its end; no width traps")
    func statusTextFits() {
        let text = StatusText(name: "/home/someone/data/2013/exports/flights.csv", parts: ["600 rows", "no column is called 'x'", "q quits"])
        #expect(text.fitted(toWidth: 200) == text.whole)
        let fitted = text.fitted(toWidth: 72)
        #expect(displayWidth(fitted) == 72 && fitted.hasSuffix("q quits") && fitted.contains("…"), "\(fitted)")
        let middle = text.fitted(toWidth: 64)
        #expect(middle.hasPrefix("/home/some") && middle.contains("flights.csv · 600 rows · no column is called 'x'"), "\(middle)")
        // Too narrow for the name and the answer whole: the answer stays whole.
        let narrow = text.fitted(toWidth: 40)
        #expect(narrow.hasPrefix("600 rows · no column is called 'x'") && displayWidth(narrow) == 40, "\(narrow)")
        for width in [Int.min, -1, 0, 1, 5] { #expect(displayWidth(text.fitted(toWidth: width)) <= Swift.max(0, width)) }
        #expect(StatusText(name: "", parts: []).fitted(toWidth: 10) == "")
        // The keys to press give way before the name does.
        let hinted = StatusText(name: "/tmp/scrollwork-flights-1000000.jsonl", parts: ["1,000,000 rows", "sorted by tailnum ▲"], hint: "/ search · | filter · ? keys · q quits")
        let line = hinted.fitted(toWidth: 90)
        #expect(line.hasPrefix("/tmp/scrollwork-flights-1000000.jsonl · 1,000,000 rows · sorted by tailnum ▲ · / search") && line.hasSuffix("…") && displayWidth(line) == 90, "\(line)")
        #expect(hinted.whole.hasSuffix("q quits"))
    }

    @Test("= on a record that leaves its last field off keeps the rows whose field is empty, as its row shows it; ! keeps the others")
    func keepEqualOnAShortRecord() throws {
        let file = TemporaryFile(name: "short.csv", "id,a,b\n1,x\n2,x,\n3,x,y\n")
        var t = try Self.open(file)
        t.type("]]")
        #expect(t.app.screen.currentField == 2 && t.app.screen.view.table.list.cursor != nil)
        t.type("=")
        #expect(t.runWork("sort") == true)
        #expect(try Self.ids(t) == ["1", "2"] && t.app.status.contains("b="), "\(t.app.status)")
        t.type("u")
        #expect(t.runWork("sort") == true || t.app.filterTexts.isEmpty)
        t.type("g!")
        #expect(t.runWork("sort") == true)
        #expect(try Self.ids(t) == ["3"])
    }

    @Test("= keeps the focused row's value in the current column, ! the others; a sorted view stays sorted and Enter shows the row's own record")
    func keepEqualAndRecords() throws {
        let file = Self.file()
        var t = try Self.open(file)
        #expect(t.output.screen[1, 0].style.underline == false, "no column is marked before one is chosen")
        t.type("]")
        #expect(t.app.screen.currentField == 1 && t.app.status.contains("column carrier"))
        let carrier = try #require(t.text.split(separator: "\n")[0].range(of: "carrier")).lowerBound.utf16Offset(in: String(t.text.split(separator: "\n")[0]))
        #expect(t.output.screen[carrier, 0].style.underline && t.output.screen[carrier, 0].style.bold, "the current column's heading is marked")
        // Sorted by dep_delay, descending, before the filter.
        try Self.sort(&t, by: "dep_d")
        try Self.sort(&t, by: "dep_d")
        try t.app.screen.view.table.list.select(IndexPath(row: 0), at: t.time)
        let value = try #require(try t.app.screen.view.table.list.row(at: IndexPath(row: 0))[1])
        t.type("=")
        #expect(t.runWork("sort") == true)
        #expect(t.app.screen.shown.order?.column == 2 && t.app.screen.shown.order?.ascending == false, "the kept rows are sorted again as the view was")
        let kept = Self.rows.filter { $0[1] == value }
        let shown = try (0..<t.app.screen.view.table.list.numberOfRows).map { try t.app.screen.view.table.list.row(at: IndexPath(row: $0)) }
        #expect(shown.count == kept.count && shown.allSatisfy { $0[1] == value })
        let delays = shown.compactMap { Int($0[2] ?? "") }
        #expect(delays == delays.sorted(by: >), "still sorted by dep_delay, descending")
        // Every row's # and record view are its own record of the file.
        for row in [0, 3, shown.count - 1] {
            try t.app.screen.view.table.list.select(IndexPath(row: row), at: t.time)
            t.send(.key(KeyEvent(.enter)))
            let id = t.app.record?.detail.content.lines.first { $0.name == "id" }?.text
            #expect(id == shown[row][0] && shown[row].number == Int(shown[row][0] ?? ""), "row \(row)")
            t.send(.key(KeyEvent(.escape)))
        }
        t.type("u")
        try t.app.screen.view.table.list.select(IndexPath(row: 0), at: t.time)
        let first = try #require(try t.app.screen.view.table.list.row(at: IndexPath(row: 0))[1])
        t.type("!")
        #expect(t.runWork("sort") == true)
        #expect(try (0..<t.app.screen.view.table.list.numberOfRows).allSatisfy { try t.app.screen.view.table.list.row(at: IndexPath(row: $0))[1] != first })
    }

    @Test("f counts the current column's values, most first; Enter on one keeps its rows; I summarises every column")
    func frequencyAndSummary() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("]]]")
        #expect(t.app.screen.currentField == 3)
        t.type("f")
        #expect(t.runWork("frequency") == true)
        let sheet = try #require(t.app.screen.sheet)
        #expect(sheet.view.table.list.numberOfRows == 4 && t.text.contains("Frequency of origin"))
        #expect(try sheet.view.table.list.row(at: IndexPath(row: 0)).fields == ["BOS", "150", "25.00"])
        #expect(t.text.contains("█"), "each value has a bar")
        let now = t.time
        try t.app.screen.sheet?.view.table.list.select(IndexPath(row: 2), at: now)
        let chosen = try #require(t.app.screen.sheet?.focused?[0])
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.screen.sheet == nil)
        #expect(t.runWork("sort") == true)
        #expect(try Self.ids(t) == Self.rows.filter { $0[3] == chosen }.map { $0[0] })
        // The summary of the rows kept.
        t.type("I")
        #expect(t.runWork("summary") == true)
        let summary = try #require(t.app.screen.sheet)
        #expect(summary.view.table.list.numberOfRows == 4 && t.text.contains("Summary of 4 columns in 150 rows"))
        let delay = try summary.view.table.list.row(at: IndexPath(row: 2))
        let values = Self.rows.filter { $0[3] == chosen }.compactMap { Int($0[2]) }
        #expect(delay[0] == "dep_delay" && delay[1] == "integers" && delay[2] == "\(values.count)" && delay[5] == "\(values.min()!)" && delay[6] == "\(values.max()!)")
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.sheet == nil)
        // Esc cancels a count under way.
        t.type("f")
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.app.screen.exploration.isRunning)
    }

    @Test("what is shown over the table takes the keys, front-most first: a frequency table that comes while the prompt is open waits under it")
    func overlaysTakeKeysInOrder() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("]]]")
        t.type("f")
        t.type("/")
        t.type("BOS")
        #expect(t.app.screen.field != nil)
        #expect(t.runWork("frequency") == true)
        #expect(t.app.screen.field?.text == "BOS" && t.app.screen.sheet != nil, "the prompt keeps what is being typed")
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.overlay == nil && t.app.screen.sheet != nil && t.text.contains("Frequency of origin"))
        t.type("q")
        #expect(t.app.screen.overlay == nil && t.app.screen.sheet == nil && !t.app.wantsQuit, "q closes the sheet, not the viewer")
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.record?.record != nil)
        t.type("q")
        #expect(t.app.record == nil && t.app.screen.overlay == nil && !t.app.wantsQuit)
    }

    @Test("columns hide and show, pin, move, fit, and $ goes to the last; a save writes the view as shown")
    func columnsAndSave() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("]")
        t.type("-")
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "id", "dep_delay", "origin"])
        t.type("$")
        #expect(t.app.screen.currentColumn == 3)
        t.type("P")
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "origin", "id", "dep_delay"] && t.app.screen.view.table.pinnedColumns == 2)
        t.type("}")
        #expect(t.app.status.contains("pinned columns move only among themselves"))
        t.type("]]")
        t.type("{")
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "origin", "dep_delay", "id"])
        let before = t.app.screen.view.table.columnWidths[2]
        t.type("_")
        #expect(t.app.screen.view.table.columnWidths[2] != before || t.app.status.contains("fitted"))
        // Filter, sort by id descending, and save what shows: origin, dep_delay, id.
        t.type("|")
        for _ in 0..<9 { t.send(.key(KeyEvent(.backspace))) }
        Self.answer(&t, "origin=BOS")
        #expect(t.runWork("sort") == true)
        try Self.sort(&t, by: "id")
        try Self.sort(&t, by: "id")
        t.send(.key(KeyEvent(.character("s"), .control)))
        #expect(t.app.screen.field?.text == file.directory + "/flights-view.csv", "the prompt suggests a name beside the file")
        #expect(SaveTarget.suggestion(besideFile:)("flights.csv") == "flights-view.csv" && SaveTarget.suggestion(besideFile:)("") == "view.csv"
            && SaveTarget.suggestion(besideFile:)("/") == "/view.csv" && SaveTarget.suggestion(besideFile:)("/a/.hidden") == "/a/hidden-view.csv")
        t.send(.key(KeyEvent(.character("u"), .control)))
        let out = file.directory + "-saved.tsv"
        defer { unlink(out) }
        Self.answer(&t, out)
        #expect(t.runWork("save") == true)
        #expect(t.app.status.contains("saved 150 rows"))
        let expected = ["origin\tdep_delay\tid"] + Self.rows.filter { $0[3] == "BOS" }.reversed().map { "\($0[3])\t\($0[2])\t\($0[0])" }
        #expect(try String(contentsOfFile: out, encoding: .utf8) == expected.joined(separator: "\n") + "\n")
        t.type("+")
        #expect(t.app.screen.view.table.columns.map(\.title).sorted() == ["#", "carrier", "dep_delay", "id", "origin"])
    }

    @Test("# goes to a row by number or percentage; ? lists the keys from the command table; / in a filtered view finds kept rows only")
    func goToRowHelpAndSearch() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("#")
        Self.answer(&t, "250")
        #expect(t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) } == IndexPath(row: 249))
        t.type("#")
        Self.answer(&t, "50%")
        #expect(t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) } == IndexPath(row: 300))
        t.type("#")
        Self.answer(&t, "soon")
        #expect(t.app.status.contains("is not a row"))
        t.type("?")
        #expect(t.app.screen.showingHelp && t.text.contains("frequency table"))
        let lines = t.app.screen.detail?.content.lines.map(\.name).filter { !$0.isEmpty } ?? []
        // Every key of the table, each once, grouped as its command's group orders them.
        let grouped = ViewerCommand.Group.allCases.flatMap { group in ViewerKeys.table.bindings.filter { $0.example?.group == group }.map(\.label) }
        #expect(lines == grouped && Set(lines) == Set(ViewerKeys.table.help.entries.map(\.keys)))
        t.send(.key(KeyEvent(.escape)))
        #expect(!t.app.screen.showingHelp && t.app.screen.detail == nil)
        // Only LGA rows kept: a search for a BOS row's id says it is filtered out.
        t.type("|")
        for _ in 0..<2 { t.send(.key(KeyEvent(.backspace))) }
        Self.answer(&t, "origin=LGA")
        #expect(t.runWork("sort") == true)
        t.type("/")
        Self.answer(&t, "598")
        #expect(t.runWork("search") == true)
        #expect(t.app.status.contains("record 598 of the file"), "598 is LGA")
        // "NA" is in rows of every origin: n skips the ones the filters leave out, N too.
        t.type("#")
        Self.answer(&t, "1")
        t.type("/")
        Self.answer(&t, "NA")
        while t.runWork("search") {}
        let shown = { (t: HeadlessTerminal<TableViewer>) in t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }.flatMap { try? t.app.screen.view.table.list.row(at: $0) } }
        #expect(shown(t)?[0] == "22" && shown(t)?[2] == "NA", "the first NA among the kept rows")
        let first = shown(t)?[0]
        t.type("n")
        while t.runWork("search") {}
        #expect(shown(t)?[0] == "50" && shown(t)?[2] == "NA" && shown(t)?[0] != first)
        t.type("N")
        while t.runWork("search") {}
        #expect(shown(t)?[0] == first, "back to the first")
        // Text only filtered-out rows hold: not found.
        t.type("/")
        Self.answer(&t, "596")
        while t.runWork("search") {}
        #expect(t.app.status.contains("no row holds"), "596 is BOS")
    }

    @Test("the command line's view opens in the viewer: its filters, sort keys, columns and frequency table, and a wrong one is an error first")
    func recipeOpensInTheViewer() throws {
        let file = Self.file()
        var viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        try viewer.apply(ViewRecipe(filters: ["origin=EWR", "dep_delay!=NA"], sorts: ["-dep_delay", "id"], columns: "dep_delay,id"), at: 0)
        var t = HeadlessTerminal(viewer, columns: 110, rows: 24)
        while t.runWork("growth") {}
        while t.runWork("sort") || t.runWork("sort") {}
        let expected = Self.rows.filter { $0[3] == "EWR" && $0[2] != "NA" }.sorted { a, b in
            Int(a[2])! != Int(b[2])! ? Int(a[2])! > Int(b[2])! : Int(a[0])! < Int(b[0])!
        }
        #expect(try Self.ids(t) == expected.map { $0[0] })
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "dep_delay", "id"])
        #expect(t.app.status.contains("filtered by origin=EWR, dep_delay!=NA"))
        var counting = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        try counting.apply(ViewRecipe(frequency: "carrier"), at: 0)
        var c = HeadlessTerminal(counting, columns: 110, rows: 24)
        #expect(c.runWork("frequency") == true)
        #expect(c.app.screen.sheet?.view.table.list.numberOfRows == 3)
        var wrong = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        #expect(throws: ExploreError.self) { try wrong.apply(ViewRecipe(sorts: ["nope"]), at: 0) }
        #expect(wrong.screen.view.table.columns.count == 5 && wrong.filterTexts.isEmpty)
    }

    @Test("keys that are also a name's letters (- _ u f P I) go on with a name being typed, and act once typing has paused")
    func typeAheadKeepsItsLetters() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("]")
        t.type("5-")
        #expect(t.app.screen.view.table.columns.count == 5, "- went on with the name")
        t.advance(by: 1.2)
        t.type("-")
        #expect(t.app.screen.view.table.columns.count == 4, "after a pause - hides the current column")
    }
}
