import ScrollworkTestSupport
import Testing
@testable import ScrollworkFiles

/// The band a summary's second pass keeps around the median: its numbers counted by value while
/// they are few, kept one by one past that, and the median found among both.
@Suite struct ExactMedianBandTests {
    /// The median of `numbers` as a sorted copy gives it.
    static func median(_ numbers: [Double]) -> Double {
        let sorted = numbers.sorted()
        return Double.midpoint(sorted[(sorted.count - 1) / 2], sorted[sorted.count / 2])
    }

    /// `numbers` passed through a band (low, high) a piece at a time, as the pass does.
    static func banded(_ numbers: [Double], low: Double, high: Double, piece: Int) -> ExactMedian.Band {
        let empty = ExactMedian.Band(column: 0, low: low, high: high, count: numbers.count)
        var found = empty
        for start in stride(from: 0, to: numbers.count, by: piece) {
            var part = empty
            for x in numbers[start..<min(numbers.count, start + piece)] { part.add(x) }
            found.merge(part)
        }
        return found
    }

    @Test("few values many times (rounded reals) are counted, not kept, and give the exact median")
    func fewValues() throws {
        var rng = SeededRandom(seed: 24)
        let numbers = (0..<300_001).map { _ in Double(Int.random(in: -500...500, using: &rng)) / 2 }
        let band = Self.banded(numbers, low: -20, high: 20, piece: 10_000)
        #expect(band.kept.isEmpty && band.runs.count == 79)
        #expect(band.median == Self.median(numbers))
    }

    @Test("more distinct values than are counted apart: the rest kept one by one, the median still exact, whichever side it falls")
    func manyValues() throws {
        var rng = SeededRandom(seed: 25)
        for shift in [-0.3, 0, 0.3] {
            // Every number distinct, most of them in the band.
            var numbers = (0..<200_000).map { _ in Double.random(in: -1...1, using: &rng) + shift }
            numbers += Array(repeating: 0.125, count: 5_000) + Array(repeating: -0.5, count: 3_000)
            let band = Self.banded(numbers, low: -0.5, high: 0.5, piece: 7_000)
            #expect(band.runs.count == ExactMedian.Band.runLimit && !band.kept.isEmpty, "\(shift)")
            #expect(band.median == Self.median(numbers), "\(shift)")
        }
    }

    @Test("a band that does not hold the median says so")
    func missedBand() {
        let numbers = (0..<1_000).map(Double.init)
        #expect(Self.banded(numbers, low: 900, high: 950, piece: 100).median == nil)
    }
}
