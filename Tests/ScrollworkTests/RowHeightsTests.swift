import PropertyBased
import Testing
@testable import Scrollwork

@Suite struct RowHeightsTests {
    @Test func fenwickAgreesWithPlainSums() {
        var values = (0..<1000).map { Double(($0 * 7919) % 37) }
        var tree = FenwickTree(count: values.count) { values[$0] }
        for step in 0..<200 {
            let i = (step * 104_729) % values.count, delta = Double(step % 11) - 5
            values[i] += delta
            tree.add(delta, at: i)
        }
        var sum = 0.0
        for i in 0..<values.count {
            #expect(tree.prefixSum(i) == sum)
            sum += values[i]
        }
        #expect(tree.prefixSum(values.count) == sum)
    }

    @Test func fixedHeightsAreArithmetic() {
        let h = RowHeights.fixed(16, count: 100)
        #expect(h.totalHeight == 1600)
        #expect(h.item(atOffset: 15.9) == 0 && h.item(atOffset: 16) == 1 && h.item(atOffset: 1e9) == 99)
        #expect(h.visibleRange(top: 32, length: 48, overscan: 0) == 2..<5)
        #expect(h.visibleRange(top: 40, length: 48, overscan: 1) == 1..<7)
        #expect(RowHeights.fixed(16, count: 0).visibleRange(top: 0, length: 100) == 0..<0)
    }

    @Test("LT-01: measured heights replace estimates in O(log n)")
    func LT_01_measuredHeights() {
        var h = RowHeights.variable(count: 10) { _ in 20 }
        #expect(h.totalHeight == 200 && !h.isMeasured(3))
        #expect(h.setMeasuredHeight(50, ofItem: 3) == 30)
        #expect(h.isMeasured(3))
        #expect(h.offset(ofItem: 4) == 110)
        #expect(h.item(atOffset: 109) == 3 && h.item(atOffset: 110) == 4)
        #expect(h.setMeasuredHeight(.nan, ofItem: 3) == 0)
        #expect(h.setMeasuredHeight(10, ofItem: 99) == 0)
    }

    /// Ten million rows, fixed and variable: the visible range for offsets across the whole
    /// content agrees with a linear walk over the rows.
    @Test("LT-01: ten million rows agree with a linear reference", arguments: [false, true])
    func LT_01_tenMillionRows(variable: Bool) {
        let count = 10_000_000
        @Sendable func height(_ i: Int) -> Double { variable ? Double(12 + (i * 7) % 29) : 16 }
        var heights = variable ? RowHeights.variable(count: count, estimate: height) : .fixed(16, count: count)
        var measured: [Int: Double] = [:]
        if variable {
            for k in 0..<50 {
                let i = (k * 199_999 + 17) % count
                measured[i] = Double(40 + k)
                heights.setMeasuredHeight(Double(40 + k), ofItem: i)
            }
        }
        let total = heights.totalHeight
        let samples = (0..<64).map { Double($0) / 63 * (total - 1) }.sorted()
        // One linear pass answers every sample in order.
        var expected: [Int] = []
        var top = 0.0, row = 0
        for sample in samples {
            while row < count - 1 {
                let h = measured[row] ?? height(row)
                if top + h > sample { break }
                top += h
                row += 1
            }
            expected.append(row)
        }
        for (sample, row) in zip(samples, expected) {
            #expect(heights.item(atOffset: sample) == row)
            let range = heights.visibleRange(top: sample, length: 640, overscan: 0)
            #expect(range.lowerBound == row)
            #expect(heights.offset(ofItem: range.upperBound - 1) < sample + 640)
        }
    }
}

/// Uniform rows among decorations of other heights answer as variable heights with the same
/// values do, without a prefix sum a row.
@Suite struct UniformExceptRowHeightsTests {
    @Test("offsets, heights and the item at any offset match variable heights of the same values")
    func matchesVariableHeights() async {
        let cases = zip(Gen.int(in: 0...60), Gen.int(in: 0...4), zip(Gen.int(in: 0...59), Gen.int(in: 0...5)).array(of: 0...12))
        await propertyCheck(count: 300, input: cases) { count, rowPick, picks in
            let row = [0.0, 1, 16, 44, 7.5][rowPick]
            let exceptions = picks.map { (index: $0.0, height: [0.0, 16, 28, 44, 3.25, 100][$0.1]) }
            // The first height given for an index counts, as `uniform` takes it.
            var byIndex: [Int: Double] = [:]
            for e in exceptions where byIndex[e.index] == nil { byIndex[e.index] = e.height }
            let uniform = RowHeights.uniform(row, count: count, except: exceptions)
            let variable = RowHeights.variable(count: count) { byIndex[$0] ?? row }
            #expect(uniform.count == variable.count && uniform.totalHeight == variable.totalHeight)
            for i in -1...(count + 1) {
                #expect(uniform.offset(ofItem: i) == variable.offset(ofItem: i), "offset of \(i)")
                #expect(uniform.height(ofItem: i) == variable.height(ofItem: i), "height of \(i)")
            }
            var y = -1.0
            while y <= variable.totalHeight + 2 {
                if let item = uniform.item(atOffset: y) {
                    // The item holds the offset (or is the nearest for one outside every item).
                    let top = uniform.offset(ofItem: item), bottom = top + uniform.height(ofItem: item)
                    #expect(y <= 0 || y >= variable.totalHeight || (top <= y && y < bottom) || uniform.height(ofItem: item) == 0, "item \(item) at \(y)")
                    #expect(variable.item(atOffset: y).map { variable.offset(ofItem: $0) } == top || variable.height(ofItem: item) == 0, "item at \(y)")
                }
                y += 2.5
            }
        }
    }

    @Test("a list with a header and footer and ten million rows keeps no height a row")
    func headersCostNothingPerRow() {
        var list = ListState(sections: [ListSection(GeneratedRows(count: 10_000_000) { $0 }, header: RowContent("A"), footer: RowContent("Z"))]) { RowContent("\($0)") }
        list.setViewport(Size(width: 320, height: 480))
        #expect(!list.heights.isVariable)
        #expect(list.heights.count == 10_000_002)
        #expect(list.heights.offset(ofItem: 10_000_001) == list.metrics.headerHeight + 10_000_000 * list.metrics.rowHeight)
    }
}
