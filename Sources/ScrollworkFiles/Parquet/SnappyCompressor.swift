/// Google's Snappy block format, written: the length, then literals and copies of earlier
/// bytes found through a table of where each four-byte sequence was last seen. What Parquet
/// writers compress with by default, and what every Parquet reader reads.
enum SnappyCompressor {
    /// Where a four-byte sequence was last seen goes in a table of this many entries.
    private static let tableBits = 14
    /// A copy reaches at most this far back (a two-byte offset).
    private static let farthest = 65_535

    /// `input`, compressed.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 2 + 16)
        ParquetHybrid.varint(UInt64(input.count), into: &out)
        let n = input.count
        guard n >= 8 else {
            literal(input, 0..<n, into: &out)
            return out
        }
        var table = [Int](repeating: -1, count: 1 << tableBits)
        var pending = 0
        var i = 0
        // Safe: a word is read at `i` only while `i + 4 <= n`, and at a candidate, an earlier `i`;
        // a match is extended only while `i + matched < n`, and the candidate lies before `i`.
        unsafe input.withUnsafeBufferPointer { bytes in
            func word(_ at: Int) -> UInt32 {
                unsafe UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            }
            while i + 4 <= n {
                let current = word(i)
                let slot = Int((current &* 0x1E35_A7BD) >> UInt32(32 - tableBits))
                let candidate = table[slot]
                table[slot] = i
                guard candidate >= 0, i - candidate <= farthest, word(candidate) == current else {
                    i += 1
                    continue
                }
                var matched = 4
                while i + matched < n, unsafe bytes[candidate + matched] == bytes[i + matched] { matched += 1 }
                literal(input, pending..<i, into: &out)
                copy(offset: i - candidate, length: matched, into: &out)
                i += matched
                pending = i
            }
        }
        literal(input, pending..<n, into: &out)
        return out
    }

    private static func literal(_ input: [UInt8], _ range: Range<Int>, into out: inout [UInt8]) {
        guard !range.isEmpty else { return }
        let n = range.count - 1
        if n < 60 {
            out.append(UInt8(n) << 2)
        } else {
            let width = n < 1 << 8 ? 1 : n < 1 << 16 ? 2 : n < 1 << 24 ? 3 : 4
            out.append(UInt8(59 + width) << 2)
            for k in 0..<width { out.append(UInt8(truncatingIfNeeded: n >> (8 * k))) }
        }
        out += input[range]
    }

    /// Copies of at most 64 bytes each, `offset` back: a copy of fewer than 4 bytes cannot be
    /// said, so a long one leaves at least 4 for its last.
    private static func copy(offset: Int, length: Int, into out: inout [UInt8]) {
        var left = length
        while left > 0 {
            let piece = left > 64 ? (left - 64 < 4 ? left - 4 : 64) : left
            out.append(UInt8(piece - 1) << 2 | 2)
            out.append(UInt8(offset & 0xFF))
            out.append(UInt8(offset >> 8))
            left -= piece
        }
    }
}
