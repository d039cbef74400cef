import Scrollwork
import Testing
@testable import ScrollworkFiles

@Suite struct JSONLinesTests {
    func members(_ line: String) throws(JSONObjectReader.Problem) -> [JSONObjectReader.Member] {
        try JSONObjectReader.members(of: Array(line.utf8))
    }

    @Test("an object's members in order: strings unescaped, numbers as written, nested values as compact JSON")
    func objects() throws {
        let m = try members(#"{"name": "a\"b\\c\n\u00e9\ud83d\ude00", "n": -1.5e3, "ok": true, "none": null, "tags": [1, "x", {"k": [ ]}] , "o":{ "a" : 1 }}"#)
        #expect(m.map(\.key) == ["name", "n", "ok", "none", "tags", "o"])
        #expect(m[0].text == "a\"b\\c\né😀" && m[0].kind == .string)
        #expect(m[1].text == "-1.5e3" && m[1].kind == .number)
        #expect(m[2].kind == .boolean && m[3].kind == .null)
        #expect(m[4].text == #"[1,"x",{"k":[]}]"# && m[4].kind == .nested)
        #expect(m[5].text == #"{"a":1}"#)
        #expect(try members("  {}  ").isEmpty)
    }

    @Test("what is not one JSON object is a problem that says where, never a crash", arguments: [
        "[1,2]", "{\"a\":}", "{\"a\":1", "{\"a\" 1}", "{a:1}", "{\"a\":1} x", "{\"a\":\"unclosed}", "", "{\"a\":tru}",
    ])
    func problems(line: String) {
        #expect(throws: JSONObjectReader.Problem.self) { try members(line) }
    }

    @Test("nesting deeper than the limit is a problem; bad escapes and lone surrogates become U+FFFD")
    func limits() throws {
        let deep = "{\"a\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: JSONObjectReader.Problem.self) { try members(deep) }
        let m = try members(#"{"a":"x\qy\ud800z"}"#)
        #expect(m[0].text == "x\u{FFFD}y\u{FFFD}z")
    }
}

/// A JSON Lines column read for a sort, each record scanned to its key: the values the rows show.
@Suite struct JSONColumnValuesTests {
    /// Numbers from a seed, the same each run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// Records of every kind the scan meets: plain and escaped strings, numbers, literals,
    /// nested values, a key given twice, keys missing, escaped keys, text beyond ASCII, broken
    /// records and empty lines.
    static let pieces: [String] = [
        #""a": "UA""#, #""a": 12"#, #""a": -1.5e3"#, #""a": null"#, #""a": true"#, #""a": "x\"y""#, #""a": "é""#, #""a": [1, {"a": 2}]"#,
        #""b": "NA""#, #""b": 7"#, #""b": {"a": "no"}"#, #""\u0061": 99"#, #""a": 1, "a": 2"#, #""c": "}{""#, #""a": "a,b}""#,
        // Long enough for the scan's eight-bytes-at-a-time steps through strings and digits.
        #""a": "a text of more than eight bytes""#, #""b": 12345678901234567"#, #""a": -98765432.25e-3"#, #""a_rather_long_key": 123456789"#,
        #""b": "12345678"  "#, #""a": 1234567812345678x"#,
    ]

    @Test("keys are told apart code point by code point, as JSON tells them: \"K\" and the Kelvin sign are two columns, and a key mended from bad UTF-8 (with a mark after its U+FFFD) is read alike whole, split in place and column by column")
    func keysByCodePoint() throws {
        var text = Array("{\"K\": 1, \"\u{212A}\": 2}\n".utf8)
        text += Array("{\":".utf8) + [0xA4, 0xDD, 0x86] + Array("b\": null, \"n\": 3}\n".utf8)
        try TemporaryFile.with(bytes: text) { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            let keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<index.count, after: [])
            #expect(keys.count == 4 && keys[0] == "K" && keys[1].unicodeScalars.first == "\u{212A}", "\(keys)")
            let rows = JSONLinesRows(file: file, index: index, keys: keys)
            #expect(rows.row(at: 0).fields[0] == "1" && rows.row(at: 0).fields[1] == "2")
            let split = rows.fields(at: [0, 1]) { _, fields in fields.values }
            for i in 0..<2 {
                #expect(split[i] == rows.row(at: i).values, "row \(i)")
                for c in keys.indices {
                    let alone = rows.values(ofColumn: c, at: [i]) { $0.map { String(decoding: $0, as: UTF8.self) } }[0]
                    #expect(alone == rows.row(at: i)[c], "row \(i) column \(keys[c])")
                }
            }
        }
    }

    @Test("LT-12: every column's values scanned from the bytes are the values read from whole records, whatever the records hold")
    func scannedValuesAreTheRows() throws {
        var rng = Seeded(state: 7)
        var lines: [String] = []
        for _ in 0..<400 {
            let count = Int.random(in: 0...3, using: &rng)
            let body = (0..<count).map { _ in Self.pieces.randomElement(using: &rng)! }.joined(separator: ", ")
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: lines.append("")
            case 1: lines.append("{" + body)
            case 2: lines.append("[1, 2]")
            case 3: lines.append(" { " + body + " } x")
            default: lines.append(" {" + body + "}  ")
            }
        }
        try TemporaryFile.with(lines.joined(separator: "\n") + "\n") { file in
            var index = RecordIndex()
            while try !index.extend(from: file) {}
            let keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<index.count, after: ["a", "b", "c"])
            let rows = JSONLinesRows(file: file, index: index, keys: keys)
            let sample = rows.rows(in: 0..<rows.count)
            for c in keys.indices {
                let column = TableColumn.field(c, title: keys[c], sample: sample)
                let scanned = column.sourceValues?(rows, 0..<rows.count)
                #expect(scanned == (0..<rows.count).map { column.value(rows.row(at: $0)) }, "column \(keys[c])")
                // Keys put straight from the scan order the rows as keys from their values do.
                var byValues = column
                byValues.sourceKeys = nil
                let order = [SortOrder(columnID: column.id, ascending: c % 2 == 0)]
                let ids = { (column: TableColumn<DelimitedRecord>) in
                    var t = TableState(rows: rows, columns: [column])
                    try t.apply(try #require(t.sortJob(for: order).run()))
                    return try (0..<rows.count).map { try t.list.id(at: IndexPath(row: $0, section: 0)) }
                }
                #expect(column.sourceKeys != nil)
                #expect(try ids(column) == ids(byValues), "column \(keys[c])")
            }
        }
    }

