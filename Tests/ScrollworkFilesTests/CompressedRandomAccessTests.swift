import Foundation
import Testing
@testable import ScrollworkFiles

/// A compressed file's text reached at any offset from checkpoints, not by decompressing from
/// the start: proven by damaging the file's start after the first pass and reading its end.
@Suite struct CompressedRandomAccessTests {
    typealias Files = CompressedFileTests

    /// Text of `count` lines that do not repeat (so a wrong offset shows), each a line feed.
    static func text(_ count: Int) -> [UInt8] {
        Array((0..<count).map { "record \($0) of \(count): \(($0 &* 2_654_435_761) % 1_000_003)\n" }.joined().utf8)
    }

    /// Overwrites the first `count` bytes of the file at `path` with zeros, in place.
    static func damageStart(of path: String, _ count: Int) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(repeating: 0, count: count))
        try handle.close()
    }

    /// The standard tuning with no text kept by choice: what a file past the temporary
    /// directory's room is read with.
    static let checkpointsOnly: CompressedBytes.Tuning = {
        var tuning = CompressedBytes.Tuning.standard
        tuning.textBudget = 0
        return tuning
    }()

    /// Reads of `length` bytes at `offsets`, each checked against `text`.
    static func expectReads(_ file: FileBytes, _ text: [UInt8], at offsets: [Int], length: Int = 300) throws {
        for offset in offsets {
            let read = try file.read(at: UInt64(offset), count: length)
            #expect(read == Array(text[offset..<Swift.min(text.count, offset + length)]), "at \(offset)")
        }
    }

    @Test("a gzip file is read back and forth across checkpoints inside its member, each read from the checkpoint before it")
    func gzipCheckpointsBothWays() throws {
        let text = Self.text(120_000)
        let tuning = CompressedBytes.Tuning(span: 64 << 10, keptAfter: 16 << 20, cacheLimit: 0, textBudget: 0)
        try Files.withFile(try Files.compress(text, .gzip)) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(file.size > 0)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            let access = try #require(file.randomAccess)
            // A deflate block of gzip -1 holds up to about 300 KB of this text.
            #expect(access.checkpoints >= 8, "\(access)")
            #expect(access.longestJump >= 64 << 10 && access.longestJump < 1 << 20, "\(access)")
            #expect(access.keptOnDisk == 0)
            // Backwards, then forwards, each read straddling a checkpoint or not.
            let offsets = stride(from: text.count - 500, to: 0, by: -97_331).map { $0 } + stride(from: 13, to: text.count, by: 211_717).map { $0 }
            try Self.expectReads(file, text, at: offsets, length: 70_000)
            // With the first half of the compressed bytes gone, the end is still read.
            let compressedSize = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
            try Self.damageStart(of: path, compressedSize / 2)
            try Self.expectReads(file, text, at: [text.count - 1000, text.count - 200_000])
            #expect(throws: FileError.self) { try file.read(at: 100, count: 10) }
        }
    }

    @Test("checkpoints cross gzip members: a chunk begun inside one member reads on through its trailer into the next")
    func gzipMembersAndCheckpoints() throws {
        let parts = (0..<6).map { Self.text(8_000 + 3_000 * $0) }
        var compressed: [UInt8] = []
        for part in parts { compressed += try Files.compress(part, .gzip) }
        let text = parts.flatMap { $0 }
        let tuning = CompressedBytes.Tuning(span: 100 << 10, keptAfter: 16 << 20, cacheLimit: 0, textBudget: 0)
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            #expect(file.damage == nil)
            try Self.expectReads(file, text, at: Array(stride(from: text.count - 1, to: 0, by: -51_977)), length: 150_000)
        }
    }

    @Test("zstd frames are checkpoints; text with none for long is kept on disk and read back as it was",
          arguments: CompressionFormat.allCases)
    func framesAndKeptText(format: CompressionFormat) throws {
        // Four members shorter than the text held before it is kept on disk, and one longer.
        let frames = (0..<4).map { Self.text(6_000 + 1_000 * $0) } + [Self.text(40_000)]
        var compressed: [UInt8] = []
        for frame in frames { compressed += try Files.compress(frame, format) }
        let text = frames.flatMap { $0 }
        let tuning = CompressedBytes.Tuning(span: 64 << 10, keptAfter: 1 << 20, longestJump: 1 << 20, cacheLimit: 0, textBudget: 0)
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            let access = try #require(file.randomAccess)
            // Each member begins a checkpoint; inside one, gzip's deflate blocks and bzip2's
            // blocks are more; a zstd frame or an xz stream of one block has none.
            #expect(access.checkpoints >= frames.count, "\(access)")
            #expect((access.keptOnDisk > 0) == (format == .zstd || format == .xz), "\(access)")
            try Self.expectReads(file, text, at: Array(stride(from: text.count - 7, to: 0, by: -33_333)) + [0, 1, 65_535, 65_536], length: 100_000)
            // The last member is read from its own start, whatever became of the first.
            try Self.damageStart(of: path, compressed.count / 3)
            try Self.expectReads(file, text, at: [text.count - 100])
        }
    }

    @Test("checkpoints keep under 5% of a file's text and a jump decompresses about 4 MB; the status line says both")
    func standardCheckpointsAreSmall() throws {
        let text = Self.text(600_000)
        try Files.withFile(try Files.compress(text, .gzip)) { path in
            let file = try FileBytes(path: path, tuning: Self.checkpointsOnly)
            let last = try file.read(at: UInt64(text.count - 64), count: 64)
            #expect(last == Array(text.suffix(64)))
            let access = try #require(file.randomAccess)
            #expect(text.count > 16 << 20 && access.checkpoints >= 4, "\(text.count) \(access)")
            #expect(Double(access.checkpointMemory) < 0.05 * Double(text.count), "\(access)")
            #expect(access.longestJump >= 4 << 20 && access.longestJump < 5 << 20, "\(access)")
            #expect(access.summary.contains("checkpoints (") && access.summary.contains("a jump decompresses up to 4."), "\(access.summary)")
            #expect(try FileBytes(path: #filePath).randomAccess == nil, "a file that is not compressed has no checkpoints")
        }
    }

    @Test("a .gz that ends mid-member and then grows (a log compressed as it is written) goes on where it stopped",
          arguments: [CompressionFormat.gzip, .zstd, .bzip2])
    func growingFileGoesOn(format: CompressionFormat) throws {
        let text = Self.text(40_000)
        let compressed = try Files.compress(text, format)
        let cut = compressed.count * 2 / 3
        try Files.withFile(Array(compressed[..<cut])) { path in
            let file = try FileBytes(path: path)
            let first = try file.read(at: 0, count: 1 << 30)
            #expect(first.count < text.count && first == Array(text.prefix(first.count)))
            #expect(file.streamHasEnded && file.damage?.contains("ends in the middle of a member") == true)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(compressed[cut...]))
            // And a member more, as `gzip >> log.gz` appends.
            let more = Array("one more line\n".utf8)
            try handle.write(contentsOf: Data(try Files.compress(more, format)))
            try handle.close()
            #expect(file.size == UInt64(text.count + more.count))
            #expect(try file.read(at: 0, count: 1 << 30) == text + more)
            #expect(file.damage == nil && file.streamHasEnded)
        }
    }

    @Test("an xz file written in blocks is read from the block before each offset, found in the index at its end")
    func xzBlocks() throws {
        let text = Self.text(60_000)
        // Two streams (as `cat a.xz b.xz` makes), each in blocks of 128 KiB of text.
        let half = text.count / 2
        let compressed = try Files.filter(Array(text[..<half]), through: ["xz", "-c", "-0", "--block-size=131072"])
            + (try Files.filter(Array(text[half...]), through: ["xz", "-c", "-0", "--block-size=131072"]))
        let tuning = CompressedBytes.Tuning(span: 64 << 10, keptAfter: 64 << 10, longestJump: 256 << 10, cacheLimit: 0, textBudget: 0)
        try Files.withFile(compressed) { path in
            let fd = open(path, O_RDONLY)
            let ahead = XzBlockIndex.checkpoints(of: .descriptor(fd), size: UInt64(compressed.count))
            close(fd)
            #expect(ahead.count == text.count / 131_072 - 1, "\(ahead.count) blocks after each stream's first")
            #expect(ahead.map(\.uncompressed).allSatisfy { $0 % 131_072 == 0 || $0 > UInt64(half) })
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            let access = try #require(file.randomAccess)
            #expect(access.checkpoints > ahead.count && access.keptOnDisk == 0 && access.longestJump <= 256 << 10, "\(access)")
            try Self.expectReads(file, text, at: Array(stride(from: text.count - 3, to: 0, by: -77_777)), length: 200_000)
            try Self.damageStart(of: path, compressed.count * 2 / 3)
            try Self.expectReads(file, text, at: [text.count - 50])
        }
        // An index that does not add up is not used: the file is read from its start.
        #expect(XzBlockIndex.crc32(Array("123456789".utf8)[...]) == 0xCBF4_3926, "the check value of CRC-32")
        var bent = compressed
        bent[bent.count - 8] ^= 0x01
        try Files.withFile(bent) { path in
            let fd = open(path, O_RDONLY)
            #expect(XzBlockIndex.checkpoints(of: .descriptor(fd), size: UInt64(bent.count)).isEmpty)
            close(fd)
        }
    }

    @Test("the xz index reader takes any bytes without trapping: short files, zeros, an index claiming more than the file")
    func xzIndexOfAnyBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let tails: [[UInt8]] = [[], [0x59, 0x5A], Array(repeating: 0, count: 40), [0xFF, 0xFF, 0xFF, 0xFF, 0, 4, 0x59, 0x5A]]
        for tail in tails {
            for length in [0, 5, 12, 23, 24, 100, 5000] {
                let start: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0, 4, 0, 0, 0, 0]
                let body = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let bytes = start + body + Array(repeating: 0, count: 8) + tail
                try Files.withFile(bytes) { path in
                    let fd = open(path, O_RDONLY)
                    #expect(XzBlockIndex.checkpoints(of: .descriptor(fd), size: UInt64(bytes.count)).isEmpty)
                    close(fd)
                    _ = try? FileBytes(path: path).read(at: 0, count: 1 << 20)
                }
            }
        }
    }

    @Test("a bzip2 file is read from the block before each offset, its blocks found at any bit as the first pass reads them")
    func bzip2Blocks() throws {
        let text = Self.text(80_000)
        // Two streams of 100 kB blocks (bzip2 -1), as `cat a.bz2 b.bz2` makes.
        let half = text.count / 3
        let compressed = try Files.filter(Array(text[..<half]), through: ["bzip2", "-c", "-1"])
            + (try Files.filter(Array(text[half...]), through: ["bzip2", "-c", "-1"]))
        let tuning = CompressedBytes.Tuning(span: 64 << 10, keptAfter: 64 << 10, longestJump: 256 << 10, cacheLimit: 0, textBudget: 0)
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            let access = try #require(file.randomAccess)
            #expect(access.checkpoints >= text.count / 100_000 && access.keptOnDisk == 0, "\(access)")
            try Self.expectReads(file, text, at: Array(stride(from: text.count - 3, to: 0, by: -61_001)) + [half - 10, half], length: 150_000)
            try Self.damageStart(of: path, compressed.count * 3 / 4)
            try Self.expectReads(file, text, at: [text.count - 50])
        }
    }

    @Test("a bzip2 block is decoded on its own from each of the eight places in a byte it may begin at")
    func bzip2BlockAtEveryShift() throws {
        let text = Self.text(2_000)
        let stream = try Files.compress(text, .bzip2)
        // One block: from its magic, after the 32-bit header, to the stream's end marker.
        let end = try #require((32..<UInt64(stream.count * 8 - 48)).first { Bzip2Block.read(stream, at: $0, bits: 48) == Bzip2Block.endMagic })
        let library = try #require(Bzip2Library.shared)
        for shift in 0..<8 {
            var moved = BitWriter()
            moved.append(0x2A, bits: 8 + shift)
            moved.append(from: stream, bits: 32..<end)
            moved.append(0xFFFF, bits: 16)
            let start = UInt64(8 + shift)
            guard case let .text(decoded) = Bzip2Block.decode(moved.bytes, bits: start..<(start + end - 32), library: library) else {
                Issue.record("shift \(shift): the block did not decode")
                continue
            }
            #expect(decoded == text, "shift \(shift)")
            // Cut a bit short, or a byte, it is no block.
            for cut: UInt64 in [1, 8] {
                guard case .failed = Bzip2Block.decode(moved.bytes, bits: start..<(start + end - 32 - cut), library: library) else {
                    Issue.record("shift \(shift): a block cut \(cut) bits short decoded")
                    continue
                }
            }
        }
    }

    @Test("a zstd file in the seekable format (frames, then a skippable frame holding the seek table) is read whole, each frame a checkpoint")
    func zstdSeekableFormat() throws {
        let parts = (0..<3).map { Self.text(5_000 + 2_000 * $0) }
        var compressed: [UInt8] = []
        var table: [UInt8] = []
        func little(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) } }
        for part in parts {
            let frame = try Files.compress(part, .zstd)
            compressed += frame
            table += little(frame.count) + little(part.count)
        }
        // The seek table's frame: skippable magic, size, entries, then frame count, descriptor, seekable magic.
        let body = table + little(parts.count) + [0] + [0xB1, 0xEA, 0x92, 0x8F]
        compressed += [0x5E, 0x2A, 0x4D, 0x18] + little(body.count) + body
        let text = parts.flatMap { $0 }
        let tuning = CompressedBytes.Tuning(span: 64 << 10, keptAfter: 1 << 20, longestJump: 1 << 20, cacheLimit: 0, textBudget: 0)
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            #expect(file.damage == nil && file.randomAccess?.checkpoints ?? 0 >= parts.count, "\(String(describing: file.randomAccess))")
            try Self.damageStart(of: path, compressed.count / 2)
            try Self.expectReads(file, text, at: [text.count - 100])
        }
    }
}

