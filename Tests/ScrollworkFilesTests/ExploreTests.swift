import Foundation
import PropertyBased
import Scrollwork
import ScrollworkTestSupport
import Testing
@testable import ScrollworkFiles

/// Generated flights-like data with known answers: what filters, frequency tables, summaries
/// and saves are checked against.
enum ExploreData {
    static let carriers = ["AA", "B6", "DL", "UA", "WN", "9E", "EV"]
    static let header = ["id", "carrier", "dep_delay", "distance", "note"]

    /// `count` rows: an id, a carrier, a delay with `NA` every 13th row, a real distance, and a
    /// note with commas, quotes, a line break, non-ASCII text and empty values.
    static func rows(_ count: Int) -> [[String]] {
        (0..<count).map { i in
            let delay = i % 13 == 0 ? "NA" : "\((i * 37) % 181 - 30)"
            let distance = String(Double((i * 7919) % 5000) / 4 + 0.5)
            let notes = ["", "plain", "comma, inside", "a \"quote\"", "two\nlines", "café ✈", "NA"]
            return ["\(i + 1)", carriers[(i * 3 + i / 11) % carriers.count], delay, distance, notes[i % notes.count]]
        }
    }

    /// `table` as CSV, quoted where it must be.
    static func csv(_ table: [[String]]) -> String {
        table.map { row in
            row.map { f in f.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f }
                .joined(separator: ",")
        }.joined(separator: "\n") + "\n"
    }

    /// The rows of a CSV file with a header.
    static func withRows<T>(_ table: [[String]], _ body: (DelimitedRows, String) throws -> T) throws -> T {
        try TemporaryFile.with(csv([header] + table)) { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            return try body(DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true)), file.path)
        }
    }

    /// A loop of three pieces at once that runs them one after another, so that the rounds of a
    /// pass are tested without threads.
    static let threeAtOnce = ConcurrentLoop(width: 3) { count, body in for i in 0..<count { body(i) } }

    /// Runs python3 with `script`, returning what it printed.
    static func python(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite struct FieldListTests {
    /// Records with quotes (split byte by byte), and without (cut eight bytes at a time).
    static let alphabets = ["a\",\n\r;\" 7é", "a,;\n\r7é"]

    @Test("random records, with quotes and without, of every length, split in place into the parser's fields", arguments: alphabets)
    func splitsAsTheParser(alphabet: String) async {
        let alphabet = Array(alphabet.utf8)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...40).map { $0.map { alphabet[$0] } }
        await propertyCheck(count: 600, input: text, Gen.int(in: 0...1)) { bytes, which in
            let separator: UInt8 = which == 0 ? 0x2C : 0x3B
            var splitter = FieldSplitter(separator: separator)
            let split = bytes.withUnsafeBufferPointer { splitter.withFields(of: $0) { $0.strings } }
            #expect(split == RecordParser.fields(of: bytes, separator: separator), "\(bytes)")
        }
    }

    @Test("a quote-free record is cut right with its separator in each place of an eight-byte word and of the bytes after")
    func separatorInEachPlace() {
        for at in 0..<19 {
            var bytes = [UInt8](repeating: 0x78, count: 19)
            bytes[at] = 0x2C
            var splitter = FieldSplitter(separator: 0x2C)
            let split = bytes.withUnsafeBufferPointer { splitter.withFields(of: $0) { $0.strings } }
            #expect(split == [String(repeating: "x", count: at), String(repeating: "x", count: 18 - at)])
        }
    }

    @Test("a field past the last, or at a negative index, is nil")
    func outside() {
        var splitter = FieldSplitter(separator: 0x2C)
        Array("a,b\n".utf8).withUnsafeBufferPointer { bytes in
            splitter.withFields(of: bytes) { fields in
                #expect(fields.count == 2 && fields[-1] == nil && fields[2] == nil && fields[.max] == nil && fields[.min] == nil)
            }
        }
        #expect(splitter.withFields([]) { $0.count } == 0)
    }
}

@Suite struct RowFilterTests {
    let names = ColumnNames(ExploreData.header)

    @Test("every operator parses, and a filter reads back as written")
    func parses() throws {
        let cases: [(String, RowFilter.Test, Int?)] = [
            ("carrier=AA", .equals("AA"), 1), ("carrier!=AA", .notEquals("AA"), 1), ("dep_delay<5", .less(5), 2),
            ("dep_delay<=5", .lessOrEqual(5), 2), ("dep_delay>-2.5", .greater(-2.5), 2), ("dep_delay>=100", .greaterOrEqual(100), 2),
            ("note*=quote", .contains("quote"), 4), ("note~^c.f", .matches("^c.f"), 4), ("~x+", .matches("x+"), nil),
            ("*=café", .contains("café"), nil), ("CARRIER=a=b", .equals("a=b"), 1), ("3>1e3", .greater(1000), 2), ("note=", .equals(""), 4),
            ("carrier==5", .exactly("5"), 1), ("note==", .exactly(""), 4), ("note===", .exactly("="), 4), ("dep_delay is null", .isNull, 2),
            ("Dep_Delay  IS NULL", .isNull, 2), ("note=is null", .equals("is null"), 4), ("note===x", .exactly("=x"), 4),
            ("note>=2024-01-31", .comparesText(.greaterOrEqual, "2024-01-31"), 4), ("note<M", .comparesText(.less, "M"), 4),
            ("note>a b", .comparesText(.greater, "a b"), 4), ("note<=12:30", .comparesText(.lessOrEqual, "12:30"), 4),
        ]
        for (text, test, column) in cases {
            let filter = try RowFilter(parsing: text, columns: names)
            #expect(filter.test == test && filter.column == column, "\(text)")
            #expect(try RowFilter(parsing: filter.description, columns: names) == filter, "\(filter)")
        }
        // Text after `=` that begins with `=` means what `==` does, and reads back so.
        let made = try RowFilter(column: 4, title: "note", test: .equals("=x"))
        let again = try RowFilter(parsing: made.description, columns: names)
        #expect(made.test == .exactly("=x") && made.description == "note===x" && again == made)
    }

