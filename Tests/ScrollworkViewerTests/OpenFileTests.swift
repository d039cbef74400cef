import Foundation
import Dispatch
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// A file in a fresh temporary directory, removed with it (and whatever a test saved beside it).
final class TemporaryFile {
    let directory: String
    let path: String

    init(name: String, bytes: [UInt8]) {
        var template = Array("/tmp/scrollwork-test-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        path = directory + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    convenience init(name: String, _ text: String) { self.init(name: name, bytes: Array(text.utf8)) }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

@Suite struct OpenFileTests {
    func viewer(_ file: TemporaryFile, separator: String? = nil, header: Bool? = nil) throws -> TableViewer {
        try OpenFile.viewer(path: file.path, separator: separator, header: header, theme: Theme())
    }

    @Test("a CSV file opens as a table: its header names the columns, numbers sort as numbers, the first screen before any background work")
    func csvOpens() throws {
        let rows = (0..<50).map { "file-\($0),\(($0 * 37) % 50),\"a, b\"" }
        let file = TemporaryFile(name: "files.csv", "name,size,note\r\n" + rows.joined(separator: "\r\n") + "\r\n")
        var t = HeadlessTerminal(try viewer(file), columns: 100, rows: 12)
        t.advance(by: 0.1)
        let lines = t.text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("name") && lines[0].contains("size") && lines[0].contains("note"))
        #expect(lines[1].contains("file-0") && lines[1].contains("a, b"))
        #expect(lines.last?.contains("50 rows") == true && lines.last?.contains("separated by ,") == true)
        // Sizes sort as numbers (2 before 10), in the background.
        try t.app.screen.view.table.list.scroll.setOffset(.zero, time: 0)
        t.send(.mouse(MouseEvent(.press, column: lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "size")!.lowerBound), row: 0)))
        t.send(.mouse(MouseEvent(.release, column: lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "size")!.lowerBound), row: 0)))
        let sorted = t.runWork("sort")
        #expect(sorted)
        let sizes = (0..<5).compactMap { try? t.app.screen.view.table.list.row(at: IndexPath(row: $0))[1] }
        #expect(sizes == ["0", "1", "2", "3", "4"])
    }

    @Test("LT-12: words given as missing (--null) make a column of numbers with -999 for gaps sort as numbers, the gaps last both ways")
    func LT_12_nullWords() throws {
        let values = ["12", "-999", "3", "n/a", "40", "-999", "7"]
        let file = TemporaryFile(name: "gauge.csv", "station,level\n" + values.enumerated().map { "s\($0.offset),\($0.element)" }.joined(separator: "\n") + "\n")
        for (missing, expected) in [(MissingValues(words: MissingValues.common.words.union(["-999", "n/a"])), ["3", "7", "12", "40", "-999", "n/a", "-999"]),
                                    (MissingValues.common, ["-999", "-999", "12", "3", "40", "7", "n/a"])] {
            for ascending in [true, false] {
                var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme(), missing: missing), columns: 80, rows: 12)
                // The level column, sorted as o and O sort it.
                t.type(ascending ? "]o" : "]O")
                while t.runWork("sort") {}
                let levels = (0..<values.count).compactMap { try? t.app.screen.view.table.list.row(at: IndexPath(row: $0))[1] }
                // Descending reverses the present values and keeps the gaps last, in file order.
                let present = expected.filter { !missing.contains($0) }
                let gaps = expected.filter { missing.contains($0) }
                #expect(levels == (ascending ? present : present.reversed()) + gaps, "\(missing.words.sorted()) ascending \(ascending)")
            }
        }
    }

    @Test("LT-12: in JSON only a null is missing, and the words given (--null) as well, an empty one included: a column of numbers with \"-999\" and \"\" for gaps sorts as numbers, the gaps last")
    func LT_12_nullWordsInJSON() throws {
        let values: [String] = ["12", #""-999""#, "3", #""""#, "null", "40", "7"]
        let file = TemporaryFile(name: "gauge.jsonl", values.enumerated().map { #"{"station":"s\#($0.offset)","level":\#($0.element)}"# }.joined(separator: "\n") + "\n")
        // Without the words, the string "-999" is text, as JSON writes it (and DuckDB types such
        // a column): the column is text and sorts as text, the empty text first, the null last.
        for (named, expected) in [(["-999", ""], ["3", "7", "12", "40", "-999", "", "null"]), ([], ["", "-999", "12", "3", "40", "7", "null"])] {
            let missing = MissingValues(words: MissingValues.common.words, named: Set(named))
            var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme(), missing: missing), columns: 80, rows: 12)
            t.type("]o")
            while t.runWork("sort") {}
            let levels = (0..<values.count).compactMap { try? t.app.screen.view.table.list.row(at: IndexPath(row: $0))[1] }
            #expect(levels == expected, "named \(named)")
        }
    }

    @Test("a file bigger than the first slice grows as the background index finds its records")
    func indexGrows() throws {
        let line = String(repeating: "x", count: 100) + ",1\n"
        let file = TemporaryFile(name: "big.csv", "text,n\n" + String(repeating: line, count: 5000))
        var t = HeadlessTerminal(try viewer(file), columns: 80, rows: 10)
        let first = t.app.screen.view.table.list.numberOfRows
        #expect(first > 0 && first < 5000 && t.app.status.contains("so far"))
        while t.runWork("growth") {}
        #expect(t.app.screen.view.table.list.numberOfRows == 5000 && !t.app.status.contains("so far"))
    }

    @Test("a column's type comes from every value as the file is indexed: a word far down a column of numbers makes it text, a real makes integers reals, hidden columns too")
    func typesFromEveryValue() throws {
        // The first frame sees only integers: the word and the real are 60,000 rows down.
        var lines = (0..<60_000).map { "\($0),\($0 % 97),\($0 % 13 == 0 ? "NA" : String($0 % 7)),\($0)" }
        lines.append("60000,late,2.5,60000")
        let file = TemporaryFile(name: "typed.csv", "id,n,x,hidden\n" + lines.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try viewer(file), columns: 80, rows: 10)
        func column(_ id: String) -> TableColumn<TableScreen.Row>? {
            t.app.screen.view.table.columns.first { $0.id == id } ?? t.app.hiddenColumns.first { $0.column.id == id }?.column
        }
        #expect(column("1")?.alignment == .trailing && column("2")?.alignment == .trailing && column("3")?.alignment == .trailing)
        #expect(t.app.numeric([1, 2, 3]) == [true, true, true])
        // Hide the last column, then let the index and the typing run.
        t.app.screen.currentColumn = 4
        t.send(.key(KeyEvent(.character("-"))))
        #expect(t.app.hiddenColumns.count == 1)
        while t.runWork("growth") {}
        #expect(column("1")?.alignment == .leading, "n holds a word: text")
        #expect(column("2")?.alignment == .trailing && column("3")?.alignment == .trailing)
        #expect(t.app.typing?.kinds.kind(ofColumn: 2) == .reals && t.app.typing?.kinds.kind(ofColumn: 3) == .integers)
        #expect(t.app.typing?.typed == 60_001)
        #expect(t.app.numeric([1, 2, 3]) == [false, true, true])
        // The real shows as one; the word in n as written.
        let last = try t.app.screen.view.table.list.row(at: IndexPath(row: 60_000))
        #expect(t.app.screen.view.table.cellText(of: last, column: 3, width: 10).contains("2.5"))
        #expect(t.app.screen.view.table.cellText(of: last, column: 2, width: 10).contains("late"))
        // The width chosen from the first rows is kept.
        #expect(column("1").map { $0.width.ideal } == column("1").map { _ in TableColumn<DelimitedRecord>.fieldWidth(content: 2, title: "n").ideal })
    }

    @Test("a column of numbers widens once rows further down hold longer ones, shown or hidden, so that no number shows cut; text keeps its width")
    func numbersWidenColumns() throws {
        // The first rows hold numbers of up to four digits; row 50,000 one of eleven.
        var lines = (0..<50_000).map { "\($0 % 1000),\($0 % 1000),name\($0 % 10)" }
        lines.append("12345678901,98765432109,a much longer name than the first rows hold")
        let file = TemporaryFile(name: "grow.csv", "n,m,name\n" + lines.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try viewer(file), columns: 120, rows: 10)
        let before = t.app.screen.view.table.columns.last?.width
        t.app.screen.currentColumn = 2
        t.send(.key(KeyEvent(.character("-"))))
        #expect(t.app.hiddenColumns.count == 1)
        while t.runWork("growth") {}
        let needed = TableColumn<DelimitedRecord>.fieldWidth(content: 11, title: "n").ideal
        #expect(t.app.screen.view.table.columnWidths[1] >= needed, "n fits eleven digits")
        #expect(t.app.screen.view.table.columns.last?.width == before, "name, text, keeps its width")
        #expect(t.app.screen.view.table.totalColumnWidth <= 120 * 8, "the last column, stretched to the edge, gives the room back: the table does not scroll sideways")
        let last = try t.app.screen.view.table.list.row(at: IndexPath(row: 50_000))
        let cell = t.app.screen.view.table.cellText(of: last, column: 1, width: Int(t.app.screen.view.table.columnWidths[1] / 8) - 2)
        #expect(cell.contains("12345678901") && !cell.contains("…"), "\(cell)")
        #expect((t.app.hiddenColumns.first?.width ?? 0) >= needed, "the hidden m comes back wide enough")
    }

    @Test("ragged records are shown, a long one marked and a short one read as empty at its end; invalid UTF-8 shows as U+FFFD; control characters never reach the terminal")
    func badRecords() throws {
        // A file of UTF-8 (its é says so, or a file of no UTF-8 past ASCII would be read as Windows-1252).
        let bytes = Array("a,b,c\n1,2,é\n4,5\n6,7,8,9\n".utf8) + [0x78, 0xFF, 0x2C, 0x1B] + Array("[31mred,z\n".utf8)
        let file = TemporaryFile(name: "bad.csv", bytes: bytes)
        var t = HeadlessTerminal(try viewer(file, header: true), columns: 80, rows: 10)
        t.advance(by: 0.1)
        let lines = t.text.split(separator: "\n").map(String.init)
        #expect(!lines[2].contains("⚠") && lines[3].contains("⚠ 3"), "a long record is marked, a short one is not: \(lines)")
        #expect(lines[3].contains("9") || t.app.screen.view.table.columns.count == 5, "the extra field has a column")
        #expect(lines[4].contains("x\u{FFFD}") && !t.text.contains("\u{1B}"))
        // The short record's view names the field it left off, empty, as its row shows it.
        t.send(.mouse(MouseEvent(.press, column: 30, row: 2)))
        t.send(.mouse(MouseEvent(.release, column: 30, row: 2)))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.1)
        let names = t.text.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(t.app.record != nil && names.contains("c"), "\(t.text)")
    }

    @Test("a missing path, an empty file and a binary file each get a clear message and a non-zero status")
    func failures() throws {
        func failure(_ path: String) -> OpenFile.Failure? {
            do { _ = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()); return nil } catch { return error }
        }
        #expect(failure("/nonexistent/file.csv")?.description.contains("no such file") == true)
        let empty = TemporaryFile(name: "empty.csv", "")
        #expect(failure(empty.path)?.description.contains("empty") == true)
        #expect(failure(empty.directory) == nil, "a directory opens as a list")
        let binary = TemporaryFile(name: "a.out", bytes: [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00])
        #expect(failure(binary.path)?.description.contains("binary") == true)
        #expect([failure("/nonexistent"), failure(empty.path), failure(binary.path)].allSatisfy { ($0?.status ?? 0) != 0 })
        // A combining mark after `//` (one Swift character with the `/`) leaves the URL a web
        // address: opened as a URL, its password stays out of the message.
        let marked = failure("http://\u{301}ann:s3cret@127.0.0.1:1/x.csv")?.description ?? ""
        #expect(marked.contains("cannot connect") && !marked.contains("s3cret"), "\(marked)")
        #expect(throws: OpenFile.Failure.self) { try OpenFile.separatorByte("ab") }
        #expect(try OpenFile.separatorByte("tab") == 0x09 && OpenFile.separatorByte(";") == 0x3B)
    }

    @Test("a sample is binary at its first NUL, or at its first control byte once they are more than a tenth of it; tabs, breaks, form feeds and escapes are text")
    func binarySamples() {
        #expect(OpenFile.binaryByte(in: []) == nil && OpenFile.binaryByte(in: Array("plain text\n".utf8)) == nil)
        #expect(OpenFile.binaryByte(in: Array("ab\u{0}c".utf8)) == 2)
        #expect(OpenFile.binaryByte(in: Array("\t\n\u{0C}\r\u{1B}".utf8)) == nil)
        // One control byte in ten is text (a log with a bell); two in ten are not.
        #expect(OpenFile.binaryByte(in: Array("abcdefghi\u{07}".utf8)) == nil)
        #expect(OpenFile.binaryByte(in: Array("abcdefgh\u{07}\u{01}".utf8)) == 8)
        #expect(OpenFile.binaryByte(in: [0x41, 0x1F, 0x7F, 0x1F, 0x80]) == 1)
    }

    @Test("a TSV file and a forced separator and header")
    func dialects() throws {
        let tsv = TemporaryFile(name: "t.tsv", "k\tv\n1\t2\n")
        let v = try viewer(tsv)
        #expect(v.format == .delimited(DelimitedDialect(separator: 0x09, hasHeader: true)))
        let forced = try viewer(tsv, separator: "|", header: false)
        #expect(forced.format == .delimited(DelimitedDialect(separator: 0x7C, hasHeader: false)) && forced.screen.view.table.list.numberOfRows == 2)
    }
}

