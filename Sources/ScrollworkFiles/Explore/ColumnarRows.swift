import Scrollwork

/// Rows held in memory a column at a time, each column's text in one buffer: what the passes
/// over a table source without an engine of its own read (a sort's keys, a frequency table's
/// column), at a few bytes a value more than the text itself, where an array of strings a row
/// takes some tens.
public struct ColumnarRows: InPlaceRows {
    /// One column's values: their bytes one after another, and where each ends.
    struct Column: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        /// Which values are nulls (no value), as against empty text: a row each.
        var isNull: [Bool] = []

        func range(_ row: Int) -> Range<Int> { (row == 0 ? 0 : ends[row - 1])..<ends[row] }
    }

    private var columns: [Column]

    /// No rows, of `width` columns (none when negative).
    public init(width: Int) { columns = Array(repeating: Column(), count: Swift.max(0, width)) }

    /// The number of rows.
    public var count: Int { columns.first?.ends.count ?? 0 }

    /// The number of columns.
    public var width: Int { columns.count }

    /// Adds a row of `values`, a value a column as it reads as text (a missing value empty; a
    /// row shorter than the columns is filled with empty values, the rest of a longer one left
    /// out).
    public mutating func append(_ values: [TableValue]) {
        for c in columns.indices { append(values.indices.contains(c) ? values[c] : .empty, toColumn: c) }
    }

    /// Appends `value` as it reads as text (a missing value a null) as the next value of column
    /// `column`.
    mutating func append(_ value: TableValue, toColumn column: Int) {
        guard var text = value.presentText else { return appendMissing(toColumn: column) }
        // Safe: the text's bytes are lent for the append.
        text.withUTF8 { unsafe columns[column].bytes.append(contentsOf: $0) }
        columns[column].ends.append(columns[column].bytes.count)
        columns[column].isNull.append(false)
    }

    /// Appends `bytes` as the next value of column `column` (a source filling its columns one
    /// at a time, each with as many values as the others get).
    mutating func append(_ bytes: ArraySlice<UInt8>, toColumn column: Int) {
        columns[column].bytes += bytes
        columns[column].ends.append(columns[column].bytes.count)
        columns[column].isNull.append(false)
    }

    /// Appends a missing value (a null, read as no field) to column `column`.
    mutating func appendMissing(toColumn column: Int) {
        columns[column].ends.append(columns[column].bytes.count)
        columns[column].isNull.append(true)
    }

    /// Appends the rows of `other` (of the same width; its columns past these left out, these
    /// past its own filled with missing values).
    public mutating func append(contentsOf other: ColumnarRows) {
        let added = other.count
        for c in columns.indices {
            let base = columns[c].bytes.count
            if other.columns.indices.contains(c), other.columns[c].ends.count == added {
                columns[c].bytes += other.columns[c].bytes
                columns[c].ends += other.columns[c].ends.map { $0 + base }
                columns[c].isNull += other.columns[c].isNull
            } else {
                columns[c].ends += repeatElement(base, count: added)
                columns[c].isNull += repeatElement(true, count: added)
            }
        }
    }

    /// Row `i`, numbered from 1, a null an empty field marked as one of its ``DelimitedRecord/nulls``
    /// (an empty row outside the rows).
    public func row(at i: Int) -> DelimitedRecord {
        guard i >= 0, i < count else { return DelimitedRecord(number: i.addingSaturating(1), fields: []) }
        var record = DelimitedRecord(number: i + 1, fields: columns.map { String(decoding: $0.bytes[$0.range(i)], as: UTF8.self) })
        record.nulls = Set(columns.indices.lazy.filter { columns[$0].isNull[i] })
        return record
    }

    /// Field `field` of each of `rows`, read in place.
    public func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        guard columns.indices.contains(field) else { return rows.map { _ in value(nil) } }
        let column = columns[field], count = count
        // Safe: a value's range is where it was appended, inside the column's bytes; it is lent to
        // `value` (or, below, as a row's fields to `body`) for the call only.
        return unsafe column.bytes.withUnsafeBufferPointer { bytes in
            rows.map { i in
                guard i >= 0, i < count, !column.isNull[i] else { return value(nil) }
                return unsafe value(UnsafeBufferPointer(rebasing: bytes[column.range(i)]))
            }
        }
    }

    /// The fields of each of `rows` (a null as no field; none outside the rows).
    public func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        var splitter = FieldSplitter(separator: 0x2C)
        let count = count
        return rows.map { i in
            let inside = i >= 0 && i < count
            return unsafe splitter.withFields(count: inside ? columns.count : 0, { c in columns[c].isNull[i] ? nil : columns[c].bytes[columns[c].range(i)] }) { unsafe body(i, $0) }
        }
    }
}