    @Test("<, <=, > and >= with text that is no number compare text as a sort by text orders it, byte by byte: an ISO date as the date; a missing value fails")
    func textComparisons() throws {
        let values = ["2024-01-31", "2024-01-30", "2024-02-01 10:00", "2023-12-31", "", "NA", "2024", "b", "B", "é", "a\u{0}"]
        func kept(_ text: String) throws -> [String] {
            let filter = try RowFilter(parsing: "note" + text, columns: names)
            return values.filter { value in var value = value; return value.withUTF8 { filter.passes($0) } }
        }
        #expect(try kept(">=2024-01-31") == ["2024-01-31", "2024-02-01 10:00", "b", "B", "é", "a\u{0}"])
        #expect(try kept("<2024-01-31") == ["2024-01-30", "2023-12-31", "2024"])
        #expect(try kept("<=2024-01-31") == ["2024-01-31", "2024-01-30", "2023-12-31", "2024"])
        #expect(try kept(">b") == ["é"] && kept("<a") == ["2024-01-31", "2024-01-30", "2024-02-01 10:00", "2023-12-31", "2024", "B"])
        #expect(try kept(">a") == ["b", "é", "a\u{0}"] && kept(">=é") == ["é"])
    }

    @Test("bad filters say what is wrong and what is allowed")
    func badFilters() throws {
        let cases: [(String, String)] = [
            ("carrier", "is not a filter"), ("nope=1", "no column is called 'nope'"), ("dep_delay>=", "needs a number or text"),
            ("note~(", "not a regular expression"), ("=AA", "names no column"), ("note*=", "needs text"), ("note~", "needs a regular expression"),
            ("dep_delay>nan", "is not a number"), ("0=1", "no column"), ("99=1", "no column"), ("note!x", "must be followed by '='"),
            ("nope is null", "COLUMN is null"), (" is null", "COLUMN is null"),
        ]
        for (text, message) in cases {
            #expect(throws: ExploreError.self, "\(text)") { try RowFilter(parsing: text, columns: names) }
            do { _ = try RowFilter(parsing: text, columns: names) } catch { #expect(error.description.contains(message), "\(text): \(error)") }
        }
        #expect(throws: ExploreError.self) { try ColumnNames(["a", "A"]).index(of: "a ") }
        #expect(throws: ExploreError.self) { try ColumnNames(["a", "A"]).index(of: "a ".uppercased() + "x") }
        #expect(throws: ExploreError.self) { try names.indexes(ofList: "id,,carrier") }
        #expect(try names.indexes(ofList: "note, ID,2") == [4, 0, 1])
        #expect(try ColumnNames(["a", "A"]).index(of: "A") == 1)
    }

    /// The rows of `table` that pass `filters`, worked out from their text.
    static func expected(_ table: [[String]], _ filters: [RowFilter]) -> [UInt32] {
        table.indices.filter { r in
            filters.allSatisfy { filter in
                let values = filter.column.map { [table[r][$0]] } ?? table[r]
                return values.contains { value in Array(value.utf8).withUnsafeBufferPointer { filter.passes($0) } }
            }
        }.map { UInt32($0) }
    }

    @Test("filters read in place keep exactly the rows their text passes, alone and stacked, in pieces")
    func keepsTheRightRows() throws {
        let table = ExploreData.rows(3000)
        try ExploreData.withRows(table) { rows, _ in
            let stacks = [["carrier=AA"], ["carrier!=AA"], ["dep_delay>100"], ["dep_delay<=0", "carrier=DL"], ["note*=Quote"], ["note*=quote"],
                          ["note~^c.f"], ["~✈"], ["*=comma"], ["distance>=1000", "distance<1200.25", "dep_delay!=NA"], ["note="], ["dep_delay=-30.0"]]
            for stack in stacks {
                let filters = try stack.map { try RowFilter(parsing: $0, columns: ColumnNames(ExploreData.header)) }
                let kept = try RowFilter.rows(of: rows, passing: filters, concurrently: ExploreData.threeAtOnce)
                #expect(kept == Self.expected(table, filters), "\(stack)")
                #expect(kept?.isEmpty == (stack == ["note*=Quote"]), "\(stack) keeps some rows (none for text with a capital the notes lack)")
            }
            // Within a subset: the rows of the subset that pass, in the subset's order.
            let within: [UInt32] = [2999, 5, 13, 14, 26, 100]
            let delayed = try RowFilter(parsing: "dep_delay!=NA", columns: ColumnNames(ExploreData.header))
            #expect(try RowFilter.rows(of: rows, passing: [delayed], within: .rows(within)) == [2999, 5, 14, 100])
            // Stopped: nil.
            #expect(try RowFilter.rows(of: rows, passing: [delayed], progress: { _ in false }) == nil)
        }
    }

    @Test("equal numbers are equal however written; missing values fail numeric tests and pass !=")
    func numbersAndMissing() throws {
        let filter = { (text: String) in try RowFilter(parsing: text, columns: ColumnNames(["x"])) }
        let passes = { (f: RowFilter, v: String) in Array(v.utf8).withUnsafeBufferPointer { f.passes($0) } }
        #expect(try passes(filter("x=5"), "5.0") && passes(filter("x=5.0"), "5") && !passes(filter("x=5"), "5a"))
        #expect(try !passes(filter("x>1"), "NA") && !passes(filter("x<1"), "") && passes(filter("x!=1"), "NA"))
        #expect(try !passes(filter("x<=1e400"), "inf") == false)
        #expect(try filter("x=1").passes(nil) == false && filter("x!=1").passes(nil))
    }

    @Test("== keeps the text exactly, and `is null` a null alone, as a frequency table counts its lines: in delimited text an empty field and no field are the empty text, with nulls of the source's own a null is apart")
    func exactlyAndNull() throws {
        let filter = { (text: String) in try RowFilter(parsing: text, columns: ColumnNames(["x"])) }
        func passes(_ f: RowFilter, _ v: String?, _ missing: MissingValues) -> Bool {
            guard let v else { return f.passes(nil, missing: missing) }
            return Array(v.utf8).withUnsafeBufferPointer { f.passes($0, missing: missing) }
        }
        let values: [String?] = ["5", "5.0", "+5", "", nil, "NA", "null"]
        func kept(_ text: String, _ missing: MissingValues) throws -> [String?] { try values.filter { passes(try filter(text), $0, missing) } }
        #expect(try kept("x==5", .common) == ["5"] && kept("x=5", .common) == ["5", "5.0", "+5"])
        #expect(try kept("x==", .common) == ["", nil] && kept("x=", .common) == ["", nil, "NA", "null"])
        #expect(try kept("x==NA", .common) == ["NA"] && kept("x is null", .common).isEmpty, "delimited text has no nulls")
        #expect(try kept("x==", .none) == [""] && kept("x is null", .none) == [nil] && kept("x==null", .none) == ["null"])
        #expect(try kept("x==", MissingValues.common.withOwnNulls) == [""] && kept("x is null", MissingValues.common.withOwnNulls) == [nil])
        // A pattern matches text: a null has none, while delimited text's missing field is empty.
        #expect(try kept("x~^$", .none) == [""] && kept("x~^$", .common) == ["", nil])
    }
}

@Suite struct FrequencyAndSummaryTests {
    @Test("a frequency table counts as Python's collections.Counter does, most common first, ties as a sort shows values")
    func frequencyMatchesCounter() throws {
        let table = ExploreData.rows(20_000)
        try ExploreData.withRows(table) { rows, path in
            for column in [1, 2, 4] {
                let frequency = try #require(FrequencyTable.counting(field: column, of: rows, concurrently: ExploreData.threeAtOnce))
                let script = """
                    import csv, sys, collections, re
                    rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))[1:]
                    counts = collections.Counter(r[int(sys.argv[2])] for r in rows)
                    missing = {'', 'NA', 'N/A', 'null', 'NULL', '-', r'\\N'}
                    number = re.compile(r'(?i)([+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)(e[+-]?[0-9]+)?|[+-]?inf(inity)?)')
                    def key(entry):
                        value, n = entry
                        x = float(value) if value not in missing and number.fullmatch(value) else None
                        # Most common first; ties: numbers by value, then text by bytes, missing last.
                        return (-n, value in missing, x is None, x if x is not None else 0.0, value.encode())
                    for value, n in sorted(counts.items(), key=key):
                        print(repr(value), n)
                    """
                let expected = try ExploreData.python(script, arguments: [path, "\(column)"])
                let ours = frequency.entries.map { e in "'\(e.value.replacingOccurrences(of: "\n", with: "\\n"))' \(e.count)" }.joined(separator: "\n") + "\n"
                #expect(ours == expected, "column \(column)")
                #expect(frequency.total == 20_000 && frequency.uncounted == 0)
                #expect(frequency.entries.reduce(0) { $0 + $1.count } == 20_000)
            }
            // Within a filter's rows, and the percent of each.
            let aa = try #require(try RowFilter.rows(of: rows, passing: [RowFilter(parsing: "carrier=AA", columns: ColumnNames(ExploreData.header))]))
            let only = try #require(FrequencyTable.counting(field: 1, of: rows, within: .rows(aa)))
            #expect(only.entries.map(\.value) == ["AA"] && only.percent(of: only.entries[0]) == 100)
            #expect(FrequencyTable.counting(field: 1, of: rows, progress: { _ in false }) == nil)
            #expect(FrequencyTable.counting(field: .max, of: rows)?.entries.map(\.value) == [""])
        }
    }