@Suite struct OpenFileLiveTests {
    func append(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_APPEND)
        Array(text.utf8).withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test("Enter shows a record whole, every field under its column's name, a long field wrapped; Esc returns to the table")
    func detailView() throws {
        let long = String(repeating: "word ", count: 600)
        let file = TemporaryFile(name: "long.csv", "name,text\nshort,\"\(long)\"\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 20)
        t.advance(by: 0.1)
        #expect(!t.text.contains(String(repeating: "word ", count: 20)), "the cell cuts the field")
        t.send(.mouse(MouseEvent(.press, column: 30, row: 1)))
        t.send(.mouse(MouseEvent(.release, column: 30, row: 1)))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.1)
        #expect(t.text.contains(" name\n") || t.text.contains(" name "))
        #expect(t.text.contains(String(repeating: "word ", count: 10)) && t.app.status.contains("every field whole"))
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.record == nil && t.text.contains("short"))
    }

    @Test("F follows the end of a filtered file too: the rows a filter keeps among the new ones are shown once filtered")
    func followingFilteredFile() throws {
        let file = TemporaryFile(name: "log.csv", "time,level,message\n" + (1...30).map { "\($0),info,line \($0)\n" }.joined())
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 8)
        t.advance(by: 0.1)
        t.type("|level=warn\r")
        while t.runWork("sort") {}
        t.type("F")
        append(file.path, (31...60).map { "\($0),warn,late \($0)\n" }.joined())
        t.advance(by: 1.5)
        while t.runWork() {}
        t.advance(by: 1)
        #expect(t.app.status.contains("30 of 60 rows") && t.app.status.contains("following"))
        #expect(t.text.contains("late 60"), "the newest kept row is shown: \(t.text)")
        // Sorted, by a column that puts the newest rows first: the newest kept one is shown
        // there, not the file's last record, which the filter may leave out.
        t.type("]]O")
        while t.runWork() {}
        append(file.path, "61,warn,late 61\n62,info,line 62\n")
        t.advance(by: 1.5)
        while t.runWork() {}
        t.advance(by: 1)
        #expect(t.app.status.contains("31 of 62 rows") && t.text.contains("late 61"), "\(t.text)")
    }

    @Test("a file written to while open shows its new rows; F follows the end; a file cut shorter says so")
    func growingFile() throws {
        let file = TemporaryFile(name: "log.csv", "time,message\n1,start\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 10)
        t.advance(by: 0.1)
        #expect(t.app.screen.view.table.list.numberOfRows == 1 && !t.app.indexing)
        t.type("F")
        append(file.path, (2...50).map { "\($0),line \($0)\n" }.joined())
        t.advance(by: 1.5)
        let found = t.runWork("growth")
        #expect(found)
        #expect(t.app.screen.view.table.list.numberOfRows == 50)
        t.advance(by: 1)
        #expect(t.text.contains("line 50") && t.app.status.contains("following"), "following shows the newest rows")
        truncate(file.path, 10)
        t.advance(by: 1.5)
        // The file is looked at off the loop.
        _ = t.runWork("growth")
        #expect(t.app.status.contains("shrank"))
    }
}

