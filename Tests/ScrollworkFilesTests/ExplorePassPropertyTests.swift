import Foundation
import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// Every explore pass (filter, frequency, summary, column kinds, save) driven with random
/// sources, sizes, loop widths and stop points: a pass stopped at its k-th progress report returns
/// nil having heard exactly k reports, and one left to finish gives the answer worked out row by
/// row here.
@Suite struct ExplorePassPropertyTests {
    /// Row counts around the passes' piece sizes, and a few others.
    static let sizes = [0, 1, 2, 4095, 16_384, 16_385, 65_535, 65_536, 65_537, 131_073, 262_144, 262_145, 300_001]

    /// A loop that runs its pieces one after another on the calling thread, `width` a round.
    static func loop(width: Int) -> ConcurrentLoop {
        ConcurrentLoop(width: width) { count, body in for i in 0..<count { body(i) } }
    }

    /// A progress that says stop at its `stop`-th report (never for 0), counting reports.
    final class Stopper {
        let stop: Int
        var heard = 0
        init(stop: Int) { self.stop = stop }
        func report(_ fraction: Double) -> Bool {
            precondition(fraction > 0 && fraction <= 1)
            heard += 1
            return stop == 0 || heard < stop
        }
    }

    @Test("each pass stops where it is told, and otherwise gives the row-by-row answer")
    func passesStopOrAnswer() async {
        let input = Gen.int(in: 0...(Self.sizes.count - 1)).map { Self.sizes[$0] }
        await propertyCheck(count: 12, input: input, Gen.int(in: 1...13), Gen.int(in: 1...4), Gen.int(in: 0...3)) { count, period, width, stop in
            let rows = MadeRows(count: count, period: period)
            let loop = Self.loop(width: width)
            var expected: [String: Int] = [:]
            for i in 0..<count { expected[rows.fields(of: i)[0], default: 0] += 1 }
            let keptByFilter = (0..<count).filter { $0 % period == 0 }.map { UInt32($0) }

            let s1 = Stopper(stop: stop)
            let filtered = try RowFilter.rows(of: rows, passing: [RowFilter(column: 0, test: .equals("0"))], concurrently: loop, progress: s1.report)
            Self.check(filtered, s1, equals: keptByFilter)

            let s2 = Stopper(stop: stop)
            let frequency = FrequencyTable.counting(field: 0, of: rows, concurrently: loop, progress: s2.report)
            Self.check(frequency.map { Dictionary(uniqueKeysWithValues: $0.entries.map { ($0.value, $0.count) }) }, s2, equals: expected)

            let s3 = Stopper(stop: stop)
            let summary = ColumnSummary.summarizing(rows, titles: ["n", "t"], concurrently: loop, progress: s3.report)
            Self.check(summary.map { [$0[0].count, $0[0].distinct, $0[1].distinct] }, s3, equals: [count, expected.count, Swift.min(3, period, count)])

            let s4 = Stopper(stop: stop)
            let kinds = ColumnKinds.reading(rows, in: 0..<count, concurrently: loop, progress: s4.report)
            Self.check(kinds.map { [$0.kind(ofColumn: 0), $0.kind(ofColumn: 1)] }, s4, equals: count == 0 ? [.text, .text] : [.integers, .text])

            let s5 = Stopper(stop: stop)
            let path = NSTemporaryDirectory() + "pass-\(getpid())-\(count)-\(stop).csv"
            defer { unlink(path) }
            let written = try TableExport.write(rows, order: .all(count: count), columns: [0], titles: ["n"], format: .csv, to: OutputFile(path: path),
                                                concurrently: loop, progress: s5.report)
            Self.check(written, s5, equals: count)
            #expect(FileManager.default.fileExists(atPath: path) == (written != nil))
        }
    }

    /// A pass's `result` is nil exactly when `stopper` stopped it (having heard `stop` reports),
    /// and `expected` otherwise.
    static func check<T: Equatable>(_ result: T?, _ stopper: Stopper, equals expected: T, sourceLocation: SourceLocation = #_sourceLocation) {
        if let result {
            #expect(stopper.stop == 0 || stopper.heard < stopper.stop, "finished after a stop", sourceLocation: sourceLocation)
            #expect(result == expected, sourceLocation: sourceLocation)
        } else {
            #expect(stopper.stop > 0 && stopper.heard == stopper.stop, "stopped unasked, after \(stopper.heard) reports", sourceLocation: sourceLocation)
        }
    }
}

/// #72: dialect detection as its documentation says: the separator that splits the records
/// alike most often wins, and a tie goes to the name's hint, then to `,`, tab, `;`, `|` in turn.
@Suite struct DialectDetectionPropertyTests {
    @Test("generated tables in every separator are detected as written; ties follow the documented order and the name's hint")
    func detectedAsDocumented() async {
        let separators: [UInt8] = [0x2C, 0x09, 0x3B, 0x7C]
        await propertyCheck(count: 60, input: Gen.int(in: 0...3), Gen.int(in: 2...6), Gen.int(in: 2...30), Gen.int(in: 0...3)) { pick, columns, rows, other in
            let separator = separators[pick]
            // Values of words and numbers; a column of numbers so that the header is found.
            let header = (0..<columns).map { "col\($0)" }
            let body = (0..<rows).map { r in (0..<columns).map { c in c == 0 ? "\(r * 7)" : "w\(r)x\(c)" } }
            let text = ([header] + body).map { $0.joined(separator: String(UnicodeScalar(separator))) }.joined(separator: "\n") + "\n"
            let dialect = DelimitedDialect.detect(sample: Array(text.utf8))
            #expect(dialect.separator == separator && dialect.hasHeader, "\(text)")
            // Every record split alike by two separators: the hint's wins, else the earlier one.
            let second = separators[(pick + 1 + other % 3) % 4]
            let tied = (0..<rows).map { r in "a\(r)\(String(UnicodeScalar(separator)))b\(r)\(String(UnicodeScalar(second)))c\(r)" }.joined(separator: "\n") + "\n"
            let earlier = separators.first { $0 == separator || $0 == second }!
            #expect(DelimitedDialect.detect(sample: Array(tied.utf8)).separator == earlier)
            for (hint, byte) in [("tsv", UInt8(0x09)), ("tab", 0x09), ("csv", 0x2C), ("psv", 0x7C)] where [separator, second].contains(byte) {
                #expect(DelimitedDialect.detect(sample: Array(tied.utf8), hint: hint).separator == byte, "\(hint): \(tied)")
            }
        }
    }