    @Test("a column summary gives the numbers Python's statistics gives")
    func summaryMatchesStatistics() throws {
        // Fewer rows than distinct values are counted exactly (16,384).
        let table = ExploreData.rows(16_000)
        try ExploreData.withRows(table) { rows, path in
            let summaries = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header, concurrently: ExploreData.threeAtOnce))
            let script = """
                import csv, sys, statistics
                rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))[1:]
                missing = {'', 'NA', 'N/A', 'null', 'NULL', '-'}
                for c in range(len(rows[0])):
                    present = [r[c] for r in rows if r[c] not in missing]
                    try:
                        numbers = [float(v) for v in present]
                        print(len(present), len(rows) - len(present), len(set(present)), repr(min(numbers)), repr(max(numbers)),
                              repr(statistics.fmean(numbers)), repr(float(statistics.median(numbers))), sep='\t')
                    except ValueError:
                        print(len(present), len(rows) - len(present), len(set(present)), repr(min(present, key=str.encode)), repr(max(present, key=str.encode)), sep='\t')
                """
            let lines = try ExploreData.python(script, arguments: [path]).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            #expect(lines.count == 5)
            for (c, summary) in summaries.enumerated() where c < lines.count {
                let line = lines[c]
                #expect(summary.count == Int(line[0]) && summary.missing == Int(line[1]) && summary.distinct == Int(line[2]), "\(summary)")
                #expect(!summary.distinctIsEstimate && !summary.medianIsEstimate)
                if line.count == 7 {
                    #expect(Double(summary.minimum ?? "") == Double(line[3]) && Double(summary.maximum ?? "") == Double(line[4]), "\(summary)")
                    #expect(Swift.abs((summary.mean ?? .nan) - (Double(line[5]) ?? 0)) < 1e-9, "\(summary)")
                    #expect(summary.median == Double(line[6]), "\(summary)")
                } else {
                    #expect(summary.kind == .text && summary.mean == nil && summary.median == nil)
                    #expect("'\(summary.minimum ?? "")'" == line[3], "\(summary)")
                }
            }
            #expect(summaries.map(\.kind) == [.integers, .text, .integers, .reals, .text])
        }
    }

    @Test("a summary read in many pieces at once is the summary read in one pass")
    func summaryInPiecesIsOnePass() throws {
        // More rows than three pieces hold, so that three lanes each read several and merge.
        let table = ExploreData.rows(4 * ColumnSummary.pieceSize + 1_234)
        try ExploreData.withRows(table) { rows, _ in
            let serial = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header, seed: 3))
            let pieces = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header, seed: 3, concurrently: ExploreData.threeAtOnce))
            for (one, many) in zip(serial, pieces) {
                var rounded = many
                rounded.mean = one.mean.flatMap { a in many.mean.map { b in Swift.abs(a - b) <= 1e-9 * Swift.max(1, Swift.abs(a)) ? a : b } }
                #expect(rounded == one)
            }
            #expect(serial[0].distinctIsEstimate && !serial[0].medianIsEstimate && !serial[1].distinctIsEstimate)
        }
    }

    @Test("least and greatest text compare short values by their bytes and length, NUL bytes included; integer sums past Int.max stay right")
    func summaryEdges() throws {
        let table = [["9", "b", "\(Int.max)", "1", "a\u{0}"], ["10", "a", "\(Int.max)", "2", "a"], ["-3", "ab", "3", "1.5", "a\u{0}\u{0}"]]
        try ExploreData.withRows(table) { rows, _ in
            let summaries = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header))
            #expect(summaries[0].minimum == "-3" && summaries[0].maximum == "10" && summaries[0].mean == 16.0 / 3)
            #expect(summaries[1].minimum == "a" && summaries[1].maximum == "b" && summaries[1].kind == .text)
            #expect(summaries[2].kind == .integers && summaries[2].mean == (2 * Double(Int.max) + 3) / 3)
            #expect(summaries[3].kind == .reals && summaries[3].mean == 1.5)
            #expect(summaries[4].minimum == "a" && summaries[4].maximum == "a\u{0}\u{0}" && summaries[4].distinct == 3)
        }
    }

    @Test("integers past 64 bits (an unsigned 64-bit number's upper half, a HUGEINT) are integers, their least and greatest exact, as DuckDB's SUMMARIZE gives them; past 128 bits they are reals")
    func summaryWideIntegers() throws {
        let int128Min = "-170141183460469231731687303715884105728", int128Max = "170141183460469231731687303715884105727"
        let table = [["18438385782879970551", "+18438385782879970551", int128Min, "340282366920938463463374607431768211456", "18446744073709551615"],
                     ["1", "-9223372036854775809", int128Max, "1", "18446744073709551614"],
                     ["9223372036854775808", "7", "0", "2", "2.5"]]
        try ExploreData.withRows(table) { rows, _ in
            let summaries = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header))
            #expect(summaries[0].kind == .integers && summaries[0].minimum == "1" && summaries[0].maximum == "18438385782879970551")
            let mean = (18438385782879970551.0 + 1 + 9223372036854775808.0) / 3
            #expect(abs(try #require(summaries[0].mean) - mean) <= mean * 1e-15)
            #expect(summaries[1].kind == .integers && summaries[1].minimum == "-9223372036854775809" && summaries[1].maximum == "18438385782879970551")
            #expect(summaries[2].kind == .integers && summaries[2].minimum == int128Min && summaries[2].maximum == int128Max)
            // 2¹²⁸ fits no 128-bit integer: a real, as any number past what integers hold.
            #expect(summaries[3].kind == .reals && summaries[3].maximum == RowFilter.format(340282366920938463463374607431768211456.0))
            // With a real among them: reals, the integer extremes still written exactly.
            #expect(summaries[4].kind == .reals && summaries[4].minimum == "2.5" && summaries[4].maximum == "18446744073709551615")
        }
    }

    @Test("past 16,384 distinct values the distinct count is an estimate, marked, and close; past 65,536 numbers the median is still exact")
    func estimates() throws {
        let table = (0..<150_000).map { i in ["\(i)", "x", "\((i * 7) % 100_003)", "1.5", ""] }
        try ExploreData.withRows(table) { rows, _ in
            let summaries = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header, seed: 7))
            let id = summaries[0]
            #expect(id.distinctIsEstimate && Swift.abs(Double(id.distinct) - 150_000) < 150_000 * 0.03, "\(id.distinct)")
            #expect(!id.medianIsEstimate && id.median == 74_999.5, "\(id.median ?? 0)")
            #expect(id.mean == 74_999.5 && id.minimum == "0" && id.maximum == "149999")
            #expect(!summaries[1].distinctIsEstimate && summaries[1].distinct == 1 && summaries[4].kind == .empty && summaries[4].missing == 150_000)
            #expect(summaries[3].median == 1.5 && summaries[3].kind == .reals)
        }
    }
}

