import Testing
@testable import Scrollwork

@Suite struct TypeAheadTests {
    static func table(count: Int) -> TableState<Int> {
        let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
        return TableState(rows: GeneratedRows(count: count) { $0 }, columns: [
            TableColumn("Name", width: .clamping(ideal: 100), textOrder: .finder) { .string("\(names[$0 % 8])-\($0)") },
            TableColumn("Size", width: .clamping(ideal: 60)) { .int($0) },
        ])
    }

    @Test("LT-12: typing selects the first row starting with the typed text; the prefix resets after a second")
    func LT_12_typeAheadSelects() throws {
        var t = Self.table(count: 100)
        var typed = TypeAheadState()
        let first = t.typeAhead("c", state: &typed, at: 0)
        #expect(first.row == IndexPath(row: 2) && first.method == .scan(limit: 100))
        let second = t.typeAhead("H", state: &typed, at: 0.3)
        #expect(typed.text == "cH" && second.row == IndexPath(row: 2))
        #expect(t.typeAhead("x", state: &typed, at: 0.5).row == nil)
        // After a pause the prefix starts again.
        #expect(t.typeAhead("e", state: &typed, at: 2).row == IndexPath(row: 4))
        #expect(t.list.selectedIndexPaths == [IndexPath(row: 4)])
    }

    @Test("LT-12: sorted by the column in Finder order, type-ahead is a binary search")
    func LT_12_typeAheadBinarySearch() throws {
        var t = Self.table(count: 200_000)
        try t.chooseHeading(0)
        var typed = TypeAheadState()
        let hit = t.typeAhead("ho", state: &typed, at: 0)
        #expect(hit.method == .binarySearch)
        let row = try #require(hit.row)
        let name = try t.cellText(at: row, column: 0, width: 40).trimmingSpaces
        #expect(name == "hotel-7")
        // Digits in the prefix: still a binary search, over one run a length of number.
        let seven = t.typeAhead("tel-7", state: &typed, at: 0.1)
        #expect(seven.method == .binarySearch)
        #expect(try t.cellText(at: try #require(seven.row), column: 0, width: 40).trimmingSpaces == "hotel-7")
    }

    /// The first row, in the order shown, whose shown text in `column` starts with `typed`
    /// (ignoring case): what type-ahead must find, by brute force.
    static func firstMatch(_ t: TableState<Int>, column: Int, _ typed: String) throws -> IndexPath? {
        try (0..<t.list.numberOfRows).map { IndexPath(row: $0) }.first {
            try t.cellText(at: $0, column: column, width: 60).trimmingSpaces.lowercased().hasPrefix(typed.lowercased())
        }
    }

    @Test("LT-12: a prefix with a dash and digits matches, far down a sorted table, ascending and descending")
    func LT_12_typeAheadDashAndDigits() throws {
        var t = Self.table(count: 200_000)
        try t.chooseHeading(0)
        var typed = TypeAheadState()
        // hotel-3 is no row (hotel rows are 7, 15, 23, 31, …): the first in Finder order is hotel-31.
        let ascending = t.typeAhead("hotel-3", state: &typed, at: 0)
        #expect(ascending.method == .binarySearch)
        #expect(try t.cellText(at: try #require(ascending.row), column: 0, width: 40).trimmingSpaces == "hotel-31")
        try t.chooseHeading(0)
        typed = TypeAheadState()
        let descending = t.typeAhead("hotel-3", state: &typed, at: 0)
        #expect(try t.cellText(at: try #require(descending.row), column: 0, width: 40).trimmingSpaces == "hotel-39999")
        #expect(t.typeAhead("x", state: &typed, at: 0.1).row == nil)
    }

    @Test("LT-12: every prefix of shown names finds the row a scan of the whole table finds, in both directions")
    func LT_12_typeAheadAgreesWithScan() throws {
        let names = ["file 2.txt", "File-10", "file-2", "file-2b", "img_0101", "img_101", "Report (3)", "report-3-final", "x9", "x10", "x100", "Zebra"]
        for ascending in [true, false] {
            var t = TableState(rows: GeneratedRows(count: 1200) { $0 }, columns: [
                TableColumn("Name", width: .clamping(ideal: 100), textOrder: .finder) { .string("\(names[$0 % names.count])-\($0 / 7)") },
            ])
            t.setSortOrder([SortOrder(columnID: "Name", ascending: ascending)])
            for name in names + ["file-2-4", "img_01", "x1", "x10-1", "report-3-final-42", "zz"] {
                for length in 1...name.count {
                    let prefix = String(name.prefix(length))
                    var typed = TypeAheadState()
                    let found = t.typeAhead(prefix, state: &typed, at: 0).row
                    #expect(found == (try Self.firstMatch(t, column: 0, prefix)), "\(prefix) \(ascending ? "ascending" : "descending")")
                }
            }
        }
    }

    @Test("LT-12: type-ahead matches the text a column shows, not the value it sorts by")
    func LT_12_typeAheadMatchesShownText() throws {
        var t = TableState(rows: GeneratedRows(count: 500) { $0 }, columns: [
            TableColumn("Size", width: .clamping(ideal: 100), format: { "\($0.description) KB" }) { .int($0 * 3) },
        ])
        try t.chooseHeading(0)
        try t.chooseHeading(0)
        var typed = TypeAheadState()
        let hit = t.typeAhead("12 k", state: &typed, at: 0)
        let expected = try Self.firstMatch(t, column: 0, "12 k")
        #expect(hit.row != nil && hit.row == expected)
    }
}

extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
