#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The blocks of an .xz file, read from the index each stream ends with (its footer gives the
/// index's size): where each block begins in the file and in the text. A file written in
/// blocks (`xz -T`, the default from xz 5.6) can then be decoded from any block's start. A file
/// whose end is not a whole stream (truncated, or with other bytes after) has no index read.
enum XzBlockIndex {
    /// The footer's and the header's size, and the footer's last two bytes ("YZ").
    private static let edge = 12
    private static let footerMagic: [UInt8] = [0x59, 0x5A]
    /// More records than this in one index is not a file anyone wrote: it is not read.
    private static let recordLimit = 1 << 22

    /// A checkpoint at every block's start after the first of each stream, in the order of the
    /// text; empty when the index cannot be read (the file is then read from its start).
    static func checkpoints(of source: CompressedSource, size: UInt64) -> [DecompressionCheckpoint] {
        var streams: [Stream] = []
        var end = size
        // The streams from the last: padding (zeros, four at a time) may come between them.
        while end >= UInt64(2 * edge) {
            guard let tail = bytes(of: source, at: end - 4, count: 4) else { return [] }
            if tail == [0, 0, 0, 0] {
                end -= 4
                continue
            }
            guard let stream = stream(of: source, endingAt: end) else { return [] }
            streams.append(stream)
            end = stream.start
        }
        guard end == 0 else { return [] }
        var checkpoints: [DecompressionCheckpoint] = []
        var text: UInt64 = 0
        for stream in streams.reversed() {
            for (i, block) in stream.blocks.enumerated() {
                // A stream's first block is reached from the stream's start, a member's start.
                if i > 0 {
                    checkpoints.append(DecompressionCheckpoint(compressed: block.compressed, uncompressed: text,
                                                               resume: .xzBlock(streamHeader: stream.header, blocksEnd: stream.blocksEnd)))
                }
                let (sum, overflow) = text.addingReportingOverflow(block.uncompressed)
                guard !overflow else { return [] }
                text = sum
            }
        }
        return checkpoints
    }

    /// One stream: its header, where it starts and its blocks end, and each block's start in
    /// the file with its length of text.
    private struct Stream {
        var header: [UInt8]
        var start: UInt64
        var blocksEnd: UInt64
        var blocks: [(compressed: UInt64, uncompressed: UInt64)]
    }

    /// The stream ending at `end`; nil when the bytes there are not a stream's end.
    private static func stream(of source: CompressedSource, endingAt end: UInt64) -> Stream? {
        guard let footer = bytes(of: source, at: end - UInt64(edge), count: edge), Array(footer[10...]) == footerMagic,
              littleEndian(footer[0..<4]) == crc32(footer[4..<10])
        else { return nil }
        let backward = UInt64(littleEndian(footer[4..<8]))
        let indexSize = (backward + 1) * 4
        guard indexSize <= end - UInt64(2 * edge), indexSize <= 1 << 30,
              let index = bytes(of: source, at: end - UInt64(edge) - indexSize, count: Int(indexSize)),
              littleEndian(index[(index.count - 4)...]) == crc32(index[..<(index.count - 4)]),
              let records = records(in: index)
        else { return nil }
        var blocksSize: UInt64 = 0
        for record in records {
            // A block on disk is its unpadded size rounded up to four bytes.
            let (sum, overflow) = blocksSize.addingReportingOverflow((record.unpadded + 3) & ~3)
            guard !overflow else { return nil }
            blocksSize = sum
        }
        let beforeIndex = end - UInt64(edge) - indexSize
        guard blocksSize <= beforeIndex - UInt64(edge) else { return nil }
        let start = beforeIndex - blocksSize - UInt64(edge)
        guard let header = bytes(of: source, at: start, count: edge), CompressionFormat.detect(header) == .xz,
              header[6...7] == footer[8...9]
        else { return nil }
        var at = start + UInt64(edge)
        var blocks: [(compressed: UInt64, uncompressed: UInt64)] = []
        for record in records {
            blocks.append((at, record.uncompressed))
            at += (record.unpadded + 3) & ~3
        }
        return Stream(header: header, start: start, blocksEnd: beforeIndex, blocks: blocks)
    }

    /// The records (unpadded size, uncompressed size) of an index; nil when it is not one.
    private static func records(in index: [UInt8]) -> [(unpadded: UInt64, uncompressed: UInt64)]? {
        guard index.first == 0 else { return nil }
        var at = 1
        func number() -> UInt64? {
            // Seven bits a byte, least significant first, at most nine bytes.
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 63, by: 7) {
                guard at < index.count else { return nil }
                let byte = index[at]
                at += 1
                value |= UInt64(byte & 0x7F) << UInt64(shift)
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }
        guard let count = number(), count <= UInt64(recordLimit) else { return nil }
        var records: [(unpadded: UInt64, uncompressed: UInt64)] = []
        for _ in 0..<count {
            guard let unpadded = number(), let uncompressed = number(), unpadded >= 5, unpadded < 1 << 62 else { return nil }
            records.append((unpadded, uncompressed))
        }
        return records
    }

    /// Four bytes as the little-endian number they write.
    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The CRC-32 (IEEE, as zlib and xz compute it) of `bytes`, which guard the index and
    /// the footer: a stream's end that only looks like one is not taken for it.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// `count` bytes of `source` at `offset`; nil when fewer are there.
    private static func bytes(of source: CompressedSource, at offset: UInt64, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        do {
            // The index is a shortcut: a file whose index cannot be read is read from its start.
            return try source.read(at: offset, into: &bytes, path: "") == count ? bytes : nil
        } catch {
            return nil
        }
    }
}
