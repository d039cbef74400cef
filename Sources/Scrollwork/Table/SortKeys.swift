/// One column's sort keys, read once from the source and stored by type so that comparisons are
/// plain integer, real or string comparisons; missing values (``TableValue/isMissing``) are
/// marked apart, so a column of numbers with gaps still sorts as numbers, and they sort last in
/// either direction, as in Finder and spreadsheets.
struct SortKeys: Sendable {
    /// The keys by type; a missing value holds a placeholder.
    enum Storage: Sendable {
        case ints([Int])
        /// Integers that all fit in 32 bits, or the bits short text differs in, in half the
        /// memory (``narrowed()``).
        case narrowInts([Int32])
        case doubles([Double])
        case strings([String])
        /// Short ASCII text, packed (``ShortText``).
        case shortText([UInt64])
        /// Text in an order of its own (Finder's), as byte keys that compare in that order.
        case textKeys(ByteKeys)
        case values([TableValue])
    }

    /// The keys.
    var storage: Storage
    /// The positions whose value is missing; nil when none is.
    var missing: RowBits?

    init(_ storage: Storage, missing: RowBits? = nil) {
        self.storage = storage
        self.missing = missing
    }

    static func ints(_ k: [Int]) -> SortKeys { SortKeys(.ints(k)) }
    static func doubles(_ k: [Double]) -> SortKeys { SortKeys(.doubles(k)) }
    static func strings(_ k: [String]) -> SortKeys { SortKeys(.strings(k)) }
    static func textKeys(_ k: ByteKeys) -> SortKeys { SortKeys(.textKeys(k)) }
    static func values(_ k: [TableValue]) -> SortKeys { SortKeys(.values(k)) }

    /// True when position `i` holds a missing value.
    @inline(__always)
    func isMissing(_ i: Int) -> Bool { missing?[i] ?? false }

    /// Reads `count` keys through `value`, choosing the narrowest storage that holds them all.
    ///
    /// Keys go straight into typed storage while they are all of the first present key's type
    /// (integers, reals or plain strings), so a column of ten million integers takes 80 MB while
    /// it is read, not three times that; missing values only set a bit; a key of another type
    /// moves what was read into mixed storage. `stop` is asked every 65,536 rows; when it says so,
    /// reading ends and the result is nil. `values` is read in order, a batch at a time, with no
    /// call through a closure per row.
    init?(count: Int, textOrder: TextOrder = .lexical, stop: (Int) -> Bool = { _ in false }, values: inout ValueBatch) {
        var reader = KeyReader(count: count, textOrder: textOrder)
        for i in 0..<count {
            if i & 0xFFFF == 0, i > 0, stop(i) { return nil }
            guard reader.read(values.value(i), at: i) else {
                // Byte keys cannot be turned back into text: read everything again, mixed.
                var mixed = KeyReader(count: count, textOrder: textOrder, mixed: true)
                for j in 0..<count {
                    if j & 0xFFFF == 0, j > 0, stop(j) { return nil }
                    _ = mixed.read(values.value(j), at: j)
                }
                self = mixed.keys
                return
            }
        }
        self = reader.keys
    }

    /// These keys in half the memory when they are integers that all fit in 32 bits (most
    /// columns of numbers: times, counts, codes), else unchanged: a sort then takes 16 bytes a
    /// row (key, packed word and new order) instead of 20, and a kept column of keys 4.
    /// Reals that are all whole numbers in that range (`517.0`, as pandas writes a column of
    /// integers with missing values) are kept the same way: they order as those integers do, so
    /// they sort as cheaply. Short text whose words differ in at most 31 bits (codes, tail
    /// numbers, states) is kept the same way, as those bits: they order as the text does, and no
    /// sort needs the text.
    func narrowed() -> SortKeys {
        switch storage {
        case let .ints(k) where k.allSatisfy({ Int32(exactly: $0) != nil }):
            return SortKeys(.narrowInts(k.map { Int32(truncatingIfNeeded: $0) }), missing: missing)
        case let .doubles(k) where k.allSatisfy({ Int32(exactly: $0) != nil }):
            return SortKeys(.narrowInts(k.map { Int32(exactly: $0) ?? 0 }), missing: missing)
        case let .shortText(k):
            let runs = shortTextRuns(k)
            guard runs.width <= 31 else { return self }
            return SortKeys(.narrowInts(k.map { Int32(truncatingIfNeeded: runs.extract($0)) }), missing: missing)
        default:
            return self
        }
    }

