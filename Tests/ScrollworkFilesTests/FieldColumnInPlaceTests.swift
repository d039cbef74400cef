import Scrollwork
@testable import ScrollworkFiles
import Testing

/// A file column's sort reads its keys straight from the rows' bytes for every source whose
/// rows are read in place, not for a list of types: the viewer's `FileRows` fell outside such a
/// list, and every sort in `scrollwork open` read whole records into strings.
@Suite struct FieldColumnInPlaceTests {
    /// In-place rows of a type no list names: they hand over whatever rows they wrap.
    struct Wrapped: InPlaceRows {
        let rows: StringRows
        var count: Int { rows.count }
        func row(at index: Int) -> DelimitedRecord { rows.row(at: index) }
        func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
            self.rows.values(ofField: field, at: rows, value)
        }
        func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] { self.rows.fields(at: rows, body) }
    }

    @Test("a field column reads its values in place from a file's rows, the viewer's FileRows of them, a filtered view of those, rows in memory and in-place rows of any other type, as reading each record gives them")
    func everyInPlaceSource() throws {
        let table = (0..<500).map { i in ["\(i)", i % 7 == 0 ? "" : "\(Double(i % 13) / 4)", "n\(i % 11)"] }
        try ExploreData.withRows(table) { rows, _ in
            let file = FileRows.delimited(rows)
            let subset = RowSubset(base: file, rows: (0..<500).filter { $0 % 3 == 1 }.map { UInt32($0) })
            let sources: [(name: String, source: any InPlaceRows)] = [("DelimitedRows", rows), ("FileRows", file), ("RowSubset<FileRows>", subset),
                                                                       ("StringRows", StringRows(table)), ("another type", Wrapped(rows: StringRows(table)))]
            for field in 0..<3 {
                let column = TableColumn.field(field, title: "c\(field)", sample: rows.rows(in: 0..<50))
                for (name, source) in sources {
                    let range = 3..<source.count - 2
                    let read = try #require(column.sourceValues?(source, range), "\(name) read no values in place")
                    let records = range.map { source.row(at: $0) }
                    #expect(read == records.map(column.value), "\(name), field \(field)")
                }
            }
        }
    }
}
