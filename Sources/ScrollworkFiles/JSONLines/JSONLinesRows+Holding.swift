import Scrollwork

extension JSONLinesRows {
    /// The rows whose record's bytes hold any of `searches`, and every row a field of which may
    /// show other than its bytes spell it, found by reading the file at the speed of memory
    /// rather than row by row: every row with a field that holds the text is among them when
    /// `searches` spell the text as JSON writes it (``TextSearch`` and the text with its quotes
    /// and backslashes escaped). A string shows unescaped and a nested array or object as compact
    /// JSON, so a record with a backslash, an array or an object inside it is always among them;
    /// numbers, `true`, `false` and `null` show as written. Pieces and `progress` as for
    /// ``DelimitedRows/rowsHolding(_:pieceSize:concurrently:progress:)``.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public func rowsHolding(_ searches: [TextSearch], pieceSize: Int = 4 << 20, concurrently loop: ConcurrentLoop = .serial,
                            progress: (Double) -> Bool = { _ in true }) throws(FileError) -> RowMarks? {
        let index = self.index
        // Safe: the piece's bytes are lent to the marker for its call; each record's range lies
        // inside the piece (the piece is read from the first record's start to the last's end).
        return unsafe try index.recordsHolding(searches, in: file, records: 0..<count, pieceSize: pieceSize, concurrently: loop, progress: progress) { bytes, start, records in
            records.filter { record in
                let range = index.range(ofRecord: record)
                return unsafe Self.mayShowOtherwise(UnsafeBufferPointer(rebasing: bytes[Int(range.lowerBound - start)..<Int(range.upperBound - start)]))
            }
        }
    }

    /// True when a record's text may show other than its bytes spell it: it holds an escape, an
    /// array, or an object inside the one it is.
    static func mayShowOtherwise(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
        var objects = 0
        // Safe: the record's bytes, read in order inside their count.
        for unsafe byte in unsafe record {
            switch byte {
            case 0x5C, 0x5B: return true
            case 0x7B:
                objects += 1
                if objects > 1 { return true }
            default: continue
            }
        }
        return false
    }
}
