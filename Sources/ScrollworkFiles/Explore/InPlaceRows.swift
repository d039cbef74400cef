import Scrollwork

/// A file's rows whose fields are read straight from the file's bytes, many rows at a time: what
/// filters, frequency tables, column summaries and saves read, so that each works on ten million
/// rows without a string for every field. ``DelimitedRows`` and ``JSONLinesRows`` are such rows.
public protocol InPlaceRows: RowSource, Sendable where Row == DelimitedRecord {
    /// `value` of field `field` of each of `rows` (row numbers, in the order given; ascending
    /// reads fastest): nil bytes where the row has no such field or the number is not a row.
    func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T]

    /// `body` of each of `rows` (row numbers, in the order given) with the row's fields; a number
    /// that is not a row has no fields.
    func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T]

    /// The bytes of the header's fields as the file holds them, by field (a save writes the
    /// header so, a name in Latin-1 included); nil where the rows have no header of their own.
    var headerBytes: [[UInt8]]? { get }
}

extension InPlaceRows {
    /// None: the rows' names are their columns' titles.
    public var headerBytes: [[UInt8]]? { nil }
}

extension DelimitedRows: InPlaceRows {
    /// The header record's fields, unquoted, as their bytes; nil without a header.
    public var headerBytes: [[UInt8]]? {
        guard dialect.hasHeader, index.count > 0 else { return nil }
        var splitter = FieldSplitter(separator: dialect.separator, quote: dialect.quote)
        // Safe: a record's bytes (and the fields cut from them) are lent for the closure's call
        // only, here and below, and copied where kept.
        return unsafe index.eachRecord(of: file, at: [0], limit: recordLimit) { _, bytes in
            unsafe bytes.map { bytes in unsafe splitter.withFields(of: bytes) { fields in unsafe (0..<fields.count).map { unsafe fields[$0].map(Array.init) ?? [] } } }
        }.first ?? nil
    }

    /// `body` of each of `rows` with its record's fields split in place.
    public func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        var splitter = FieldSplitter(separator: dialect.separator, quote: dialect.quote)
        let alone = { [self] (i: Int) in row(at: i) }
        let count = count
        return unsafe eachRecord(at: rows) { i, bytes in
            if let bytes = unsafe bytes { return unsafe splitter.withFields(of: bytes) { unsafe body(i, $0) } }
            return unsafe splitter.withFields(i >= 0 && i < count ? alone(i).fields : []) { unsafe body(i, $0) }
        }
    }
}

extension JSONLinesRows: InPlaceRows {
    /// Column `field`'s value in each of `rows`, scanned to its key.
    public func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        unsafe values(ofColumn: field, at: rows, value)
    }

    /// `body` of each of `rows` with its values in the columns of ``keys``, as ``row(at:)`` reads
    /// them: a `null`, and a key the object leaves out, as no field.
    ///
    /// A line with the layout of the lines before it (the same keys, spacing and punctuation),
    /// only ASCII text and only keys among the columns gives its values' bytes in place; any
    /// other is read whole.
    public func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        var splitter = FieldSplitter(separator: 0x2C)
        let alone = { [self] (i: Int) in row(at: i) }
        let made = { [self] (i: Int, bytes: UnsafeBufferPointer<UInt8>) in unsafe record(i, Self.members(of: bytes, framing: .lines)) }
        let count = count, lines = framing == .lines, columns = keys.count
        var scan = JSONColumnScan(key: [])
        // The column of each member of the layout; empty when one is not a column.
        var columnOfMember: [Int] = [], mapped = 0
        var spans = [FieldSpan](repeating: .null, count: columns)
        return unsafe index.eachRecord(of: file, at: rows, limit: recordLimit) { i, bytes in
            guard i >= 0, i < count else { return unsafe splitter.withFields([]) { unsafe body(i, $0) } }
            // Array elements need trimming first: they are read one by one.
            guard lines, let bytes = unsafe bytes else { return unsafe splitter.withFields(of: alone(i)) { unsafe body(i, $0) } }
            if !columnOfMember.isEmpty {
                for c in 0..<columns { spans[c] = .null }
                // A key given twice fills its column twice: the last stays, as in the reader.
                let fits = unsafe scan.shape.values(in: bytes) { member, text, isString in
                    spans[columnOfMember[member]] = text.map { FieldSpan(start: $0.lowerBound, count: $0.count, inScratch: false, written: isString ? .text : .literal) } ?? .null
                }
                if fits {
                    scan.fitted()
                    return unsafe spans.withUnsafeBufferPointer { spans in
                        unsafe body(i, FieldList(spans: spans, record: bytes, scratch: UnsafeBufferPointer(start: nil, count: 0)))
                    }
                }
            }
            _ = unsafe scan.missed(bytes)
            if scan.learned != mapped {
                mapped = scan.learned
                let columns = scan.shape.names.map { column(ofKey: $0) ?? -1 }
                columnOfMember = scan.shape.isEmpty || columns.contains(-1) ? [] : columns
            }
            return unsafe splitter.withFields(of: made(i, bytes)) { unsafe body(i, $0) }
        }
    }
}
