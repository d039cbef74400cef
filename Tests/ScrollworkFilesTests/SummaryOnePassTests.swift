import Foundation
import Scrollwork
@testable import ScrollworkFiles
import Testing

/// A summary's exact medians without reading the rows twice where it can (#71): numbers counted
/// by value in the one pass while a column has few distinct ones, and a second pass, where one
/// is needed, that splits each row once for every column it refines.
@Suite struct SummaryOnePassTests {
    /// Rows that count the reads a summary makes of them, each call of `fields` or `values` once.
    final class Reads: Sendable {
        let fields = Locked<Int>(0), values = Locked<Int>(0)
        var total: (fields: Int, values: Int) { (fields.withLock { $0 }, values.withLock { $0 }) }
    }

    struct CountedRows: InPlaceRows {
        let rows: StringRows
        let reads: Reads
        var count: Int { rows.count }
        func row(at index: Int) -> DelimitedRecord { rows.row(at: index) }
        func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
            reads.values.withLock { $0 += rows.count }
            return self.rows.values(ofField: field, at: rows, value)
        }
        func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
            reads.fields.withLock { $0 += rows.count }
            return self.rows.fields(at: rows, body)
        }
    }

    static func summary(_ table: [[String]], titles: [String]) throws -> (summaries: [ColumnSummary], reads: (fields: Int, values: Int)) {
        let reads = Reads()
        let rows = CountedRows(rows: StringRows(table), reads: reads)
        let summaries = try #require(ColumnSummary.summarizing(rows, titles: titles, seed: 3, concurrently: ExploreData.threeAtOnce))
        return (summaries, reads.total)
    }

    @Test("columns of few distinct numbers past the sample (years, minutes, rounded reals, ±∞, NaN, gaps) have exact medians from one reading of each row")
    func fewDistinctNumbersInOnePass() throws {
        let n = 150_001
        let table = (0..<n).map { i -> [String] in
            ["\(2013 + i % 3)", "\((i * 37) % 60)", "\(Double((i * 7919) % 977) / 4)", i % 1000 == 0 ? (i % 2000 == 0 ? "inf" : "-inf") : "\(i % 5)",
             i % 10 == 0 ? "" : i % 11 == 0 ? "nan" : "\(i % 13).0", i % 2 == 0 ? "1" : "1.0"]
        }
        let titles = ["year", "minute", "quarter", "ends", "gaps", "spellings"]
        let (summaries, reads) = try Self.summary(table, titles: titles)
        #expect(reads.fields == n && reads.values == 0, "\(reads)")
        for (c, summary) in summaries.enumerated() {
            let numbers = table.compactMap { Double($0[c]) }.filter { !$0.isNaN }
            #expect(!summary.medianIsEstimate, "\(titles[c])")
            #expect(summary.median == ExactMedianTests.reference(numbers), "\(titles[c]): \(summary.median ?? .nan)")
        }
    }

    @Test("columns of many distinct numbers are refined in one more reading of each row, however many there are; one such column reads its field alone")
    func manyDistinctNumbersInOneMorePass() throws {
        let n = 100_000
        let table = (0..<n).map { i in ["\(i)", "\(Double((i * 7919) % 100_003) / 8)", "\((i * 31) % 99_991 - 50_000)", "\(i % 7)", "x\(i % 3)"] }
        let titles = ["id", "eighths", "signed", "few", "text"]
        let (summaries, reads) = try Self.summary(table, titles: titles)
        #expect(reads.fields == 2 * n && reads.values == 0, "\(reads)")
        for c in 0..<4 {
            #expect(!summaries[c].medianIsEstimate && summaries[c].median == ExactMedianTests.reference(table.map { Double($0[c])! }), "\(titles[c])")
        }
        #expect(summaries[4].kind == .text && summaries[4].median == nil)
        let (single, alone) = try Self.summary(table.map { [$0[0], $0[3]] }, titles: ["id", "few"])
        #expect(alone.fields == n && alone.values == n, "\(alone)")
        #expect(single[0].median == 49_999.5 && single[1].median == 3)
    }

    @Test("a column that turns to text late stops counting its numbers and has no median; counts merged from pieces agree with one piece")
    func textLateAndMergedCounts() throws {
        let n = 140_000
        let table = (0..<n).map { i in [i == n - 1 ? "late" : "\(i % 100)", "\(i % 100)"] }
        let (summaries, _) = try Self.summary(table, titles: ["a", "b"])
        #expect(summaries[0].kind == .text && summaries[0].median == nil && summaries[0].distinct == 101)
        #expect(summaries[1].median == 49.5 && !summaries[1].medianIsEstimate)
        let serial = try #require(ColumnSummary.summarizing(StringRows(table), titles: ["a", "b"], seed: 3))
        #expect(serial == summaries)
    }
}
