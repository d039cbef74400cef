import Scrollwork

/// One record of a delimited file, as a table row.
public struct DelimitedRecord: Sendable, Hashable {
    /// The record's number in the file, from 1 (the header, when there is one, is 0).
    public var number: Int
    /// Its fields.
    public var fields: [String]
    /// Why the record could not be read whole, if it could not.
    public var problem: String?
    /// True when none of its fields could be read (a JSON line that is no object): they are
    /// empty, and ``problem`` says why.
    public var isUnread = false
    /// The fields that hold no value of the format's own (a JSON `null`, a key the object
    /// leaves out), apart from a text that reads the same: ``fields`` shows them as written
    /// (`null`, or empty), and ``subscript(_:)`` reads them as no field.
    public var nulls: Set<Int> = []
    /// The fields that are text by the format's own types (a JSON string): a number spelled in
    /// one (`"12"`, `"007"`) is text, not a number, to a column's type and to a save.
    public var texts: Set<Int> = []
    /// The fields the format wrote as values of their own (a JSON number, `true`, `false`, an
    /// array or an object): a save in the same format writes them as they are, unquoted.
    public var literals: Set<Int> = []

    /// A record.
    public init(number: Int, fields: [String], problem: String? = nil) {
        self.number = number
        self.fields = fields
        self.problem = problem
    }

    /// Field `column`, or nil past the record's last field or where it holds a null.
    public subscript(column: Int) -> String? { fields.indices.contains(column) && !nulls.contains(column) ? fields[column] : nil }

    /// Field `column` as the table shows it, its text read by `parse`: a null as the format
    /// writes it (`.missing("null")`), and past the record's last field no value.
    public func shown(_ column: Int, _ parse: FieldValues) -> TableValue {
        null(column) ?? parse.value(self[column])
    }

    /// Field `column` as the table shows it when it holds a null (`.missing("null")`, or no
    /// value for a key left out); nil when it holds a value.
    public func null(_ column: Int) -> TableValue? {
        guard nulls.contains(column), fields.indices.contains(column) else { return nil }
        return fields[column].isEmpty ? .empty : .missing(fields[column])
    }
}

/// The records of a delimited file, read and split only when shown: the file is never loaded
/// whole. The header record, when the dialect has one, is not a row.
public struct DelimitedRows: RowSource, Sendable {
    /// The file.
    public let file: FileBytes
    /// Where its records begin, as far as it has been indexed.
    public let index: RecordIndex
    /// Its separator and header.
    public let dialect: DelimitedDialect
    /// The most bytes of one record read for a row shown: the rest of a longer record is left
    /// out of its cells, and the row says so.
    public static let shownRecordLimit = 1 << 20
    /// The most bytes of one record a pass reads whole (a sort, a filter, a summary, a save):
    /// a pass over a longer one is refused (``RecordIndex/firstRecord(longerThan:)``), never
    /// given the record cut short.
    public static let passRecordLimit = 1 << 28
    /// The most bytes of one record read for a row: ``shownRecordLimit`` for rows shown,
    /// ``passRecordLimit`` for the rows a pass reads (``FileRows/readingRecordsWhole()``).
    /// A copy given another limit keeps rows of its own: a row read to one limit is not the
    /// row read to the other.
    public var recordLimit = shownRecordLimit {
        didSet { if recordLimit != oldValue { cache = RecordCache() } }
    }
    /// Rows read lately, so that a frame that draws the rows of the last one reads no file.
    private var cache = RecordCache()

    /// The rows of `file` that `index` has found.
    public init(file: FileBytes, index: RecordIndex, dialect: DelimitedDialect) {
        self.file = file
        self.index = index
        self.dialect = dialect
    }

    /// The number of rows found so far.
    public var count: Int { Swift.max(0, index.count - (dialect.hasHeader ? 1 : 0)) }

    /// The header's fields, or nil without a header or before it was found.
    public var header: [String]? {
        guard dialect.hasHeader, index.count > 0 else { return nil }
        return record(0).fields
    }

    /// Row `i`: record `i + 1` of a file with a header.
    public func row(at i: Int) -> DelimitedRecord {
        if let known = cache.record(i) { return known }
        var r = record(i.addingSaturating(dialect.hasHeader ? 1 : 0))
        r.number = i.addingSaturating(1)
        cache.keep(r, for: i)
        return r
    }

