import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67 item 3: a view saved as Parquet (Snappy, dictionaries where values repeat, each column
/// in the narrowest type holding every value as shown) reads back with our reader exactly.
@Suite struct ParquetWriterTests {
    /// A path for a save of the tests' own.
    static func path(_ ending: String = "parquet") -> String {
        "/tmp/scrollwork-parquet-save-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(ending)"
    }

    /// The rows of `csv` (a header first) saved as Parquet in `order` (all rows when nil),
    /// `numeric` saying which columns hold numbers, then opened with our reader.
    static func savedFromFile(_ csv: String, numeric: [Bool], order: [Int]? = nil, missing: MissingValues = .common,
                              loop: ConcurrentLoop = .serial) throws -> ParquetTable {
        let path = path()
        defer { unlink(path) }
        try TemporaryFile.with(csv) { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true))
            let titles = rows.header ?? []
            let set: RowSet = order.map { .rows($0.map { UInt32($0) }) } ?? .all(count: rows.count)
            let written = try TableExport.write(rows, order: set, columns: Array(titles.indices), titles: titles, numeric: numeric, format: .parquet,
                                                missing: missing, to: OutputFile(path: path), concurrently: loop)
            #expect(written == set.count)
        }
        return try ParquetTable(path: path)
    }

    /// Every row of `table` as text, a null as `nil`.
    static func values(_ table: ParquetTable) throws -> [[String?]] {
        let count = try table.rowCount(progress: .unwatched)
        return try table.rows(at: 0..<count, progress: .unwatched).map { row in row.map { $0.isMissing ? nil : $0.description } }
    }

    /// The physical type of each column, as the saved file's schema says.
    static func physicalTypes(_ table: ParquetTable) -> [Int?] { table.footer.schema.dropFirst().map(\.type) }

    @Test("whole numbers, reals and text come back as they were shown, typed INT64, DOUBLE and UTF-8 text; empty fields and missing words are nulls")
    func typesAndNulls() throws {
        let csv = "id,delay,carrier,note\n1,2.5,AA,\"said \"\"hi\"\", then left\"\n-42,,DL,École\n9000000000,1e3,NA,\n0,-0.25,UA,日本語\n"
        let table = try Self.savedFromFile(csv, numeric: [true, true, false, false])
        #expect(table.columnTitles == ["id", "delay", "carrier", "note"])
        #expect(Self.physicalTypes(table) == [2, 5, 6, 6])
        #expect(try Self.values(table) == [
            ["1", "2.5", "AA", "said \"hi\", then left"],
            ["-42", nil, "DL", "École"],
            ["9000000000", "1000.0", nil, nil],
            ["0", "-0.25", "UA", "日本語"],
        ])
        #expect(table.isNumeric(0) && table.isNumeric(1) && !table.isNumeric(2))
    }

    /// `rows` (nil a null) written by the streamed writer as Parquet, then opened with our reader.
    static func written(_ rows: [[String?]], titles: [String], numeric: [Bool]) throws -> ParquetTable {
        let path = path()
        defer { unlink(path) }
        var writer = try TableWriter(output: OutputFile(path: path), format: .parquet, titles: titles, numeric: numeric)
        try writer.append(rows)
        try writer.finish()
        return try ParquetTable(path: path)
    }

    @Test("#67: a text NA or null in a Parquet file is a value to the summary as to the frequency table, a filter and DuckDB; a null is missing, with or without filters")
    func wordsThatSpellMissingAreValues() throws {
        let table = try Self.written([["1", "NA"], ["2", "null"], ["3", nil], ["4", "x"], ["5", "NA"]], titles: ["id", "s"], numeric: [true, false])
        #expect(try Self.values(table).map { $0[1] } == ["NA", "null", nil, "x", "NA"])
        let summary = try table.summary(where: [], progress: .unwatched)[1]
        #expect(summary.count == 4 && summary.missing == 1 && summary.distinct == 3 && summary.minimum == "NA" && summary.maximum == "x", "\(summary)")
        let frequency = try table.frequency(ofColumn: 1, where: [], progress: .unwatched)
        #expect(frequency.entries.first { $0.value == "NA" }?.count == 2 && frequency.entries.first { $0.value == "NA" }?.isMissing == false)
        // Filtered, and over rows read into memory (the path of nested fields): the same.
        let filter = try RowFilter(parsing: "id>=2", columns: ColumnNames(table.columnTitles))
        let kept = try table.summary(where: [filter], progress: .unwatched)[1]
        #expect(kept.count == 3 && kept.missing == 1, "\(kept)")
        let overRows = try table.summary(ofColumn: 1, within: nil, progress: .unwatched)[0]
        #expect(overRows.count == summary.count && overRows.missing == summary.missing && overRows.distinct == summary.distinct, "\(overRows)")
    }

    @Test("#67: an empty text is a value and a null is missing, apart in the frequency table and the summary, with filters and over rows read into memory: DuckDB's answers")
    func emptyTextIsNotNull() throws {
        let s: [String?] = ["a", "", nil, "NA", "", "a", nil, nil]
        let table = try Self.written(s.enumerated().map { ["\($0.offset + 1)", $0.element] }, titles: ["n", "s"], numeric: [true, false])
        // DuckDB 1.x on the same values (pyarrow's file): GROUP BY s gives NULL 3, '' 2, 'a' 2, 'NA' 1;
        // SUMMARIZE gives min '', max 'a', 3 distinct, 37.5 % null.
        func counts(_ f: FrequencyTable) -> [String] { f.entries.map { "\($0.isNull ? "NULL" : "'\($0.value)'") \($0.count)" } }
        let frequency = try table.frequency(ofColumn: 1, where: [], progress: .unwatched)
        #expect(counts(frequency) == ["NULL 3", "'' 2", "'a' 2", "'NA' 1"])
        #expect(frequency.entries.map(\.isMissing) == [true, false, false, false])
        let overRows = try table.frequencyOverRows(ofColumn: 1, where: [], progress: .unwatched)
        #expect(counts(overRows) == counts(frequency))
        let summary = try table.summary(where: [], progress: .unwatched)[1]
        #expect(summary.count == 5 && summary.missing == 3 && summary.distinct == 3 && summary.minimum == "" && summary.maximum == "a", "\(summary)")
        let oneColumn = try table.summary(ofColumn: 1, within: nil, progress: .unwatched)[0]
        #expect(oneColumn.count == 5 && oneColumn.missing == 3 && oneColumn.distinct == 3 && oneColumn.minimum == "", "\(oneColumn)")
        // n > 1 keeps '', NULL, NA, '', a, NULL, NULL.
        let filter = try RowFilter(parsing: "n>1", columns: ColumnNames(table.columnTitles))
        #expect(counts(try table.frequency(ofColumn: 1, where: [filter], progress: .unwatched)) == ["NULL 3", "'' 2", "'NA' 1", "'a' 1"])
        let kept = try table.summary(where: [filter], progress: .unwatched)[1]
        #expect(kept.count == 4 && kept.missing == 3 && kept.minimum == "", "\(kept)")
        // Sorted, an empty text comes first and the nulls last, as DuckDB's ORDER BY s puts them.
        let sorted = try table.rowNames(where: [filter], orderedBy: [ColumnOrder(column: 1, ascending: true)], progress: .unwatched)
        #expect(sorted.map { s[$0] } == ["", "", "NA", "a", nil, nil, nil])
    }

    @Test("a value a column's type cannot hold widens the column, however far down it is: a real past 65,536 whole numbers, text past reals, a whole number past 2^53 among reals")
    func wideningStartsOver() throws {
        var lines = ["n,r,big"]
        for i in 0..<70_000 {
            let n = i == 69_999 ? "2.5" : "\(i)"
            let r = i == 69_000 ? "n/a" : "\(Double(i) / 4)"
            let big = i == 68_000 ? "9007199254740993" : "\(Double(i) + 0.5)"
            lines.append("\(n),\(r),\(big)")
        }
        let table = try Self.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, true], loop: ExploreData.threeAtOnce)
        #expect(Self.physicalTypes(table) == [5, 6, 6])
        let rows = try Self.values(table)
        #expect(rows.count == 70_000)
        #expect(rows[69_999][0] == "2.5" && rows[12][0] == "12.0")
        #expect(rows[69_000][1] == "n/a" && rows[2][1] == "0.5")
        #expect(rows[68_000][2] == "9007199254740993" && rows[1][2] == "1.5")
        #expect((try table.layout()).metadata.rowGroups.map(\.rowCount) == [65_536, 4_464])
    }

    @Test("rows are saved in the order of the view (a sort's, across row groups), repeated values through a dictionary and the rest plain")
    func orderAndDictionaries() throws {
        var lines = ["id,carrier,word"]
        for i in 0..<100_000 { lines.append("\(i),\(["AA", "DL", "UA"][i % 3]),w\(i * 7919 % 100_003)") }
        let order = (0..<100_000).reversed().map { $0 }
        let table = try Self.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, false, false], order: order)
        let rows = try Self.values(table)
        #expect(rows.count == 100_000)
        for probe in [0, 1, 65_535, 65_536, 99_999] {
            let i = 99_999 - probe
            #expect(rows[probe] == ["\(i)", ["AA", "DL", "UA"][i % 3], "w\(i * 7919 % 100_003)"])
        }
        let encodings = (try table.layout()).metadata.rowGroups[0].columns.map(\.encodings)
        #expect(encodings[1].contains(8), "the carriers repeat: a dictionary")
        #expect(!encodings[2].contains(8), "every word differs: plain")
    }

    @Test("each chunk says its nulls, least and greatest value (NaN left out, as the format asks)")
    func statistics() throws {
        let csv = "n,r,t\n5,nan,b\n,2.5,\n-3,-1,a\n7,,c\n"
        let path = Self.path()
        defer { unlink(path) }
        try TemporaryFile.with(csv) { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true))
            _ = try TableExport.write(rows, order: .all(count: rows.count), columns: [0, 1, 2], titles: ["n", "r", "t"], numeric: [true, true, false],
                                      format: .parquet, to: OutputFile(path: path))
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let length = Int(bytes[bytes.count - 8]) | Int(bytes[bytes.count - 7]) << 8 | Int(bytes[bytes.count - 6]) << 16
        var reader = ThriftReader(Array(bytes[(bytes.count - 8 - length)..<(bytes.count - 8)]))
        let footer = try reader.readStruct()
        let chunks = try #require(footer[4]?.elements?.first?[1]?.elements)
        let stats = chunks.map { $0[3]?[12] }
        func le(_ v: UInt64) -> ThriftValue { .binary((0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }) }
        #expect(stats[0]?[3] == .int(1) && stats[0]?[6] == le(UInt64(bitPattern: -3)) && stats[0]?[5] == le(7))
        #expect(stats[1]?[3] == .int(1) && stats[1]?[6] == le((-1.0).bitPattern) && stats[1]?[5] == le(2.5.bitPattern))
        #expect(stats[2]?[3] == .int(1) && stats[2]?[6] == .binary(Array("a".utf8)) && stats[2]?[5] == .binary(Array("c".utf8)))
    }

    @Test("a source's rows streamed a batch at a time (a database's save) widen and start over the same way; an empty save is a file of no rows")
    func streamedSave() throws {
        let path = Self.path()
        defer { unlink(path) }
        let output = try OutputFile(path: path)
        var writer = try TableWriter(output: output, format: .parquet, titles: ["n", "t"], numeric: [true, false])
        try writer.append([["1", "x"], [nil, ""], ["3.5", "y"]])
        let wider = try #require(writer.widerKinds)
        #expect(wider == [.real, .text])
        try output.startOver()
        var again = try TableWriter(output: output, format: .parquet, titles: ["n", "t"], numeric: [true, false], parquetKinds: wider)
        try again.append([["1", "x"], [nil, ""], ["3.5", "y"]])
        #expect(again.widerKinds == nil)
        try again.finish()
        #expect(try Self.values(ParquetTable(path: path)) == [["1.0", "x"], [nil, ""], ["3.5", "y"]])

        let empty = Self.path()
        defer { unlink(empty) }
        var none = try TableWriter(output: OutputFile(path: empty), format: .parquet, titles: ["a"], numeric: [false])
        try none.finish()
        let read = try ParquetTable(path: empty)
        #expect(read.columnTitles == ["a"])
        #expect(try read.rowCount(progress: .unwatched) == 0)
    }

    @Test("a comparison passes over the row groups whose least and greatest values rule it out, reading none of their pages, and keeps what reading them all keeps")
    func statisticsSkipRowGroups() throws {
        var lines = ["n,r,gap,t"]
        for i in 0..<200_000 { lines.append("\(i),\(Double(i) / 2),\(i < 140_000 ? "" : "\(i % 7)"),t\(i % 3)") }
        let table = try Self.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, true, false])
        #expect((try table.layout()).metadata.rowGroups.count == 4)
        let n = try RowFilter(parsing: "n>150000", columns: ColumnNames(table.columnTitles))
        #expect(try table.rowRanges(where: [n], progress: .unwatched) == [131_072..<200_000])
        let names = try table.rowNames(where: [n], orderedBy: [ColumnOrder(column: 1, ascending: false)], progress: .unwatched)
        #expect(Array(names) == Array((150_001..<200_000).reversed()))
        #expect(Set(table.cache.kept.keys.map(\.group)) == [2, 3], "only the groups that can hold n > 150000 are read")
        // Reals, and a column that is all null in its first groups; a text test reads every group.
        let r = try RowFilter(parsing: "r<=10", columns: ColumnNames(table.columnTitles))
        let gap = try RowFilter(parsing: "gap>=3", columns: ColumnNames(table.columnTitles))
        let text = try RowFilter(parsing: "t=t1", columns: ColumnNames(table.columnTitles))
        #expect(try table.rowRanges(where: [r], progress: .unwatched) == [0..<65_536])
        #expect(try table.rowRanges(where: [gap], progress: .unwatched) == [131_072..<200_000])
        #expect(try table.rowRanges(where: [text], progress: .unwatched) == [0..<200_000])
        #expect(try table.count(where: [r], progress: .unwatched) == 21)
        #expect(try table.count(where: [gap, text], progress: .unwatched) == (140_000..<200_000).filter { $0 % 7 >= 3 && $0 % 3 == 1 }.count)
        #expect(try table.frequency(ofColumn: 3, where: [n], progress: .unwatched).total == 49_999)
    }

    @Test("random columns of whole numbers, reals and text (extremes, nulls, look-alikes such as 007, 1e400 and 2^53 + 1) saved through the streamed writer read back as each column's widest kind shows them", arguments: 0..<40)
    func randomRoundTrip(seed: Int) throws {
        var random = JSONColumnValuesTests.Seeded(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        let pool = ["0", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "007", "-0", "2.5", "-0.25", "1e3",
                    "1e400", "1e-400", "inf", "-inf", "nan", "9007199254740993", "0.30000000000000004", "", "x", "École", "日本", "a,b", "\"q\"", "1_000", " 8"]
        let width = Int(random.next() % 4) + 1
        let rows = Int(random.next() % 3000) + 1
        let numeric = (0..<width).map { _ in random.next() % 3 != 0 }
        // Each column draws from a part of the pool, so some stay whole numbers or reals.
        let parts = (0..<width).map { _ in Array(pool.shuffled(using: &random).prefix(Int(random.next() % 6) + 1)) }
        let table: [[String?]] = (0..<rows).map { _ in (0..<width).map { c in random.next() % 9 == 0 ? nil : parts[c][Int(random.next() % UInt64(parts[c].count))] } }
        let path = Self.path()
        defer { unlink(path) }
        let output = try OutputFile(path: path)
        var kinds: [ParquetColumnKind]? = nil
        var writer: TableWriter
        repeat {
            if kinds != nil { try output.startOver() }
            writer = try TableWriter(output: output, format: .parquet, titles: (0..<width).map { "c\($0)" }, numeric: numeric, parquetKinds: kinds)
            for start in stride(from: 0, to: rows, by: 700) { try writer.append(Array(table[start..<Swift.min(rows, start + 700)])) }
            kinds = writer.widerKinds ?? kinds
        } while writer.widerKinds != nil
        try writer.finish()
        // The kind each column must end as: the narrowest holding all its values.
        let expectedKinds = (0..<width).map { c in
            table.reduce(numeric[c] ? ParquetColumnKind.integer : .text) { kind, row in
                guard var value = row[c] else { return kind }
                return value.withUTF8 { kind.widened(toHold: $0) }
            }
        }
        let read = try ParquetTable(path: path)
        #expect(read.footer.schema.dropFirst().map(\.type) == expectedKinds.map(\.physicalType))
        let got = try read.rows(at: 0..<rows, progress: .unwatched).map { $0.map { $0.isMissing ? nil : $0.description } }
        let want: [[String?]] = table.map { row in
            (0..<width).map { c in
                guard let value = row[c] else { return nil }
                switch expectedKinds[c] {
                case .real: return NumberText.real(value).map { TableValue.double($0).description }
                default: return value
                }
            }
        }
        #expect(got == want)
    }

    @Test("Snappy written here is read back, for text, repeats, runs and random bytes of every length")
    func snappyRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let inputs: [[UInt8]] = [[], [7], Array("abc".utf8), Array(repeating: 0x61, count: 1000), Array(String(repeating: "the quick brown fox ", count: 500).utf8),
                                 (0..<70_000).map { _ in UInt8.random(in: 0...3, using: &generator) }, (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }]
        for input in inputs {
            let compressed = SnappyCompressor.compress(input)
            #expect(try ParquetCodec.snappy(compressed[...], size: input.count) == input)
        }
        #expect(SnappyCompressor.compress(Array(repeating: 0x61, count: 1000)).count < 100)
    }

    @Test("a .parquet or .pq name saves Parquet; one with .gz or .zst after it is refused, saying why")
    func format() throws {
        #expect(try ExportFormat(path: "a.parquet") == .parquet)
        #expect(try ExportFormat(path: "/x/B.PQ") == .parquet)
        #expect(throws: ExploreError.self) { try ExportFormat(path: "a.parquet.gz") }
        do { _ = try ExportFormat(path: "a.txt") } catch { #expect("\(error)".contains(".parquet")) }
    }
}

