import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67 item 3: a Parquet file saved again as Parquet (Ctrl-S, `--output`) keeps its columns'
/// types: dates, times, timestamps, decimals, booleans, bytes, floats and whole numbers of
/// every width and sign, each value exactly as shown; a value a type cannot hold as shown
/// widens its column, and no kind traps.
@Suite struct ParquetTypedSaveTests {
    /// `table`'s columns written as Parquet the way a save writes a view, then read back.
    static func savedAgain(_ table: some TableSource, filters: [RowFilter] = []) throws -> ParquetTable {
        let path = ParquetWriterTests.path()
        defer { unlink(path) }
        let count = try table.count(where: filters, progress: .unwatched)
        _ = try table.write(names: nil, count: count, where: filters, orderedBy: [], columns: Array(table.columnTitles.indices), format: .parquet,
                            to: OutputFile(path: path), progress: .unwatched)
        return try ParquetTable(path: path)
    }

    @Test("every fixture's flat columns saved as Parquet keep their type (physical, logical, width and sign) and every value; INT96 becomes nanoseconds")
    func everyFixtureKeepsItsTypes() throws {
        let names = ["types-snappy", "types-polars", "types-duckdb", "types-v2-plain", "types-delta", "int96", "session"]
        for name in names {
            let source = try ParquetTable(path: ParquetReaderTests.folder + "/\(name).parquet")
            let saved = try Self.savedAgain(source)
            for column in source.columnTitles.indices {
                let want = source.parquetKind(ofColumn: column)
                #expect(want != nil, "\(name): \(source.columnTitles[column]) has a type to keep")
                #expect(saved.parquetKind(ofColumn: column) == want, "\(name): \(source.columnTitles[column])")
                let element = saved.root.children[column].element
                #expect(element.type == want?.physicalType, "\(name): \(source.columnTitles[column])")
            }
            #expect(try ParquetWriterTests.values(saved) == ParquetWriterTests.values(source), "\(name)")
        }
        let int96 = try ParquetTable(path: ParquetReaderTests.folder + "/int96.parquet")
        #expect(int96.parquetKind(ofColumn: 0) == .timestamp(digits: 9, utc: false))
    }

    @Test("a filtered view of a typed file saves its kept rows with the same types, a null staying null")
    func filteredViewKeepsTypes() throws {
        let source = try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet")
        let filter = try RowFilter(parsing: "int8>50", columns: ColumnNames(source.columnTitles))
        let saved = try Self.savedAgain(source, filters: [filter])
        #expect(try saved.rowCount(progress: .unwatched) == source.count(where: [filter], progress: .unwatched))
        #expect((0..<source.columnTitles.count).map(saved.parquetKind(ofColumn:)) == (0..<source.columnTitles.count).map(source.parquetKind(ofColumn:)))
        let kept = Array(try source.rowNames(where: [filter], orderedBy: [], progress: .unwatched))
        #expect(try ParquetWriterTests.values(saved) == source.rows(named: kept, progress: .unwatched).map { row in row.map { $0.isMissing ? nil : $0.description } })
    }

