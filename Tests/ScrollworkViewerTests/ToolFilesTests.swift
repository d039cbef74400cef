import Foundation
import Scrollwork
@testable import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkTestSupport
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// #72: files as everyday tools write them (Fixtures/tools, made by its make-fixtures.py), each
/// read to the values a person wrote: no byte order mark in a heading or value, UTF-16 decoded,
/// Excel's `sep=` line choosing the separator and no row, `\N` a missing value.
@Suite struct ToolFilesTests {
    static func fixture(_ name: String) -> String { CompressedOpenTests.fixture("tools/" + name) }

    /// The people every fixture holds, as written by hand.
    static let people = [["1", "Zoë Adams", "München", "1.5"], ["2", "Bob \"The Builder\"", "Kraków, PL", ""], ["3", "Chen 陈", "Zürich", "-2"]]

    /// The titles and rows `name` opens to, every field read as the viewer reads it.
    static func table(_ name: String) throws -> (titles: [String], rows: [[String]], viewer: TableViewer) {
        let viewer = try OpenFile.viewer(path: fixture(name), separator: nil, header: nil, theme: Theme())
        let whole = try #require(viewer.fileTable).indexedToEnd(concurrently: .serial)
        let rows = (0..<whole.fileRows.count).map { whole.fileRows.row(at: $0).fields }
        return (whole.columnTitles, rows, viewer)
    }

    @Test("Excel's CSV UTF-8, Unicode text (UTF-16LE) and sep= list, Google Sheets and JSON Lines with a BOM read to the values written")
    func spreadsheetExports() throws {
        for name in ["excel-utf8.csv", "excel-unicode.txt", "excel-sep.csv", "google-sheets.csv"] {
            let (titles, rows, _) = try Self.table(name)
            #expect(titles == ["id", "name", "city", "score"], "\(name): \(titles.map { Array($0.unicodeScalars) })")
            #expect(rows == Self.people, "\(name): \(rows)")
        }
        let (titles, rows, _) = try Self.table("bom-crlf.jsonl")
        #expect(titles == ["id", "name", "city", "score"])
        #expect(rows.map { Array($0.prefix(3)) } == Self.people.map { Array($0.prefix(3)) } && rows.map { $0[3] } == ["1.5", "null", "-2.0"], "\(rows)")
    }

