import Scrollwork

/// One bzip2 block decoded on its own, as parallel bzip2 tools decode them: its bits (from its
/// 48-bit magic to the next block's or the stream's end marker, at any bit) are made into a
/// stream of their own, "BZh9", the block, and an end marker whose check is the block's own
/// CRC (a stream of one block checks to its block's CRC), which libbz2 then decodes and checks.
enum Bzip2Block {
    static let blockMagic: UInt64 = 0x3141_5926_5359
    static let endMagic: UInt64 = 0x1772_4538_5090

    /// The most compressed bits a block may span: a block of 900 kB of text (at -9) compresses
    /// to less even when nothing repeats; a longer stretch is damage.
    static let longestBits: UInt64 = 12 << 20

    /// What decoding a block gave.
    enum Outcome: Sendable {
        case text([UInt8])
        case failed(String)
    }

    /// The block whose bits are `bits` of `bytes` (counted from the first byte's top bit),
    /// decoded with `library`: its text, or why not (a cut that is no block's end, damage).
    static func decode(_ bytes: [UInt8], bits: Range<UInt64>, library: Bzip2Library) -> Outcome {
        guard bits.count > 80, bits.upperBound <= UInt64(bytes.count) * 8 else { return .failed("a block too short to hold its check") }
        var stream = BitWriter()
        stream.append(0x425A_6839, bits: 32)
        stream.append(from: bytes, bits: bits)
        stream.append(endMagic, bits: 48)
        // The block's CRC, the 32 bits after its magic.
        stream.append(read(bytes, at: bits.lowerBound + 48, bits: 32), bits: 32)
        guard let decoder = Bzip2Decompressor(library: library) else { return .failed("the bzip2 library could not start") }
        let input = stream.bytes
        var text: [UInt8] = [], output = [UInt8](repeating: 0, count: 1 << 20), at = 0
        while true {
            // Safe: both arrays are lent for the call; the decoder reads from `at`, inside the
            // input, and writes no more than the output's count.
            let step = unsafe input.withUnsafeBytes { given in
                unsafe output.withUnsafeMutableBytes { unsafe decoder.step(UnsafeRawBufferPointer(rebasing: given[at...]), into: $0) }
            }
            switch step {
            case let .progress(consumed, produced):
                text.append(contentsOf: output[..<produced])
                at += consumed
                // Nothing taken and nothing made: the block ends before libbz2 thinks it does.
                if consumed == 0 && produced == 0 { return .failed("the block is cut short") }
            case let .memberEnded(_, produced):
                text.append(contentsOf: output[..<produced])
                return .text(text)
            case let .damaged(message, _):
                return .failed(message)
            }
        }
    }

    /// The `count` (at most 64) bits of `bytes` from bit `at`, the first the highest.
    static func read(_ bytes: [UInt8], at: UInt64, bits count: Int) -> UInt64 {
        var value: UInt64 = 0
        for bit in at..<(at + UInt64(count)) {
            let byte = Int(bit / 8)
            let set = byte < bytes.count && bytes[byte] & (0x80 >> UInt8(bit % 8)) != 0
            value = value << 1 | (set ? 1 : 0)
        }
        return value
    }
}

/// Bits written one after another from the top of each byte down, as bzip2 writes them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    /// Bits used in the last byte (0: it is full or there is none).
    private var used = 0

    /// Appends the low `count` (at most 64) bits of `value`, the highest first.
    mutating func append(_ value: UInt64, bits count: Int) {
        var left = count
        while left > 0 {
            if used == 0 { bytes.append(0) }
            let take = Swift.min(8 - used, left)
            let part = UInt8(truncatingIfNeeded: (value >> UInt64(left - take)) & ((1 << UInt64(take)) - 1))
            bytes[bytes.count - 1] |= part << UInt8(8 - used - take)
            used = (used + take) % 8
            left -= take
        }
    }

    /// Appends `bits` of `source` (counted from its first byte's top bit), a byte at a time
    /// where it can.
    mutating func append(from source: [UInt8], bits: Range<UInt64>) {
        var at = bits.lowerBound
        let shift = UInt8(at % 8)
        if used == 0 {
            // Whole bytes of the source, each made of two shifted halves.
            let whole = (bits.upperBound - at) / 8
            bytes.reserveCapacity(bytes.count + Int(whole) + 16)
            let first = Int(at / 8)
            for i in 0..<Int(whole) {
                let high = source[first + i] << shift
                let low = shift == 0 ? 0 : source[first + i + 1] >> (8 - shift)
                bytes.append(high | low)
            }
            at += whole * 8
        }
        while at < bits.upperBound {
            let take = Swift.min(56, Int(bits.upperBound - at))
            append(Bzip2Block.read(source, at: at, bits: take), bits: take)
            at += UInt64(take)
        }
    }
}
