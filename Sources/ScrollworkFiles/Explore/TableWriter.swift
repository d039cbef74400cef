import Scrollwork

/// Writes rows that come a batch at a time, from no file (a database's rows read in the order
/// shown, say), as CSV, TSV, JSON Lines or Parquet: the heading first, then each batch as it
/// comes, the file taking its name only once ``finish()`` is called, as every save does.
public struct TableWriter {
    private let output: OutputFile
    private let encoder: RowEncoder
    /// A Parquet save's row groups and footer; nil for the text formats.
    private var parquet: ParquetStream?
    /// The rows written so far.
    public private(set) var written = 0

    /// A save of columns titled `titles` (repeated and empty ones made unique, as every save makes
    /// them) to `output` in `format`; `numeric[k]` says column `k` holds numbers (JSON Lines
    /// writes them as numbers where they are; Parquet as whole numbers, or as `parquetKinds`
    /// says: a source's declared types, or the kinds a save that met a wider value starts over
    /// with; a kind outside its range is text, a column past them as `numeric` says).
    ///
    /// - Throws: ``FileError`` when the heading cannot be written.
    public init(output: OutputFile, format: ExportFormat, titles: [String], numeric: [Bool] = [], parquetKinds: [ParquetColumnKind]? = nil) throws(FileError) {
        try self.init(output: output, format: format, titles: titles, numeric: numeric, parquetKinds: parquetKinds, written: [])
    }

    /// A save as ``init(output:format:titles:numeric:parquetKinds:)`` makes, each column's
    /// values written in JSON Lines as `written[k]` says its source wrote them (a boolean as
    /// `true`, a date as a string), whatever they spell.
    init(output: OutputFile, format: ExportFormat, titles: [String], numeric: [Bool], parquetKinds: [ParquetColumnKind]?, written: [FieldSpan.Written]) throws(FileError) {
        self.output = output
        encoder = RowEncoder(format: format, columns: Array(titles.indices), titles: titles, numeric: numeric, written: written, missing: .none)
        if format == .parquet {
            // A column past the kinds given starts as `numeric` says; a kind out of its range (a
            // time of 4 digits, a decimal of 40) is text.
            let starting = ParquetColumnKind.starting(numeric: numeric, count: titles.count)
            let kinds = starting.indices.map { k in
                guard let given = parquetKinds, given.indices.contains(k) else { return starting[k] }
                return given[k].checked ?? .text
            }
            let stream = ParquetStream(titles: RowEncoder.uniqueTitles(titles), kinds: kinds)
            parquet = stream
            try output.write(stream.header)
        } else {
            try output.write(encoder.header())
        }
    }

    /// For a Parquet save: the kinds its columns must have, once a value did not fit the kind
    /// it was given. The rows after it are not written; the save is to start over
    /// (``OutputFile/startOver()``) with a writer given these kinds.
    public var widerKinds: [ParquetColumnKind]? { parquet?.wider }

    /// Writes `rows`, each a value a column: nil is a null (an empty field in CSV and TSV, `null`
    /// in JSON Lines and Parquet); a row with fewer values than columns has nulls in the rest, values past
    /// the columns are not written.
    ///
    /// - Throws: ``FileError`` when a write fails (a full disk, a closed pipe).
    public mutating func append(_ rows: [[String?]]) throws(FileError) {
        try append(TextColumns(rows: rows, columns: encoder.columns.count))
    }

    /// Writes the rows of `batch` (its columns past the save's are not written; a save's column
    /// past the batch's is null).
    ///
    /// - Throws: ``FileError`` when a write fails (a full disk, a closed pipe).
    public mutating func append(_ batch: TextColumns) throws(FileError) {
        var out: [UInt8] = []
        // Written a slice of rows at a time: a batch of millions of rows made text whole first
        // would hold its text twice.
        var first = 0
        while first < batch.rowCount {
            let rows = first..<Swift.min(batch.rowCount, first + Self.rowsWrittenAtOnce)
            if var stream = parquet {
                // Taken out while it is filled, so that a row is not a copy of it.
                parquet = nil
                // Safe: the batch lends each value's bytes for the append, which copies them.
                unsafe batch.withValues { value in
                    for row in rows where stream.wider == nil { unsafe out += stream.append(row: row, from: value) }
                }
                parquet = stream
            } else {
                let encoder = encoder
                unsafe batch.withValues { value in
                    for row in rows { unsafe encoder.append(row: row, from: value, into: &out) }
                }
            }
            try output.write(out)
            out.removeAll(keepingCapacity: true)
            first = rows.upperBound
        }
        written += batch.rowCount
    }

    /// The rows of a batch made text before they are written.
    static let rowsWrittenAtOnce = 16_384

    /// Ends the save: the file takes the place of its path.
    ///
    /// - Throws: ``FileError`` when the rename fails, or when a Parquet save is to start over
    ///   (``widerKinds``): a file missing rows never takes the path.
    public mutating func finish() throws(FileError) {
        if parquet != nil {
            guard parquet?.wider == nil else {
                throw .system(path: output.path, operation: "finish", code: 0, message: "a column met a value its Parquet type cannot hold; the save must start over")
            }
            try output.write(parquet!.finish())
        }
        try output.finish()
    }
}
