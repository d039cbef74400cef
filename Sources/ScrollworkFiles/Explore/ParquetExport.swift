import Scrollwork

/// Saves a view of a file's rows as Parquet: a row group of 65,536 rows at a time, made on as
/// many cores as the loop runs, each column in the narrowest kind holding every value as shown
/// (a column of numbers starts as whole numbers; a value that does not fit starts the save over
/// with the column wider, which the first rows usually settle at once).
enum ParquetExport {
    /// A row group made, or the kinds its values need.
    enum Made {
        case group(bytes: [UInt8], chunks: [ParquetRowGroupBuilder.Chunk], rows: Int)
        case wider([ParquetColumnKind])
    }

    /// Writes `order`'s rows of `rows`, fields `columns` titled `titles` (made unique), to
    /// `output`; a null, and a value `missing` names (an empty field where that is missing, a
    /// missing word), is a null. Returns the rows
    /// written, or nil when `progress` stopped the save.
    ///
    /// - Throws: ``FileError`` when a write fails.
    static func write<Rows: InPlaceRows>(_ rows: Rows, order: RowSet, columns: [Int], titles: [String], numeric: [Bool], missing: MissingValues,
                                         to output: OutputFile, concurrently loop: ConcurrentLoop, progress: (Double) -> Bool) throws(FileError) -> Int? {
        let nulls = MissingBytes(missing)
        var kinds = ParquetColumnKind.starting(numeric: numeric, count: columns.count)
        let titles = RowEncoder.uniqueTitles(columns.indices.map { titles.indices.contains($0) ? titles[$0] : "" })
        while true {
            var file = ParquetFileWriter(titles: titles, kinds: kinds)
            try output.write(file.header)
            var wider: [ParquetColumnKind]? = nil
            let chosen = kinds
            let finished = try order.inRounds(of: ParquetFileWriter.groupRows, loop: loop, progress: { wider == nil && progress($0) }, { piece in
                group(piece, of: rows, columns: columns, kinds: chosen, nulls: nulls)
            }, take: { (made: Made) throws(FileError) in
                switch made {
                case let .group(bytes, chunks, count):
                    if wider == nil { try output.write(file.place((bytes, chunks), rows: count)) }
                case let .wider(needed):
                    wider = zip(wider ?? chosen, needed).map { $0.joined(with: $1) }
                }
            })
            if let wider {
                kinds = wider
                try output.startOver()
                continue
            }
            guard finished else { return nil }
            try output.write(file.footer())
            try output.finish()
            return order.count
        }
    }

    /// The rows of `piece` as a row group, read in the order of their records, then put in
    /// the piece's order.
    private static func group<Rows: InPlaceRows>(_ piece: RowPiece, of rows: Rows, columns: [Int], kinds: [ParquetColumnKind], nulls: MissingBytes) -> Made {
        var builder = ParquetRowGroupBuilder(kinds: kinds)
        let positions = piece.indices.sorted { piece[$0] < piece[$1] }
        _ = unsafe rows.fields(at: positions.lazy.map { piece[$0] }) { _, fields in
            // Safe: the row's fields are lent for this call; the builder copies what it keeps.
            for (k, field) in columns.enumerated() {
                unsafe builder.append(fields[field].flatMap { unsafe nulls.isMissing($0) ? nil : $0 }, column: k, isText: fields.isText(field))
            }
            builder.endRow()
        }
        guard builder.fits else { return .wider(builder.needed) }
        var source = [Int](repeating: 0, count: positions.count)
        for (r, j) in positions.enumerated() { source[j - piece.startIndex] = r }
        let made = (positions.elementsEqual(piece.indices) ? builder : builder.reordered(source)).encoded()
        return .group(bytes: made.bytes, chunks: made.chunks, rows: piece.count)
    }
}

