#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Scrollwork
import Synchronization
import Testing
@testable import ScrollworkFiles

/// A source of `count` rows, each `fields`: what a caller with a huge or odd source passes to
/// the explore passes, with no file behind it.
struct MadeRows: InPlaceRows {
    var count: Int
    /// Row `i`'s first field is `i % period` and its second `x` then that (all rows alike for 0).
    var period = 0

    func fields(of i: Int) -> [String] {
        guard period > 0 else { return ["1", "x"] }
        let n = i % period
        return ["\(n)", "x\(n % 3)"]
    }

    func row(at i: Int) -> DelimitedRecord { DelimitedRecord(number: i.addingSaturating(1), fields: fields(of: i)) }

    func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        rows.map { i in
            let fields = fields(of: i)
            guard fields.indices.contains(field) else { return value(nil) }
            var text = fields[field]
            return text.withUTF8 { value($0) }
        }
    }

    func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        var splitter = FieldSplitter(separator: 0x2C)
        return rows.map { i in splitter.withFields(fields(of: i)) { body(i, $0) } }
    }
}

/// Each case here trapped, hung or lost data once (issue #48), for some value of a public call's
/// parameters in ScrollworkFiles. The calls that could trap or hang run in their own process
/// (an exit test) with a watchdog, so a crash or a hang fails that case alone.
@Suite struct TotalFilesCallTests {
    /// Ends the process with SIGALRM after `seconds`: a call that hangs fails its exit test.
    static func watchdog(_ seconds: UInt32 = 20) { alarm(seconds) }

