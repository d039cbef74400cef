import Foundation
import Glibc
import Scrollwork
@testable import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// A frequency table or a summary is a table like any other (#65): it sorts, searches, filters,
/// saves and shows a row whole with the table's keys, in a file's viewer and a database's alike,
/// and Enter still acts on the focused value whatever the sheet's own sort and filters did.
@Suite struct SheetsAreTablesTests {
    static func send(_ keys: String, to t: inout HeadlessTerminal<TableViewer>) {
        for character in keys { t.send(.key(KeyEvent(character == "\r" ? .enter : .character(character)))) }
    }

    /// The values of the sheet's first column, in the order shown.
    static func shownValues(_ sheet: ResultSheet?) throws -> [String] {
        let list = try #require(sheet?.view.table.list)
        return try (0..<list.numberOfRows).map { try list.row(at: IndexPath(row: $0))[0] ?? "" }
    }

    /// The flights file, its origin column counted: BOS, EWR, JFK, LGA 150 each (ties by value).
    static func frequencyOfOrigin() throws -> (TemporaryFile, HeadlessTerminal<TableViewer>) {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        Self.send("]]]f", to: &t)
        #expect(t.runWork("frequency") == true)
        return (file, t)
    }

    @Test("a frequency sheet's / n N search it in the order shown; | = ! u filter it; o and O sort it by the current column")
    func searchFilterSort() throws {
        var (_, t) = try Self.frequencyOfOrigin()
        #expect(try Self.shownValues(t.app.screen.sheet) == ["BOS", "EWR", "JFK", "LGA"])
        // Sorted by the value, descending: the sheet's own sort, not the table's.
        Self.send("O", to: &t)
        while t.runWork() {}
        #expect(try Self.shownValues(t.app.screen.sheet) == ["LGA", "JFK", "EWR", "BOS"])
        #expect(t.app.screen.view.table.sortOrder.isEmpty, "the table under the sheet is not sorted")
        // A search from the focus, in the order shown.
        Self.send("/EWR\r", to: &t)
        #expect(t.runWork("sheet search") == true)
        #expect(t.app.screen.sheet?.focused?[0] == "EWR")
        #expect(t.text.contains("match in row 3"), "\(t.text)")
        Self.send("/GA\r", to: &t)
        #expect(t.runWork("sheet search") == true)
        #expect(t.app.screen.sheet?.focused?[0] == "LGA" && t.text.contains("went on from the top"), "\(t.text)")
        // A filter of the sheet, written as the table's are.
        Self.send("|value~^[BJ]\r", to: &t)
        #expect(t.runWork("sheet filter") == true)
        // The rows kept are sorted again as the sheet was, in the background.
        while t.runWork() {}
        #expect(try Self.shownValues(t.app.screen.sheet) == ["JFK", "BOS"])
        #expect(t.text.contains("2 of 4 rows") && t.text.contains("filtered by value~^[BJ]"), "\(t.text)")
        Self.send("!", to: &t)
        #expect(t.runWork("sheet filter") == true)
        #expect(try Self.shownValues(t.app.screen.sheet).count == 1)
        Self.send("uu", to: &t)
        while t.runWork() {}
        #expect(try Self.shownValues(t.app.screen.sheet) == ["LGA", "JFK", "EWR", "BOS"])
        #expect(t.app.screen.sheet != nil && t.app.filterTexts.isEmpty, "the table's filters are its own")
    }

