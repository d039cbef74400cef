import Testing
@testable import Scrollwork

@Suite struct TableNaNSortTests {
    static func values(_ t: TableState<Double>) -> [Double] {
        (0..<t.list.numberOfRows).map { (try? t.list.row(at: IndexPath(row: $0))) ?? -1 }
    }

    @Test("LT-12: a numeric column holding NaN sorts into a total order, NaN last ascending and first descending")
    func LT_12_nanSortsLast() throws {
        let rows: [Double] = [.nan, 1, 2, .nan, 4, -.infinity, 0]
        var t = TableState(rows: rows, columns: [TableColumn("Value", width: .clamping(ideal: 80)) { .double($0) }])
        try t.chooseHeading(0)
        let up = Self.values(t)
        #expect(Array(up.prefix(5)) == [-.infinity, 0, 1, 2, 4])
        #expect(up.suffix(2).allSatisfy { $0.isNaN })
        try t.chooseHeading(0)
        let down = Self.values(t)
        #expect(down.prefix(2).allSatisfy { $0.isNaN })
        #expect(Array(down.suffix(5)) == [4, 2, 1, 0, -.infinity])
    }

    @Test("LT-12: mixed whole and real numbers sort by value, then text, missing values last")
    func LT_12_mixedValuesSortByValue() {
        let values: [TableValue] = [.string("b"), .double(2.5), .missing("NA"), .int(3), .empty, .double(.nan), .int(-1), .string("a"), .double(0.5)]
        let sorted = values.sorted()
        #expect(sorted.map(\.description) == ["-1", "0.5", "2.5", "3", "nan", "a", "b", "NA", ""])
        #expect(values.filter(\.isMissing).count == 2)
    }
}
