import Scrollwork
import Glibc
import PropertyBased
import Testing
@testable import ScrollworkFiles

/// Reading CSV and TSV by RFC 4180, whatever the contents and wherever the chunks end.
@Suite struct DelimitedTextTests {
    func fields(_ text: String, _ separator: Character = ",") -> [String] {
        RecordParser.fields(of: Array(text.utf8), separator: separator.asciiValue!)
    }

    @Test("RFC 4180: quoted fields hold separators, line breaks and doubled quotes; CRLF ends a record")
    func rfcCases() {
        #expect(fields("aaa,bbb,ccc\r\n") == ["aaa", "bbb", "ccc"])
        #expect(fields("zzz,yyy,xxx") == ["zzz", "yyy", "xxx"])
        #expect(fields("\"aaa\",\"b\r\nbb\",\"ccc\"\r\n") == ["aaa", "b\r\nbb", "ccc"])
        #expect(fields("\"aaa\",\"b\"\"bb\",\"ccc\"") == ["aaa", "b\"bb", "ccc"])
        #expect(fields("a,,c,") == ["a", "", "c", ""])
        #expect(fields("") == [""])
        #expect(fields("one\ttwo\t\"th\tree\"\n", "\t") == ["one", "two", "th\tree"])
        // Forgiving, never dropping: an unclosed quote runs to the end, text after a closing quote stays.
        #expect(fields("\"open,still open") == ["open,still open"])
        #expect(fields("\"closed\"tail,x") == ["closedtail", "x"])
        #expect(fields("in\"side,x") == ["in\"side", "x"])
    }

    @Test("invalid UTF-8 becomes U+FFFD in its field; the other fields and bytes stay")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("ok,".utf8) + [0xFF, 0x61, 0xC3] + Array(",après\n".utf8)
        #expect(RecordParser.fields(of: bytes, separator: 0x2C) == ["ok", "\u{FFFD}a\u{FFFD}", "après"])
    }

    /// A CSV writer as RFC 4180 describes it: quote a field with a quote, separator or line break.
    static func write(_ table: [[String]], separator: String = ",") -> String {
        table.map { row in
            // By scalars: "\r\n" is one Character, equal to neither "\r" nor "\n".
            row.map { f in f.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\n" || $0 == "\r" || String($0) == separator }) ? "\"" + f.replacingAll("\"", "\"\"") + "\"" : f }
                .joined(separator: separator)
        }.joined(separator: "\r\n") + "\r\n"
    }

    /// The records of `text` found by a scanner fed chunks of the given sizes (cycled), parsed.
    static func read(_ text: String, chunks: [Int], separator: UInt8 = 0x2C) -> [[String]] {
        let bytes = Array(text.utf8)
        var index = RecordIndexTestReader()
        var at = 0, k = 0
        while at < bytes.count {
            let n = Swift.min(Swift.max(1, chunks[k % chunks.count]), bytes.count - at)
            bytes[at..<(at + n)].withUnsafeBufferPointer { index.add($0) }
            at += n
            k += 1
        }
        index.finish()
        return (0..<index.count).map { i in
            let r = index.range(ofRecord: i)
            return RecordParser.fields(of: Array(bytes[Int(r.lowerBound)..<Int(r.upperBound)]), separator: separator)
        }
    }

    @Test("any table a correct CSV writer writes reads back equal, wherever the chunks end")
    func roundTrip() async {
        let alphabet: [Character] = ["a", "Z", "0", ",", "\"", "\n", "\r", " ", "é", "\t", "😀"]
        let field = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...6).map { String($0.map { alphabet[$0] }) }
        let table = field.array(of: 3...3).array(of: 1...8)
        await propertyCheck(count: 300, input: table, Gen.int(in: 1...9).array(of: 1...4)) { rows, chunks in
            // A record of one empty field would be an empty line, which no writer can tell apart.
            let rows = rows.map { $0 == ["", "", ""] ? ["x", "", ""] : $0 }
            #expect(Self.read(Self.write(rows), chunks: chunks) == rows)
        }
    }

    @Test("the separator and the header are detected from a sample")
    func detection() {
        func detect(_ text: String, _ hint: String? = nil) -> DelimitedDialect { DelimitedDialect.detect(sample: Array(text.utf8), hint: hint) }
        #expect(detect("name,size\nalpha,12\nbeta,7\n") == DelimitedDialect(separator: 0x2C, hasHeader: true))
        #expect(detect("name\tsize\nalpha\t12\n") == DelimitedDialect(separator: 0x09, hasHeader: true))
        #expect(detect("a;b;c\n1;2;3\n4;5;6\n") == DelimitedDialect(separator: 0x3B, hasHeader: true))
        #expect(detect("1,2,3\n4,5,6\n").hasHeader == false)
        #expect(detect("x|y\n\"q|uoted\"|2\n").separator == 0x7C)
        #expect(detect("just one column\nof lines\n").separator == 0x2C)
        #expect(detect("", "tsv").separator == 0x09)
        #expect(DelimitedDialect(separator: 0x22).separator == 0x2C, "a quote cannot separate")
    }
}

