import Scrollwork

/// Saves a view of a file: its rows in the view's order, its visible columns, as CSV, TSV,
/// JSON Lines or Parquet, read in place and written a block at a time.
public enum TableExport {
    /// Rows a block encodes at once.
    static let blockSize = 1 << 16

    /// Writes `order`'s rows of `rows`, fields `columns` titled `titles`, to `output` in
    /// `format` (a column without a title is titled by its number); `numeric[k]` says that column `k` holds numbers (JSON Lines writes them as
    /// numbers). Blocks are read and encoded as many at once as `loop` runs and written in
    /// order; `progress` hears the fraction written after each round and stops the save by
    /// returning false. Returns the rows written, or nil when stopped (the partial file is
    /// removed, and what `output`'s path held before stays). A JSON null is an empty field in
    /// CSV and TSV, and `null` in JSON Lines.
    ///
    /// - Throws: ``FileError`` when a write fails (a full disk, a closed pipe).
    // Specialised for the file rows people open: generic code reading ten million fields through
    // witness tables ran several times slower.
    @_specialize(where Rows == DelimitedRows)
    @_specialize(where Rows == JSONLinesRows)
    @_specialize(where Rows == FileRows)
    public static func write<Rows: InPlaceRows>(_ rows: Rows, order: RowSet, columns: [Int], titles: [String], numeric: [Bool] = [],
                                                format: ExportFormat, missing: MissingValues = .common, to output: OutputFile,
                                                concurrently loop: ConcurrentLoop = .serial, progress: (Double) -> Bool = { _ in true }) throws(FileError) -> Int? {
        let order = order.clamped(toRows: rows.count)
        if format == .parquet {
            return try ParquetExport.write(rows, order: order, columns: columns, titles: titles, numeric: numeric, missing: missing, to: output,
                                           concurrently: loop, progress: progress)
        }
        // A title made from the header's field is written as the field's bytes, as the rows are
        // (a name in Latin-1 stays as it was, not mended to U+FFFD).
        let header = rows.headerBytes
        let titleBytes = zip(columns, titles).map { column, title -> [UInt8] in
            guard let header, header.indices.contains(column), String(decoding: header[column], as: UTF8.self) == title else { return Array(title.utf8) }
            return header[column]
        }
        let encoder = RowEncoder(format: format, columns: columns, titles: titles, titleBytes: titleBytes, numeric: numeric, missing: missing)
        try output.write(encoder.header())
        let finished = try order.inRounds(of: blockSize, loop: loop, progress: progress, { piece in
            encode(piece, of: rows, with: encoder)
        }, take: { (block: [UInt8]) throws(FileError) in try output.write(block) })
        guard finished else { return nil }
        try output.finish()
        return order.count
    }

    /// Writes every row and column of `table` (a frequency table or summary), titled `titles`.
    ///
    /// - Throws: ``FileError`` when a write fails.
    public static func write(_ table: StringRows, titles: [String], numeric: [Bool], format: ExportFormat, to output: OutputFile) throws(FileError) -> Int {
        try write(table, order: .all(count: table.count), columns: Array(titles.indices), titles: titles, numeric: numeric, format: format, to: output) ?? 0
    }

    /// The rows of `piece`, encoded in its order: read in the order of their records (so records
    /// close together share a read, whatever a sort did to them), then put back in place.
    private static func encode<Rows: InPlaceRows>(_ piece: RowPiece, of rows: Rows, with encoder: RowEncoder) -> [UInt8] {
        var ascending = true
        var previous = Int.min
        for row in piece {
            if row < previous { ascending = false; break }
            previous = row
        }
        var out: [UInt8] = []
        if ascending {
            // Safe: each row's fields are lent for the closure's call, and the encoder copies them.
            _ = unsafe rows.fields(at: piece) { _, fields in unsafe encoder.append(fields, into: &out) }
            return out
        }
        let positions = piece.indices.sorted { piece[$0] < piece[$1] }
        var spans = [Range<Int>](repeating: 0..<0, count: piece.count)
        var k = 0
        var scratch: [UInt8] = []
        _ = unsafe rows.fields(at: positions.lazy.map { piece[$0] }) { _, fields in
            let start = scratch.count
            unsafe encoder.append(fields, into: &scratch)
            spans[positions[k]] = start..<scratch.count
            k += 1
        }
        out.reserveCapacity(scratch.count)
        for span in spans { out += scratch[span] }
        return out
    }
}