    @Test("Enter on a missing word's line of a file's frequency sheet keeps the rows it counted: NA's two rows, not every missing value")
    func enterOnAMissingWordKeepsItsRows() throws {
        let file = TemporaryFile(name: "delays.csv", "id,delay\n1,NA\n2,\n3,NA\n4,5\n5,null\n")
        var t = try ExploreViewerTests.open(file)
        Self.send("]f", to: &t)
        #expect(t.runWork("frequency") == true)
        Self.send("/NA\r", to: &t)
        #expect(t.runWork("sheet search") == true)
        let entry = try #require(t.app.screen.sheet?.focusedEntry)
        #expect(entry.value == "NA" && entry.isMissing && entry.count == 2)
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.screen.sheet == nil)
        #expect(t.runWork("sort") == true)
        #expect(try ExploreViewerTests.ids(t) == ["1", "3"])
    }

    @Test("Enter on a sheet sorted and filtered keeps the focused value's rows, not the value at that row of the sheet as it came")
    func enterAfterSortAndFilter() throws {
        var (_, t) = try Self.frequencyOfOrigin()
        Self.send("O|value!=LGA\r", to: &t)
        while t.runWork() {}
        #expect(try Self.shownValues(t.app.screen.sheet) == ["JFK", "EWR", "BOS"])
        Self.send("g", to: &t)
        t.send(.key(KeyEvent(.down)))
        #expect(t.app.screen.sheet?.focusedEntry?.value == "EWR")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.screen.sheet == nil)
        #expect(t.runWork("sort") == true)
        #expect(try ExploreViewerTests.ids(t) == ExploreViewerTests.rows.filter { $0[3] == "EWR" }.map { $0[0] })
    }

    @Test("Space shows a sheet's row whole and Esc returns to the sheet; ? lists the sheet's keys; Esc then closes the sheet")
    func recordAndKeys() throws {
        var (_, t) = try Self.frequencyOfOrigin()
        t.send(.key(KeyEvent(.down)))
        Self.send(" ", to: &t)
        let lines = try #require(t.app.screen.sheet?.detail?.content.lines)
        #expect(lines.contains { $0.name == "value" && $0.text == "EWR" } && lines.contains { $0.name == "count" && $0.text == "150" }, "\(lines)")
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.sheet != nil && t.app.screen.sheet?.overlay == nil, "Esc closes the row, not the sheet")
        Self.send("?", to: &t)
        #expect(t.app.screen.sheet?.showingHelp == true && t.text.contains("search the sheet's rows"), "\(t.text)")
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.screen.sheet == nil && !t.app.wantsQuit)
    }

    @Test("Ctrl-S saves a sheet as shown: its rows kept, in their order, with its headings and no bar; a file there is replaced only when told")
    func saveASheet() throws {
        var (opened, t) = try Self.frequencyOfOrigin()
        let path = NSTemporaryDirectory() + "origins-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
        defer { unlink(path) }
        Self.send("O|value!=JFK\r", to: &t)
        while t.runWork() {}
        t.send(.key(KeyEvent(.character("s"), .control)))
        #expect(t.app.screen.sheet?.field?.text.hasPrefix(opened.directory + "/frequency-of-origin") == true,
                "a name saying what the sheet counts, beside the file as the table's own save is (not in the current folder)")
        t.send(.key(KeyEvent(.character("a"), .control)))
        Self.send(path + "\r", to: &t)
        #expect(t.runWork("sheet save") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "value,count,percent\nLGA,150,25.00\nEWR,150,25.00\nBOS,150,25.00\n")
        t.advance(by: 0.1)
        #expect(t.text.contains("saved 3 rows to \(path)"), "\(t.text)")
        // Again to the same name: asked first, and "n" keeps the file.
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.send(.key(KeyEvent(.character("a"), .control)))
        Self.send(path + "\r", to: &t)
        #expect(t.app.screen.sheet?.field?.prompt.contains("exists") == true || t.text.contains("replace"), "\(t.text)")
        Self.send("n", to: &t)
        #expect(t.app.screen.sheet?.overlay == nil && t.text.contains("nothing saved"), "n alone answered: \(t.text)")
        while t.runWork() {}
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("value,count,percent\nLGA"))
    }

    @Test("a summary is a table too: sorted by its count column, searched, and Enter still goes to the column the focused row names")
    func summaryIsATable() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        Self.send("I", to: &t)
        #expect(t.runWork("summary") == true)
        Self.send("/origin\r", to: &t)
        #expect(t.runWork("sheet search") == true)
        #expect(t.app.screen.sheet?.focused?[0] == "origin")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.screen.sheet == nil && t.app.screen.currentColumn == 4 && t.app.screen.current.chosen)
    }

    @Test("in a window a sheet takes a desktop app's keys: Ctrl+F searches it, F1 lists its keys, Ctrl+Q quits")
    func desktopKeys() throws {
        let file = ExploreViewerTests.file()
        var t = try ExploreViewerTests.open(file)
        t.app.keyConvention = .desktop
        Self.send("]]]f", to: &t)
        #expect(t.runWork("frequency") == true)
        t.send(.key(KeyEvent(.character("f"), .control)))
        #expect(t.app.screen.sheet?.field?.prompt == "Search the sheet: ")
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.function(1))))
        #expect(t.app.screen.sheet?.showingHelp == true)
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.character("q"), .control)))
        #expect(t.app.wantsQuit)
    }

    @Test("a database's frequency sheet searches, filters and saves as a file's does")
    func databaseSheet() throws {
        try DatabaseViewerTests.withFlights(rows: 400) { path, _ in
            var t = try DatabaseExploreTests.opened(path)
            for character in "]f" { t.send(.key(KeyEvent(.character(character)))) }
            DatabaseViewerTests.settle(&t)
            let sheet = try #require(t.app.opened?.sheet)
            let values = sheet.source.records.map { $0[0] }
            #expect(values.count == 4)
            for character in "|value=DL\r" { t.send(.key(KeyEvent(character == "\r" ? .enter : .character(character)))) }
            DatabaseViewerTests.settle(&t)
            #expect(try Self.shownValues(t.app.opened?.sheet) == ["DL"])
            t.advance(by: 0.1)
            #expect(t.text.contains("1 of 4 rows"), "\(t.text)")
            let saved = NSTemporaryDirectory() + "carriers-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
            defer { unlink(saved) }
            t.send(.key(KeyEvent(.character("s"), .control)))
            t.send(.key(KeyEvent(.character("a"), .control)))
            for character in saved + "\r" { t.send(.key(KeyEvent(character == "\r" ? .enter : .character(character)))) }
            DatabaseViewerTests.settle(&t)
            let count = (1...400).filter { DatabaseExploreTests.carrier($0) == "DL" }.count
            let percent = String(format: "%.2f", Double(count) * 100 / 400)
            #expect(try String(contentsOfFile: saved, encoding: .utf8) == "{\"value\":\"DL\",\"count\":\(count),\"percent\":\(percent)}\n")
            t.send(.key(KeyEvent(.enter)))
            DatabaseViewerTests.settle(&t)
            #expect(t.app.opened?.sheet == nil && t.app.opened?.status(at: 0).contains("filtered by carrier=DL") == true)
        }
    }
}
