import Glibc
import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// A sort reads a column's keys straight from the file's bytes: one field of each record, parsed
/// in place. Whatever the bytes, that gives exactly the values reading whole records gives, and
/// so the same order.
@Suite struct SortKeysFromBytesTests {
    /// Field `index` of `record` found in place, as text (nil when the record has fewer fields).
    static func field(_ index: Int, of record: [UInt8], separator: UInt8) -> String? {
        var reader = FieldReader(separator: separator)
        return record.withUnsafeBufferPointer { buffer in
            reader.field(index, of: buffer) { $0.map { String(decoding: $0, as: UTF8.self) } }
        }
    }

    @Test("random records of quotes, separators, CR and LF: every field found in place is the parser's")
    func fieldsAgreeWithParser() async {
        let alphabet: [UInt8] = Array("a\",\n\r;\" 7-".utf8)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...30).map { $0.map { alphabet[$0] } }
        await propertyCheck(count: 600, input: text, Gen.int(in: 0...1)) { bytes, which in
            let separator: UInt8 = which == 0 ? 0x2C : 0x3B
            let fields = RecordParser.fields(of: bytes, separator: separator)
            for i in 0...(fields.count + 1) {
                #expect(Self.field(i, of: bytes, separator: separator) == (fields.indices.contains(i) ? fields[i] : nil), "field \(i) of \(bytes)")
            }
        }
    }

    @Test("the line ending is no part of the last field, with or without quotes; a CR alone stays")
    func lineEndings() {
        #expect(Self.field(1, of: Array("a,b\r\n".utf8), separator: 0x2C) == "b")
        #expect(Self.field(1, of: Array("a,\"b\"\r\n".utf8), separator: 0x2C) == "b")
        #expect(Self.field(1, of: Array("a,b\r".utf8), separator: 0x2C) == "b\r")
        #expect(Self.field(0, of: [], separator: 0x2C) == "")
        #expect(Self.field(1, of: [], separator: 0x2C) == nil)
        #expect(Self.field(-1, of: Array("a".utf8), separator: 0x2C) == nil)
        #expect(Self.field(.max, of: Array("a,b".utf8), separator: 0x2C) == nil)
    }

    /// Equal values, a NaN equal to a NaN.
    static func same(_ a: TableValue, _ b: TableValue) -> Bool {
        if case let .double(x) = a, case let .double(y) = b { return x == y || (x.isNaN && y.isNaN) }
        return a == b
    }

    @Test("a field's value from its bytes is its value from its text, for every kind of column", arguments: [FieldValues.Kind.integers, .reals, .text])
    func valuesAgree(kind: FieldValues.Kind) async {
        let words = ["", "NA", "N/A", "null", "NULL", "-", "+", "-0", "+12", "0012", "9223372036854775807", "9223372036854775808",
                     "-9223372036854775808", "-9223372036854775809", "1.5", "-2e3", "999999999999999999", "-999999999999999999", "1000000000000000000", "0000000000000000001", "inf", "nan", "0x1p3", " 4", "4 ", "1_000", "١٢", "é", "NAN"]
        let parse = FieldValues(kind: kind)
        for word in words {
            var text = word
            let fromBytes = text.withUTF8 { parse.value($0) }
            #expect(Self.same(fromBytes, parse.value(word)), "\(word)")
        }
        #expect(parse.value(nil as UnsafeBufferPointer<UInt8>?) == parse.value(nil as String?))
        let digits = Gen.int(in: 0...12).array(of: 0...22).map { $0.map { Array("0123456789-+.e"[...])[$0 % 14] } }
        await propertyCheck(count: 500, input: digits) { characters in
            var text = String(characters)
            let fromBytes = text.withUTF8 { parse.value($0) }
            #expect(Self.same(fromBytes, parse.value(String(characters))), "\(String(characters))")
        }
    }

    @Test("a column's kind comes from its present sampled values")
    func kinds() {
        #expect(FieldValues.kind(of: ["1", "NA", "", "-3"]) == .integers)
        #expect(FieldValues.kind(of: ["1", "2.5", "NA"]) == .reals)
        #expect(FieldValues.kind(of: ["1", "N14228"]) == .text)
        #expect(FieldValues.kind(of: ["NA", ""]) == .text)
        #expect(FieldValues.kind(of: []) == .text)
        // Words of one's own, a number among them, are missing values before they are numbers.
        var parse = FieldValues(kind: .integers)
        parse.missing = MissingValues(words: ["-999", "n/a"])
        for word in ["-999", "n/a", "NA", "-99", "-9999", "12"] {
            var text = word
            #expect(text.withUTF8 { parse.value($0) } == parse.value(word), "\(word)")
        }
        #expect(parse.value("-999") == .missing("-999") && parse.value("NA") == .string("NA") && parse.value("-99") == .int(-99))
    }

    /// A file of flights-like records: integers with NA, reals, quoted text with separators and
    /// quotes, a record with fewer fields, CRLF line endings; removed afterwards.
    func withFlights(rows: Int, _ body: (DelimitedRows) throws -> Void) throws {
        var text = "sched,delay,tail,ratio,note\r\n"
        var state: UInt64 = 42
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for i in 0..<rows {
            let delay = next(30) == 0 ? "NA" : next(30) == 0 ? "" : String(next(400) - 60)
            let tail = next(20) == 0 ? "NA" : "N\(next(900))\(["UA", "ÅA", "\"q\"\"", "b,c"][next(4)])"
            let quotedTail = tail.contains(",") || tail.contains("\"") ? "\"" + tail.replacingAll("\"", "\"\"") + "\"" : tail
            let ratio = next(10) == 0 ? "7" : "\(next(100)).\(next(10))"
            text += i % 97 == 5 ? "\(next(2400))\r\n" : "\(next(2400)),\(delay),\(quotedTail),\(ratio),x\r\n"
        }
        try TemporaryFile.with(text) { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            try body(DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true)))
        }
    }

    @Test("LT-12: a file's columns sort to the same order from its bytes as from its records, by one key and by two")
    func sameOrderFromBytes() throws {
        try withFlights(rows: 20_000) { rows in
            let header = try #require(rows.header)
            let sample = rows.rows(in: 0..<200)
            let direct = header.indices.map { TableColumn.field($0, title: header[$0], sample: sample) }
            let viaRecords = direct.map { column -> TableColumn<DelimitedRecord> in
                var c = column
                c.sourceValues = nil
                c.sourceKeys = nil
                return c
            }
            // Values from the bytes, but no keys put straight from them.
            let viaValues = direct.map { column -> TableColumn<DelimitedRecord> in
                var c = column
                c.sourceKeys = nil
                return c
            }
            #expect(direct.allSatisfy { $0.sourceValues != nil && $0.sourceKeys != nil })
            for c in direct.indices {
                let values = direct[c].sourceValues?(rows, 0..<rows.count)
                #expect(values == (0..<rows.count).map { direct[c].value(rows.row(at: $0)) }, "column \(header[c])")
            }
            let orders: [[SortOrder]] = [
                [SortOrder(columnID: "0")], [SortOrder(columnID: "1", ascending: false)], [SortOrder(columnID: "2")],
                [SortOrder(columnID: "3")], [SortOrder(columnID: "2"), SortOrder(columnID: "1", ascending: false)],
            ]
            for order in orders {
                let ids = { (columns: [TableColumn<DelimitedRecord>]) in
                    var t = TableState(rows: rows, columns: columns)
                    try t.apply(try #require(t.sortJob(for: order).run()))
                    return try (0..<rows.count).map { try t.list.id(at: IndexPath(row: $0, section: 0)) }
                }
                let slow = try ids(viaRecords)
                #expect(try ids(direct) == slow, "\(order)")
                #expect(try ids(viaValues) == slow, "\(order)")
            }
        }
    }

    @Test("LT-12: a column the sample took for text (its first rows all missing) sorts as numbers when every value in the file is one; real text stays text")
    func typeFromAllValues() throws {
        let numbers = ["10", "9", "100", "2.5", "-3", "NA", "7"]
        var text = "id,n,code\n"
        for i in 0..<300 { text += "\(i),NA,x\(i)\n" }
        for (i, n) in numbers.enumerated() { text += "\(300 + i),\(n),\(i % 2 == 0 ? "9" : "10")\n" }
        try TemporaryFile.with(text) { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true))
            let header = try #require(rows.header)
            // Sampled from the first 100 rows: every n is missing there.
            let columns = header.indices.map { TableColumn.field($0, title: header[$0], sample: rows.rows(in: 0..<100)) }
            #expect(columns[1].alignment == .leading && columns[1].sortsNumericTextAsNumbers)
            func sorted(_ column: Int, ascending: Bool) throws -> [String] {
                var table = TableState(rows: rows, columns: columns)
                try table.apply(try #require(table.sortJob(for: [SortOrder(columnID: "\(column)", ascending: ascending)]).run()))
                return try (0..<rows.count).map { try table.list.row(at: IndexPath(row: $0, section: 0))[column] ?? "" }
            }
            // Numbers in numeric order, then the missing ones, in either direction.
            let up = try sorted(1, ascending: true), down = try sorted(1, ascending: false)
            #expect(Array(up.prefix(6)) == ["-3", "2.5", "7", "9", "10", "100"] && up.dropFirst(6).allSatisfy { $0 == "NA" }, "\(up.prefix(8))")
            #expect(Array(down.prefix(6)) == ["100", "10", "9", "7", "2.5", "-3"] && down.dropFirst(6).allSatisfy { $0 == "NA" }, "\(down.prefix(8))")
            // "x0", "x1", … are text: the column stays text, "10" before "9" before "x0".
            let codes = try sorted(2, ascending: true)
            #expect(Array(codes.prefix(8)) == ["10", "10", "10", "9", "9", "9", "9", "x0"], "\(codes.prefix(8))")
        }
    }

    @Test("a source of another type, or fewer values than rows, is read from its records")
    func otherSources() throws {
        try withFlights(rows: 50) { rows in
            let header = try #require(rows.header)
            let column = TableColumn.field(1, title: header[1], sample: rows.rows(in: 0..<50))
            #expect(column.sourceValues?("not a file", 0..<10) == nil)
            #expect(column.sourceValues?(rows, 40..<1000)?.count == 10)
            #expect(column.sourceValues?(rows, -5..<3)?.count == 3)
            #expect(column.sourceValues?(rows, Int.max - 1..<Int.max)?.isEmpty == true)
        }
    }
}