    @Test("Excel's CSV (Comma delimited), Windows-1252, as it is and gzipped: read to the characters written, said in the status line, searched, sorted and saved as UTF-8")
    func windows1252Export() throws {
        let (titles, rows, viewer) = try Self.table("excel-windows1252.csv")
        #expect(titles == ["id", "name", "city", "score"])
        let written = Self.people.map { $0[0] == "3" ? ["3", "Chen ?", $0[2], $0[3]] : $0 } + [["4", "“Zoë” € 5", "Montréal", "0"]]
        #expect(rows == written, "\(rows)")
        #expect(viewer.status.contains("Windows-1252 text, decoded"), "\(viewer.status)")
        // Compressed, it is decoded after it is decompressed.
        let (_, unpacked, gzipped) = try Self.table("excel-windows1252.csv.gz")
        #expect(unpacked == written && gzipped.status.contains("Windows-1252 text, decoded"), "\(unpacked) \(gzipped.status)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cp1252-\(UInt32.random(in: 0...UInt32.max)).csv").path
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(filters: ["name*=ë"], sorts: ["city"], columns: "id,city"), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "id,city\n4,Montréal\n1,München\n")
    }

    @Test("Windows-1252 is told from UTF-8 by the first bytes: a byte UTF-8 cannot hold and no UTF-8 past ASCII; a character cut at a sample's end is no evidence")
    func windows1252Detection() {
        let looks = { (text: [UInt8], whole: Bool) in DecodedText.looksLikeWindows1252(text, isWhole: whole) }
        #expect(looks([0x63, 0x61, 0x66, 0xE9], true))
        #expect(looks([0x93, 0x71, 0x94], true))
        #expect(!looks(Array("plain ASCII, 1,2\n".utf8), true) && !looks([], true))
        #expect(!looks(Array("café".utf8), true))
        // UTF-8 with one damaged byte stays UTF-8 (the damage is shown as U+FFFD).
        #expect(!looks(Array("café ".utf8) + [0xE9], true))
        // A lead byte at a cut sample's end may be the start of a character.
        #expect(!looks([0x61, 0xC3], false) && looks([0x61, 0xC3], true))
        #expect(!looks([0x61, 0xF0, 0x9F, 0x98], false))
        // Overlong forms and surrogates are no UTF-8.
        #expect(looks([0xC0, 0x80], true) && looks([0xED, 0xA0, 0x80], true) && looks([0xF5, 0x80, 0x80, 0x80], true))
    }

    @Test("Windows-1252 decodes every byte: ASCII as it is, 0x80–0x9F to their characters (the five unassigned to C1 controls), 0xA0–0xFF to Latin-1")
    func windows1252Decoding() {
        let decoded = { (bytes: [UInt8]) in String(decoding: DecodedText.decodeWindows1252(bytes), as: UTF8.self) }
        #expect(decoded(Array("abc,\r\n".utf8)) == "abc,\r\n")
        #expect(decoded([0x80, 0x93, 0x94, 0x99, 0x9F, 0x85]) == "€“”™Ÿ…")
        #expect(decoded([0x81, 0x8D, 0x8F, 0x90, 0x9D]).unicodeScalars.map(\.value) == [0x81, 0x8D, 0x8F, 0x90, 0x9D])
        #expect(decoded([0xA0, 0xE9, 0xFF]) == "\u{A0}éÿ")
        let all = DecodedText.decodeWindows1252((0...255).map { UInt8($0) })
        #expect(String(validating: all, as: UTF8.self)?.unicodeScalars.count == 256)
    }

    @Test("the status line says UTF-16 was decoded; a BOM's column is found by its name for filters, sorts and columns")
    func decodedAndFoundByName() throws {
        let (_, _, unicode) = try Self.table("excel-unicode.txt")
        #expect(unicode.status.contains("UTF-16LE text, decoded") && unicode.status.contains("separated by tab"), "\(unicode.status)")
        let viewer = try OpenFile.viewer(path: Self.fixture("excel-utf8.csv"), separator: nil, header: nil, theme: Theme())
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UInt32.random(in: 0...UInt32.max)).csv").path
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(filters: ["id=2"], sorts: ["-id"], columns: "id,city"), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "id,city\n2,\"Kraków, PL\"\n")
    }

    @Test("LibreOffice's CSV with ' as its string delimiter: detected, said, and read alike by sort, filter, search and save")
    func libreOfficeCustomQuote() throws {
        let (titles, rows, viewer) = try Self.table("libreoffice-quote.csv")
        #expect(titles == ["id", "name", "city", "score"] && rows == Self.people, "\(rows)")
        #expect(viewer.status.contains("separated by ,, quoted with '"), "\(viewer.status)")
        let (allTitles, allRows, all) = try Self.table("libreoffice-quote-all.csv")
        #expect(allTitles == ["id", "name", "city", "score"], "\(allTitles)")
        #expect(allRows == Self.people + [["4", "Seán O'Neill", "L'Aquila\nAbruzzo", "3"]], "\(allRows)")
        #expect(all.status.contains("separated by ;, quoted with '"), "\(all.status)")
        // A sort reads one field a record, a filter and a save all of a row's: each in its own reader.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("libre-\(UInt32.random(in: 0...UInt32.max)).csv").path
        defer { unlink(out) }
        _ = try TableQuery.write(all.source, recipe: ViewRecipe(filters: ["city~Aquila|Kraków"], sorts: ["-name"], columns: "name,city"), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "name,city\nSeán O'Neill,\"L'Aquila\nAbruzzo\"\n\"Bob \"\"The Builder\"\"\",\"Kraków, PL\"\n")
    }

    @Test("/ in the file's order finds text as the file spells it: a doubled ' or \" in a quoted field, \\\" in JSON")
    func searchFindsQuotedSpellings() throws {
        let cases: [(file: TemporaryFile, text: String, row: Int)] = [
            (TemporaryFile(name: "libre.csv", String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.fixture("libreoffice-quote-all.csv"))), as: UTF8.self)), "O'Neill", 3),
            (TemporaryFile(name: "excel.csv", "id,name\n1,a\n2,\"Bob \"\"The Builder\"\"\"\n3,c\n"), "Bob \"The", 1),
            (TemporaryFile(name: "people.jsonl", "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"say \\\"hi\\\"\"}\n"), "say \"hi\"", 1),
        ]
        for (file, text, row) in cases {
            var t = try SearchAndFocusTests.open(file)
            t.type("/\(text)\r")
            #expect(SearchAndFocusTests.ran(&t, "search"))
            #expect(SearchAndFocusTests.focused(t) == row, "\(file.path): \(t.app.status)")
        }
        #expect(FileSearch.spellings(of: "plain", in: .delimited(DelimitedDialect(quote: 0x27))).isEmpty)
        // A quote with a combining mark after it is a quote to the file's bytes: it is doubled
        // (a CSV) or escaped (JSON) as any other, though Swift's characters make the two one.
        #expect(FileSearch.spellings(of: "a\"\u{301}b", in: .delimited(DelimitedDialect())) == ["a\"\"\u{301}b"])
        #expect(FileSearch.spellings(of: "a\"\u{301}\\", in: .json(.lines)) == ["a\\\"\u{301}\\\\"])
        #expect(tabSeparated([["x\"\u{301}y", "z"]]) == "\"x\"\"\u{301}y\"\tz")
    }

    @Test("R's write.csv, pandas' to_csv with its index, PostgreSQL's COPY and MySQL's dump: row names, NA and \\N as missing")
    func dataToolExports() throws {
        for name in ["r-write.csv", "pandas-index.csv"] {
            let (titles, rows, _) = try Self.table(name)
            #expect(titles.dropFirst() == ["id", "name", "city", "score"], "\(name): \(titles)")
            #expect(rows.map { Array($0.dropFirst().prefix(3)) } == Self.people.map { Array($0.prefix(3)) }, "\(name): \(rows)")
        }
        for name in ["postgres-copy.tsv", "mysql-dump.tsv"] {
            let (titles, rows, viewer) = try Self.table(name)
            #expect(titles == ["id", "name", "city", "score"] && rows.map { Array($0.prefix(3)) } == Self.people.map { Array($0.prefix(3)) })
            #expect(rows[1][3] == "\\N" && viewer.missing?.contains(rows[1][3]) == true, "\\N is a missing value, shown as written")
            let fileRows = try #require(viewer.fileRows), missing = try #require(viewer.missing)
            let summaries = try #require(ColumnSummary.summarizing(fileRows, titles: titles, within: .all(count: 3), missing: missing, concurrently: .serial))
            #expect(summaries[3].missing == 1 && summaries[3].count == 2, "\(summaries[3])")
        }
    }

    @Test("lines that end in a carriage return alone (Excel's CSV (Macintosh)), a BOM before them, and blank lines before the header read to their rows")
    func carriageReturnsAndBlankLines() throws {
        func read(_ name: String, _ bytes: [UInt8]) throws -> (titles: [String], rows: [[String]]) {
            let file = TemporaryFile(name: name, String(decoding: bytes, as: UTF8.self))
            let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            let whole = try #require(viewer.fileTable).indexedToEnd(concurrently: .serial)
            return (whole.columnTitles, (0..<whole.fileRows.count).map { whole.fileRows.row(at: $0).fields })
        }
        let mac = try read("mac.csv", Array("id,name\r1,\"Zoë\r Adams\"\r2,Bob\r".utf8))
        #expect(mac.titles == ["id", "name"] && mac.rows == [["1", "Zoë\n Adams"], ["2", "Bob"]], "\(mac)")
        let marked = try read("marked.csv", [0xEF, 0xBB, 0xBF] + Array("id,name\r1,Ann".utf8))
        #expect(marked.titles == ["id", "name"] && marked.rows == [["1", "Ann"]], "\(marked)")
        let blank = try read("blank.csv", Array("\n\r\n\nid,name\n1,Ann\n".utf8))
        #expect(blank.titles == ["id", "name"] && blank.rows == [["1", "Ann"]], "\(blank)")
        // Line feeds anywhere: carriage returns stay as they are.
        let windows = try read("windows.csv", Array("id,name\r\n1,\"a\rb\"\r\n".utf8))
        #expect(windows.rows == [["1", "a\rb"]], "\(windows)")
    }

    @Test("a quote that opens a field and never closes is said: on the status line, and a batch run writes nothing; quotes inside a field and closed ones are not")
    func unclosedEnd() throws {
        func opened(_ name: String, _ text: String) throws -> (viewer: TableViewer, whole: FileTable, file: TemporaryFile) {
            let file = TemporaryFile(name: name, text)
            let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            return (viewer, try #require(viewer.fileTable).indexedToEnd(concurrently: .serial), file)
        }
        let stray = try opened("stray.csv", "a,b\n1,\"x\n" + (1...2_000).map { "\($0),y\($0)\n" }.joined())
        #expect(stray.whole.fileRows.count == 1)
        #expect(stray.whole.about?.contains("row 1 opens a quoted field that never closes: the rest of the file (") == true, "\(stray.whole.about ?? "")")
        let cut = try opened("cut.csv", "a,b\n1,2\n3,\"4")
        #expect(cut.whole.unclosedEnd == "row 2 opens a quoted field that never closes: the rest of the file (4 bytes) is read into it")
        let heading = try opened("heading.csv", "\"a,b\n1,2\n")
        #expect(heading.whole.unclosedEnd?.hasPrefix("the heading opens a quoted field") == true)
        for (name, text) in [("inch.csv", "a,b\n1,12\" pipe\n2,5\" x\n"), ("closed.csv", "a,b\n1,\"x\ny\"\n2,\"\"\"q\"\"\"\n")] {
            let fine = try opened(name, text)
            #expect(fine.whole.unclosedEnd == nil && fine.whole.about?.contains("never closes") == false, "\(name)")
        }
        // A JSON array cut short: its elements so far are rows, and the status says it never closes.
        let array = try opened("cut.json", "[{\"a\": 1}, {\"a\": \"]\"},\n {\"a\": 3")
        #expect(array.whole.unclosedEnd == "the JSON array never closes: the file ends before its ], cut short", "\(array.whole.unclosedEnd ?? "nil")")
        for (name, text) in [("whole.json", "[{\"a\": 1}, {\"a\": \"]\"}]\n"), ("lines.jsonl", "{\"a\": \"[\"}\n{\"a\": 2}\n")] {
            #expect(try opened(name, text).whole.unclosedEnd == nil, "\(name)")
        }
        // A batch run: nothing written, the status says why.
        let out = stray.file.path + "-out.csv"
        defer { unlink(out) }
        do {
            _ = try TableQuery.write(stray.viewer.source, recipe: ViewRecipe(frequency: "a"), to: out)
            Issue.record("a frequency table of one row where 2,001 were meant")
        } catch {
            #expect(error.status == 1 && "\(error)".contains("row 1 opens a quoted field that never closes") && "\(error)".contains("nothing was written"), "\(error)")
        }
        #expect(access(out, F_OK) != 0)
    }

    @Test("a sep= line is read only as Excel writes it: any case, CR LF or LF, one printable separator")
    func excelSeparatorLine() {
        #expect(OpenFile.excelSeparatorLine(Array("sep=;\r\na;b\n".utf8))! == (0x3B, 7))
        #expect(OpenFile.excelSeparatorLine(Array("SEP=|\na|b\n".utf8))! == (0x7C, 6))
        #expect(OpenFile.excelSeparatorLine(Array("sep=;".utf8))! == (0x3B, 5))
        #expect(OpenFile.excelSeparatorLine(Array("sep=;;\na\n".utf8)) == nil)
        #expect(OpenFile.excelSeparatorLine(Array("sep=\"\na\n".utf8)) == nil)
        #expect(OpenFile.excelSeparatorLine(Array("separator,x\n".utf8)) == nil)
    }

    @Test("UTF-16 is decoded across reads: a surrogate pair split between two, a lone surrogate and an odd last byte as U+FFFD")
    func utf16Decoding() throws {
        var pending: UInt16? = nil
        let face = Array("😀".utf16)
        let first = DecodedText.decode([0x41, 0x00, UInt8(face[0] & 0xFF), UInt8(face[0] >> 8)], order: .littleEndian, pendingHigh: &pending, atEnd: false)
        #expect(first == Array("A".utf8) && pending == face[0])
        let second = DecodedText.decode([UInt8(face[1] & 0xFF), UInt8(face[1] >> 8), 0x42, 0x00], order: .littleEndian, pendingHigh: &pending, atEnd: false)
        #expect(second == Array("😀B".utf8) && pending == nil)
        let lone = DecodedText.decode([0x00, 0xDC, 0x43, 0x00, 0x44], order: .littleEndian, pendingHigh: &pending, atEnd: true)
        #expect(String(decoding: lone, as: UTF8.self) == "\u{FFFD}C\u{FFFD}")
    }
}
