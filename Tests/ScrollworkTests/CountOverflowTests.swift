import Testing
@testable import Scrollwork

/// Counts and indexes near `Int.max` and `Int.min` (a source that claims every row there is, an
/// index path from a corrupted caller) give answers, never a trap or a hang: sums of counts
/// saturate, and positions outside the rows are outside.
@Suite struct CountOverflowTests {
    static func list(sections counts: [Int], header: Bool = true, footer: Bool = true) -> ListState<Int> {
        ListState(sections: counts.map { ListSection(GeneratedRows(count: $0) { $0 }, header: header ? RowContent("Header") : nil, footer: footer ? RowContent("Footer") : nil) }) { RowContent("\($0)") }
    }

    @Test("a list with a header and Int.max rows, and sections whose counts add past Int.max, lay out")
    func hugeCountsLayOut() throws {
        for counts in [[Int.max], [Int.max, Int.max], [Int.max / 2 + 1, Int.max / 2 + 1], [Int.max, 0, 5]] {
            var list = Self.list(sections: counts)
            list.setViewport(Size(width: 320, height: 480))
            #expect(list.numberOfRows == Int.max || counts.reduce(0, { $0.addingSaturating($1) }) == list.numberOfRows)
            _ = list.visibleItems(overscan: 2)
            #expect(list.flatRow(IndexPath(row: Int.max, section: counts.count - 1)) == Int.max)
            #expect(list.indexPath(forFlatRow: Int.max - 1) != nil)
            // Row Int.max exists only where the counts add up past it.
            #expect((list.indexPath(forFlatRow: Int.max) == nil) == (counts == [Int.max]))
        }
    }

    @Test("flat rows, previous and next detail views take any index path")
    func extremeIndexPaths() {
        let list = Self.list(sections: [3, 0, Int.max])
        for section in Extreme.ints {
            for row in Extreme.ints {
                let path = IndexPath(row: row, section: section)
                _ = list.flatRow(path)
                if let previous = list.previousDetail(before: path) { #expect(previous.row >= 0 && previous.section >= 0) }
                if let next = list.nextDetail(after: path) { #expect(next.row >= 0 && next.section >= 0) }
            }
        }
        #expect(list.previousDetail(before: IndexPath(row: 0, section: 2)) == IndexPath(row: 2, section: 0))
        #expect(list.nextDetail(after: IndexPath(row: 2, section: 0)) == IndexPath(row: 0, section: 2))
        #expect(list.previousDetail(before: IndexPath(row: Int.min, section: Int.max)) == IndexPath(row: Int.max - 1, section: 2))
        #expect(list.nextDetail(after: IndexPath(row: Int.max, section: Int.min)) == IndexPath(row: 0, section: 0))
    }

    @Test("pages past the end of a paged source are empty, never negative")
    func pagesPastTheEnd() {
        for count in [0, 1, 250, Int.max] {
            let rows = PagedRows<Int>(count: count, pageSize: 100)
            for page in Extreme.ints {
                let range = rows.rows(ofPage: page)
                #expect(range.lowerBound >= 0 && range.upperBound <= count, "page \(page) of \(count): \(range)")
            }
        }
    }
}
