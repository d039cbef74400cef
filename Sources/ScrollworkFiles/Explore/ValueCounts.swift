#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How often each value occurs in a column or a piece of one, kept by its bytes, in the order
/// the values were first met: open addressing on a hash of the bytes, the bytes themselves in
/// one arena, so that counting a value that was seen before makes no array and allocates
/// nothing, and a million distinct values of twenty bytes take some 60 MB, not the 150 MB a
/// dictionary of byte arrays takes.
///
/// Past ``limit`` distinct values, a value not yet held is added to ``uncounted`` instead.
struct ValueCounts: Sendable {
    /// Each slot: 0 when empty, else the entry's number plus one in the low 32 bits and the
    /// top half of its hash in the high ones, so that a probe compares hashes without touching
    /// the entries.
    private var slots = [UInt64](repeating: 0, count: 64)
    /// Each entry's count, in the order first met.
    private var counts: [Int] = []
    /// Where each entry's bytes end in ``arena`` (they start where the one before ends).
    private var ends: [Int] = []
    private var arena: [UInt8] = []
    /// The most distinct values held, at most 2³¹ − 2 (what a slot numbers).
    private(set) var limit: Int
    /// The values met when ``limit`` were already held (or left out by the caller), counted
    /// together.
    var uncounted = 0

    /// An empty count that holds at most `limit` distinct values (clamped to 0…2³¹ − 2).
    init(limit: Int = Int(Int32.max) - 1) {
        self.limit = Swift.min(Swift.max(0, limit), Int(Int32.max) - 1)
    }

    /// The distinct values counted.
    var distinct: Int { counts.count }

    /// True when no value not yet held can be counted on its own.
    var isFull: Bool { counts.count >= limit }

    /// True when `bytes` are one of the values held.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Safe: the caller's bytes, lent for the call.
        unsafe find(bytes, hash: ValueHash.of(bytes)).entry != nil
    }

    /// The entry holding `bytes`, hashed `hash`, or nil and the empty slot where they would go.
    @inline(__always)
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int?, slot: Int) {
        let tag = hash & 0xffff_ffff_0000_0000
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 {
            let slot = slots[i]
            if slot & 0xffff_ffff_0000_0000 == tag {
                let entry = Int(truncatingIfNeeded: slot & 0xffff_ffff) - 1
                let start = entry == 0 ? 0 : ends[entry - 1]
                // Safe: the caller's bytes are compared inside their count, against the arena's
                // at `start`, which holds as many. The arena alone is lent to the comparison: a
                // method of the whole counter here retained and released its arrays for every
                // value counted.
                if ends[entry] - start == bytes.count, unsafe arena.withUnsafeBufferPointer({ unsafe Self.same(bytes, in: $0, at: start) }) { return (entry, i) }
            }
            i = (i + 1) & mask
        }
        return (nil, i)
    }

    /// Counts `bytes` `n` times (nothing when `n` is below 1).
    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, count n: Int = 1) {
        guard n > 0 else { return }
        // Safe: the caller's bytes, hashed and compared inside their count and copied into the
        // arena where kept.
        let hash = unsafe ValueHash.of(bytes)
        let (entry, i) = unsafe find(bytes, hash: hash)
        if let entry {
            counts[entry] &+= n
            return
        }
        guard counts.count < limit else {
            uncounted &+= n
            return
        }
        counts.append(n)
        unsafe arena.append(contentsOf: bytes)
        ends.append(arena.count)
        slots[i] = hash & 0xffff_ffff_0000_0000 | UInt64(counts.count)
        if counts.count * 2 > slots.count { grow() }
    }

    /// Adds every value of `other` with its count, in the order `other` met them, and its
    /// uncounted values to ``uncounted``.
    mutating func add(_ other: ValueCounts) {
        // Into an empty count, what fits is taken whole: a million values are not copied
        // while both copies are held.
        if counts.isEmpty, uncounted == 0, other.distinct <= limit {
            let limit = self.limit
            self = other
            self.limit = limit
            return
        }
        uncounted &+= other.uncounted
        // Safe: each entry's bytes lie inside `other`'s arena, lent for the loop.
        unsafe other.arena.withUnsafeBufferPointer { arena in
            var start = 0
            for (end, n) in zip(other.ends, other.counts) {
                unsafe add(UnsafeBufferPointer(rebasing: arena[start..<end]), count: n)
                start = end
            }
        }
    }

    /// Calls `body` with each value's bytes (lent for the call) and its count, in the order
    /// first met.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        // Safe: each entry's bytes lie inside the arena, lent for the loop.
        try unsafe arena.withUnsafeBufferPointer { arena in
            var start = 0
            for (end, n) in zip(ends, counts) {
                try unsafe body(UnsafeBufferPointer(rebasing: arena[start..<end]), n)
                start = end
            }
        }
    }

    /// This count, left empty: the one returned is then the only holder of its arrays, which a
    /// consumer lets go of as it goes (a variable a closure captured is never moved from).
    mutating func takeAll() -> ValueCounts {
        defer { self = ValueCounts(limit: limit) }
        return self
    }

    /// The counter taken apart: every value's bytes one after another, where each ends, and
    /// each one's count, in the order first met.
    consuming func parts() -> (arena: [UInt8], ends: [Int], counts: [Int]) { (arena, ends, counts) }

    /// True when `bytes` are the bytes of `arena` from `start` (which holds as many).
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, in arena: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return unsafe arena.baseAddress.map { unsafe memcmp($0 + start, base, bytes.count) == 0 } ?? false
    }

    /// Twice the slots, each entry placed again by its hash, made anew from its bytes.
    private mutating func grow() {
        let size = slots.count * 2, mask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        // Safe: each entry's bytes lie inside the arena, lent for the loop.
        unsafe arena.withUnsafeBufferPointer { arena in
            var start = 0
            for (entry, end) in ends.enumerated() {
                let hash = unsafe ValueHash.of(UnsafeBufferPointer(rebasing: arena[start..<end]))
                var i = Int(truncatingIfNeeded: hash) & mask
                while slots[i] != 0 { i = (i + 1) & mask }
                slots[i] = hash & 0xffff_ffff_0000_0000 | UInt64(entry + 1)
                start = end
            }
        }
        self.slots = slots
    }
}
