import Scrollwork

/// The exact median of columns whose sample was cut (more than 65,536 numbers) and whose
/// numbers were too many distinct ones to count by value in the first pass (more than 16,384:
/// ``DistinctCounter/numberCounts``), found in one second pass over all such columns: the sample says, with a margin of many standard errors, which
/// band of values holds the median; the pass counts the numbers below the band and keeps those
/// in it, and a selection among those kept gives the median, exactly. The band holds about a
/// twentieth of the numbers, so a column of ten million keeps half a million.
struct ExactMedian {
    /// The most numbers a column may hold for its median to be made exact; past it, the sample's
    /// median stands and is marked as an estimate.
    static let limit = 1 << 24

    /// The band's half-width around the middle, as a share of the numbers: the sample's middle
    /// is within 0.002 of the true one nineteen times in twenty, so 0.025 leaves twelve standard
    /// errors each side.
    static let margin = 0.025

    /// One column's band and what the pass found of it.
    struct Band: Sendable {
        var column: Int
        var low: Double, high: Double
        /// The numbers of the column (NaN left out).
        var count: Int
        var below = 0
        /// The numbers equal to ``low`` and to ``high``, counted, not kept: a column of few
        /// values (a year, a month) has most of its numbers on the band's edges.
        var atLow = 0, atHigh = 0
        /// The numbers strictly between ``low`` and ``high``, each kept (a piece's, and those
        /// past ``runLimit`` distinct values).
        var kept: [Double] = []
        /// The numbers strictly between ``low`` and ``high`` counted by value, up to
        /// ``runLimit`` values: a column of whole numbers or rounded reals has few in its band
        /// and many of each (ten million flights kept half a million numbers a column, where
        /// fifty values and their counts say the same).
        var runs: [Double: Int] = [:]
        /// The most distinct values counted apart; past them, numbers are kept one by one.
        static let runLimit = 1 << 16

        /// Counts or keeps `x`, a number of the column.
        mutating func add(_ x: Double) {
            if x < low { below += 1 } else if x == low { atLow += 1 } else if x < high { kept.append(x) } else if x == high { atHigh += 1 }
        }

        /// Adds what another piece's pass found: its numbers counted by value while the values
        /// are few.
        mutating func merge(_ other: Band) {
            below += other.below
            atLow += other.atLow
            atHigh += other.atHigh
            for (x, n) in other.runs { runs[x, default: 0] += n }
            for x in other.kept {
                if runs.count < Self.runLimit || runs[x] != nil { runs[x, default: 0] += 1 } else { kept.append(x) }
            }
        }

        /// The numbers strictly inside the band.
        private var inside: Int { runs.values.reduce(kept.count, +) }

        /// The median, when the band held it; nil when the sample misled (then it stays an estimate).
        var median: Double? {
            guard count > 0 else { return nil }
            let first = (count - 1) / 2 - below, second = count / 2 - below
            guard first >= 0, second < atLow + inside + atHigh else { return nil }
            // The band's numbers in order: the lows, those inside (the counted values and the
            // kept numbers merged in order), the highs.
            let counted = runs.sorted { $0.key < $1.key }, sorted = kept.sorted()
            func number(_ k: Int) -> Double {
                guard k >= atLow else { return low }
                var left = k - atLow, c = 0, s = 0
                while c < counted.count || s < sorted.count {
                    if s < sorted.count, c == counted.count || sorted[s] < counted[c].key {
                        if left == 0 { return sorted[s] }
                        left -= 1
                        s += 1
                    } else {
                        if left < counted[c].value { return counted[c].key }
                        left -= counted[c].value
                        c += 1
                    }
                }
                return high
            }
            return Double.midpoint(number(first), number(second))
        }
    }

    /// The number `bytes` spell as a summary reads them: an integer, or a real `Double` reads
    /// (±∞ included); nil for a missing value, NaN or text.
    @inline(__always)
    static func number(_ bytes: UnsafeBufferPointer<UInt8>?, missing words: MissingBytes) -> Double? {
        // Safe: the caller's bytes, read inside their count.
        guard unsafe !words.isMissing(bytes), let bytes = unsafe bytes, !bytes.isEmpty else { return nil }
        if let n = unsafe FieldValues.integer(bytes) { return Double(n) }
        guard let x = unsafe NumberText.real(bytes), !x.isNaN else { return nil }
        return x
    }

    /// Makes the medians of `bands` exact, reading `within` of `rows` a piece at a time as many
    /// at once as `loop` runs; false when `progress` stopped the pass.
    static func refine<Rows: InPlaceRows>(_ bands: inout [Band], rows: Rows, within: RowSet, missing: MissingBytes,
                                         loop: ConcurrentLoop, progress: (Double) -> Bool) -> Bool {
        guard !bands.isEmpty else { return true }
        let empty = bands.map { Band(column: $0.column, low: $0.low, high: $0.high, count: $0.count) }
        var found = bands
        let finished = within.inRounds(of: ColumnSummary.pieceSize, loop: loop, progress: progress, { piece -> [Band] in
            var parts = empty
            if parts.count == 1 {
                // One column: its field alone, the fields before it passed over.
                // Safe: each value's bytes (and below, each row's fields) are lent for the
                // closure's call only.
                _ = unsafe rows.values(ofField: parts[0].column, at: piece) { bytes in
                    guard let x = unsafe number(bytes, missing: missing) else { return }
                    parts[0].add(x)
                }
                return parts
            }
            // Several: each row split once for all of them, where a column at a time read the
            // piece again for each (fourteen columns of flights: fourteen reads of every row).
            _ = unsafe rows.fields(at: piece) { _, fields in
                for k in parts.indices {
                    guard let x = unsafe number(fields[parts[k].column], missing: missing) else { continue }
                    parts[k].add(x)
                }
            }
            return parts
        }, take: { parts in
            for (k, part) in parts.enumerated() { found[k].merge(part) }
        })
        guard finished else { return false }
        bands = found
        return true
    }
}