    /// Sorts `positions` (indexes into the keys) by these keys, stably (the standard library's
    /// sort is guaranteed stable), ascending or descending.
    ///
    /// Sorting (key, position) pairs instead was measured too: a little faster for numbers in a
    /// release build, but twice as slow in a debug build, where the gallery usually runs.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    func sort<P: FixedWidthInteger>(_ positions: inout [P], range: Range<Int>, ascending: Bool) {
        switch storage {
        case let .ints(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .narrowInts(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .shortText(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .doubles(k): ascending ? positions[range].sort { precedes(k[Int($0)], k[Int($1)]) } : positions[range].sort { precedes(k[Int($1)], k[Int($0)]) }
        case let .strings(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .textKeys(k): ascending ? positions[range].sort { k.precedes(Int($0), Int($1)) } : positions[range].sort { k.precedes(Int($1), Int($0)) }
        case let .values(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        }
    }

    /// A comparison of positions by these keys, chosen once, so that a merge does not decide the
    /// type of the keys again for every pair.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    func comparator<P: FixedWidthInteger>(ascending: Bool, as: P.Type) -> (P, P) -> Bool {
        switch storage {
        case let .ints(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        case let .narrowInts(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        case let .shortText(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        case let .doubles(k): return ascending ? { precedes(k[Int($0)], k[Int($1)]) } : { precedes(k[Int($1)], k[Int($0)]) }
        case let .strings(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        case let .textKeys(k): return ascending ? { k.precedes(Int($0), Int($1)) } : { k.precedes(Int($1), Int($0)) }
        case let .values(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        }
    }

    /// Whether these keys sort by ``PackedRadixSort``: numbers and byte keys always, text when it
    /// is all ASCII. Other text is compared as Swift compares it, in canonical order, which its
    /// bytes follow only once normalised, and the standard library does not normalise.
    var packs: Bool {
        switch storage {
        case .ints, .narrowInts, .doubles, .shortText, .textKeys: return true
        case let .strings(k):
            return k.allSatisfy { s in unsafe s.utf8.withContiguousStorageIfAvailable { unsafe $0.reduce(0, |) < 0x80 } ?? false }
        case .values: return false
        }
    }

    /// `order` (identity when nil) sorted stably by these keys through ``PackedRadixSort``, the
    /// missing values after the others in the order they came (last in either direction); keys
    /// that do not pack are compared instead. Nil when `progress` says stop.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    func packedSortedMissingLast<P: FixedWidthInteger>(_ order: [P]?, count: Int, ascending: Bool, progress: (Double) -> Bool) -> [P]? {
        switch storage {
        case let .ints(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: progress) { UInt64(UInt(bitPattern: k[$0])) ^ (1 << 63) }
        case let .narrowInts(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: progress) { UInt64(UInt32(bitPattern: k[$0]) ^ (1 << 31)) }
        case let .doubles(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: progress) { orderedBits(k[$0]) }
        case let .shortText(k):
            // Only the bits that differ: tail numbers take about 25 bits, and with the position
            // one 64-bit word instead of two.
            let runs = shortTextRuns(k)
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: progress) { runs.extract(k[$0]) }
        case let .strings(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: progress) { position, offset, dataBytes in
                // Safe: the string's own bytes or a copy's, lent for the call that reads them.
                let text = k[position].utf8
                return unsafe text.withContiguousStorageIfAvailable { unsafe PackedRadixSort.chunk($0, at: offset, dataBytes: dataBytes) }
                    ?? Array(text).withUnsafeBufferPointer { unsafe PackedRadixSort.chunk($0, at: offset, dataBytes: dataBytes) }
            }
        case let .textKeys(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: progress) { position, offset, dataBytes in
                unsafe k.withKey(position) { unsafe PackedRadixSort.chunk($0, at: offset, dataBytes: dataBytes) }
            }
        case .values:
            let (present, absent) = splitMissing(order ?? (0..<count).map { P(truncatingIfNeeded: $0) })
            var positions = present
            positions.sort(by: comparator(ascending: ascending, as: P.self))
            return progress(1) ? positions + absent : nil
        }
    }

    /// `positions` split into those whose value is present and those whose value is missing,
    /// each in the order given.
    func splitMissing<P: FixedWidthInteger>(_ positions: [P]) -> (present: [P], missing: [P]) {
        var present: [P] = [], absent: [P] = []
        present.reserveCapacity(positions.count)
        for p in positions {
            if isMissing(Int(p)) { absent.append(p) } else { present.append(p) }
        }
        return (present, absent)
    }

    /// -1, 0 or 1 as key `a` orders before, with or after key `b` (present values both).
    func compare(_ a: Int, _ b: Int) -> Int {
        switch storage {
        case let .ints(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .narrowInts(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .shortText(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .doubles(k): return precedes(k[a], k[b]) ? -1 : (precedes(k[b], k[a]) ? 1 : 0)
        case let .strings(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .textKeys(k): return k.precedes(a, b) ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .values(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        }
    }
}

/// The total order of sort keys: numbers ascending, then NaN (all NaNs equal), so that a column
/// holding NaN still sorts into order.
@inline(__always)
func precedes(_ a: Double, _ b: Double) -> Bool {
    a < b || (b.isNaN && !a.isNaN)
}

/// A real's bits as a word that orders as ``precedes(_:_:)`` does: negative below positive, both
/// zeros equal, NaN last.
@inline(__always)
func orderedBits(_ x: Double) -> UInt64 {
    if x.isNaN { return .max }
    let bits = (x == 0 ? 0.0 : x).bitPattern
    return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
}

/// True when byte key `a` sorts before `b`: the first differing byte decides, and a key that is a
/// prefix of the other comes first.
@inline(__always)
func bytesPrecede(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    unsafe a.withUnsafeBufferPointer { x in unsafe b.withUnsafeBufferPointer { y in unsafe bytesPrecede(x, y) } }
}

/// ``bytesPrecede(_:_:)`` for bytes in place.
@inline(__always)
func bytesPrecede(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    // Safe: `i` stays below both counts.
    let n = Swift.min(x.count, y.count)
    var i = 0
    while i < n {
        if unsafe x[i] != y[i] { return unsafe x[i] < y[i] }
        i += 1
    }
    return x.count < y.count
}
