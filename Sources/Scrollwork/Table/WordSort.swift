/// A stable sort by 64-bit words, and the words that order numbers as a table sorts them: what a
/// source sorts with when it sorts more rows than it holds in memory, a piece at a time by keys
/// of its own making, and then merges the pieces by the same keys.
public enum WordSort {
    /// Positions `0..<keys.count` ordered by `keys` (ascending or descending), ties in the
    /// order they came, and the positions `missing` marks after all the others in the order
    /// they came (a position past `missing`'s count is present). Nil once `progress` says stop,
    /// or for more keys than 32 bits number.
    public static func positions(keys: [UInt64], missing: [Bool], ascending: Bool, progress: (Double) -> Bool = { _ in true }) -> [UInt32]? {
        guard keys.count <= Int(UInt32.max) else { return nil }
        var absent: RowBits? = nil
        for (i, isMissing) in missing.prefix(keys.count).enumerated() where isMissing {
            if absent == nil { absent = RowBits(count: keys.count) }
            absent?.insert(i)
        }
        return PackedRadixSort.sorted(nil as [UInt32]?, count: keys.count, ascending: ascending, missing: absent, progress: progress) { keys[$0] }
    }

    /// The word of integer `n`: words order as the integers do.
    @inline(__always)
    public static func word(_ n: Int) -> UInt64 { UInt64(UInt(bitPattern: n)) ^ (1 << 63) }

    /// The word of real `x`: words order as a table sorts reals (negative below positive, both
    /// zeros equal, NaN after every number).
    @inline(__always)
    public static func word(_ x: Double) -> UInt64 { orderedBits(x) }
}
