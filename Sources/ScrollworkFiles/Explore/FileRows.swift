import Scrollwork

/// A table file's rows, whichever format holds them: delimited text or JSON objects. The passes
/// over a view (filters, counts, summaries, saves) take it as they take either, so a viewer or a
/// command line writes each pass once.
public enum FileRows: InPlaceRows {
    /// CSV, TSV and the like.
    case delimited(DelimitedRows)
    /// JSON Lines, or the elements of a JSON array.
    case json(JSONLinesRows)

    /// The same rows, each record read whole up to ``DelimitedRows/passRecordLimit``: what a
    /// pass reads (a sort, a filter, a summary, a save), where a row shown is read to 1 MB.
    public func readingRecordsWhole() -> FileRows {
        switch self {
        case var .delimited(rows):
            rows.recordLimit = DelimitedRows.passRecordLimit
            return .delimited(rows)
        case var .json(rows):
            rows.recordLimit = DelimitedRows.passRecordLimit
            return .json(rows)
        }
    }

    /// A delimited file's header as its bytes; none for JSON, whose keys are its names.
    public var headerBytes: [[UInt8]]? {
        switch self {
        case let .delimited(rows): return rows.headerBytes
        case .json: return nil
        }
    }

    /// The rows whose record's bytes hold any of `searches`, and every JSON row that may show
    /// other than its bytes spell it: a superset of those with a field holding the text, when
    /// `searches` spell it as the format writes it (``DelimitedRows/rowsHolding(_:pieceSize:concurrently:progress:)``,
    /// ``JSONLinesRows/rowsHolding(_:pieceSize:concurrently:progress:)``).
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public func rowsHolding(_ searches: [TextSearch], concurrently loop: ConcurrentLoop = .serial,
                            progress: (Double) -> Bool = { _ in true }) throws(FileError) -> RowMarks? {
        switch self {
        case let .delimited(rows): return try rows.rowsHolding(searches, concurrently: loop, progress: progress)
        case let .json(rows): return try rows.rowsHolding(searches, concurrently: loop, progress: progress)
        }
    }

    /// The number of rows found so far.
    public var count: Int {
        switch self {
        case let .delimited(rows): return rows.count
        case let .json(rows): return rows.count
        }
    }

    /// Row `i`.
    public func row(at i: Int) -> DelimitedRecord {
        switch self {
        case let .delimited(rows): return rows.row(at: i)
        case let .json(rows): return rows.row(at: i)
        }
    }

    /// Rows `range`, read together.
    public func rows(in range: Range<Int>) -> [DelimitedRecord] {
        switch self {
        case let .delimited(rows): return rows.rows(in: range)
        case let .json(rows): return rows.rows(in: range)
        }
    }

    /// Field `field` of each of `rows`, read in place.
    public func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        switch self {
        // Safe: the rows lend each value's bytes (and each row's fields, below) for the closure's
        // call only.
        case let .delimited(file): return unsafe file.values(ofField: field, at: rows, value)
        case let .json(file): return unsafe file.values(ofField: field, at: rows, value)
        }
    }

    /// The fields of each of `rows`.
    public func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        switch self {
        case let .delimited(file): return unsafe file.fields(at: rows, body)
        case let .json(file): return unsafe file.fields(at: rows, body)
        }
    }

    /// `body` with the fields of each of rows `range` (clamped to the rows), in order: the
    /// concrete form of ``fields(at:_:)`` for callers in other modules, which would otherwise
    /// run its generic form and build its types at run time before a first frame.
    public func eachRow(in range: Range<Int>, _ body: (FieldList) -> Void) {
        let rows = range.clamped(to: 0..<count)
        switch self {
        case let .delimited(file): _ = unsafe file.fields(at: rows) { _, fields in unsafe body(fields) }
        case let .json(file): _ = unsafe file.fields(at: rows) { _, fields in unsafe body(fields) }
        }
    }

    /// These rows for a table: its sort reads their fields in place, through the format's own type.
    public var rowSource: AnyRowSource<DelimitedRecord> {
        switch self {
        case let .delimited(file): return AnyRowSource(file)
        case let .json(file): return AnyRowSource(file)
        }
    }

    /// Rows `rows` of these, as rows of their own whose fields a sort still reads in place.
    public func subset(_ rows: [UInt32]) -> AnyRowSource<DelimitedRecord> {
        switch self {
        case let .delimited(file): return AnyRowSource(RowSubset(base: file, rows: rows))
        case let .json(file): return AnyRowSource(RowSubset(base: file, rows: rows))
        }
    }
}
