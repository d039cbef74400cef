/// A 64-bit hash of bytes that is the same in every run (Swift's `Hasher` is seeded anew each
/// time): FNV-1a, then SplitMix64's finaliser so that every bit depends on every byte, which
/// HyperLogLog needs of its hash.
enum ValueHash {
    /// The hash of `bytes`.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return mix(h)
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
