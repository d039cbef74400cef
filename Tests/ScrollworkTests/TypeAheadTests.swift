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
        // Digits in the prefix: file-1 and file-10 lie apart, so it scans.
        #expect(t.typeAhead("tel-7", state: &typed, at: 0.1).method == .scan(limit: TableState<Int>.typeAheadScanLimit))
    }
}

extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
