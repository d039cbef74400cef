import Foundation
import Scrollwork
@testable import ScrollworkFiles
import Testing

@Suite("A batch of text a column at a time")
struct TextColumnsTests {
    @Test("values set in any order read back in their rows; a value never set is null; digits as String writes them")
    func setInAnyOrder() {
        var batch = TextColumns(columns: 3, rows: 4)
        batch.set("c", column: 0, row: 2)
        batch.set(bytes: Array("é".utf8), column: 1, row: 0)
        batch.set("", column: 0, row: 0)
        batch.set(Int.min, column: 2, row: 3)
        batch.set(0, column: 2, row: 1)
        batch.set(-42, column: 2, row: 0)
        batch.set(Int.max, column: 1, row: 3)
        batch.set("x", column: 0, row: 1)
        batch.set(nil, column: 0, row: 1)
        #expect(batch.rows == [["", "é", "-42"], [nil, nil, "0"], ["c", nil, nil], [nil, String(Int.max), String(Int.min)]])
    }

    @Test("any count and place: a negative count is none, a place outside the batch is left alone, an invalid byte reads as U+FFFD")
    func extremeValues() {
        for (columns, rows) in [(-1, 5), (5, -1), (Int.min, Int.max), (Int.max, Int.max), (0, 0)] {
            var batch = TextColumns(columns: columns, rows: rows)
            for (c, r) in [(0, 0), (-1, 0), (0, -1), (Int.max, Int.min), (Int.min, Int.max)] {
                batch.set("v", column: c, row: r)
                batch.set(7, column: c, row: r)
                let inside = c == 0 && r == 0 && batch.rowCount > 0 && batch.columnCount > 0
                #expect(batch.text(column: c, row: r) == (inside ? "7" : nil))
            }
        }
        #expect(TextColumns(columns: Int.max, rows: Int.max).rowCount == 1 && TextColumns(columns: 3, rows: Int.max).rowCount == TextColumns.mostValues / 3)
        var batch = TextColumns(columns: 1, rows: 1)
        batch.set(bytes: [0x61, 0xFF], column: 0, row: 0)
        #expect(batch.text(column: 0, row: 0) == "a\u{FFFD}")
        #expect(TextColumns(rows: [["a", "b", "c"], []], columns: 2).rows == [["a", "b"], [nil, nil]])
    }

    @Test("a save writes a batch as its format spells it: an empty text is text in JSON Lines, a null is null, fields quoted where they must be")
    func writtenByEveryFormat() throws {
        var batch = TextColumns(columns: 2, rows: 3)
        batch.set("a,b", column: 0, row: 0)
        batch.set(12, column: 1, row: 0)
        batch.set("", column: 0, row: 1)
        batch.set("say \"hi\"", column: 0, row: 2)
        batch.set("3.5", column: 1, row: 2)
        let expected: [(ExportFormat, String)] = [
            (.csv, "t,n\n\"a,b\",12\n,\n\"say \"\"hi\"\"\",3.5\n"),
            (.tsv, "t\tn\na,b\t12\n\t\n\"say \"\"hi\"\"\"\t3.5\n"),
            (.jsonLines, "{\"t\":\"a,b\",\"n\":12}\n{\"t\":\"\",\"n\":null}\n{\"t\":\"say \\\"hi\\\"\",\"n\":3.5}\n"),
        ]
        for (format, text) in expected {
            let path = ParquetWriterTests.path("out")
            defer { unlink(path) }
            var writer = try TableWriter(output: OutputFile(path: path), format: format, titles: ["t", "n"], numeric: [false, true])
            try writer.append(batch)
            try writer.finish()
            #expect(writer.written == 3)
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written == text, "\(format): \(written.debugDescription)")
        }
    }
}