/// Medians exact past the sample (#42): a second pass over the band the sample points to.
@Suite struct ExactMedianTests {
    /// The median as a sort of every number gives it.
    static func reference(_ numbers: [Double]) -> Double? {
        guard !numbers.isEmpty else { return nil }
        let sorted = numbers.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : Double.midpoint(sorted[n / 2 - 1], sorted[n / 2])
    }

    @Test("a flights-like summary of 200,000 rows matches every figure worked out here row by row, medians exact")
    func flightsSummaryMatchesReference() throws {
        let table = ExploreData.rows(200_000)
        try ExploreData.withRows(table) { rows, _ in
            let summaries = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header, concurrently: ExploreData.threeAtOnce))
            let missing = MissingValues.common
            for (c, summary) in summaries.enumerated() {
                let present = table.map { $0[c] }.filter { !missing.contains($0) }
                #expect(summary.count == present.count && summary.missing == table.count - present.count)
                let numbers = present.compactMap(Double.init)
                guard numbers.count == present.count else { continue }
                #expect(!summary.medianIsEstimate, "column \(c)")
                #expect(summary.median == Self.reference(numbers), "column \(c): \(summary.median ?? .nan) against \(Self.reference(numbers) ?? .nan)")
                #expect(Double(summary.minimum ?? "") == numbers.min() && Double(summary.maximum ?? "") == numbers.max())
                let mean = numbers.reduce(0, +) / Double(numbers.count)
                #expect(Swift.abs((summary.mean ?? .nan) - mean) <= 1e-9 * Swift.max(1, Swift.abs(mean)))
            }
        }
    }

    @Test("a band counts the numbers on its edges instead of keeping them (a column of one value keeps none), and its median is the one a sort of every number gives")
    func bandCountsItsEdges() {
        for numbers in [[Double](repeating: 2013, count: 100_001), (0..<90_000).map { Double($0 % 12) }, (0..<90_001).map { Double($0 % 977) / 4 }] {
            let sorted = numbers.sorted()
            let middle = sorted.count / 2
            var band = ExactMedian.Band(column: 0, low: sorted[middle - sorted.count / 50], high: sorted[middle + sorted.count / 50], count: numbers.count)
            var halves = [band, band]
            for (k, x) in numbers.enumerated() { halves[k % 2].add(x) }
            band.merge(halves[0])
            band.merge(halves[1])
            #expect(band.median == Self.reference(numbers))
            #expect(band.kept.count + band.runs.values.reduce(0, +) == numbers.filter { $0 > band.low && $0 < band.high }.count)
            if band.low == band.high { #expect(band.kept.isEmpty && band.runs.isEmpty && band.atLow == numbers.count) }
        }
    }

    @Test("exact medians of random columns: skewed, repeated, sorted, reversed, two values, one value", arguments: 0..<6)
    func randomColumns(shape: Int) throws {
        var generator = JSONColumnValuesTests.Seeded(state: UInt64(shape) &+ 42)
        let n = 70_000 + Int.random(in: 0...60_000, using: &generator)
        let numbers: [Double] = (0..<n).map { i in
            switch shape {
            case 0: return Double(Int.random(in: 0...1_000_000, using: &generator))
            case 1: return pow(Double.random(in: 0...1, using: &generator), 8) * 1e6
            case 2: return Double(i % 3)
            case 3: return Double(i)
            case 4: return Double(n - i) / 7
            default: return i < n / 2 ? 1 : 2
            }
        }
        let rows = StringRows(numbers.map { [RowFilter.format($0)] })
        let summary = try #require(ColumnSummary.summarizing(rows, titles: ["x"], seed: UInt64(shape), concurrently: ExploreData.threeAtOnce)?.first)
        let shown = numbers.map { Double(RowFilter.format($0))! }
        #expect(!summary.medianIsEstimate)
        #expect(summary.median == Self.reference(shown), "shape \(shape), \(n) numbers")
    }

    @Test("--summary's rows keep numbers as numbers and name the estimated figures in a column of their own")
    func summaryRowsAreNumbers() throws {
        let table = (0..<20_000).map { i in ["\(i)", "x", "\(i % 10)", "1.5", ""] }
        try ExploreData.withRows(table) { rows, _ in
            let summaries = try #require(ColumnSummary.summarizing(rows, titles: ExploreData.header))
            let shown = ColumnSummary.rows(summaries)
            #expect(ColumnSummary.titles.last == "estimated" && ColumnSummary.titles.count == ColumnSummary.numeric.count)
            let id = shown.records[0]
            #expect(id[4] == "\(summaries[0].distinct)" && id[8] == "9999.5" && id[9] == "distinct")
            #expect(shown.records[2][9] == "" && !shown.records.joined().joined().contains("≈"))
        }
    }

    @Test("a mean or median below 10⁻⁴ keeps six significant digits (a mean of 1e-07, 2e-07 and 3.5e-07 read 0); larger ones six places, whole ones no point")
    func smallMeansAreNotZero() {
        let figures = [(2.1666666666666667e-07, "2.166667e-07"), (Double("1e-320") ?? 0, "1e-320"), (-3.5e-05, "-3.5e-05"), (0.0001234567, "0.000123"),
                       (2.5, "2.5"), (1.0 / 3, "0.333333"), (42, "42"), (0, "0"), (-0.0, "0"), (1e300, "1e+300"), (.infinity, "inf"), (.nan, "nan")]
        for (x, text) in figures {
            let summary = ColumnSummary(title: "x", kind: .reals, count: 1, missing: 0, distinct: 1, mean: x, median: x)
            let row = ColumnSummary.rows([summary]).records[0]
            #expect(row[7] == text && row[8] == text, "\(x): \(row[7])")
        }
    }
}

