/// A 64-bit hash of bytes that is the same in every run (Swift's `Hasher` is seeded anew each
/// time): the bytes eight at a time, each word folded in with SplitMix64's finaliser, so that
/// every bit depends on every byte, which HyperLogLog needs of its hash.
enum ValueHash {
    /// The hash of `bytes`.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = UInt64(truncatingIfNeeded: bytes.count) &* 0x9e37_79b9_7f4a_7c15
        guard let base = bytes.baseAddress else { return mix(h) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        return mix(h ^ tail ^ 0xff51_afd7_ed55_8ccd)
    }

    /// SplitMix64's finaliser.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
