import Testing
@testable import ScrollworkViewer

/// The names of the rows shown: a run while they run on, a list once one breaks it.
@Suite struct RowNamesTests {
    @Test("names that run on from one to the next are a run, however many chunks bring them; one out of turn makes them a list, every name kept in order")
    func runThenList() {
        var names = RowNames()
        #expect(names.isEmpty && names.isLeadingRun)
        names += Array(0..<1_000)
        names += Array(1_000..<5_000)
        #expect(names.count == 5_000 && names.isLeadingRun && names[4_999] == 4_999)
        names += [7, 5_000, 5_001]
        #expect(!names.isLeadingRun)
        #expect(Array(names) == Array(0..<5_000) + [7, 5_000, 5_001])
        names += [9]
        #expect(names.last == 9 && names.count == 5_004)
    }

    @Test("a run need not start at 0; names as a list or a run compare by their names; Int.max and negative names are kept")
    func edges() {
        let later = RowNames(Array(10..<20))
        #expect(!later.isLeadingRun && Array(later) == Array(10..<20))
        #expect(RowNames([3, 4, 5]) == RowNames([3, 4, 5]))
        let extremes = RowNames([Int.max - 1, Int.max, Int.min, -1, 0])
        #expect(Array(extremes) == [Int.max - 1, Int.max, Int.min, -1, 0])
        #expect(Array(RowNames([Int.max])) == [Int.max])
        #expect(Array(RowNames([5, 4])) == [5, 4])
    }

    @Test("a run of 520,000,000 names is held as its bounds: counted, read and its largest found at once")
    func hugeRun() {
        var names = RowNames(run: 0..<520_000_000)
        #expect(names.count == 520_000_000 && names[519_999_999] == 519_999_999 && names.largest == 519_999_999 && names.isLeadingRun)
        names += 520_000_000..<520_000_010
        #expect(names.count == 520_000_010 && names.isLeadingRun)
        // A run of runs joins at once; one that does not follow makes a list.
        var joined = RowNames()
        joined += RowNames(run: 0..<400_000_000)
        joined += RowNames(run: 400_000_000..<800_000_000)
        joined += RowNames()
        #expect(joined.count == 800_000_000 && joined.isLeadingRun)
        var broken = RowNames(run: 0..<3)
        broken += RowNames(run: 10..<12)
        #expect(Array(broken) == [0, 1, 2, 10, 11])
        #expect(RowNames().largest == nil && RowNames([3, 9, 1]).largest == 9)
    }
}