@Suite struct OpenJSONLinesTests {
    @Test("a JSON Lines file is a table: the keys seen become columns, in first-seen order; a bad line is a marked row")
    func jsonLines() throws {
        let lines = [#"{"id": 1, "name": "alpha", "tags": ["x", "y"]}"#, #"{"id": 2, "name": "beta", "extra": {"k": true}}"#, "not json", #"{"id": 10, "name": "gamma"}"#]
        let file = TemporaryFile(name: "data.jsonl", lines.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 120, rows: 10)
        t.advance(by: 0.1)
        #expect(t.app.format == .json(.lines))
        #expect(t.app.screen.view.table.columns.map(\.title) == ["#", "id", "name", "tags", "extra"])
        let screen = t.text
        #expect(screen.contains(#"["x","y"]"#) && screen.contains(#"{"k":true}"#) && screen.contains("⚠ 3"))
        #expect(t.app.status.contains("JSON Lines"))
    }

    @Test("keys that first appear after the first screen become new columns as the index reaches them")
    func newKeysLater() throws {
        let early = (0..<3000).map { "{\"id\": \($0), \"padding\": \"\(String(repeating: "p", count: 100))\"}" }
        let late = (0..<10).map { "{\"id\": \(3000 + $0), \"late\": \"found\"}" }
        let file = TemporaryFile(name: "grow.jsonl", (early + late).joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 120, rows: 10)
        #expect(!t.app.screen.view.table.columns.map(\.title).contains("late"))
        while t.runWork("growth") {}
        #expect(t.app.screen.view.table.columns.map(\.title).contains("late") && t.app.status.contains("new keys: late"))
    }
}

@Suite struct OpenTextTests {
    func pager(_ file: TemporaryFile) throws -> TextPager {
        guard case let .pager(p) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("\(file.path) did not open in the pager")
            throw OpenFile.Failure(description: "not a pager")
        }
        return p
    }