/// The index's scanning, without a file.
typealias RecordIndexTestReader = RecordIndex

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// Files read through the library: any offset, count or limit gives an answer, never a trap.
@Suite struct FileReadingTests {
    /// A file with `text`, removed afterwards.
    func withFile(_ text: String, _ body: (FileBytes) throws -> Void) throws { try TemporaryFile.with(text, body) }

    @Test("extreme offsets, counts and limits read what there is")
    func extremes() throws {
        try withFile("a,b\n1,2\n3,\"x\ny\"\n") { file in
            #expect(try file.read(at: .max, count: .max).isEmpty && file.read(at: 0, count: .max).count == 16 && file.read(at: 2, count: Int.min).isEmpty)
            var index = RecordIndex()
            #expect(try index.extend(from: file, limit: .max, chunkSize: .min))
            #expect(index.count == 3 && index.range(ofRecord: .min) == 0..<0 && index.range(ofRecord: .max) == 0..<0)
            #expect(index.record(containing: .max) == 2 && index.record(containing: 0) == 0)
            let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true))
            #expect(rows.count == 2 && rows.row(at: 1).fields == ["3", "x\ny"] && rows.row(at: .max).fields == [""])
            #expect(rows.record(0, limit: .min).problem != nil && rows.record(0, limit: .max).fields == ["a", "b"])
            let search = try #require(TextSearch("X"))
            #expect(try search.first(in: file, from: .max) == nil && search.last(in: file, before: .max) == nil)
            #expect(try TextSearch("x")?.last(in: file, before: .max) == 11)
            #expect(TextSearch("") == nil)
        }
        #expect(throws: FileError.notFound(path: "/no/such/file")) { try FileBytes(path: "/no/such/file") }
        #expect(throws: FileError.isDirectory(path: "/tmp")) { try FileBytes(path: "/tmp") }
    }
}

extension FileReadingTests {
    @Test("rows read together are the rows read one by one")
    func batchesMatch() throws {
        let text = "a,b\n" + (0..<500).map { "\($0),\"x\n\($0)\"" }.joined(separator: "\n") + "\n"
        try withFile(text) { file in
            var index = RecordIndex()
            try index.extend(from: file)
            let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect(separator: 0x2C, hasHeader: true))
            #expect(rows.rows(in: 10..<300) == (10..<300).map { rows.row(at: $0) })
            #expect(rows.rows(in: -5..<3) == (0..<3).map { rows.row(at: $0) } && rows.rows(in: 499..<Int.max).count == 1)
            let any = AnyRowSource(rows)
            #expect(any.rows(in: 0..<500).map(\.fields) == rows.rows(in: 0..<500).map(\.fields))
        }
    }
}
