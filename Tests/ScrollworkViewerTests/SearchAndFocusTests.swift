import Foundation
import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// #64: `/`, `n` and `N` start at the focus and go round past the end, saying so, in a file's
/// order, a sorted view, a database and the pager; a focused row from the start, after every
/// filter, so that Enter, `=` and `!` act at once.
@Suite struct SearchAndFocusTests {
    /// Rows 1…1000; "hit" in rows 100, 500 and 900.
    static let csv = "id,text\n" + (1...1000).map { "\($0),\([100, 500, 900].contains($0) ? "a hit" : "plain")" }.joined(separator: "\n") + "\n"

    static func open(_ file: TemporaryFile) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 100, rows: 20)
        while t.runWork("growth") {}
        return t
    }

    /// Runs the pending work called `name`; false when there was none.
    static func ran<A: App>(_ t: inout HeadlessTerminal<A>, _ name: String?) -> Bool { t.runWork(name) }

    static func focused(_ t: HeadlessTerminal<TableViewer>) -> Int? { t.app.screen.view.table.list.cursor.flatMap { t.app.screen.view.table.list.indexPath(of: $0) }?.row }

    @Test("in the file's order, / starts at the focus, n and N step from the focus, and going round past an end is said")
    func searchFromTheFocusInFileOrder() throws {
        let file = TemporaryFile(name: "hits.csv", Self.csv)
        var t = try Self.open(file)
        #expect(Self.focused(t) == 0, "the first row is focused from the start")
        t.type("#600\r")
        t.type("/hit\r")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 899 && !t.app.status.contains("went on"), "\(t.app.status)")
        t.type("n")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 99 && t.app.status.contains("search hit the end, went on from the top"), "\(t.app.status)")
        t.type("N")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 899 && t.app.status.contains("search hit the top, went on from the end"), "\(t.app.status)")
        // From wherever the focus is now, not from the last match.
        t.type("#300\r")
        t.type("n")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 499, "\(t.app.status)")
        t.type("N")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 99)
        // A match only in the focused row: found by going round to it.
        t.type("/plain\r")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 100)
    }

    @Test("in the pager, n and N go on from the screen shown: N after G finds the last match above the end")
    func pagerSearchFromTheScreen() throws {
        let lines = (1...6000).map { [10, 3000, 5000].contains($0) ? "a needle here" : "line \($0)" }
        let file = TemporaryFile(name: "hay.log", lines.joined(separator: "\n") + "\n")
        guard case let .pager(pager) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("not a pager")
            return
        }
        var t = HeadlessTerminal(pager, columns: 80, rows: 20)
        while t.runWork("index") {}
        t.type("/needle\r")
        #expect(Self.ran(&t, "search"))
        #expect(t.app.view.content.match == 9)
        t.type("G")
        t.advance(by: 1)
        t.type("N")
        #expect(Self.ran(&t, "search"))
        #expect(t.app.view.content.match == 4999, "\(t.app.status)")
        t.type("n")
        #expect(Self.ran(&t, "search"))
        #expect(t.app.view.content.match == 9 && t.app.status.contains("search hit the end"), "\(t.app.status)")
        t.type("g")
        t.advance(by: 1)
        t.type("n")
        #expect(Self.ran(&t, "search"))
        #expect(t.app.view.content.match == 2999, "n from the match on screen: \(t.app.status)")
    }

    @Test("in a sorted view / finds what a row's fields hold: a quote doubled in the file, never text across two fields, only rows a filter keeps")
    func sortedSearchTestsTheFields() throws {
        // Sorted by name descending: Zed, Seán O'Neill, Ann, Al.
        let file = TemporaryFile(name: "people.csv", "id;name;note\n1;'Ann';'a;b'\n2;'Seán O''Neill';'x'\n3;'Zed';'y'\n4;'Al';'keep'\n")
        var t = try Self.open(file)
        t.send(.key(KeyEvent(.character("]"))))
        t.send(.key(KeyEvent(.character("O"))))
        #expect(Self.ran(&t, "sort"))
        t.type("/o'neill\r")
        #expect(Self.ran(&t, "search"))
        #expect(Self.focused(t) == 1, "\(t.app.status)")
        // "Neill;x" is in the file's bytes (between quotes) but in no one field.
        t.type("/neill';'x\r")
        #expect(Self.ran(&t, "search"))
        #expect(t.app.status.contains("no row holds"), "\(t.app.status)")
        t.type("|")
        t.send(.key(KeyEvent(.character("u"), .control)))
        t.type("id>2\r")
        #expect(Self.ran(&t, "sort"))
        t.type("/a\r")
        #expect(Self.ran(&t, "search"), "\(t.app.status)")
        #expect(t.app.screen.view.table.list.numberOfRows == 2 && Self.focused(t) == 1, "Al, not Ann: \(t.app.status)")
    }

    @Test("a table keeps a focused row after a filter that leaves its row out: Enter and = act at once")
    func focusAfterAFilter() throws {
        let file = TemporaryFile(name: "hits.csv", Self.csv)
        var t = try Self.open(file)
        t.type("|")
        t.send(.key(KeyEvent(.character("u"), .control)))
        t.type("text=a hit\r")
        #expect(Self.ran(&t, "sort"))
        #expect(t.app.screen.view.table.list.numberOfRows == 3 && Self.focused(t) == 0)
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.record?.detail.content.lines.first?.text == "100", "\(t.app.status)")
    }

    @Test("a database table after a filter: Enter shows the first kept row as soon as it comes; Esc asks before dropping the filter; ? lists the tables' keys")
    func databaseFocusAfterFilter() throws {
        try DatabaseViewerTests.withFlights(rows: 500) { path, _ in
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.type("?")
            #expect(t.app.help != nil && t.text.contains("open the table or view"), "\(t.text)")
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.help == nil)
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            t.type("|carrier=DL\r")
            // Enter once the kept rows are counted but before their values have come: it waits
            // for them, then shows the first.
            var waited = false
            for _ in 0..<1000 where Self.ran(&t, nil) {
                guard let screen = t.app.opened, !screen.shown.filters.isEmpty, screen.view.table.list.numberOfRows > 0, screen.focusedValues == nil else { continue }
                t.send(.key(KeyEvent(.enter)))
                waited = t.app.opened?.keyMemory.awaitingRow == .record
                break
            }
            #expect(waited, "Enter came while the focused row was on its way")
            DatabaseViewerTests.settle(&t)
            let first = (1...500).first { DatabaseExploreTests.carrier($0) == "DL" }!
            let lines = try #require(t.app.record?.detail.content.lines)
            #expect(lines.contains { $0.name == "id" && $0.text == "\(first)" }, "\(lines)")
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.record == nil)
            // Esc on the filtered table: said first, then it goes back.
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.opened != nil && t.app.opened?.status(at: 0).contains("Esc again goes back") == true)
            t.send(.key(KeyEvent(.escape)))
            #expect(t.app.opened == nil)
        }
    }
}