    @Test("text opens in the pager with line numbers; / finds a match off the loop, n and N go on and back; w wraps long lines")
    func pagerSearch() throws {
        var lines = (1...3000).map { "log line \($0): all is well" }
        lines[1499] = "log line 1500: ERROR disk full"
        lines[2499] = "log line 2500: error again"
        lines[9] = "a long line " + String(repeating: "abcdefghij", count: 30)
        let file = TemporaryFile(name: "app.log", lines.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try pager(file), columns: 80, rows: 20)
        while t.runWork("index") {}
        t.advance(by: 0.1)
        #expect(t.text.contains("   1 │ log line 1: all is well") && t.app.status.contains("3,000 lines"))
        t.type("/error")
        t.send(.key(KeyEvent(.enter)))
        let found = t.runWork("search")
        #expect(found)
        t.advance(by: 1)
        #expect(t.text.contains("ERROR disk full") && t.app.status.contains("match on line 1,500"), "lower case matches either case")
        t.type("n")
        _ = t.runWork("search")
        t.advance(by: 1)
        #expect(t.app.status.contains("match on line 2,500"))
        t.type("N")
        _ = t.runWork("search")
        t.advance(by: 1)
        #expect(t.app.status.contains("match on line 1,500"))
        t.type("/nowhere to be found")
        t.send(.key(KeyEvent(.enter)))
        _ = t.runWork("search")
        #expect(t.app.status.contains("not found"))
        t.type("g")
        t.advance(by: 1)
        #expect(!t.text.contains("abcdefghij" + String(repeating: "abcdefghij", count: 8)), "a long line is cut at the edge")
        t.type("w")
        t.advance(by: 0.1)
        #expect(t.text.split(separator: "\n").filter { $0.contains("abcdefghij") }.count >= 4, "w wraps it")
        t.type("G")
        t.advance(by: 1)
        #expect(t.text.contains("3000 │ log line 3000"))
    }

