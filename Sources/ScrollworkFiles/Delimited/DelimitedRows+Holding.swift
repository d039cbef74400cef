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
        var marks = RowMarks(capacity: count)
        let header = dialect.hasHeader ? 1 : 0
        guard count > 0, !searches.isEmpty else { return marks }
        let first = index.range(ofRecord: header).lowerBound
        let total = index.range(ofRecord: header + count - 1).upperBound - first
        let pieceCount = Swift.min(count, Int(Swift.min(UInt64(ConcurrentLoop.maximumPieces), Swift.max(1, total / UInt64(Swift.max(1, pieceSize))))))
        // Pieces of whole records, so that a record's match is found in its own piece.
        let bounds = (0...pieceCount).map { header + count * $0 / pieceCount }
        let sample = try file.read(at: first, count: 64 << 10)
        let pivots = sample.withUnsafeBufferPointer { bytes in searches.map { $0.pivot(in: bytes) } }
        let width = Swift.max(1, loop.width)
        var next = 0
        while next < pieceCount {
            let round = next..<Swift.min(pieceCount, next + width)
            let found = loop.map(round.count) { k -> Result<[Int], FileError> in
                let piece = round.lowerBound + k
                do throws(FileError) {
                    return .success(try recordsHolding(searches, pivots: pivots, in: bounds[piece]..<bounds[piece + 1]))
                } catch {
                    return .failure(error)
                }
            } ?? round.map { piece in
                // A host's loop that left a piece out: the round is read here.
                do throws(FileError) { return .success(try recordsHolding(searches, pivots: pivots, in: bounds[piece]..<bounds[piece + 1])) } catch {
                    return .failure(error)
                }
            }
            for result in found {
                switch result {
                case let .success(records): for record in records { marks.insert(record - header) }
                case let .failure(error): throw error
                }
            }
            next = round.upperBound
            guard progress(Double(next) / Double(pieceCount)) else { return nil }
        }
        return marks
    }

    /// The records of `records` whose bytes hold any of `searches` (each found by its byte at
    /// `pivots`), read at once.
    private func recordsHolding(_ searches: [TextSearch], pivots: [Int], in records: Range<Int>) throws(FileError) -> [Int] {
        guard !records.isEmpty else { return [] }
        let start = index.range(ofRecord: records.lowerBound).lowerBound
        let end = index.range(ofRecord: records.upperBound - 1).upperBound
        let bytes = try file.read(at: start, count: Int(end - start))
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            for (search, pivot) in zip(searches, pivots) {
                var from = 0
                while let i = search.firstMatch(in: buffer, from: from, pivot: pivot),
                      let record = index.record(containing: start + UInt64(i)) {
                    found.append(record)
                    // The rest of the record can only say the same.
                    from = Swift.max(i + 1, Int(clamping: index.range(ofRecord: record).upperBound &- start))
                }
            }
        }
        return found
    }
}