/// #64: missing is missing, with one rule: `COLUMN=` keeps every missing value and `COLUMN!=`
/// the others, in CSV, JSON Lines and a database alike, as the summary counts them.
@Suite struct MissingIsMissingTests {
    /// What `--filter filter` writes from `file`, as lines.
    static func kept(_ file: TemporaryFile, _ filter: String) throws -> [String] {
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        let out = file.directory + "/kept.csv"
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(filters: [filter]), to: out)
        return try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("COLUMN= keeps JSON null, absent keys, empty fields and missing words; COLUMN!= the rest; the summary agrees")
    func emptyFilterKeepsMissing() throws {
        let json = TemporaryFile(name: "n.jsonl", #"{"a":null,"b":1}"# + "\n" + #"{"a":1,"b":2}"# + "\n" + #"{"a":"","b":3}"# + "\n" + #"{"b":4}"# + "\n" + #"{"a":"x","b":5}"# + "\n")
        #expect(try Self.kept(json, "a=").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last! } == ["1", "3", "4"])
        #expect(try Self.kept(json, "a!=").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last! } == ["2", "5"])
        let csv = TemporaryFile(name: "n.csv", "a,b\nnull,1\n1,2\n,3\nNA,4\nx,5\n")
        #expect(try Self.kept(csv, "a=") == ["a,b", "null,1", ",3", "NA,4"])
        #expect(try Self.kept(csv, "a!=") == ["a,b", "1,2", "x,5"])
        let viewer = try OpenFile.viewer(path: csv.path, separator: nil, header: nil, theme: Theme())
        let out = csv.directory + "/summary.csv"
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(summary: true), to: out)
        let row = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(row[0] == "a" && row[3] == "3", "the summary's missing count is what a= keeps: \(row)")
    }