    @Test("a CSV name always opens a table; text that splits into columns opens a table too")
    func tableOrPager() throws {
        let csvish = TemporaryFile(name: "notes", "a,b\n1,2\n3,4\n")
        guard case .table = try OpenFile.opened(path: csvish.path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("comma-separated text should open as a table")
            return
        }
        let prose = TemporaryFile(name: "README", "Hello, world.\nThis is prose, with commas, here and there.\nAnd more.\n")
        _ = try pager(prose)
    }

    @Test("records that leave empty fields off their end (a nine-field header, rows of six to nine) open as a table under any name, short rows empty at their end; prose with a comma or two per line stays text")
    func raggedTableUnderAnyName() throws {
        var lines = ["version,codename,series,created,release,eol,eol-server,eol-esm,eol-legacy"]
        lines += (4...40).map { "\($0).04,Name \($0),n\($0),2004-03-05,2004-10-20,2006-04-30" }
        lines += ["41.04,Late,late,2020-01-01,2020-04-01,2025-04-01,2025-04-01,2030-04-01,2032-04-01"]
        let file = TemporaryFile(name: "ubuntu-releases", lines.joined(separator: "\n") + "\n")
        guard case let .table(viewer) = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a ragged comma-separated file should open as a table")
            return
        }
        let t = HeadlessTerminal(viewer, columns: 200, rows: 12)
        #expect(t.app.screen.view.table.columns.map(\.title).contains("eol-legacy"))
        #expect(t.text.contains("Name 4"))
        let prose = TemporaryFile(name: "NOTES", (1...30).map { i in
            String(repeating: "word, ", count: i % 4) + "and line \(i) ends here."
        }.joined(separator: "\n") + "\n")
        _ = try pager(prose)
    }
}

