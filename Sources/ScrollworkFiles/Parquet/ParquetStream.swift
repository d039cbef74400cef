/// A Parquet save of rows that come a batch at a time as text: gathered into row groups of
/// 65,536 rows, each written once full, the footer at the end. A value a column's kind cannot
/// hold stops it, saying the kinds the save must start over with (``wider``).
struct ParquetStream {
    private var file: ParquetFileWriter
    private var builder: ParquetRowGroupBuilder
    /// The kinds the columns must widen to, once a value did not fit; nil while all fit.
    var wider: [ParquetColumnKind]? { builder.fits ? nil : builder.needed }

    /// A save of columns `titles` of `kinds`.
    init(titles: [String], kinds: [ParquetColumnKind]) {
        file = ParquetFileWriter(titles: titles, kinds: kinds)
        builder = ParquetRowGroupBuilder(kinds: kinds)
    }

    /// The file's first bytes.
    var header: [UInt8] { file.header }

    /// Gathers row `row` of a batch whose values `value` reads (column, row: the bytes, nil for
    /// a null); returns a row group's bytes when one is full, and nothing once a value did not fit.
    mutating func append(row: Int, from value: (Int, Int) -> UnsafeBufferPointer<UInt8>?) -> [UInt8] {
        guard builder.fits else { return [] }
        // Safe: each value's bytes are lent for the append, which copies what it keeps.
        for k in builder.kinds.indices { unsafe builder.append(value(k, row), column: k) }
        builder.endRow()
        return builder.fits && builder.rowCount >= ParquetFileWriter.groupRows ? flush() : []
    }

    /// The last row group and the footer.
    mutating func finish() -> [UInt8] { flush() + file.footer() }

    private mutating func flush() -> [UInt8] {
        guard builder.rowCount > 0 else { return [] }
        let bytes = file.place(builder.encoded(), rows: builder.rowCount)
        builder = ParquetRowGroupBuilder(kinds: builder.kinds)
        return bytes
    }
}
