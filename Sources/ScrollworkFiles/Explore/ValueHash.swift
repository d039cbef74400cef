/// A 64-bit hash of bytes that is the same in every run (Swift's `Hasher` is seeded anew each
/// time): the bytes eight at a time, each word folded in with SplitMix64's finaliser, so that
/// every bit depends on every byte, which HyperLogLog needs of its hash.
enum ValueHash {
    /// The hash of `bytes`.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        unsafe of(bytes, leading: bytes.count < 8 ? leadingWord(bytes) : 0)
    }

    /// The hash of `bytes`, given their ``leadingWord(_:)`` when they are fewer than eight (any
    /// value otherwise): a caller that needs the word too reads the bytes once.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, leading: UInt64) -> UInt64 {
        let h = UInt64(truncatingIfNeeded: bytes.count) &* 0x9e37_79b9_7f4a_7c15
        // No bytes hash alike wherever they are, a buffer without an address included (a
        // field a short record lacks is the empty text where it counts as one).
        guard let base = bytes.baseAddress else { return mix(h ^ 0xff51_afd7_ed55_8ccd) }
        guard bytes.count >= 8 else { return mix(h ^ leading ^ 0xff51_afd7_ed55_8ccd) }
        // Safe: a word is loaded at `i` only while `i + 8 <= count`, and the tail is the bytes left
        // past `i`.
        let raw = unsafe UnsafeRawPointer(base)
        var i = 0
        var folded = h
        while i + 8 <= bytes.count {
            folded = unsafe mix(folded ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        let tail = unsafe leadingWord(UnsafeBufferPointer(start: base + i, count: bytes.count - i))
        return mix(folded ^ tail ^ 0xff51_afd7_ed55_8ccd)
    }

    /// The first eight bytes of `bytes` (fewer zero-padded) as a little-endian number, read
    /// with at most two loads that stay inside the bytes, where a byte loop would take one step
    /// a byte.
    @inline(__always)
    static func leadingWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        // Safe: each load lies inside the `n` bytes: eight only when `n >= 8`, two overlapping ones
        // of four or two otherwise, one byte when `n == 1`.
        let raw = unsafe UnsafeRawPointer(base)
        let n = bytes.count
        if n >= 8 { return unsafe UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
        // Two loads that overlap in the middle: the bytes both hold are the same, so `|` keeps them.
        if n >= 4 {
            let low = unsafe UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = unsafe UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
            return low | high << UInt64(8 * (n - 4))
        }
        if n >= 2 {
            let low = unsafe UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = unsafe UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: n - 2, as: UInt16.self)))
            return low | high << UInt64(8 * (n - 2))
        }
        return unsafe n == 1 ? UInt64(base[0]) : 0
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