@Suite struct OpenDirectoryTests {
    func write(_ path: String, _ count: Int) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        [UInt8](repeating: 0x61, count: count).withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test("a directory opens as a Finder list: folders listed as they open, sizes as Finder shows them; a heading sorts every folder, open ones staying open")
    func directoryList() throws {
        let base = TemporaryFile(name: "file-10.txt", "0123456789")
        write(base.directory + "/file-2.csv", 3_900_000)
        mkdir(base.directory + "/Sub", 0o755)
        write(base.directory + "/Sub/inner.swift", 2000)
        defer {
            unlink(base.directory + "/file-2.csv")
            unlink(base.directory + "/Sub/inner.swift")
            rmdir(base.directory + "/Sub")
        }
        guard case let .directory(viewer) = try OpenFile.opened(path: base.directory, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a directory should open as a list")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 12)
        t.advance(by: 0.1)
        var lines = t.text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("Name ▲") && lines[0].contains("Size") && lines[0].contains("Date Modified"))
        // Finder order: file-2 before file-10, folders among files by name.
        #expect(lines[1].contains("file-2.csv") && lines[1].contains("3.9 MB") && lines[1].contains("CSV Document"))
        #expect(lines[2].contains("file-10.txt") && lines[2].contains("10 bytes") && lines[3].contains("▸ Sub") && lines[3].contains("Folder"))
        t.send(.key(KeyEvent(.end)))
        t.send(.key(KeyEvent(.right)))
        lines = t.text.split(separator: "\n").map(String.init)
        #expect(lines[4].contains("inner.swift") && lines[4].contains("Swift Source"), "a folder is read when it opens")
        // Sort by size: the folder (no size) first, then 10 bytes, then 3.9 MB; Sub stays open.
        let size = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "Size")!.lowerBound)
        t.send(.mouse(MouseEvent(.press, column: size, row: 0)))
        t.send(.mouse(MouseEvent(.release, column: size, row: 0)))
        lines = t.text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("Size ▲") && lines[1].contains("▾ Sub") && lines[2].contains("inner.swift"))
        #expect(lines[3].contains("file-10.txt") && lines[4].contains("file-2.csv"))
    }

    @Test("LT-12: type-ahead in a folder's list, as in Finder: the first file or folder shown whose name starts with what is typed; q and g go on with a name typed within a second")
    func directoryTypeAhead() throws {
        let base = TemporaryFile(name: "alpha.txt", "a")
        for name in ["quarry.txt", "agate.csv", "beta.txt"] { write(base.directory + "/" + name, 10) }
        defer { for name in ["quarry.txt", "agate.csv", "beta.txt"] { unlink(base.directory + "/" + name) } }
        guard case let .directory(viewer) = try OpenFile.opened(path: base.directory, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a directory should open as a list")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 12)
        t.advance(by: 0.1)
        func focused() -> String? {
            guard let listing = t.app.listing, let at = listing.view.outline.cursor else { return nil }
            return try? listing.view.outline.node(at: at).displayName
        }
        t.type("BE")
        #expect(focused() == "beta.txt" && t.text.contains("typed “BE”"), "\(t.text)")
        t.advance(by: 2)
        t.type("ag")
        #expect(focused() == "agate.csv", "g goes on with the name")
        t.advance(by: 2)
        t.type("zq")
        #expect(focused() == "agate.csv" && !t.app.wantsQuit && t.text.contains("no row starts with “zq”"), "\(t.text)")
        t.advance(by: 2)
        t.type("q")
        #expect(t.app.wantsQuit, "q alone quits")
    }

    @Test("a folder that cannot be listed shows why in its place")
    func unreadableFolder() throws {
        let base = TemporaryFile(name: "a.txt", "x")
        mkdir(base.directory + "/Gone", 0o755)
        guard case let .directory(viewer) = try OpenFile.opened(path: base.directory, separator: nil, header: nil, theme: Theme()) else { return }
        // Listed in its parent, gone before it is read itself.
        rmdir(base.directory + "/Gone")
        var t = HeadlessTerminal(viewer, columns: 100, rows: 8)
        t.send(.key(KeyEvent(.end)))
        t.send(.key(KeyEvent(.right)))
        #expect(t.text.contains("⚠") && t.text.contains("no such file"))
    }
}