    @Test("a value its type would not show again exactly widens the column (to text, or a wider number) and the save starts over; the rest keep their types")
    func valuesThatDoNotFitWiden() throws {
        let kinds: [ParquetColumnKind] = [.date, .time(digits: 3), .timestamp(digits: 6, utc: true), .decimal(precision: 9, scale: 2), .binary, .boolean,
                                          .fixedWidthInteger(bits: 8, signed: true), .float, .fixedWidthInteger(bits: 64, signed: false), .decimal(precision: 30, scale: 4)]
        let good: [String?] = ["2024-01-31", "13:45:30.123", "2024-01-31 13:45:30.000000Z", "-498.63", "00ff", "true", "-128", "-62.4", "18446744073709551615",
                               "-10000000.0000"]
        let bad: [String?] = ["2024-02-30", "13:45", "2024-01-31 13:45:30.000000", "1.5", "00FF", "yes", "128", "0.30000000000000004", "-1", "1e5"]
        let titles = kinds.indices.map { "c\($0)" }
        // Good values alone keep every kind.
        let path = ParquetWriterTests.path()
        defer { unlink(path) }
        var writer = try TableWriter(output: OutputFile(path: path), format: .parquet, titles: titles, parquetKinds: kinds)
        try writer.append([good, Array(repeating: nil, count: kinds.count)])
        #expect(writer.widerKinds == nil)
        try writer.finish()
        let kept = try ParquetTable(path: path)
        #expect(kinds.indices.map(kept.parquetKind(ofColumn:)) == kinds)
        #expect(try ParquetWriterTests.values(kept) == [good, Array(repeating: nil, count: kinds.count)])
        // One bad value each widens every column, and the save started over holds all as shown.
        let other = ParquetWriterTests.path()
        defer { unlink(other) }
        let output = try OutputFile(path: other)
        var given: [ParquetColumnKind]? = kinds
        var rounds = 0
        repeat {
            if rounds > 0 { try output.startOver() }
            writer = try TableWriter(output: output, format: .parquet, titles: titles, parquetKinds: given)
            try writer.append([good, bad])
            given = writer.widerKinds ?? given
            rounds += 1
        } while writer.widerKinds != nil && rounds < 4
        #expect(given == [.text, .text, .text, .text, .text, .text, .integer, .real, .text, .text], "2^64 - 1 beside -1: no number holds both exactly")
        try writer.finish()
        let widened = try ParquetWriterTests.values(ParquetTable(path: other))
        #expect(widened[0] == good.enumerated().map { k, value in k == 7 ? "-62.4" : value })
        #expect(widened[1] == bad.enumerated().map { k, value in k == 7 ? "0.30000000000000004" : value })
    }

    @Test("a save writes a date, time or timestamp straight from its number as the table shows it, for every number: the calendar's ends, negative years, before 1970, units of any width")
    func temporalTextAsShown() {
        let raws: [Int64] = [0, 1, -1, 59_999, 86_399_999, 86_400_000, -719_529, 2_932_897, 19_782, -62_135_596_800_000, 253_402_300_800_000,
                             1_706_708_730_123_456, -1_000_000_000_001, Int64(Int32.max), Int64(Int32.min), Int64.max, Int64.min, Int64.min + 1]
        let kinds: [ParquetValueKind] = [.date, .time(digits: 3), .time(digits: 6), .time(digits: 9), .timestamp(digits: 3, utc: true),
                                         .timestamp(digits: 6, utc: false), .timestamp(digits: 9, utc: true)]
        for kind in kinds {
            let values = ParquetValues.int64(raws)
            var batch = TextColumns(columns: 1, rows: raws.count)
            kind.setTexts(values, at: Array(raws.indices), places: raws.indices.reversed(), column: 0, in: &batch)
            for (i, raw) in raws.enumerated() {
                let shown = kind.value(values, at: i).presentText
                #expect(batch.text(column: 0, row: raws.count - 1 - i) == shown, "\(kind), \(raw)")
            }
            // Stored in 32 bits (a date's days, a time in milliseconds), the same.
            let narrow = raws.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0 }
            var small = TextColumns(columns: 1, rows: narrow.count)
            kind.setTexts(.int32(narrow.map { Int32($0) }), at: Array(narrow.indices), places: narrow.indices, column: 0, in: &small)
            #expect(narrow.indices.map { small.text(column: 0, row: $0) } == narrow.indices.map { kind.value(.int64(narrow), at: $0).presentText }, "\(kind)")
        }
        func shown(_ kind: ParquetValueKind, _ raw: Int64) -> String { kind.value(.int64([raw]), at: 0).description }
        // The room a batch makes for them is their length, for the years 0 to 9999.
        for kind in kinds {
            for raw: Int64 in [0, 1, -1, 19_782, 999_999] { #expect(shown(kind, raw).utf8.count == kind.temporalTextLength, "\(kind), \(raw)") }
        }
        #expect(ParquetValueKind.signed.temporalTextLength == 0 && ParquetValueKind.text.temporalTextLength == 0)
        #expect(shown(.date, 0) == "1970-01-01" && shown(.date, -719_529) == "-0001-12-31" && shown(.date, 2_932_897) == "10000-01-01" && shown(.date, 19_782) == "2024-02-29")
        #expect(shown(.time(digits: 3), 86_399_999) == "23:59:59.999" && shown(.time(digits: 6), -1) == "23:59:59.999999")
        #expect(shown(.timestamp(digits: 3, utc: true), -1) == "1969-12-31 23:59:59.999Z" && shown(.timestamp(digits: 6, utc: false), 1_706_708_730_123_456) == "2024-01-31 13:45:30.123456")
        #expect(shown(.timestamp(digits: 3, utc: true), -62_135_596_800_000) == "0001-01-01 00:00:00.000Z")
    }