/// #72: bzip2 and xz files get a checkpoint at every block, as docs/viewer.md says, with the
/// standard tuning: a jump decompresses one block, and the status line's figures say so.
@Suite struct BlockCheckpointTests {
    @Test("a 6 MB bzip2 file (-9, 900 kB blocks) and an xz file in 1 MiB blocks: a checkpoint a block, a jump of one block")
    func checkpointEveryBlock() throws {
        let text = CompressedRandomAccessTests.text(200_000)
        #expect(text.count > 6_000_000)
        for (argv, block) in [(["bzip2", "-c", "-9"], 900_000 * 5 / 4), (["xz", "-c", "-0", "--block-size=1048576"], 1 << 20)] {
            let compressed = try CompressedFileTests.filter(text, through: argv)
            try CompressedFileTests.withFile(compressed) { path in
                let file = try FileBytes(path: path, tuning: CompressedRandomAccessTests.checkpointsOnly)
                #expect(try file.read(at: 0, count: 1 << 30) == text)
                let access = try #require(file.randomAccess)
                let blocks = (text.count + block - 1) / block
                #expect(access.checkpoints >= blocks && access.longestJump <= block, "\(argv[0]): \(access)")
                #expect(access.summary.contains("\(access.checkpoints) checkpoints"))
                try CompressedRandomAccessTests.expectReads(file, text, at: Array(stride(from: text.count - 7, to: 0, by: -1_234_567)))
            }
        }
    }
}