    /// The rows of `range` (clipped to the rows), read together: one read for up to 16 MB of
    /// records instead of one a row, what a sort reading ten million keys needs.
    public func rows(in range: Range<Int>) -> [DelimitedRecord] {
        let alone = { [self] (i: Int) in row(at: i) }
        // Safe: a record's bytes are lent for the closure's call and made into strings inside it.
        return unsafe eachRecord(at: range.clamped(to: 0..<count)) { i, bytes in
            guard let bytes = unsafe bytes else { return alone(i) }
            return unsafe DelimitedRecord(number: i.addingSaturating(1), fields: RecordParser.fields(of: bytes, separator: dialect.separator, quote: dialect.quote))
        }
    }

    /// Field `field` of each of the rows `range` (clipped to the rows), turned into a value by
    /// `value` straight from the record's bytes (quotes undone; nil for a record without that
    /// field): a sort reads a column's keys so, one read for up to 16 MB of records, and makes no
    /// string for the fields it does not need. The bytes are valid only during the call.
    public func values<T>(ofField field: Int, in range: Range<Int>, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        // Safe: a field's bytes are lent to `value` for its call only, here as below.
        unsafe values(ofField: field, at: range.clamped(to: 0..<count), value)
    }

    /// Field `field` of each of `rows` (row numbers, in the order given; ascending reads
    /// fastest, as records close together share a read), as ``values(ofField:in:_:)`` reads
    /// them; nil bytes for a row number outside the rows.
    public func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        var reader = FieldReader(separator: dialect.separator, quote: dialect.quote)
        // A record one read cannot give is read on its own, through what this closure holds:
        // a loop that used `self` copied the rows (and retained what they hold) every record.
        let alone = { [self] (i: Int) in row(at: i) }
        let count = count
        return unsafe eachRecord(at: rows) { i, bytes in
            if let bytes = unsafe bytes { return unsafe reader.field(field, of: bytes, value) }
            guard i >= 0, i < count else { return value(nil) }
            let fields = alone(i).fields
            guard fields.indices.contains(field) else { return value(nil) }
            var text = fields[field]
            return text.withUTF8 { unsafe value($0) }
        }
    }

    /// `body` of each of `rows` (row numbers, in the order given) with its record's bytes, read
    /// with one read for up to 16 MB of records close together; nil bytes for a row one read
    /// cannot give (a file cut shorter since it was indexed, a record past ``recordLimit``, a
    /// number outside the rows), which is then read on its own.
    func eachRecord<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        let header = dialect.hasHeader ? 1 : 0
        let count = count
        // Safe: the index lends each record's bytes for the body's call only, inside the one read
        // buffer it owns.
        return unsafe index.eachRecord(of: file, at: rows.lazy.map { $0 >= 0 && $0 < count ? $0 + header : -1 }, limit: recordLimit) { record, bytes in
            unsafe body(record < 0 ? -1 : record - header, bytes)
        }
    }

    /// Record `i` of the file, the header included, read up to `limit` bytes (clamped to at
    /// least 1; a detail view passes more than a row's ``recordLimit``, which nil reads to).
    public func record(_ i: Int, limit: Int? = nil) -> DelimitedRecord {
        let range = index.range(ofRecord: i)
        let length = Int(clamping: range.upperBound - range.lowerBound)
        let limit = Swift.max(1, limit ?? recordLimit)
        do {
            let bytes = try file.read(at: range.lowerBound, count: Swift.min(length, limit))
            let fields = RecordParser.fields(of: bytes, separator: dialect.separator, quote: dialect.quote)
            var problem: String? = nil
            if bytes.count < Swift.min(length, limit) { problem = "the file is shorter than when it was indexed" }
            if length > limit { problem = "the record is \(length) bytes long; its first \(limit) are shown" }
            return DelimitedRecord(number: i, fields: fields, problem: problem)
        } catch {
            return DelimitedRecord(number: i, fields: [], problem: "\(error)")
        }
    }
}

/// The last few thousand rows read, from any thread; forgotten all at once when full, which
/// bounds it without bookkeeping.
final class RecordCache: Sendable {
    /// The most rows kept.
    static let capacity = 4096
    private let records = Locked<[Int: DelimitedRecord]>([:])

    func record(_ i: Int) -> DelimitedRecord? { records.withLock { $0[i] } }

    func keep(_ record: DelimitedRecord, for i: Int) {
        records.withLock { kept in
            if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
            kept[i] = record
        }
    }
}
