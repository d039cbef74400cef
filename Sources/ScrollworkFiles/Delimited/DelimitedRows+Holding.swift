import Scrollwork

extension DelimitedRows {
    /// The rows whose record's bytes hold any of `searches`, found by reading the file at the
    /// speed of memory rather than row by row: every row with a field that holds the text is
    /// among them when `searches` spell the text as the file writes it (``TextSearch`` and
    /// the text with the dialect's quote doubled), so a search in a sorted view tests only these
    /// rows' fields. Pieces of whole records about `pieceSize` bytes long (4 MB; 1 at least) are
    /// read as many at once as `loop` runs; `progress` hears the fraction read after each round
    /// and stops the pass (nil) by returning false.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public func rowsHolding(_ searches: [TextSearch], pieceSize: Int = 4 << 20, concurrently loop: ConcurrentLoop = .serial,
                            progress: (Double) -> Bool = { _ in true }) throws(FileError) -> RowMarks? {
        let header = dialect.hasHeader ? 1 : 0
        // Safe: the pieces' bytes are lent to the marker only for its call
        // (``RecordIndex/PieceMarker``).
        return unsafe try index.recordsHolding(searches, in: file, records: header..<header + count, pieceSize: pieceSize, concurrently: loop, progress: progress)
    }
}
