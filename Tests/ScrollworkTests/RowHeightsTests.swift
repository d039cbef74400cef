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