    @Test("Int arithmetic at its ends: filter names, column kinds, field widths, percents")
    func integerEnds() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            for column in [Int.max, Int.min, -1, 0] {
                let filter = try RowFilter(column: column, test: .equals("x"))
                precondition(filter.description.hasSuffix("=x"))
            }
            let far = try RowFilter(column: Int.max, test: .equals("x"))
            precondition(far.description == "\(Int.max)=x")
            var kinds = ColumnKinds(columns: Int.max)
            precondition(kinds.count == ColumnKinds.maximumColumns)
            kinds.add(nil, column: Int.max)
            kinds.add(nil, column: Int.min)
            precondition(kinds.kind(ofColumn: Int.max) == .text && kinds.longestNumber(ofColumn: Int.min) == 0)
            _ = ColumnKinds(columns: Int.min)
            for content in [Int.max, Int.min, 0, 41] {
                let width = TableColumn<DelimitedRecord>.fieldWidth(content: content, title: "t")
                precondition(width.ideal <= 42 * 8)
            }
            let entries = [FrequencyTable.Entry(value: "a", bytes: [0x61], count: Int.max, isMissing: false),
                           FrequencyTable.Entry(value: "b", bytes: [0x62], count: Int.min, isMissing: false)]
            for total in [1, 0, -1, Int.max, Int.min] {
                let table = FrequencyTable(entries: entries, total: total, uncounted: Int.max)
                precondition(table.rows.count == 3)
            }
        }
    }

    @Test("a filter's number at the ends of Double and of text: it reads back as itself, says its whole number only where it is one, and compares with any value")
    func filterNumberEnds() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            let reals: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, 0.1]
            let texts = ["", " ", "-", "+", ".", "e", "1e", "1e99999999999999999999", "-1e-99999999999999999999", String(repeating: "9", count: 64),
                         String(repeating: "9", count: 65), String(repeating: "9", count: 1 << 20), "0x10", "inf", "-infinity", "nan", "9223372036854775808",
                         "-9223372036854775808", "1e18", "1.5", "\u{0}", "١٢"]
            var numbers = reals.map { FilterNumber($0) } + texts.compactMap { FilterNumber(text: $0) }
            numbers += [FilterNumber(integerLiteral: .max), FilterNumber(integerLiteral: .min)]
            for number in numbers {
                // Whole numbers within Int alone say one, and each reads back from its text.
                if let whole = number.integer { precondition(Double(whole) == number.value) }
                if number.value.isFinite { precondition(FilterNumber(text: number.description) == number) }
                for test in [RowFilter.Test.less(number), .lessOrEqual(number), .greater(number), .greaterOrEqual(number)] {
                    guard let filter = try? RowFilter(column: 0, test: test) else { precondition(number.value.isNaN); continue }
                    for var value in texts + ["5", "-0", "1e-400", "1e400"] {
                        _ = value.withUTF8 { filter.passes($0) }
                    }
                }
            }
            precondition(FilterNumber(text: "1e18")?.integer == 1_000_000_000_000_000_000 && FilterNumber(text: "-9223372036854775808")?.integer == .min)
        }
    }

    @Test("sizes from the caller: a loop of any width runs a summary with lanes it can have")
    func loopWidths() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            let wide = ConcurrentLoop(width: Int.max) { count, body in for i in 0..<count { body(i) } }
            precondition(wide.width == ConcurrentLoop.maximumWidth)
            precondition(ConcurrentLoop(width: Int.min) { _, _ in }.width == 1)
            let rows = MadeRows(count: 1000)
            let summary = ColumnSummary.summarizing(rows, titles: ["n", "t"], concurrently: wide)
            precondition(summary?.first?.count == 1000 && summary?.first?.kind == .integers)
            precondition(FrequencyTable.counting(field: 1, of: rows, concurrently: wide)?.entries.first?.count == 1000)
        }
    }

    @Test("passes over a source of Int.max rows start at once and stop at the first progress")
    func hugeSourcesCancel() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            let rows = MadeRows(count: Int.max)
            var heard: [Double] = []
            let stop = { (f: Double) -> Bool in heard.append(f); return false }
            precondition(FrequencyTable.counting(field: 0, of: rows, progress: stop) == nil)
            precondition(ColumnSummary.summarizing(rows, titles: ["a", "b"], progress: stop) == nil)
            precondition(ColumnKinds.reading(rows, in: 0..<Int.max, progress: stop) == nil)
            let path = NSTemporaryDirectory() + "huge-\(getpid()).csv"
            let output = try OutputFile(path: path)
            let written = try TableExport.write(rows, order: .all(count: Int.max), columns: [0], titles: ["a"], format: .csv, to: output, progress: stop)
            precondition(written == nil)
            precondition(heard.count == 4 && heard.allSatisfy { $0 > 0 && $0 < 1e-6 }, "\(heard)")
            precondition(!FileManager.default.fileExists(atPath: path))
            do {
                _ = try RowFilter.rows(of: rows, passing: [], progress: stop)
                preconditionFailure("a filter keeps rows as 32-bit numbers")
            } catch {}
        }
    }

    @Test("every call of the files module that takes an index, a count, an offset or a range, with the ends of their types")
    func extremeIndexSweep() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog(60)
            let ints = [Int.min, Int.min + 1, -1, 0, 1, 2, 3, 1 << 40, Int.max - 1, Int.max]
            let offsets: [UInt64] = [0, 1, 5, 1 << 40, UInt64(Int64.max), UInt64(Int64.max) + 1, UInt64.max - 1, UInt64.max]
            let ranges = [Int.min..<Int.max, 0..<Int.max, Int.min..<0, -5..<5, 2..<3, Int.max - 1..<Int.max, 0..<0]
            try TemporaryFile.with("a,b\n1,\"x\ny\"\n2,3\n") { file in
                var index = RecordIndex()
                while try !index.extend(from: file) {}
                let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect())
                let json = JSONLinesRows(file: file, index: index, keys: ["a"])
                let subset = RowSubset(base: rows, rows: [0, 2, UInt32.max])
                let strings = StringRows([["1", "2"], []])
                let all: [any InPlaceRows] = [rows, json, subset, strings, FileRows.delimited(rows), MadeRows(count: Int.max, period: 3)]
                for i in ints {
                    _ = index.range(ofRecord: i)
                    _ = rows.row(at: i)
                    _ = rows.record(i, limit: i)
                    for limit in ints { _ = rows.record(i, limit: limit) }
                    _ = json.row(at: i)
                    _ = subset.row(at: i)
                    _ = subset.baseRow(i)
                    _ = strings.row(at: i)
                    _ = DelimitedRecord(number: i, fields: ["x"])[i]
                    var nulls = DelimitedRecord(number: i, fields: ["null", ""])
                    nulls.nulls = [0, 1, i]
                    _ = (nulls[i], nulls.null(i), nulls.shown(i, FieldValues(kind: .integers, missing: .none)))
                    _ = RowSet.all(count: i).count
                    _ = RowSet.all(count: i).clamped(toRows: i)
                    _ = RowSet.rows([1, 2]).piece(-1..<3)[i]
                    for source in all {
                        _ = source.values(ofField: i, at: [i, 0, Int.max]) { $0?.count ?? -1 }
                        _ = source.fields(at: [i, 0, Int.min]) { row, fields in fields[i]?.count ?? row }
                    }
                    _ = DelimitedDialect.records(in: Array("a,b\nc,d\n".utf8), limit: i)
                    _ = try file.read(at: 0, count: i)
                    _ = TableColumn<DelimitedRecord>.field(i, title: "t", sample: [DelimitedRecord(number: 1, fields: ["1"])])
                    let kinds = ColumnKinds.reading(MadeRows(count: i), in: -3..<5)
                    precondition(kinds != nil)
                }
                for offset in offsets {
                    _ = index.record(containing: offset)
                    _ = try file.read(at: offset, count: Int.max)
                    // A file shown from any byte on, twice over, read at any offset (#72).
                    let shown = file.dropping(offset).dropping(offset)
                    _ = shown.size
                    for at in offsets { _ = try shown.read(at: at, count: Int.max) }
                    _ = try shown.decodingText().size
                    let search = try #require(TextSearch("x"))
                    for chunk in ints {
                        _ = try search.first(in: file, from: offset, chunkSize: chunk)
                        _ = try search.last(in: file, before: offset, chunkSize: chunk)
                    }
                }
                for range in ranges {
                    _ = rows.rows(in: range)
                    _ = rows.values(ofField: 0, in: range) { $0?.count }
                    _ = json.values(ofColumn: 0, in: range) { $0?.count }
                    _ = subset.rows(in: range)
                    _ = subset.values(ofField: 1, in: range) { $0?.count }
                    _ = FileRows.delimited(rows).rows(in: range)
                    FileRows.delimited(rows).eachRow(in: range) { _ in }
                    _ = RowSet.all(count: 10).piece(range).count
                    _ = RowSet.rows([1, 2, 3]).piece(range).map { $0 }
                    _ = ColumnKinds.reading(rows, in: range)
                }
                let tree = DirectoryTree(root: "/nonexistent-\(getpid())")
                for i in ints { _ = tree.child(of: nil, at: i) }
                // An arranged order of each kind: listed, narrow, a run of any length, spooled.
                let spooled = try SpooledWords(purpose: "a sweep's words")
                try spooled.append(contentsOf: [3, 1, 2])
                try spooled.finish()
                var orders = [RowOrder(ints), RowOrder([1, 2, 3]), RowOrder(spooled: spooled, largest: 3)]
                orders += ranges.map { RowOrder(run: $0) }
                for order in orders {
                    for i in ints { _ = order[i] }
                    // Names past `mostNamesRead` at once are refused with an error, not made.
                    for range in ranges + [Int.min..<Int.min, Int.max..<Int.max] { _ = Result { () throws(TableSourceError) in try order.names(in: range) } }
                    _ = (order.largest, order.description, Array(order.prefix(5)), order == RowOrder(run: 0..<3))
                }
                _ = WordSort.positions(keys: [UInt64.max, 0, 7], missing: [true], ascending: false)
                _ = ints.map(WordSort.word) + [Double.nan, -.infinity, -0.0, .greatestFiniteMagnitude].map(WordSort.word)
            }
        }
    }

    @Test("a FIFO without a writer opens at once and reads as a stream once one writes")
    func fifoOpensWithoutBlocking() async throws {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            let path = NSTemporaryDirectory() + "fifo-\(getpid())"
            precondition(mkfifo(path, 0o600) == 0)
            defer { unlink(path) }
            let file = try FileBytes(path: path)
            precondition(file.isStream && file.size == 0 && !file.streamHasEnded)
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            precondition(writer >= 0)
            let text = Array("a,b\n1,2\n".utf8)
            precondition(write(writer, text, text.count) == text.count)
            precondition(file.size == 8)
            let tail = try file.read(at: 4, count: 100)
            precondition(tail == Array("1,2\n".utf8))
            close(writer)
            precondition(file.size == 8 && file.streamHasEnded)
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            precondition(index.count == 2)
        }
    }

    @Test("a pipe handed over as a descriptor is a stream, not an empty file")
    func pipeDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = Array("one\ntwo\nthree\n".utf8)
        #expect(write(ends[1], text, text.count) == text.count)
        close(ends[1])
        let file = try FileBytes(descriptor: ends[0], name: "pipe")
        #expect(file.isStream)
        #expect(file.size == UInt64(text.count))
        #expect(try file.read(at: 4, count: 3) == Array("two".utf8))
        #expect(file.streamHasEnded)
    }

    @Test("regular expressions that backtrack without end elsewhere finish, and values past the budget are counted")
    func regexBudget() throws {
        let rows = StringRows([[String(repeating: "a", count: 41)], [String(repeating: "a", count: 40) + "!"], [String(repeating: "abcd", count: 100_000)]])
        let catastrophic = try RowFilter(parsing: "name~^(a+)+$", columns: ColumnNames(["name"]))
        #expect(try RowFilter.rows(of: rows, passing: [catastrophic]) == [0])
        let optional = try RowFilter(column: 0, test: .matches(String(repeating: "a?", count: 30) + String(repeating: "a", count: 30)))
        #expect(try RowFilter.rows(of: rows, passing: [optional]) == [0, 1])
        let huge = try RowFilter(column: 0, test: .matches(String(repeating: "(a|b|c|d)", count: 400) + "z"))
        let outcome = try #require(try RowFilter.filtering(rows, by: [huge]))
        #expect(outcome.rows.isEmpty && outcome.unfinishedMatches == 1)
        #expect(throws: ExploreError.self) { try RowFilter(column: 0, test: .matches("(a)\\1")) }
    }

    @Test("a stop is heard in the middle of a regular expression's match, whatever the values")
    func regexStopsMidMatch() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            let rows = StringRows(Array(repeating: [String(repeating: "abcd", count: 100_000)], count: 64))
            let huge = try RowFilter(column: nil, test: .matches(String(repeating: "(a|b|c|d)", count: 400) + "z"))
            let stopped = Atomic<Bool>(true)
            let outcome = try RowFilter.filtering(rows, by: [huge], keepGoing: { !stopped.load(ordering: .relaxed) })
            precondition(outcome == nil)
        }
    }

    @Test("JSON Lines keys of a range of any width read the records there are")
    func jsonKeysOfAnyRange() async {
        await #expect(processExitsWith: .success) {
            Self.watchdog()
            try TemporaryFile.with("{\"a\":1}\n{\"b\":2}\n") { file in
                var index = RecordIndex()
                while try !index.extend(from: file) {}
                precondition(JSONLinesRows.keys(file: file, index: index, lines: 0..<Int.max, after: []) == ["a", "b"])
                precondition(JSONLinesRows.keys(file: file, index: index, lines: Int.min..<Int.max, after: ["b"]) == ["b", "a"])
            }
        }
    }

    @Test("summaries stay finite at the ends of Double: means and medians of the largest numbers")
    func doubleEnds() throws {
        let cases: [([String], Double, Double)] = [
            (["1e308", "1e308"], 1e308, 1e308),
            (["\(Double.greatestFiniteMagnitude)", "\(Double.greatestFiniteMagnitude)"], .greatestFiniteMagnitude, .greatestFiniteMagnitude),
            (["-1e308", "1e308"], 0, 0),
            (["1e308", "1e308", "-1e308", "2"], 0.25e308, 0.5e308),
            (["\(-Double.greatestFiniteMagnitude)", "-1e308", "1"], -Double.greatestFiniteMagnitude / 3 - 1e308 / 3 + 1.0 / 3, -1e308),
        ]
        for (values, mean, median) in cases {
            let rows = StringRows(values.map { [$0] })
            let summary = try #require(ColumnSummary.summarizing(rows, titles: ["x"])?.first)
            let got = try #require(summary.mean)
            #expect(got.isFinite && Swift.abs(got - mean) <= Swift.abs(mean) * 1e-12 + 1e-300, "\(values): mean \(got)")
            #expect(summary.median == median, "\(values): median \(String(describing: summary.median))")
        }
    }

    @Test("nan and inf are reals in column kinds and summaries alike; NaN is left out of the figures")
    func nonFiniteWordsAgree() throws {
        let values = ["1", "inf", "nan", "-2.5"]
        let rows = StringRows(values.map { [$0] })
        let kinds = try #require(ColumnKinds.reading(rows, in: 0..<4))
        #expect(kinds.kind(ofColumn: 0) == .reals)
        let summary = try #require(ColumnSummary.summarizing(rows, titles: ["x"])?.first)
        #expect(summary.kind == .reals && summary.count == 4)
        #expect(summary.minimum == "-2.5" && summary.maximum == "inf" && summary.mean == .infinity)
        let onlyNaN = try #require(ColumnSummary.summarizing(StringRows([["nan"], ["NaN"]]), titles: ["x"])?.first)
        #expect(onlyNaN.kind == .reals && onlyNaN.mean == nil && onlyNaN.median == nil && onlyNaN.minimum == nil)
    }

    @Test("an output file refuses writes once finished; none land in the next save")
    func outputAfterFinish() throws {
        let directory = NSTemporaryDirectory() + "out-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try OutputFile(path: directory + "/a.csv")
        try first.write(Array("a\n".utf8))
        try first.finish()
        let second = try OutputFile(path: directory + "/b.csv")
        #expect(throws: FileError.finished(path: directory + "/a.csv")) { try first.write(Array("stray\n".utf8)) }
        try second.write(Array("b\n".utf8))
        try second.finish()
        #expect(try String(contentsOfFile: directory + "/b.csv", encoding: .utf8) == "b\n")
        #expect(try String(contentsOfFile: directory + "/a.csv", encoding: .utf8) == "a\n")
    }

    @Test("duplicate, empty and colliding titles get unique keys and headings in every format")
    func uniqueTitles() throws {
        #expect(RowEncoder.uniqueTitles(["x", "x", "x (2)"]) == ["x", "x (3)", "x (2)"])
        #expect(RowEncoder.uniqueTitles(["", "1", "", "a", "a", "a"]) == ["1", "1 (2)", "3", "a", "a (2)", "a (3)"])
        let rows = StringRows([["1", "2", "3"]])
        for format in [ExportFormat.csv, .tsv, .jsonLines] {
            let path = NSTemporaryDirectory() + "keys-\(getpid())-\(format).out"
            defer { unlink(path) }
            _ = try TableExport.write(rows, titles: ["x", "x", "x (2)"], numeric: [true, true, true], format: format, to: OutputFile(path: path))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            switch format {
            case .jsonLines: #expect(text == "{\"x\":1,\"x (3)\":2,\"x (2)\":3}\n")
            case .tsv: #expect(text == "x\tx (3)\tx (2)\n1\t2\t3\n")
            default: #expect(text == "x,x (3),x (2)\n1,2,3\n")
            }
        }
    }

    @Test("values are the same when their bytes are: frequency tables, summaries and filters agree on é")
    func byteExactEverywhere() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let rows = StringRows([[composed], [decomposed], [composed]])
        let frequency = try #require(FrequencyTable.counting(field: 0, of: rows))
        #expect(frequency.entries.map(\.count) == [2, 1])
        #expect(frequency.entries.map(\.bytes) == [Array(composed.utf8), Array(decomposed.utf8)])
        let summary = try #require(ColumnSummary.summarizing(rows, titles: ["v"])?.first)
        #expect(summary.distinct == frequency.entries.count)
        #expect(try RowFilter.rows(of: rows, passing: [RowFilter(column: 0, test: .equals(composed))]) == [0, 2])
        #expect(try RowFilter.rows(of: rows, passing: [RowFilter(column: 0, test: .matches("^caf\u{E9}$"))]) == [0, 2])
    }

    @Test("a line feed, CR or quote as the separator is a comma, for rows read whole and fields read in place alike")
    func separatorsAgree() throws {
        for byte: UInt8 in [0x0A, 0x0D, 0x22] {
            var dialect = DelimitedDialect(separator: byte)
            #expect(dialect.separator == 0x2C)
            dialect.separator = 0x09
            dialect.separator = byte
            #expect(dialect.separator == 0x2C)
            try TemporaryFile.with("a,b\n1,2\n") { file in
                var index = RecordIndex()
                while try !index.extend(from: file) {}
                let rows = DelimitedRows(file: file, index: index, dialect: dialect)
                let whole = rows.row(at: 0).fields
                let inPlace = rows.fields(at: [0]) { _, fields in fields.strings }[0]
                #expect(whole == ["1", "2"] && inPlace == whole)
            }
            #expect(RecordParser.fields(of: Array("1,2".utf8), separator: byte) == ["1", "2"])
        }
    }

    @Test("a name that is not UTF-8 is listed escaped, with its kind, and opens again")
    func nonUTF8Names() throws {
        let directory = NSTemporaryDirectory() + "names-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var name = Array((directory + "/caf").utf8) + [0xE9] + Array(".csv".utf8)
        name.append(0)
        let fd = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        #expect(fd >= 0)
        _ = write(fd, "a,b\n", 4)
        close(fd)
        let entries = DirectoryListings().entries(of: directory)
        let entry = try #require(entries.first)
        #expect(entries.count == 1 && entry.problem == nil)
        #expect(entry.displayName == "caf\\xE9.csv" && entry.kind == "CSV Document" && entry.size == 4)
        #expect(try FileBytes(path: entry.path).read(at: 0, count: 10) == Array("a,b\n".utf8))
        #expect(FileSystemPath.bytes(of: entry.path) == Array(name.dropLast()))
    }

    @Test("an index extended with a limit of 0 or less still advances, so a loop until done ends")
    func indexLimitsAdvance() throws {
        try TemporaryFile.with("a\nb\nc\n") { file in
            for limit in [0, -1, Int.min] {
                var index = RecordIndex()
                var calls = 0
                while try !index.extend(from: file, limit: limit, chunkSize: Int.min) {
                    calls += 1
                    #expect(calls <= 10)
                    if calls > 10 { break }
                }
                #expect(index.count == 3)
            }
        }
    }
}