    @Test("text is taken in a type only as the view writes that type: each day its month has, four-digit years at once and others as written, canonical decimals, no -0")
    func textTakenOnlyAsWritten() {
        func stored(_ kind: ParquetColumnKind, _ text: String) -> Int64? {
            var text = text
            return text.withUTF8 { kind.storedInteger($0) }
        }
        let date = ParquetColumnKind.date
        #expect(stored(date, "1970-01-01") == 0 && stored(date, "2024-02-29") == 19_782 && stored(date, "0000-03-01") == -719_468)
        #expect(stored(date, "10000-01-01") == 2_932_897 && stored(date, "-0001-12-31") == -719_529)
        for bad in ["2023-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-1-01", "24-01-01", "2024/01/01", "+2024-01-01", "02024-01-01", ""] {
            #expect(stored(date, bad) == nil, "\(bad)")
        }
        let stamp = ParquetColumnKind.timestamp(digits: 3, utc: true)
        #expect(stored(stamp, "1970-01-01 00:00:01.500Z") == 1500 && stored(stamp, "1969-12-31 23:59:59.999Z") == -1)
        #expect(stored(stamp, "1970-01-01 00:00:01.500") == nil && stored(stamp, "1970-01-01 24:00:00.000Z") == nil && stored(stamp, "1970-01-01T00:00:01.500Z") == nil)
        #expect(stored(.timestamp(digits: 9, utc: false), "2263-01-01 00:00:00.000000000") == nil, "past what nanoseconds in 64 bits hold")
        let price = ParquetColumnKind.decimal(precision: 5, scale: 2)
        #expect(stored(price, "0.05") == 5 && stored(price, "-0.05") == -5 && stored(price, "999.99") == 99_999 && stored(price, "-120.00") == -12_000)
        for bad in ["-0.00", "007.00", ".05", "0.5", "1000.00", "1e2", "12", "12.", "+1.00", "1.000"] { #expect(stored(price, bad) == nil, "\(bad)") }
        #expect(stored(.decimal(precision: 3, scale: 0), "-999") == -999 && stored(.decimal(precision: 3, scale: 0), "0") == 0)
        #expect(stored(.boolean, "true") == 1 && stored(.boolean, "false") == 0 && stored(.boolean, "True") == nil && stored(.boolean, "1") == nil)
        #expect(stored(.fixedWidthInteger(bits: 8, signed: false), "255") == 255 && stored(.fixedWidthInteger(bits: 8, signed: false), "256") == nil)
        #expect(stored(.fixedWidthInteger(bits: 64, signed: false), "18446744073709551615") == -1 && stored(.fixedWidthInteger(bits: 64, signed: false), "18446744073709551616") == nil)
        #expect(stored(.fixedWidthInteger(bits: 16, signed: true), "-32768") == -32_768 && stored(.fixedWidthInteger(bits: 16, signed: true), "32768") == nil)
    }

    @Test("kinds out of their range, and fewer or more kinds than columns, never trap: such a column is text, one past them as numeric says")
    func hostileKindsAreText() throws {
        let hostile: [ParquetColumnKind] = [.time(digits: Int.min), .timestamp(digits: 4, utc: true), .decimal(precision: Int.max, scale: -1),
                                            .decimal(precision: 39, scale: 2), .fixedWidthInteger(bits: Int.min, signed: false), .fixedWidthInteger(bits: 63, signed: true)]
        let row: [String?] = ["13:45:30.123", "x", "1.5", "2", "7", "-3", "12"]
        for kinds in [hostile, [], hostile + hostile] {
            let path = ParquetWriterTests.path()
            defer { unlink(path) }
            var writer = try TableWriter(output: OutputFile(path: path), format: .parquet, titles: row.indices.map { "c\($0)" },
                                         numeric: row.indices.map { $0 == 6 }, parquetKinds: kinds)
            try writer.append([row])
            #expect(writer.widerKinds == nil)
            try writer.finish()
            let read = try ParquetTable(path: path)
            #expect(try ParquetWriterTests.values(read) == [row])
            if kinds.count == hostile.count { #expect(read.parquetKind(ofColumn: 6) == .fixedWidthInteger(bits: 64, signed: true), "INT64, as a column of whole numbers is written") }
            #expect((0..<hostile.count).allSatisfy { read.parquetKind(ofColumn: $0) == .text })
            #expect([Int.min, -1, row.count, Int.max].allSatisfy { read.parquetKind(ofColumn: $0) == nil })
        }
    }

    /// `table` saved as JSON Lines the way a save writes a view: its lines.
    static func savedAsJSONLines(_ table: some TableSource) throws -> [String] {
        let path = ParquetWriterTests.path("jsonl")
        defer { unlink(path) }
        let count = try table.count(where: [], progress: .unwatched)
        _ = try table.write(names: nil, count: count, where: [], orderedBy: [], columns: Array(table.columnTitles.indices), format: .jsonLines,
                            to: OutputFile(path: path), progress: .unwatched)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("a JSON Lines save of a Parquet file writes each value as JSON's own type: a boolean as true or false, a list, map or struct as an array or object, bytes, dates and times as strings (\"0103\" too), numbers as numbers")
    func jsonLinesKeepTypes() throws {
        let types = try Self.savedAsJSONLines(try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet"))
        #expect(types.count == 1_000)
        #expect(types[1].contains(#""bool":false,"string":"AA","binary":"0103","decimal9":-498.63,"#))
        #expect(types[1].contains(#""int64":-2081,"#) && types[1].contains(#""date":"2023-03-08","time_ms":"01:00:00.123","#))
        #expect(!types.contains { $0.contains(#""bool":"true""#) || $0.contains(#""bool":"false""#) })
        let nested = try Self.savedAsJSONLines(try ParquetTable(path: ParquetReaderTests.folder + "/nested.parquet"))
        #expect(nested[1] == #"{"id":1,"list":[1],"struct":{"a":1,"b":"x1"},"map":{"k1":1}}"#)
        #expect(nested[0] == #"{"id":0,"list":null,"struct":{"a":0,"b":"x0"},"map":{"k0":0}}"#)
        // Every line is JSON a reader takes.
        for line in types + nested {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
    }

    @Test("dates, times and timestamps of a Parquet file compare as their text (>=, <): the rows whose shown value sorts there, row groups never ruled out by numbers")
    func datesCompareAsText() throws {
        let table = try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet")
        let count = try table.rowCount(progress: .unwatched)
        let rows = try table.rows(at: 0..<count, progress: .unwatched)
        for (column, text, bound) in [("date", ">=", "2025-01-01"), ("time_ms", "<", "12:00"), ("timestamp_ms_utc", ">", "2024-02-10 00:00:00.000Z")] {
            let filter = try RowFilter(parsing: column + text + bound, columns: ColumnNames(table.columnTitles))
            let c = try #require(filter.column)
            let wanted = rows.filter { row in
                guard !row[c].isMissing else { return false }
                let value = row[c].description
                return text == "<" ? value < bound : text == ">" ? value > bound : value >= bound
            }.count
            #expect(wanted > 0 && wanted < count, "\(filter)")
            #expect(try table.count(where: [filter], progress: .unwatched) == wanted, "\(filter)")
        }
    }
}