    @Test("in a database, COLUMN= keeps NULL and = on a NULL value keeps the NULL rows")
    func emptyFilterKeepsNullInTheDatabase() throws {
        try DatabaseViewerTests.withFlights(rows: 260) { path, _ in
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            t.type("|delay=\r")
            DatabaseViewerTests.settle(&t)
            let nulls = (1...260).filter { DatabaseExploreTests.delay($0) == nil }.count
            #expect(t.app.opened?.status(at: 0).contains("\(nulls) of 260 rows") == true, "\(t.app.opened?.status(at: 0) ?? "")")
            // = on the focused row (a NULL delay) keeps the same rows.
            t.type("u")
            DatabaseViewerTests.settle(&t)
            t.type("]]")
            t.type("#13\r")
            t.type("=")
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.status(at: 0).contains("\(nulls) of 260 rows") == true, "\(t.app.opened?.status(at: 0) ?? "")")
        }
    }

    @Test("the status line uses the terminal's whole width")
    func statusUsesTheWholeWidth() throws {
        let file = TemporaryFile(name: "hits.csv", SearchAndFocusTests.csv)
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 400, rows: 10)
        while t.runWork("growth") {}
        t.type("]=F")
        _ = t.runWork("sort")
        let status = t.app.status
        #expect(status.count > 160)
        #expect(t.text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } == status, "\(t.text)")
    }
}

/// The one order every search in the order shown tests rows in (#64).
@Suite struct SearchSweepTests {
    @Test("n from the last row, or N from the first, starts round past the end, and says so whatever it finds")
    func startPastAnEndIsRound() {
        let fromLast = SearchSweep(total: 10, focus: 9, forward: true, including: false)
        #expect(fromLast.start == 0 && (0..<10).allSatisfy(fromLast.wentRound(to:)))
        let fromFirst = SearchSweep(total: 10, focus: 0, forward: false, including: false)
        #expect(fromFirst.start == 9 && (0..<10).allSatisfy(fromFirst.wentRound(to:)))
        let fromMiddle = SearchSweep(total: 10, focus: 4, forward: true, including: false)
        #expect((5..<10).allSatisfy { !fromMiddle.wentRound(to: $0) } && (0...4).allSatisfy(fromMiddle.wentRound(to:)))
        let onLast = SearchSweep(total: 10, focus: 9, forward: true, including: true)
        #expect(!onLast.wentRound(to: 9) && onLast.wentRound(to: 0), "/ on the last row tests it first")
    }

    @Test("batches of any size test every row once, from the start round to just before it, either way")
    func batchesCoverEveryRowOnce() {
        for total in 0...9 {
            for focus in [nil, 0, 3, total - 1, total + 5] as [Int?] {
                for forward in [true, false] {
                    for including in [true, false] {
                        let sweep = SearchSweep(total: total, focus: focus, forward: forward, including: including)
                        let expected = (0..<total).map { k in forward ? (sweep.start + k) % total : ((sweep.start - k) % total + total) % total }
                        for size in [Int.min, 0, 1, 2, 4, 100] {
                            #expect(sweep.batches(of: size).flatMap(sweep.rows(of:)) == expected, "\(total) \(String(describing: focus)) \(forward) \(size)")
                        }
                    }
                }
            }
        }
    }
}