/// Values as the file writes them (#42): a JSON null is no value in CSV, a whole number in a
/// column of reals stays whole.
@Suite struct ValuesAsWrittenTests {
    @Test("a JSON null is an empty field in CSV and TSV and null in JSON Lines; the word null in a CSV stays")
    func nullsInSaves() throws {
        try TemporaryFile.with("{\"a\": 1, \"b\": null}\n{\"a\": null, \"b\": \"x\"}\n") { file in
            var index = RecordIndex(quotes: false)
            while try !index.extend(from: file) {}
            let rows = JSONLinesRows(file: file, index: index, keys: ["a", "b"])
            for (format, expected) in [(ExportFormat.csv, "a,b\n1,\n,x\n"), (.tsv, "a\tb\n1\t\n\tx\n"), (.jsonLines, "{\"a\":1,\"b\":null}\n{\"a\":null,\"b\":\"x\"}\n")] {
                let path = "/tmp/scrollwork-null-\(getpid())-\(format)"
                defer { unlink(path) }
                _ = try TableExport.write(rows, order: .all(count: 2), columns: [0, 1], titles: ["a", "b"], numeric: [true, false], format: format, to: OutputFile(path: path))
                #expect(try String(contentsOfFile: path, encoding: .utf8) == expected, "\(format)")
            }
        }
        try ExploreData.withRows([["1", "null", "2", "3", "4"]]) { rows, _ in
            let path = "/tmp/scrollwork-null-csv-\(getpid()).csv"
            defer { unlink(path) }
            _ = try TableExport.write(rows, order: .all(count: 1), columns: [0, 1], titles: ["id", "carrier"], format: .csv, to: OutputFile(path: path))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "id,carrier\n1,null\n")
        }
    }

    @Test("a file's field column shows every value as the file writes it (007, 605.60, 2e5, NA), sorts them by value, and fits and type-selects by what it shows")
    func fieldsShowAsWritten() {
        let written = ["605.60", "007", "2e5", "NA", "-2.50", ""]
        let records = written.enumerated().map { DelimitedRecord(number: $0.offset + 1, fields: [$0.element]) }
        let column = TableColumn<DelimitedRecord>.field(0, title: "price", kind: .reals, width: .clamping(min: 32, ideal: 80, max: 800))
        var table = TableState(rows: records, columns: [column])
        #expect((0..<records.count).map { table.cellText(of: records[$0], column: 0) } == written)
        table.setSortOrder([SortOrder(columnID: "0", ascending: true)])
        let sorted = (0..<records.count).compactMap { try? table.list.row(at: IndexPath(row: $0, section: 0)) }
        #expect(sorted.map { table.cellText(of: $0, column: 0) } == ["-2.50", "007", "605.60", "2e5", "NA", ""])
        // The widest text measured is the widest shown, "605.60" (the title is measured with
        // room for its arrow): as values, 2e5 would have read "200000.0", wider.
        let fitted = try? table.fittingWidth(ofColumn: 0) { $0 == "price ▲" ? 0 : Double($0.count) * 10 }
        #expect(fitted == 60)
        // Typed letters match what is shown: "00" finds 007, which as a value reads "7".
        var typing = TypeAheadState()
        #expect(table.typeAhead("00", state: &typing, at: 0).row == IndexPath(row: 1, section: 0))
    }

    @Test("a column sized from a sample counts its missing values as they show: null is room for four cells, not cut to n…")
    func missingValuesCountInWidths() {
        let sample = ["null", "null", "4"].enumerated().map { DelimitedRecord(number: $0.offset + 1, fields: [$0.element]) }
        // Four cells of content, an eighth more (at least one), a cell of padding each side.
        #expect(TableColumn<DelimitedRecord>.field(0, title: "c", sample: sample).width.ideal == 7 * 8)
    }

    @Test("a whole number in a column of reals shows as the file writes it, and sorts among the reals by value")
    func wholeNumbersStayWhole() {
        let reals = FieldValues(kind: .reals)
        let values = ["9", "9.5", "-2", "1e3", "8.25"].map { reals.value($0) }
        #expect(values.map(\.description) == ["9", "9.5", "-2", "1000.0", "8.25"])
        #expect(values.sorted().map(\.description) == ["-2", "8.25", "9", "9.5", "1000.0"])
    }
}

