import Foundation
import Scrollwork
@testable import ScrollworkFiles
import Testing

/// A view's rows saved by name through ``RowsTable`` (what a file's screen and a sheet save
/// through, #65): written from their own bytes, in the order given, as a batch run writes them.
@Suite struct RowsTableWriteTests {
    static let rows = StringRows([["007", "605.60", "a"], ["2", "1e3", "b"], ["3", "-2.50", "c"]])
    static let titles = ["id", "price", "name"]
    static let table = RowsTable(rows, columns: titles.indices.map { TableColumn.field($0, title: titles[$0], sample: rows.rows(in: 0..<rows.count)) }, titles: titles,
                                 numeric: [true, true, false], title: "prices", concurrently: .serial)

    /// What `table` writes of rows `names` (the first `count`), columns `columns`, as CSV.
    static func written(names: [Int]?, count: Int, columns: [Int] = [0, 1, 2], order: [ColumnOrder] = []) throws -> (rows: Int, text: String) {
        let path = NSTemporaryDirectory() + "rows-table-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
        defer { unlink(path) }
        let source: any TableSource = table
        let rows = try source.write(names: names.map(RowOrder.init), count: count, where: [], orderedBy: order, columns: columns, format: .csv, to: OutputFile(path: path), progress: .unwatched)
        return (rows, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test("rows saved by name keep the order given and their own spelling (007, 605.60, 1e3), not a number's")
    func byNameAsSpelled() throws {
        let saved = try Self.written(names: [2, 0, 1], count: 3, columns: [2, 0, 1])
        #expect(saved.rows == 3)
        #expect(saved.text == "name,id,price\nc,3,-2.50\na,007,605.60\nb,2,1e3\n")
    }

    @Test("only the first count names are written, and a name past the rows (a row gone since) is left out, not written empty")
    func countAndNamesPastTheRows() throws {
        #expect(try Self.written(names: [1, 7, 0, 2], count: 3).text == "id,price,name\n2,1e3,b\n007,605.60,a\n")
        #expect(try Self.written(names: [1, -1, Int.max, Int.min], count: Int.max).text == "id,price,name\n2,1e3,b\n")
        #expect(try Self.written(names: [0, 1], count: -5).rows == 0)
    }

    @Test("without names the rows are written as the order says, the bytes a batch run's save writes")
    func withoutNames() throws {
        let saved = try Self.written(names: nil, count: 0, order: [ColumnOrder(column: 2, ascending: false)])
        #expect(saved.text == "id,price,name\n3,-2.50,c\n2,1e3,b\n007,605.60,a\n")
    }
}