    @Test("a .tsv whose records split alike by commas and tabs is read with tabs (city, state<TAB>population)")
    func tsvHintWinsATie() {
        let sample = Array("city, state\tpopulation\nOslo, NO\t700000\nLima, PE\t9700000\n".utf8)
        #expect(DelimitedDialect.detect(sample: sample, hint: "tsv").separator == 0x09)
        #expect(DelimitedDialect.detect(sample: sample).separator == 0x2C)
    }

    @Test("generated tables quoted with \" or ' are detected with their quote, and every reader gives back the values written")
    func quotesDetectedAndReadAlike() async {
        let separators: [UInt8] = [0x2C, 0x09, 0x3B, 0x7C]
        await propertyCheck(count: 80, input: Gen.int(in: 0...3), Gen.int(in: 2...5), Gen.int(in: 1...12), Gen.int(in: 0...1_000_000)) { pick, columns, rows, seed in
            let separator = separators[pick], sep = String(UnicodeScalar(separator))
            let single = seed % 2 == 0, quoteAll = seed % 3 == 0
            let quote = single ? "'" : "\""
            let pool = ["plain", "it's", "a\(sep)b", "say \"hi\"", "O'Neill", "two\nlines", "", "x y"]
            let header = (0..<columns).map { "col\($0)" }
            var body = (0..<rows).map { r in (0..<columns).map { c in c == 0 ? "\(r * 7)" : pool[(seed / 7 + r * 5 + c * 3) % pool.count] } }
            // A file quoted with ' has a field that needs it, as the documented rule asks.
            if single { body[0][1] = "a\(sep)b" }
            func written(_ value: String, numeric: Bool) -> String {
                let needs = value.contains(sep) || value.contains(quote) || value.contains("\n") || (quoteAll && !numeric)
                return needs ? quote + value.replacingOccurrences(of: quote, with: quote + quote) + quote : value
            }
            let records = [header] + body
            let text = records.map { r in r.enumerated().map { written($0.element, numeric: $0.offset == 0 && r != header) }.joined(separator: sep) + "\n" }.joined()
            let sample = Array(text.utf8)
            let dialect = DelimitedDialect.detect(sample: sample)
            #expect(dialect.separator == separator && dialect.quote == UInt8(ascii: single ? "'" : "\"") && dialect.hasHeader, "\(text)")
            let found = DelimitedDialect.records(in: sample, separator: dialect.separator, quote: dialect.quote, limit: 100)
            #expect(found.count == records.count, "\(text)")
            var splitter = FieldSplitter(separator: dialect.separator, quote: dialect.quote)
            var reader = FieldReader(separator: dialect.separator, quote: dialect.quote)
            for (record, values) in zip(found, records) {
                #expect(RecordParser.fields(of: record, separator: dialect.separator, quote: dialect.quote) == values, "\(text)")
                let (split, read) = record.withUnsafeBufferPointer { bytes in
                    (splitter.withFields(of: bytes) { $0.strings },
                     values.indices.map { i in reader.field(i, of: bytes) { $0.map { String(decoding: $0, as: UTF8.self) } } })
                }
                #expect(split == values && read == values.map { Optional($0) }, "\(text)")
            }
        }
    }

    @Test("' is the quote only where a field is enclosed in it and none in \": apostrophes in text, and a known separator ', keep \"")
    func singleQuoteOnlyWhereEnclosed() {
        let apostrophes = Array("name,note\nAnn,it's fine\nBob,O'Neill's\n'Ed,x\n".utf8)
        #expect(DelimitedDialect.detect(sample: apostrophes).quote == 0x22)
        let both = Array("name,note\n\"Ann\",'x'\nBob,'y'\n".utf8)
        #expect(DelimitedDialect.detect(sample: both).quote == 0x22, "a field enclosed in \" keeps \"")
        let libre = Array("name;note\n'Ann';'a;b'\n'Bob';'c'\n".utf8)
        #expect(DelimitedDialect.detect(sample: libre) == DelimitedDialect(separator: 0x3B, quote: 0x27, hasHeader: true))
        #expect(DelimitedDialect.detect(sample: libre, separator: 0x27).quote == 0x22)
        #expect(DelimitedDialect(separator: 0x27, quote: 0x27).separator == 0x2C, "a separator that is the quote becomes a comma")
        var dialect = DelimitedDialect(separator: 0x27)
        dialect.quote = 0x27
        #expect(dialect.separator == 0x2C && dialect.quote == 0x27)
        dialect.quote = 0x60
        #expect(dialect.quote == 0x22, "a quote other than \" or ' becomes \"")
    }
}