@Suite struct TableExportTests {
    /// Saves `order`'s rows of `rows` and reads the file back.
    static func saved(_ rows: DelimitedRows, order: RowSet, columns: [Int], format: ExportFormat, numeric: [Bool] = []) throws -> String {
        let path = "/tmp/scrollwork-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(format == .jsonLines ? "jsonl" : format.rawValue)"
        defer { unlink(path) }
        let written = try TableExport.write(rows, order: order, columns: columns, titles: columns.map { ExploreData.header[$0] }, numeric: numeric,
                                            format: format, to: OutputFile(path: path), concurrently: ExploreData.threeAtOnce)
        #expect(written == order.count)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("a saved view is its rows in its order and its columns, quoted where the format needs")
    func savesTheView() throws {
        let table = ExploreData.rows(70_000)
        try ExploreData.withRows(table) { rows, _ in
            // A sorted order (not the file's) across more than one block.
            let order = (0..<70_000).map { UInt32(($0 * 7919) % 70_000) }
            let csv = try Self.saved(rows, order: .rows(order), columns: [4, 0], format: .csv)
            #expect(csv == ExploreData.csv([["note", "id"]] + order.map { [table[Int($0)][4], table[Int($0)][0]] }))
            let tsv = try Self.saved(rows, order: .all(count: 7), columns: [1, 4], format: .tsv)
            #expect(tsv == "carrier\tnote\n" + (0..<7).map { i in
                let note = table[i][4]
                return table[i][1] + "\t" + (note.contains("\"") || note.contains("\n") ? "\"" + note.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : note)
            }.joined(separator: "\n") + "\n")
        }
    }

    @Test("JSON Lines: numbers as numbers, missing values as null, text escaped, as Python's json reads it")
    func jsonLines() throws {
        let table = ExploreData.rows(50) + [["51", "AA", "+5", "1e3", "tab\there \u{1}"]]
        try ExploreData.withRows(table) { rows, _ in
            let text = try Self.saved(rows, order: .all(count: table.count), columns: [0, 2, 3, 4], format: .jsonLines, numeric: [true, true, true, false])
            let script = "import json, sys\nfor line in sys.stdin.read().splitlines(): print(json.dumps(json.loads(line), ensure_ascii=False))"
            let path = "/tmp/scrollwork-json-\(getpid())"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { unlink(path) }
            let lines = try ExploreData.python("import sys\nsys.stdin = open(sys.argv[1])\n" + script, arguments: [path]).split(separator: "\n")
            #expect(lines.count == table.count)
            #expect(lines.first == #"{"id": 1, "dep_delay": null, "distance": 0.5, "note": null}"#)
            #expect(lines.last == #"{"id": 51, "dep_delay": "+5", "distance": 1000.0, "note": "tab\there \u0001"}"#)
            #expect(lines[4] == #"{"id": 5, "dep_delay": 118, "distance": 419.5, "note": "two\nlines"}"#)
        }
    }

    @Test("a save to a directory, or into no directory, is an error; a stopped save leaves no file")
    func badOutputs() throws {
        #expect(throws: FileError.isDirectory(path: "/tmp")) { try OutputFile(path: "/tmp") }
        #expect(throws: FileError.notFound(path: "/no/such/dir/x.csv")) { try OutputFile(path: "/no/such/dir/x.csv") }
        #expect(throws: ExploreError.self) { try ExportFormat(path: "view.xlsx") }
        #expect(try ExportFormat(path: "a/b.TSV") == .tsv && ExportFormat(path: "-") == .csv && ExportFormat(path: "x.ndjson") == .jsonLines)
        try ExploreData.withRows(ExploreData.rows(200_000)) { rows, _ in
            let path = "/tmp/scrollwork-stopped-\(getpid()).csv"
            let stopped = try TableExport.write(rows, order: .all(count: rows.count), columns: [0], titles: ["id"], format: .csv,
                                                to: OutputFile(path: path), progress: { _ in false })
            #expect(stopped == nil && !FileManager.default.fileExists(atPath: path))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: "/tmp").filter { $0.hasPrefix("scrollwork-stopped-\(getpid()).csv.partial") }
            #expect(leftovers.isEmpty)
        }
    }
}

@Suite struct RowSubsetTests {
    @Test("a subset's rows and fields are its base's, numbered as in the file; numbers past the file are empty")
    func subsetReads() throws {
        let table = ExploreData.rows(500)
        try ExploreData.withRows(table) { rows, _ in
            let subset = RowSubset(base: rows, rows: [499, 3, 3, 250, .max])
            #expect(subset.count == 5 && subset.row(at: 0).number == 500 && subset.row(at: 0).fields == table[499])
            #expect(subset.rows(in: 0..<4).map(\.fields) == [table[499], table[3], table[3], table[250]])
            #expect(subset.rows(in: 1..<3).map(\.number) == [4, 4])
            #expect(subset.values(ofField: 1, in: 0..<5) { $0.map { String(decoding: $0, as: UTF8.self) } } == [table[499][1], table[3][1], table[3][1], table[250][1], nil])
            #expect(subset.values(ofField: 1, in: Int.min..<Int.max) { _ in 1 }.count == 5)
            #expect(subset.row(at: -1).fields.isEmpty && subset.row(at: .max).fields.isEmpty && subset.row(at: 4).fields == [""])
            #expect(subset.fields(at: [4, 0, -3]) { i, f in "\(i):\(f.count)" } == ["4:0", "0:5", "-3:0"])
            #expect(RowSet.all(count: -5).count == 0 && RowSet.all(count: 10).piece(Int.min..<Int.max).count == 10)
            #expect(Array(RowSet.rows([7, 1]).piece(-1..<9)) == [7, 1])
        }
    }
}