@Suite struct OpenStandardInputTests {
    @Test("data piped in opens as a file does: what has come shows, the rest is read in the background and the rows grow")
    func pipedData() throws {
        let text = "n,square\n" + (1...20_000).map { "\($0),\($0 * $0)" }.joined(separator: "\n") + "\n"
        let done = DispatchSemaphore(value: 0)
        let data = Self.piped(Array(text.utf8), done: done)
        guard case let .table(viewer) = try StandardInput.open(data: data, theme: Theme()) else {
            Issue.record("CSV from a pipe should open as a table")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 80, rows: 10)
        #expect(t.app.status.hasPrefix("standard input") && t.app.spooling)
        let spooled = t.runWork("input")
        #expect(spooled)
        done.wait()
        t.advance(by: 1.5)
        while t.runWork("growth") {}
        t.advance(by: 1.5)
        while t.runWork("growth") {}
        #expect(t.app.screen.view.table.list.numberOfRows == 20_000 && !t.app.spooling)
        t.type("G")
        t.advance(by: 1)
        #expect(t.text.contains("400000000"))
    }

    @Test("input still coming is read by the table screen's own work: looked at ten times a second while it arrives, the copying cancelled when the screen closes, and what it says after its writer ends")
    func arrivingInputBelongsToTheScreen() throws {
        var ends: [Int32] = [0, 0]
        _ = Glibc.pipe(&ends)
        let first = "n,name\n" + (1...3).map { "\($0),row-\($0)" }.joined(separator: "\n") + "\n"
        _ = first.utf8CString.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress!, first.utf8.count) }
        guard case let .table(viewer) = try StandardInput.open(data: ends[0], theme: Theme()) else {
            Issue.record("CSV from a pipe should open as a table")
            return
        }
        #expect(viewer.source.growth == .arriving && viewer.status.contains("waiting for more input"), "\(viewer.status)")
        var t = HeadlessTerminal(viewer, columns: 80, rows: 10)
        t.advance(by: 0.05)
        while t.runWork("growth") {}
        // The next look is a tenth of a second after the last, not a second.
        let wake = try #require(t.wakeTime)
        #expect(wake - t.time <= 0.1 + 1e-9, "\(wake) \(t.time)")
        // Closing the screen cancels the copying with the rest of its work.
        let cancels = t.app.cancelAllWork().compactMap { effect -> String? in
            if case let .work(.cancel(id)) = effect { id.name } else { nil }
        }
        #expect(cancels.contains("input"), "\(cancels)")
        // The writer ends: what came is all there, said as kept, no longer waiting.
        close(ends[1])
        let kept = t.runWork("input")
        #expect(kept)
        while t.runWork("growth") {}
        t.advance(by: 0.2)
        while t.runWork("growth") {}
        #expect(t.app.screen.view.table.list.numberOfRows == 3 && t.app.source.growth == .settled, "\(t.app.status)")
        #expect(!t.app.status.contains("waiting for more input") && t.app.status.contains("kept in memory"), "\(t.app.status)")
    }

    /// Writes `bytes` into a new pipe from another thread; returns the reading end.
    /// The table `text` piped in opens as, shown in a terminal of `columns` × `rows`, once all of
    /// it is written and kept (the rest of the work not yet run); nil, with an issue recorded,
    /// when it opens as something else.
    static func pipedTable(_ text: String, columns: Int, rows: Int) throws -> HeadlessTerminal<TableViewer>? {
        let done = DispatchSemaphore(value: 0)
        let data = piped(Array(text.utf8), done: done)
        guard case let .table(viewer) = try StandardInput.open(data: data, theme: Theme()) else {
            Issue.record("CSV from a pipe should open as a table")
            return nil
        }
        var terminal = HeadlessTerminal(viewer, columns: columns, rows: rows)
        _ = terminal.runWork("input")
        done.wait()
        return terminal
    }

    static func piped(_ bytes: [UInt8], done: DispatchSemaphore) -> Int32 {
        var ends: [Int32] = [0, 0]
        _ = Glibc.pipe(&ends)
        let writer = ends[1]
        DispatchQueue.global().async {
            bytes.withUnsafeBytes { raw in
                var at = 0
                while at < raw.count {
                    let n = Glibc.write(writer, raw.baseAddress! + at, raw.count - at)
                    if n <= 0 { break }
                    at += n
                }
            }
            close(writer)
            done.signal()
        }
        return ends[0]
    }

    @Test("standard input stays in memory up to a limit, then goes to a temporary file the status line names, with every row still right")
    func pipedDataMovesToDisk() throws {
        let text = "n,text\n" + (1...60_000).map { "\($0),row \($0) of the pipe" }.joined(separator: "\n") + "\n"
        let done = DispatchSemaphore(value: 0)
        let data = Self.piped(Array(text.utf8), done: done)
        guard case let .table(viewer) = try StandardInput.open(data: data, theme: Theme(), memoryLimit: 256 << 10) else {
            Issue.record("CSV from a pipe should open as a table")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 200, rows: 10)
        #expect(t.app.status.contains("kept in memory (up to 262 KB, then in a temporary file in \(StandardInput.temporaryDirectory))"))
        #expect(t.runWork("input") == true)
        done.wait()
        t.advance(by: 1.5)
        while t.runWork("growth") {}
        t.advance(by: 1.5)
        while t.runWork("growth") {}
        #expect(t.app.screen.view.table.list.numberOfRows == 60_000)
        #expect(t.app.status.contains("on disk in a temporary file in \(StandardInput.temporaryDirectory), removed when scrollwork ends"), "\(t.app.status)")
        #expect(try t.app.screen.view.table.list.row(at: IndexPath(row: 0))[1] == "row 1 of the pipe")
        #expect(try t.app.screen.view.table.list.row(at: IndexPath(row: 59_999))[1] == "row 60000 of the pipe")
    }
}

