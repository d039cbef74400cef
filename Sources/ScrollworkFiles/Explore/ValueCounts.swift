#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How often each value occurs in a piece of a column, kept by its bytes: open addressing on a
/// hash of the bytes, the bytes themselves in one arena, so that counting a value that was seen
/// before makes no string and allocates nothing.
struct ValueCounts {
    private var hashes = [UInt64](repeating: 0, count: 64)
    private var counts = [Int](repeating: 0, count: 64)
    private var starts = [Int](repeating: 0, count: 64)
    private var lengths = [Int](repeating: 0, count: 64)
    private var arena: [UInt8] = []
    /// The distinct values counted.
    private(set) var distinct = 0

    /// Counts `bytes` once.
    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Safe: the caller's bytes, hashed and compared inside their count and copied into the
        // arena where kept; a kept value lies at `starts[i]` for `lengths[i]` bytes of the arena.
        let hash = unsafe ValueHash.of(bytes)
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while counts[i] > 0 {
            let start = starts[i]
            // The arena alone is lent to the comparison: a method of `self` here copied the
            // whole counter, retaining and releasing its five arrays for every value counted
            // (half the time of counting a column).
            if hashes[i] == hash, lengths[i] == bytes.count, unsafe arena.withUnsafeBufferPointer({ unsafe Self.same(bytes, in: $0, at: start) }) {
                counts[i] += 1
                return
            }
            i = (i + 1) & mask
        }
        hashes[i] = hash
        counts[i] = 1
        starts[i] = arena.count
        lengths[i] = bytes.count
        unsafe arena.append(contentsOf: bytes)
        distinct += 1
        if distinct * 2 > hashes.count { grow() }
    }

    /// True when `bytes` are the bytes of `arena` from `start` (which holds as many).
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, in arena: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return unsafe arena.baseAddress.map { unsafe memcmp($0 + start, base, bytes.count) == 0 } ?? false
    }

    private mutating func grow() {
        let old = (hashes, counts, starts, lengths)
        let size = hashes.count * 2
        hashes = [UInt64](repeating: 0, count: size)
        counts = [Int](repeating: 0, count: size)
        starts = [Int](repeating: 0, count: size)
        lengths = [Int](repeating: 0, count: size)
        let mask = size - 1
        for k in old.1.indices where old.1[k] > 0 {
            var i = Int(truncatingIfNeeded: old.0[k]) & mask
            while counts[i] > 0 { i = (i + 1) & mask }
            (hashes[i], counts[i], starts[i], lengths[i]) = (old.0[k], old.1[k], old.2[k], old.3[k])
        }
    }

    /// Each value's bytes and its count.
    var entries: [(bytes: [UInt8], count: Int)] {
        counts.indices.filter { counts[$0] > 0 }.map { i in (Array(arena[starts[i]..<(starts[i] + lengths[i])]), counts[i]) }
    }
}
