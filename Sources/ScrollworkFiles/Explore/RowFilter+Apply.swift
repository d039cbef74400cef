import Scrollwork

extension RowFilter {
    /// The rows kept by every one of `filters`: the row numbers of `rows` among `within` (all
    /// of them by default) that pass them all, in `within`'s order, 4 bytes a row. Read in place
    /// a piece at a time, as many pieces at once as `loop` runs; `progress` hears the fraction
    /// done after each round of pieces and stops the pass (nil) by returning false.
    ///
    /// - Throws: ``ExploreError`` for a file of more rows than 32-bit numbers hold (4,294,967,295).
    // Specialised for the file rows people open: generic code reading ten million fields through
    // witness tables ran several times slower.
    @_specialize(where Rows == DelimitedRows)
    @_specialize(where Rows == JSONLinesRows)
    @_specialize(where Rows == FileRows)
    public static func rows<Rows: InPlaceRows>(of rows: Rows, passing filters: [RowFilter], within: RowSet? = nil, missing: MissingValues = .common,
                                               concurrently loop: ConcurrentLoop = .serial, progress: (Double) -> Bool = { _ in true }) throws(ExploreError) -> [UInt32]? {
        let within = (within ?? .all(count: rows.count)).clamped(toRows: rows.count)
        guard rows.count <= Int(UInt32.max) else {
            throw ExploreError("a filter keeps rows as 32-bit numbers, and this file has \(rows.count) rows (at most \(UInt32.max))")
        }
        let words = MissingBytes(missing)
        var kept: [UInt32] = []
        let finished = within.inRounds(of: pieceSize, loop: loop, progress: progress, { piece in
            Self.kept(in: piece, of: rows, filters: filters, missing: words)
        }, take: { kept += $0 })
        guard finished else { return nil }
        return kept
    }

    /// Rows a piece of a pass holds: enough that a round is a few tens of milliseconds.
    static let pieceSize = 1 << 18

    /// The rows of `piece` that pass every filter, each filter reading only the rows the ones
    /// before it kept.
    private static func kept<Rows: InPlaceRows>(in piece: RowPiece, of rows: Rows, filters: [RowFilter], missing: MissingBytes) -> [UInt32] {
        var survivors = Array(piece)
        for filter in filters {
            let passes: [Bool]
            if let column = filter.column {
                passes = rows.values(ofField: column, at: survivors) { filter.matcher.passes($0, missing: missing) }
            } else {
                passes = rows.fields(at: survivors) { _, fields in
                    (0..<fields.count).contains { filter.matcher.passes(fields[$0], missing: missing) }
                }
            }
            var next: [Int] = []
            next.reserveCapacity(survivors.count)
            for (k, row) in survivors.enumerated() where passes[k] { next.append(row) }
            survivors = next
        }
        return survivors.map { UInt32(truncatingIfNeeded: $0) }
    }
}