@Suite struct ExploreExtremeValuesTests {
    @Test("every exploring call takes any value: counts, fields and rows past the ends, titles fewer than columns, Int.min and Int.max")
    func extremes() throws {
        try ExploreData.withRows(ExploreData.rows(40)) { rows, _ in
            let any = [Int.min, -1, 0, 39, 40, .max]
            for field in any {
                let filter = try RowFilter(column: field, test: .equals(""))
                #expect(try RowFilter.rows(of: rows, passing: [filter], within: .all(count: .max))?.count == (field >= 0 && field < 5 ? 0 : 40) || field == 4)
                #expect(FrequencyTable.counting(field: field, of: rows, within: .all(count: .max))?.total == 40)
                #expect(try RowFilter.rows(of: rows, passing: [filter], within: .all(count: .min)) == [])
            }
            #expect(ColumnSummary.summarizing(rows, titles: [], within: .all(count: .max)) == [])
            #expect(ColumnSummary.summarizing(rows, titles: ["a"], within: .rows([.max, 0]))?.first?.missing == 1)
            let path = "/tmp/scrollwork-extreme-\(getpid()).jsonl"
            defer { unlink(path) }
            let written = try TableExport.write(rows, order: .all(count: .max), columns: [Int.min, 0, .max], titles: ["only"], numeric: [true],
                                                format: .jsonLines, to: OutputFile(path: path))
            #expect(written == 40)
            let first = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first
            #expect(first == #"{"only":null,"2":"1","3":null}"#, "a column not said to be numeric is text")
            let piece = RowSet.rows([5, 6]).piece(0..<2)
            #expect(piece[Int.min] == -1 && piece[2] == -1 && piece[.max] == -1 && piece[1] == 6)
            #expect(RowSet.all(count: .max).clamped(toRows: 3) == .all(count: 3) && RowSet.all(count: .min).clamped(toRows: 3).count == 0)
            #expect(ColumnNames([]).titles.isEmpty)
            #expect(throws: ExploreError.self) { try ColumnNames([]).index(of: "") }
            #expect(throws: ExploreError.self) { try RowFilter(column: 0, test: .less(FilterNumber(.nan))) }
            #expect(try RowFilter(column: 0, test: .greater(FilterNumber(.infinity))).passes(nil) == false)
            #expect(StringRows([["a"]]).row(at: .min).fields.isEmpty && StringRows([]).values(ofField: .max, at: [Int.min, 0]) { $0 == nil } == [true, true])
        }
    }
}

