/// Finds where bzip2 blocks begin in the compressed bytes as the first pass reads them: each
/// block starts with the 48 bits of π's digits (0x314159265359) at any bit, not at a byte. The
/// first pass then gives its decoder no byte past the one after a block's first, so that when
/// the decoder has taken that byte (it reads the next block only once the last one's text is
/// all out), the text made so far is exactly what came before the block.
struct Bzip2BlockFinder {
    private static let magic: UInt64 = 0x3141_5926_5359
    private static let mask: UInt64 = 0xFFFF_FFFF_FFFF

    /// The bytes looked at so far, the last eight of them, and the blocks' first bits found
    /// and not yet passed (in the order of the file).
    private var scanned: UInt64 = 0
    private var recent: UInt64 = 0
    private var found: [UInt64] = []
    private var next = 0

    /// Looks at `bytes`, which lie at `offset` in the file, for blocks' starts: only at bytes
    /// not looked at before.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) {
        guard offset <= scanned, offset + UInt64(bytes.count) > scanned else { return }
        for i in Int(scanned - offset)..<bytes.count {
            recent = recent << 8 | UInt64(bytes[i])
            scanned += 1
            guard scanned >= 6 else { continue }
            // The 48 bits end somewhere in this byte: eight places to look.
            for shift in 0..<8 where (recent >> UInt64(shift)) & Self.mask == Self.magic {
                let end = scanned * 8 - UInt64(shift)
                if end >= 48 { found.append(end - 48) }
            }
        }
        if next > 4096 {
            found.removeFirst(next)
            next = 0
        }
    }

    /// The first bit of the next block not yet passed, if one is found.
    var nextBlock: UInt64? { next < found.count ? found[next] : nil }

    /// The most bytes from `consumed` a decoder may be given: up to the byte after the next
    /// block's first, or `available`.
    func feed(from consumed: UInt64, available: Int) -> Int {
        guard let block = nextBlock else { return available }
        let stop = block / 8 + 2
        return stop > consumed ? Swift.min(available, Int(clamping: stop - consumed)) : available
    }

    /// The next block's start, passed once the decoder has taken the byte after its first: a
    /// checkpoint there with the text made so far. Blocks whose start the decoder took before
    /// it could stop (none, but for a pattern inside a block's data) are dropped.
    mutating func passed(consumed: UInt64, produced: UInt64) -> DecompressionCheckpoint? {
        guard let block = nextBlock, consumed >= block / 8 + 2 else { return nil }
        next += 1
        guard consumed == block / 8 + 2 else { return nil }
        return DecompressionCheckpoint(compressed: block / 8, uncompressed: produced, resume: .bzip2Block(shift: Int(block % 8)))
    }
}
