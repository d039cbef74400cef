import Scrollwork

extension RowFilter {
    /// What a filter pass kept.
    public struct Outcome: Sendable, Hashable {
        /// The rows kept, in the order they were read in.
        public var rows: [UInt32]
        /// The values whose regular-expression test stopped at its step budget (a very long
        /// value and a large pattern): they failed the test, and a person should be told.
        public var unfinishedMatches: Int
    }

    /// The rows kept by every one of `filters`: the row numbers of `rows` among `within` (all
    /// of them by default) that pass them all, in `within`'s order, 4 bytes a row. Read in place
    /// a piece at a time, as many pieces at once as `loop` runs; `progress` hears the fraction
    /// done after each round of pieces and stops the pass (nil) by returning false.
    ///
    /// - Throws: ``ExploreError`` for a file of more rows than 32-bit numbers hold (4,294,967,295).
    public static func rows<Rows: InPlaceRows>(of rows: Rows, passing filters: [RowFilter], within: RowSet? = nil, missing: MissingValues = .common,
                                               concurrently loop: ConcurrentLoop = .serial, progress: (Double) -> Bool = { _ in true }) throws(ExploreError) -> [UInt32]? {
        try filtering(rows, by: filters, within: within, missing: missing, concurrently: loop, progress: progress)?.rows
    }

    /// ``rows(of:passing:within:missing:concurrently:progress:)``, and how many values a regular
    /// expression could not finish with (``Outcome/unfinishedMatches``). `keepGoing`, which any
    /// thread may call, is also asked in the middle of a regular expression's match: a pass
    /// it stops (nil: only `progress` stops it) ends within milliseconds, whatever the values and the pattern.
    ///
    /// - Throws: ``ExploreError`` for a file of more rows than 32-bit numbers hold (4,294,967,295).
    // Specialised for the file rows people open: generic code reading ten million fields through
    // witness tables ran several times slower.
    @_specialize(where Rows == DelimitedRows)
    @_specialize(where Rows == JSONLinesRows)
    @_specialize(where Rows == FileRows)
    public static func filtering<Rows: InPlaceRows>(_ rows: Rows, by filters: [RowFilter], within: RowSet? = nil, missing: MissingValues = .common,
                                                    concurrently loop: ConcurrentLoop = .serial, keepGoing: (@Sendable () -> Bool)? = nil,
                                                    progress: (Double) -> Bool = { _ in true }) throws(ExploreError) -> Outcome? {
        let within = (within ?? .all(count: rows.count)).clamped(toRows: rows.count)
        guard rows.count <= Int(UInt32.max) else {
            throw ExploreError("a filter keeps rows as 32-bit numbers, and this file has \(rows.count) rows (at most \(UInt32.max))")
        }
        let words = MissingBytes(missing)
        let slow = filters.contains { if case .matches = $0.test { return true } else { return false } }
        var kept: [UInt32] = []
        var unfinished = 0
        let going = { (fraction: Double) in (keepGoing?() ?? true) && progress(fraction) }
        let finished = within.inRounds(of: slow ? regexPieceSize : pieceSize, loop: loop, progress: going, { piece in
            Self.kept(in: piece, of: rows, filters: filters, missing: words, keepGoing: keepGoing)
        }, take: {
            kept += $0.rows
            unfinished = unfinished.addingSaturating($0.unfinished)
        })
        guard finished, keepGoing?() ?? true else { return nil }
        return Outcome(rows: kept, unfinishedMatches: unfinished)
    }

    /// Rows a piece of a pass holds: enough that a round is a few tens of milliseconds.
    static let pieceSize = 1 << 18
    /// Rows a piece holds when a filter is a regular expression, which costs far more a value.
    static let regexPieceSize = 1 << 14

    /// The rows of `piece` that pass every filter, each filter reading only the rows the ones
    /// before it kept, and the values whose test did not finish.
    private static func kept<Rows: InPlaceRows>(in piece: RowPiece, of rows: Rows, filters: [RowFilter], missing: MissingBytes,
                                                keepGoing: (@Sendable () -> Bool)?) -> (rows: [UInt32], unfinished: Int) {
        var survivors = Array(piece)
        var unfinished = 0
        for filter in filters {
            let verdicts: [LinearRegex.Outcome]
            if let column = filter.column {
                // Safe: each value's bytes (and below, each row's fields) are lent for the
                // closure's call only.
                verdicts = unsafe rows.values(ofField: column, at: survivors) { unsafe filter.matcher.verdict($0, missing: missing, keepGoing: keepGoing) }
            } else {
                verdicts = unsafe rows.fields(at: survivors) { _, fields in
                    var verdict = LinearRegex.Outcome.notFound
                    for k in unsafe 0..<fields.count {
                        switch unsafe filter.matcher.verdict(fields[k], missing: missing, keepGoing: keepGoing) {
                        case .found: return .found
                        case .unfinished: verdict = .unfinished
                        case .notFound: break
                        }
                    }
                    return verdict
                }
            }
            var next: [Int] = []
            next.reserveCapacity(survivors.count)
            for (k, row) in survivors.enumerated() {
                switch verdicts[k] {
                case .found: next.append(row)
                case .unfinished: unfinished += 1
                case .notFound: break
                }
            }
            survivors = next
        }
        return (survivors.map { UInt32(truncatingIfNeeded: $0) }, unfinished)
    }
}