@Suite struct OpenTableSearchTests {
    @Test("in a table / finds the record holding the text and selects its row, also when sorted; typing digits selects a row by number")
    func tableSearchAndTypeAhead() throws {
        let rows = (1...3000).map { "\($0),item-\($0),\(($0 * 7919) % 3000)" } + ["3001,the needle,5"]
        let file = TemporaryFile(name: "s.csv", "id,name,size\n" + rows.joined(separator: "\n") + "\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 12)
        while t.runWork("growth") {}
        t.type("/needle")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.runWork("search") == true)
        #expect(t.app.status.contains("record 3,001"))
        let selected = try #require(t.app.screen.view.table.list.selectedIndexPaths.first)
        #expect(try t.app.screen.view.table.list.row(at: selected)[1] == "the needle")
        // Sorted by size, the same search finds the same record in its new place.
        t.app.screen.sort(byColumn: 2, ascending: true, at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        while t.runWork("sort") {}
        t.type("n")
        _ = t.runWork("search")
        t.type("N")
        _ = t.runWork("search")
        let again = try #require(t.app.screen.view.table.list.selectedIndexPaths.first)
        #expect(try t.app.screen.view.table.list.row(at: again)[1] == "the needle" && again.row != selected.row)
        // Digits: type-ahead on the # column of an unsorted table.
        t.app.screen.arrange(column: nil, ascending: true, filters: [], at: t.time)
        // What the screen asked for is taken at the next frame.
        t.draw()
        t.advance(by: 2)
        t.type("250")
        let typed = try #require(t.app.screen.view.table.list.selectedIndexPaths.first)
        #expect(try t.app.screen.view.table.list.row(at: typed).number == 250)
    }
}

@Suite struct OpenTableColumnsTests {
    @Test(": jumps sideways to a column by name; a file replaced while open says so")
    func columnJumpAndReplacement() throws {
        let header = (1...40).map { "column\($0)" }.joined(separator: ",")
        let row = (1...40).map { "value\($0)" }.joined(separator: ",")
        let file = TemporaryFile(name: "wide.csv", header + "\n" + row + "\n")
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 80, rows: 8)
        t.advance(by: 0.1)
        #expect(!t.text.contains("column33"))
        t.type(":COLUMN33")
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 1)
        #expect(t.text.contains("column33") && t.text.contains("value33") && t.app.screen.view.table.list.scroll.offset.x > 0)
        t.type(":nothing")
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.status.contains("no column named"))
        // Rotated away: the path names a new file now.
        rename(file.path, file.path + ".1")
        defer { unlink(file.path + ".1") }
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        close(fd)
        t.advance(by: 1.5)
        // The file is looked at off the loop.
        _ = t.runWork("growth")
        #expect(t.app.status.contains("replaced"))
    }
}
