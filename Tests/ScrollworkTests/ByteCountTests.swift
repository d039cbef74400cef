import Testing
@testable import Scrollwork

@Suite struct ByteCountTests {
    @Test("LT-06: sizes read as Finder shows them, in decimal units", arguments: [
        (0, "Zero bytes"), (-5, "Zero bytes"), (1, "1 byte"), (532, "532 bytes"), (999, "999 bytes"), (1000, "1 KB"),
        (12_345, "12 KB"), (999_499, "999 KB"), (999_999, "1 MB"), (1_000_000, "1 MB"), (3_900_000, "3.9 MB"), (3_949_999, "3.9 MB"),
        (1_250_000_000, "1.25 GB"), (1_205_000_000, "1.21 GB"), (2_500_000, "2.5 MB"), (Int.max, "9.22 EB"),
    ])
    func LT_06_finderSizes(bytes: Int, shown: String) {
        #expect(finderByteCount(bytes) == shown)
    }

    @Test("LT-12: a formatted column shows its format and still sorts by the value")
    func LT_12_formattedColumnSortsByValue() throws {
        var t = TableState(rows: [2_500_000, 900, 10_000_000_000], columns: [
            TableColumn("Size", width: .clamping(ideal: 100), format: { if case let .int(b) = $0 { finderByteCount(b) } else { "" } }) { .int($0) },
        ])
        try t.chooseHeading(0)
        let shown = try (0..<3).map { t.cellLayout(of: try t.list.row(at: IndexPath(row: $0)), column: 0, width: 12).text }
        #expect(shown == ["900 bytes", "2.5 MB", "10 GB"])
    }
}