@Suite struct SampleAndCountTests {
    @Test("quickselect finds the value sorting would put at each position, ties and all")
    func quickselect() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...40).array(of: 1...200), Gen.int(in: 0...199)) { values, k in
            var copy = values.map { UInt64($0) }
            let k = k % copy.count
            #expect(ValueSample.smallest(k, in: &copy) == values.map { UInt64($0) }.sorted()[k])
        }
    }

    @Test("a median's sample never takes more room than its slack, added to or merged from pieces, and merged it keeps what one sample of every value keeps")
    func sampleRoomBounded() {
        var random = SeededRandom(seed: 7)
        var whole = ValueSample(), pieces = [ValueSample](repeating: ValueSample(), count: 3)
        var widest = 0
        // The room asked for is at most the slack; an allocation that large may come from `mmap`,
        // which rounds it up to a page (4,096 bytes, 256 items of 16), depending on what the
        // process freed before: that rounding is the allocator's, not growth.
        let bound = ValueSample.slack + 4096 / 16
        for k in 0..<300_000 {
            let priority = random.next()
            whole.add(Double(k % 1_001), priority: priority)
            pieces[k % 3].add(Double(k % 1_001), priority: priority)
            widest = Swift.max(widest, whole.storage, pieces[k % 3].storage)
        }
        #expect(widest <= bound, "\(widest) items of room")
        var merged = ValueSample()
        for piece in pieces + [ValueSample()] {
            merged.merge(piece)
            #expect(merged.storage <= bound, "\(merged.storage) items of room")
        }
        #expect(merged.isEstimate && merged.median == whole.median && merged.band(0.4, 0.6)! == whole.band(0.4, 0.6)!)
        var few = ValueSample()
        few.merge(pieces[0])
        few.merge(ValueSample())
        #expect(few.median == pieces[0].median)
    }

    @Test("a set of hashes and the value counts agree with Set and Dictionary, 0 included")
    func hashTables() {
        var set = HashSet64()
        var counts = ValueCounts()
        var expected: [String: Int] = [:]
        for i in 0..<20_000 {
            let value = UInt64((i * 7919) % 5003)
            set.insert(ValueHash.mix(value))
            set.insert(0)
            let text = "v\(i % 977)"
            Array(text.utf8).withUnsafeBufferPointer { counts.add($0) }
            expected[text, default: 0] += 1
        }
        #expect(set.count == 5004 && set.elements.count == 5004)
        #expect(Dictionary(uniqueKeysWithValues: counts.entries.map { (String(decoding: $0.bytes, as: UTF8.self), $0.count) }) == expected && counts.distinct == 977)
    }

    @Test("value counts past their limit keep the values first met, in that order, and count the rest together; added up, taken whole into an empty count, and asked whether they hold a value, they agree with a dictionary")
    func valueCountsFirstMet() {
        var random = SeededRandom(seed: 11)
        // Texts of 0 to 30 bytes, the empty one and a zero byte among them, many repeated.
        let texts: [[UInt8]] = (0..<20_000).map { _ in
            let n = Int(random.next() % 31)
            return (0..<n).map { k in k == 3 ? 0 : UInt8(97 + random.next() % 3) }
        }
        for limit in [0, 1, 57, 1_000, 100_000] {
            var counts = ValueCounts(limit: limit)
            var pieces = [ValueCounts(), ValueCounts(), ValueCounts()]
            var order: [[UInt8]] = [], expected: [[UInt8]: Int] = [:], uncounted = 0
            for (k, text) in texts.enumerated() {
                text.withUnsafeBufferPointer { counts.add($0, count: 1 + k % 2) }
                // Pieces in a row, as the file's pieces are counted and then added up in order.
                text.withUnsafeBufferPointer { pieces[k * 3 / texts.count].add($0, count: 1 + k % 2) }
                if expected[text] != nil {
                    expected[text, default: 0] += 1 + k % 2
                } else if order.count < limit {
                    order.append(text)
                    expected[text] = 1 + k % 2
                } else {
                    uncounted += 1 + k % 2
                }
            }
            var merged = ValueCounts(limit: limit)
            for piece in pieces { merged.add(piece) }
            for counted in [counts, merged] {
                #expect(counted.entries.map(\.bytes) == order, "limit \(limit)")
                #expect(counted.entries.map(\.count) == order.map { expected[$0] ?? -1 } && counted.uncounted == uncounted)
                #expect(counted.distinct == order.count && counted.isFull == (order.count >= limit))
                for text in texts.prefix(500) { #expect(text.withUnsafeBufferPointer { counted.contains($0) } == (expected[text] != nil)) }
            }
            var taken = merged
            let whole = taken.takeAll()
            #expect(taken.distinct == 0 && taken.uncounted == 0 && taken.limit == limit && whole.entries.map(\.bytes) == order)
        }
        // Nothing counted below one; the limit clamped to what a slot numbers.
        var none = ValueCounts(limit: .min)
        [UInt8]("a".utf8).withUnsafeBufferPointer { none.add($0, count: 0); none.add($0, count: -5); none.add($0) }
        #expect(none.distinct == 0 && none.uncounted == 1 && ValueCounts(limit: .max).limit == Int(Int32.max) - 1)
        // No bytes are one value, with an address or without (a short record's missing field).
        var empty = ValueCounts()
        empty.add(UnsafeBufferPointer(start: nil, count: 0))
        [UInt8]("x".utf8).withUnsafeBufferPointer { empty.add(UnsafeBufferPointer(rebasing: $0[1...])) }
        #expect(empty.entries.map(\.count) == [2] && ValueHash.of(UnsafeBufferPointer(start: nil, count: 0)) == [UInt8]("x".utf8).withUnsafeBufferPointer { ValueHash.of(UnsafeBufferPointer(rebasing: $0[1...])) })
    }

    @Test("a frequency entry keeps its bytes exactly and shows them as text: bytes that are not UTF-8 read with U+FFFD, a null's bytes are none; the value set leaves the bytes, the bytes set leave the value; made from counted bytes or from its text, it is the same entry")
    func frequencyEntryBytes() {
        let bad: [UInt8] = [0x61, 0xE2, 0x82, 0x62]
        let counted = FrequencyTable.Entry(bytes: ArraySlice([0x78] + bad + [0x78]).dropFirst().dropLast(), count: 3, isMissing: false)
        #expect(counted.value == "a\u{FFFD}b" && counted.bytes == bad && counted.count == 3)
        #expect(counted == FrequencyTable.Entry(value: "a\u{FFFD}b", bytes: bad, count: 3, isMissing: false))
        #expect(counted.withShownBytes { Array($0) } == Array("a\u{FFFD}b".utf8))
        let text = FrequencyTable.Entry(bytes: ArraySlice("café".utf8), count: 2, isMissing: false)
        #expect(text == FrequencyTable.Entry(value: "café", count: 2, isMissing: false) && text.hashValue == FrequencyTable.Entry(value: "café", count: 2, isMissing: false).hashValue)
        #expect(text.withShownBytes { Array($0) } == Array("café".utf8))
        // "é" as one scalar and as e and an accent are two values, as their bytes are.
        #expect(text != FrequencyTable.Entry(value: "cafe\u{301}", count: 2, isMissing: false))
        let null = FrequencyTable.Entry(value: "NULL", bytes: [], count: 1, isMissing: false, isNull: true)
        #expect(null.value == "NULL" && null.bytes.isEmpty && null.isMissing)
        var changed = counted
        changed.value = "shown"
        #expect(changed.value == "shown" && changed.bytes == bad)
        changed.bytes = Array("other".utf8)
        #expect(changed.value == "shown" && changed.bytes == Array("other".utf8))
        changed.value = "other"
        #expect(changed == FrequencyTable.Entry(value: "other", count: 3, isMissing: false))
    }

    @Test("a frequency table's rows, made from its entries as they are read, are the rows its text gives: each field lent, fields split in place, the row of values past the limit, rows past the end empty")
    func frequencyRowsAsRead() throws {
        var counts = ValueCounts(limit: 4)
        for text in [[UInt8]("b".utf8), [0xFF, 0x41], Array("a,\"q\"".utf8), Array("b".utf8), [], Array("5".utf8), Array("b".utf8)] {
            text.withUnsafeBufferPointer { counts.add($0) }
        }
        let table = FrequencyTable(counted: counts, nulls: 2, total: 9, missing: .none)
        let rows = table.rows
        let records = table.entries.map { [$0.value, "\($0.count)", FrequencyTable.percentText(table.percent(of: $0))] } + [["(values past the first \(FrequencyTable.distinctLimit))", "1", "11.11"]]
        #expect(rows.records == records && rows.count == 6 && StringRows(records).records == records)
        #expect(table.entries.map(\.count) == [3, 2, 1, 1, 1] && table.entries.contains { $0.bytes == [0xFF, 0x41] && $0.value == "\u{FFFD}A" })
        let all = Array(-1...6)
        for field in -1...3 {
            let lent = rows.values(ofField: field, at: all) { $0.map { String(decoding: $0, as: UTF8.self) } }
            #expect(lent == StringRows(records).values(ofField: field, at: all) { $0.map { String(decoding: $0, as: UTF8.self) } }, "field \(field)")
        }
        #expect(rows.fields(at: all) { _, fields in fields.count } == StringRows(records).fields(at: all) { _, fields in fields.count })
        #expect(rows.row(at: 3) == StringRows(records).row(at: 3) && rows.row(at: 5) == StringRows(records).row(at: 5) && rows.row(at: 9).fields.isEmpty)
    }
}
