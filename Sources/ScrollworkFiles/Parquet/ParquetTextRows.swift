import Scrollwork

/// Some columns of a Parquet table as rows of text, read from the pages a piece of rows at a
/// time as a pass asks for them (a null as no field, an empty text as an empty one): what a
/// summary reads, on every core, with no column held whole.
struct ParquetTextRows: InPlaceRows {
    let table: ParquetTable
    /// The table's columns, the rows' fields in this order.
    let columns: [Int]
    let count: Int
    /// The first read that failed: a pass reads where nothing can throw, so the failure is kept
    /// (its rows read as empty) and thrown once the pass is done.
    let failure = ReadFailure()

    init(table: ParquetTable, columns: [Int]) throws(TableSourceError) {
        self.table = table
        self.columns = columns
        count = try table.total()
    }

    /// Row `index`, numbered from 1 (no fields outside the rows).
    func row(at index: Int) -> DelimitedRecord {
        guard index >= 0, index < count else { return DelimitedRecord(number: index.addingSaturating(1), fields: []) }
        let batch = texts(CollectionOfOne(index), of: columns)
        return DelimitedRecord(number: index + 1, fields: columns.indices.map { batch.text(column: $0, row: 0) ?? "" })
    }

    /// Field `field` of each of `rows`, read in place.
    func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        guard columns.indices.contains(field) else { return rows.map { _ in value(nil) } }
        let batch = texts(rows, of: [columns[field]])
        // Safe: a value's bytes are lent to `value` for its call only; rows past the batch are
        // asked as nulls.
        return unsafe batch.withValues { read in
            (0..<rows.count).map { k in unsafe value(k < batch.rowCount ? read(0, k) : nil) }
        }
    }

    /// The fields of each of `rows`, each marked as its column's type wrote it
    /// (``FieldSpan/Written/init(declared:holdsJSON:)``).
    func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        let batch = texts(rows, of: columns)
        let written = columns.map { FieldSpan.Written(declared: table.parquetKind(ofColumn: $0), holdsJSON: table.holdsJSON(ofColumn: $0)) }
        var spans = [FieldSpan](repeating: FieldSpan(start: 0, count: 0, inScratch: false), count: columns.count)
        // Safe: the batch's bytes and the spans are lent for the call; each span is one the batch
        // made inside its bytes, and the field list is lent to `body` for its call only.
        return unsafe batch.withSpans { bytes, span in
            unsafe spans.withUnsafeMutableBufferPointer { spans in
                rows.enumerated().map { k, row in
                    let shown = k < batch.rowCount
                    for c in spans.indices where shown {
                        unsafe spans[c] = span(c, k).map { FieldSpan(start: $0.start, count: $0.count, inScratch: false, written: written[c]) } ?? .null
                    }
                    return unsafe body(row, FieldList(spans: UnsafeBufferPointer(rebasing: spans[0..<(shown ? spans.count : 0)]), record: bytes, scratch: bytes))
                }
            }
        }
    }

    /// The text of `fields` of `rows`: a run of rows read by position, others by name.
    private func texts<Rows: RandomAccessCollection<Int>>(_ rows: Rows, of fields: [Int]) -> TextColumns {
        do {
            if let first = rows.first, let last = rows.last, last >= first, last - first + 1 == rows.count,
               zip(rows, rows.dropFirst()).allSatisfy({ $0 + 1 == $1 }) {
                return try table.texts(ofColumns: fields, at: first..<last + 1, progress: .unwatched)
            }
            return try table.texts(ofColumns: fields, named: Array(rows), progress: .unwatched)
        } catch {
            failure.keep(error)
            return TextColumns(columns: fields.count, rows: 0)
        }
    }
}
