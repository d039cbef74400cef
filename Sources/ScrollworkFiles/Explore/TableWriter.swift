import Scrollwork

/// Writes rows that come a batch at a time, from no file (a database's rows read in the order
/// shown, say), as CSV, TSV or JSON Lines: the heading first, then each batch as it comes, the
/// file taking its name only once ``finish()`` is called, as every save does.
public struct TableWriter {
    private let output: OutputFile
    private let encoder: RowEncoder
    /// The rows written so far.
    public private(set) var written = 0

    /// A save of columns titled `titles` (repeated and empty ones made unique, as every save makes
    /// them) to `output` in `format`; `numeric[k]` says column `k` holds numbers (JSON Lines
    /// writes them as numbers where they are).
    ///
    /// - Throws: ``FileError`` when the heading cannot be written.
    public init(output: OutputFile, format: ExportFormat, titles: [String], numeric: [Bool] = []) throws(FileError) {
        self.output = output
        encoder = RowEncoder(format: format, columns: Array(titles.indices), titles: titles, numeric: numeric, missing: MissingValues(words: []))
        try output.write(encoder.header())
    }

    /// Writes `rows`, each a value a column: nil is a null (an empty field in CSV and TSV, `null`
    /// in JSON Lines); a row with fewer values than columns has nulls in the rest, values past
    /// the columns are not written.
    ///
    /// - Throws: ``FileError`` when a write fails (a full disk, a closed pipe).
    public mutating func append(_ rows: [[String?]]) throws(FileError) {
        var out: [UInt8] = []
        for row in rows { encoder.append(values: row, into: &out) }
        try output.write(out)
        written += rows.count
    }

    /// Ends the save: the file takes the place of its path.
    ///
    /// - Throws: ``FileError`` when the rename fails.
    public func finish() throws(FileError) { try output.finish() }
}
