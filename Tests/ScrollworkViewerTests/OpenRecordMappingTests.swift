import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// Every path from a shown row to the file's record (record view, search, follow) goes through one
/// mapping, whatever order the rows are in.
@Suite struct OpenRecordMappingTests {
    /// A CSV of 40 records whose `code` field says which record it is, in an order unlike the file's.
    static func file() -> TemporaryFile {
        let rows = (1...40).map { "\($0),code-\($0),\((($0 * 17) % 40) + 1)" }
        return TemporaryFile(name: "records.csv", "id,code,rank\n" + rows.joined(separator: "\n") + "\n")
    }

    static func open(_ file: TemporaryFile) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 100, rows: 30)
        while t.runWork("growth") {}
        return t
    }

    /// Selects shown row `row`, presses Enter and returns the code the record view shows.
    static func detailCode(_ t: inout HeadlessTerminal<TableViewer>, row: Int) throws -> String? {
        try t.app.screen.view.table.list.select(IndexPath(row: row), at: t.time)
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.05)
        defer { t.send(.key(KeyEvent(.escape))) }
        return t.app.record?.detail.content.lines.first { $0.text.contains("code-") }?.text.trimmingPrefix(while: { $0 == " " }).description
    }

    /// The code the row at `row` shows in the table.
    static func shownCode(_ t: HeadlessTerminal<TableViewer>, row: Int) throws -> String? {
        try t.app.screen.view.table.list.row(at: IndexPath(row: row))[1]
    }

    @Test("Enter shows the record of the selected row when sorted, reversed and with rows taken out, not the record at that position in the file")
    func recordViewFollowsTheOrder() throws {
        let file = Self.file()
        var t = try Self.open(file)
        // Sorted by rank: the first row is not the file's first record.
        t.app.screen.sort(byColumn: 2, ascending: true, at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        for row in [0, 1, 17, 39] {
            let shown = try Self.shownCode(t, row: row)
            let detail = try Self.detailCode(&t, row: row)
            #expect(detail == shown, "sorted, row \(row)")
        }
        #expect(try Self.shownCode(t, row: 0) != "code-1", "the sort moved the rows")
        // Reversed.
        t.app.screen.sort(byColumn: 2, ascending: false, at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        for row in [0, 5, 39] {
            let detail = try Self.detailCode(&t, row: row)
            #expect(try detail == Self.shownCode(t, row: row), "reversed, row \(row)")
        }
        // Rows taken out (what a filter leaves): positions shift, records do not.
        t.app.screen.addFilter("rank>4", at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        #expect(t.app.screen.view.table.list.numberOfRows == 36)
        for row in [0, 3, 29] {
            let detail = try Self.detailCode(&t, row: row)
            #expect(try detail == Self.shownCode(t, row: row), "filtered, row \(row)")
        }
    }

    @Test("a record shown whole after its columns were moved and hidden gives each field under its own name, every field there")
    func recordViewAfterMovingColumns() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.type("]]")                   // the current column: rank
        t.type("{")                    // moved before code
        t.type("-")                    // and hidden
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "id", "code"])
        try t.app.screen.view.table.list.select(IndexPath(row: 4), at: t.time)
        t.send(.key(KeyEvent(.enter)))
        let lines = try #require(t.app.record?.detail.content.lines).map { "\($0.name) \($0.text)" }
        #expect(lines.prefix(3) == ["id 5", "code code-5", "rank \((5 * 17) % 40 + 1)"], "\(lines)")
    }

    @Test("the one mapping: each shown row's file record holds the row's own fields, and back")
    func mappingRoundTrips() throws {
        let file = Self.file()
        var t = try Self.open(file)
        // Sorted by code descending, a row filtered out: the rows shown are not the file's order.
        t.type(":code\r")
        t.type("O")
        while t.runWork() {}
        t.type("|rank!=3\r")
        while t.runWork() {}
        let fileTable = try #require(t.app.fileTable)
        let rows = DelimitedRows(file: fileTable.file, index: fileTable.index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true))
        let names = t.app.screen.shown.identities
        #expect(names.count == t.app.screen.view.table.list.numberOfRows && Array(names) != names.sorted(), "\(t.app.status)")
        for row in 0..<t.app.screen.view.table.list.numberOfRows {
            // A row's name is its record's place among the rows: the header is record 0.
            let record = names[row] + 1
            #expect(rows.record(record).fields[1] == (try Self.shownCode(t, row: row)))
            #expect(names.firstIndex(of: names[row]) == row)
        }
        #expect(!names.contains(-1), "the header is no row")
    }

    @Test("after / finds a match in a sorted table, Enter shows the matching record")
    func searchThenRecordView() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.app.screen.sort(byColumn: 2, ascending: true, at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        t.type("/code-33")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.runWork("search") == true)
        #expect(t.app.status.contains("record 33 of the file"))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.05)
        #expect(t.app.record?.detail.content.lines.contains { $0.text.hasSuffix("code-33") } == true)
        #expect(t.app.status.contains("record 33 of the file"))
    }

    @Test("following a sorted file reveals the newest record wherever the sort put it")
    func followRevealsNewestRecord() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.app.screen.sort(byColumn: 2, ascending: true, at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        try t.app.screen.view.table.list.scroll.setOffset(.zero, time: t.time)
        t.type("F")
        t.advance(by: 1)
        // Record 40 has rank 1 (40 × 17 mod 40 = 0): the top of the sorted table, in view.
        #expect(t.text.contains("code-40"))
        #expect(t.app.status.contains("following the end"))
    }
}

extension OpenRecordMappingTests {
    @Test("Alt+C copies the selected rows' own records, with the heading, when sorted")
    func copyFollowsTheOrder() throws {
        let file = Self.file()
        var t = try Self.open(file)
        t.app.screen.sort(byColumn: 2, ascending: false, at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        try t.app.screen.view.table.list.select(IndexPath(row: 0), at: t.time)
        try t.app.screen.view.table.list.select(IndexPath(row: 2), toggling: true, at: t.time)
        let first = try #require(try Self.shownCode(t, row: 0)), third = try #require(try Self.shownCode(t, row: 2))
        t.send(.key(KeyEvent(.character("c"), .alt)))
        let lines = try #require(t.clipboard).split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0] == "id\tcode\trank")
        #expect(lines[1].split(separator: "\t")[1] == first && lines[2].split(separator: "\t")[1] == third)
        #expect(first != "code-1" && t.app.status.contains("copied 2 rows"))
    }
}
