import Scrollwork

extension RecordIndex {
    /// The records of `records` whose bytes in `file` hold any of `searches`, or that `alsoMarked`
    /// marks in a piece of whole records (the rows a format may show other than as its bytes
    /// spell them), as marks from `records`' first (0): found by reading the file at the speed of
    /// memory rather than record by record. Pieces of whole records about `pieceSize` bytes long
    /// (1 at least) are read as many at once as `loop` runs; `progress` hears the fraction read
    /// after each round and stops the pass (nil) by returning false.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    func recordsHolding(_ searches: [TextSearch], in file: FileBytes, records: Range<Int>, pieceSize: Int, concurrently loop: ConcurrentLoop,
                        progress: (Double) -> Bool, alsoMarked: PieceMarker? = nil) throws(FileError) -> RowMarks? {
        let records = records.clamped(to: 0..<count)
        var marks = RowMarks(capacity: records.count)
        guard !records.isEmpty, !searches.isEmpty else { return marks }
        let first = range(ofRecord: records.lowerBound).lowerBound
        let total = range(ofRecord: records.upperBound - 1).upperBound - first
        let pieceCount = Swift.min(records.count, Int(Swift.min(UInt64(ConcurrentLoop.maximumPieces), Swift.max(1, total / UInt64(Swift.max(1, pieceSize))))))
        // Pieces of whole records, so that a record's match is found in its own piece.
        let bounds = (0...pieceCount).map { records.lowerBound + records.count * $0 / pieceCount }
        let sample = try file.read(at: first, count: 64 << 10)
        // Safe: the sample is lent for the call; a pivot is an offset into each search's own text.
        let pivots = unsafe sample.withUnsafeBufferPointer { bytes in searches.map { unsafe $0.pivot(in: bytes) } }
        let width = Swift.max(1, loop.width)
        func piece(_ k: Int) -> Result<[Int], FileError> {
            do throws(FileError) {
                return unsafe .success(try recordsHolding(searches, pivots: pivots, in: bounds[k]..<bounds[k + 1], of: file, alsoMarked: alsoMarked))
            } catch {
                return .failure(error)
            }
        }
        var next = 0
        while next < pieceCount {
            let round = next..<Swift.min(pieceCount, next + width)
            // A host's loop that left a piece out: the round is read here.
            let found = loop.map(round.count) { piece(round.lowerBound + $0) } ?? round.map(piece)
            for result in found {
                switch result {
                case let .success(found): for record in found { marks.insert(record - records.lowerBound) }
                case let .failure(error): throw error
                }
            }
            next = round.upperBound
            guard progress(Double(next) / Double(pieceCount)) else { return nil }
        }
        return marks
    }

    /// What marks the records of a piece whatever they hold: given the piece's bytes, where
    /// they start in the file, and its records, it returns those to test.
    typealias PieceMarker = @Sendable (_ bytes: UnsafeBufferPointer<UInt8>, _ start: UInt64, _ records: Range<Int>) -> [Int]

    /// The records of `records` whose bytes hold any of `searches` (each found by its byte at
    /// `pivots`) or that `alsoMarked` marks, read at once.
    private func recordsHolding(_ searches: [TextSearch], pivots: [Int], in records: Range<Int>, of file: FileBytes,
                                alsoMarked: PieceMarker?) throws(FileError) -> [Int] {
        guard !records.isEmpty else { return [] }
        let start = range(ofRecord: records.lowerBound).lowerBound
        let end = range(ofRecord: records.upperBound - 1).upperBound
        let bytes = try file.read(at: start, count: Int(end - start))
        var found: [Int] = []
        // Safe: the piece's bytes are lent for the call: each search looks only inside them, and
        // the marker is handed them for its call only.
        unsafe bytes.withUnsafeBufferPointer { buffer in
            for (search, pivot) in zip(searches, pivots) {
                var from = 0
                while let i = unsafe search.firstMatch(in: buffer, from: from, pivot: pivot),
                      let record = record(containing: start + UInt64(i)) {
                    found.append(record)
                    // The rest of the record can only say the same.
                    from = Swift.max(i + 1, Int(clamping: range(ofRecord: record).upperBound &- start))
                }
            }
            if let alsoMarked = unsafe alsoMarked { unsafe found += alsoMarked(buffer, start, records) }
        }
        return found
    }
}