    @Test("LT-12: the fields a filter, a count or a save reads from lines of one layout are the fields the rows show, whatever a line changes")
    func fieldsInPlaceAreTheRows() throws {
        let base = #"{"id": 12, "carrier": "UA", "tailnum": "N14228", "delay": -3.5, "ok": true, "gone": null}"#
        var lines: [String] = []
        let bytes = Array(base.utf8)
        var variants = [base + " x", base + ",", base + "  ", String(base.dropLast())]
        for i in bytes.indices {
            for swap in ["\"", ",", ":", "}", " ", "7", "x", "\\", "é"] {
                variants.append(String(decoding: bytes[..<i], as: UTF8.self) + swap + String(decoding: bytes[(i + 1)...], as: UTF8.self))
                variants.append(String(decoding: bytes[..<i], as: UTF8.self) + swap + String(decoding: bytes[i...], as: UTF8.self))
            }
        }
        // The base twice before each variant: the variant meets the base's layout, whatever the
        // variant before it taught.
        for variant in variants { lines += [base, base, variant] }
        lines += [base, #"{"id": 1, "carrier": "AA", "tailnum": "N1", "delay": 0, "ok": false, "gone": null, "id": 99}"#, base,
                  #"{"id": 2, "carrier": "AA", "tailnum": "N2", "delay": 0, "ok": false, "gone": null, "new": 1}"#, base]
        try TemporaryFile.with(lines.joined(separator: "\n") + "\n") { file in
            var index = RecordIndex(quotes: false, separator: 0x0A)
            while try !index.extend(from: file) {}
            let keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<1, after: [])
            let rows = JSONLinesRows(file: file, index: index, keys: keys)
            let inPlace = rows.fields(at: 0..<rows.count) { $1.values }
            for i in 0..<rows.count { #expect(inPlace[i] == rows.row(at: i).values, "line \(i + 1): \(lines[i])") }
        }
    }

    @Test("the scan answers only where the reader would agree, and leaves the rest to it")
    func scanAnswers() {
        func scan(_ key: String, _ record: String) -> String? {
            let k = Array(key.utf8), r = Array(record.utf8)
            return k.withUnsafeBufferPointer { k in
                r.withUnsafeBufferPointer { r in
                    switch JSONMemberScan.value(of: k, in: r) {
                    case let .value(range): return String(decoding: r[range], as: UTF8.self)
                    case .absent: return "(absent)"
                    case .undecided: return nil
                    }
                }
            }
        }
        #expect(scan("a", #"{"b": {"a": 1}, "a": "x"}"#) == "x")
        #expect(scan("a", #"{"a": 1, "a": 2}"#) == "2")
        #expect(scan("a", #"{"b": "a"}"#) == "(absent)")
        #expect(scan("a", "{}\r\n") == "(absent)")
        // A null is no value; the text "null" and the other literals are values.
        #expect(scan("a", #"{"a": null}"#) == "(absent)" && scan("a", #"{"a": "null"}"#) == "null" && scan("a", #"{"a": false}"#) == "false")
        #expect(scan("a", #"{"a": 1, "a": null}"#) == "(absent)" && scan("a", #"{"a": null, "a": 1}"#) == "1")
        #expect(scan("a", #"{"a": "x\ny"}"#) == nil && scan("a", #"{"a": [1]}"#) == nil && scan("a", #"{"a": 1"#) == nil)
        #expect(scan("a", #"{"longer than a word": "a value of some length", "a": -123456789012}"#) == "-123456789012")
        #expect(scan("a", #"{"a": 12345678.5e+2, "b": "x"}"#) == "12345678.5e+2" && scan("a", #"{"a": 123456789"#) == nil)
        #expect(scan("a", #"{"a": "unterminated and long"#) == nil && scan("a", #"{"b": "é and more than eight", "a": 1}"#) == "1")
        #expect(scan("a", #"{"\u0061": 1}"#) == nil && scan("a", #"{"a": 1} x"#) == nil && scan("a", "") == nil)
        // Keys of up to eight bytes are compared as a word: each byte counts, near the record's end too.
        #expect(scan("tailnum", #"{"tailnuM": "x", "tailnum": "N1", "tailnumb": "y"}"#) == "N1")
        #expect(scan("sched_de", #"{"sched_dx": 1, "sched_de": 2}"#) == "2" && scan("sched_de", #"{"sched_dx":1}"#) == "(absent)")
        #expect(scan("k", #"{"x":1,"k":7}"#) == "7" && scan("k", #"{"k":7}"#) == "7" && scan("kk", #"{"k":7}"#) == "(absent)")
        #expect(scan("sched_dep_time", #"{"sched_dep_timX": 1, "sched_dep_time": 2}"#) == "2")
    }

    @Test("a record with the keys and spacing of the one learned is answered from that layout, with its own values")
    func layoutFits() {
        func shape(_ key: String, learning record: String) -> JSONRecordShape {
            var layout = JSONMemberScan.Layout(), shape = JSONRecordShape()
            let k = Array(key.utf8), r = Array(record.utf8)
            _ = k.withUnsafeBufferPointer { k in r.withUnsafeBufferPointer { JSONMemberScan.value(of: k, in: $0, plain: true, layout: &layout, recording: true) } }
            r.withUnsafeBufferPointer { shape.learn($0, layout: layout) }
            return shape
        }
        func answer(_ shape: JSONRecordShape, _ record: String) -> String? {
            let r = Array(record.utf8)
            return r.withUnsafeBufferPointer { r in
                switch shape.value(in: r) {
                case let .value(range)?: String(decoding: r[range], as: UTF8.self)
                case .absent?: "(absent)"
                case .undecided?: "(undecided)"
                case nil: nil
                }
            }
        }
        let flights = shape("tailnum", learning: #"{"year": 2013, "carrier": "UA", "tailnum": "N14228", "air_time": 227}"#)
        #expect(answer(flights, #"{"year": 1999, "carrier": "B6", "tailnum": "N1", "air_time": -3.5e2}"#) == "N1")
        #expect(answer(flights, #"{"year": null, "carrier": "", "tailnum": "a text longer than a word", "air_time": true}  "#) == "a text longer than a word")
        // Other spacing, another key, a nested value, text beyond ASCII in the key's value: not this layout.
        #expect(answer(flights, #"{"year":2013, "carrier": "UA", "tailnum": "N14228", "air_time": 227}"#) == nil)
        #expect(answer(flights, #"{"year": 2013, "carrier": "UA", "tailnum": "N14228", "air_time": 227, "x": 1}"#) == nil)
        #expect(answer(flights, #"{"year": [2013], "carrier": "UA", "tailnum": "N14228", "air_time": 227}"#) == nil)
        #expect(answer(flights, #"{"year": 2013, "carrier": "UA", "tailnum": "Ñ1", "air_time": 227}"#) == nil)
        #expect(answer(shape("nothing", learning: #"{"a":1,"b":"x"}"#), #"{"a":22,"b":"yy"}"#) == "(absent)")
        #expect(answer(shape("b", learning: #"{"a":1,"b":"x"}"#), #"{"a":22,"b":"yy"}"#) == "yy")
        // A null is no value, as a key left out is; the text "null" is text.
        #expect(answer(shape("b", learning: #"{"a":1,"b":"x"}"#), #"{"a":22,"b":null}"#) == "(absent)")
        #expect(answer(shape("b", learning: #"{"a":1,"b":"x"}"#), #"{"a":22,"b":"null"}"#) == "null")
        #expect(answer(shape("b", learning: #"{"a":1,"b":"x"}"#), #"{"a":22,"b":nul}"#) == nil)
        // A record with a nested value teaches no layout.
        #expect(answer(shape("a", learning: #"{"a":1,"b":[2]}"#), #"{"a":1,"b":[2]}"#) == nil)
        // Every value of a record that fits, strings without their quotes (said here in them:
        // a string is text, whatever it spells); text beyond ASCII is the reader's.
        func values(_ shape: JSONRecordShape, _ record: String) -> [String]? {
            let r = Array(record.utf8)
            var found: [String] = []
            let fits = r.withUnsafeBufferPointer { r in
                shape.values(in: r) { member, text, isString in
                    let value = text.map { String(decoding: r[$0], as: UTF8.self) } ?? "(null)"
                    found.append("\(member)=" + (isString ? "'\(value)'" : value))
                }
            }
            return fits ? found : nil
        }
        #expect(flights.names == ["year", "carrier", "tailnum", "air_time"])
        // A null is no value; the text "null" is text, and so is "12".
        #expect(values(flights, #"{"year": null, "carrier": "", "tailnum": "null", "air_time": -2.5e1}"#) == ["0=(null)", "1=''", "2='null'", "3=-2.5e1"])
        #expect(values(flights, #"{"year": 2013, "carrier": "12", "tailnum": "N1", "air_time": 2}"#) == ["0=2013", "1='12'", "2='N1'", "3=2"])
        #expect(values(flights, #"{"year": 1, "carrier": "é", "tailnum": "N1", "air_time": 2}"#) == nil)
    }

    @Test("a record checked against the layout of the one before it answers as the scan does, whatever one byte of it is changed to")
    func layoutAnswersAsTheScan() {
        let bases = [
            #"{"year": 2013, "dep_delay": -12, "carrier": "UA", "tailnum": "N14228", "air_time": 227.5, "ok": true, "gone": null}"#,
            #"{"a":1,"bb":"x","ccc":12345678901,"d":"","a_rather_long_key_name":false}"#,
            #"  { "k" : "v" , "n" : 1 }  "#,
            "{}",
        ]
        // What a byte may become: structure, space, a digit, a letter, an escape, a byte beyond ASCII.
        let swaps: [UInt8] = [0x22, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x20, 0x0D, 0x30, 0x2E, 0x65, 0x61, 0x5C, 0xC3]
        func general(_ key: [UInt8], _ record: [UInt8]) -> JSONMemberScan.Found {
            key.withUnsafeBufferPointer { k in record.withUnsafeBufferPointer { JSONMemberScan.value(of: k, in: $0) } }
        }
        for base in bases.map({ Array($0.utf8) }) {
            var variants: [[UInt8]] = (0..<base.count).map { Array(base[..<$0]) } + [base + [0x20], base + [0x2C]]
            for i in base.indices {
                variants.append(Array(base[..<i] + base[(i + 1)...]))
                for byte in swaps where byte != base[i] {
                    var changed = base
                    changed[i] = byte
                    variants.append(changed)
                    variants.append(Array(base[..<i] + [byte] + base[i...]))
                }
            }
            for key in ["year", "carrier", "air_time", "ok", "gone", "a", "bb", "ccc", "d", "a_rather_long_key_name", "k", "n", "absent"].map({ Array($0.utf8) }) {
                var scan = JSONColumnScan(key: key)
                for variant in variants {
                    // The base first, so that each variant meets the base's layout.
                    let learned = base.withUnsafeBufferPointer { scan.value(in: $0) }
                    #expect(learned == general(key, base))
                    let found = variant.withUnsafeBufferPointer { scan.value(in: $0) }
                    #expect(found == general(key, variant), "\(String(decoding: key, as: UTF8.self)) in \(String(decoding: variant, as: UTF8.self))")
                }
            }
        }
    }
}

extension DelimitedRecord {
    /// Every field's text, nil for a null: what the in-place reads give.
    fileprivate var values: [String?] { fields.indices.map { self[$0] } }
}

extension FieldList {
    /// Every field's text, nil for a null.
    fileprivate var values: [String?] { (0..<count).map { self[$0].map { String(decoding: $0, as: UTF8.self) } } }
}
