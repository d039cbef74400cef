import Scrollwork

/// Some rows of a file, in a given order, as rows of their own: what a filtered view shows, and
/// sorts, searches and copies as it would the whole file. Each row keeps its record's number
/// in the file. Fields are still read in place from the file, several rows to a read.
public struct RowSubset<Base: InPlaceRows>: InPlaceRows {
    /// The file's rows.
    public let base: Base
    /// The base's row numbers, in this subset's order.
    public let rows: [UInt32]

    /// Rows `rows` of `base`, in that order. Numbers past the base's rows show empty rows.
    public init(base: Base, rows: [UInt32]) {
        self.base = base
        self.rows = rows
    }

    /// The number of rows.
    public var count: Int { rows.count }

    /// The base's header.
    public var headerBytes: [[UInt8]]? { base.headerBytes }

    /// The base row behind row `i` (nil outside the subset).
    public func baseRow(_ i: Int) -> Int? { i >= 0 && i < rows.count ? Int(rows[i]) : nil }

    /// Row `i`: the base's row, numbered as in the file.
    public func row(at i: Int) -> DelimitedRecord {
        guard let r = baseRow(i) else { return DelimitedRecord(number: 0, fields: [], problem: "no such row") }
        return base.row(at: r)
    }

    /// Rows `range` (clipped), read together from the file: records close together share a read.
    public func rows(in range: Range<Int>) -> [DelimitedRecord] {
        let range = range.clamped(to: 0..<count)
        // Safe: the base rows lend each row's fields (and each value's bytes, below) for the
        // closure's call only.
        return unsafe base.fields(at: rows[range].lazy.map { Int($0) }) { i, fields in
            unsafe DelimitedRecord(number: i + 1, fields: fields.strings)
        }
    }

    /// Field `field` of each of `rows` (this subset's row numbers).
    public func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        unsafe base.values(ofField: field, at: rows.lazy.map { baseRow($0) ?? -1 }, unsafe value)
    }

    /// The fields of each of `rows` (this subset's row numbers), numbered as this subset's rows.
    public func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        let numbers = Array(rows)
        var k = 0
        return unsafe base.fields(at: numbers.lazy.map { baseRow($0) ?? -1 }) { _, fields in
            defer { k += 1 }
            return unsafe body(numbers[k], fields)
        }
    }

    /// Field `field` of rows `range`, for a sort reading its keys in place.
    public func values<T>(ofField field: Int, in range: Range<Int>, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        unsafe values(ofField: field, at: range.clamped(to: 0..<count), value)
    }
}
