import Glibc
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #71: a compressed file is decompressed once: its text is kept in a temporary file while the
/// temporary directory has room, so later passes (a sort, a count, a search) read it as a plain
/// file's; and the first pass decompresses ahead of the reader on a thread of its own.
@Suite struct CompressedKeptTextTests {
    typealias Files = CompressedFileTests
    typealias Access = CompressedRandomAccessTests

    @Test("with room, every format's text is kept once read: reads anywhere go on after the whole compressed file is damaged",
          arguments: [CompressionFormat.gzip, .zstd, .bzip2, .xz])
    func keptTextOutlivesTheCompressedBytes(format: CompressionFormat) throws {
        let text = Access.text(150_000)
        var tuning = CompressedBytes.Tuning.standard
        tuning.span = 1 << 20
        tuning.textBudget = UInt64.max
        let compressed = try Files.compress(text, format)
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            let access = try #require(file.randomAccess)
            // All but the text since the last chunk closed, which stays in memory.
            #expect(access.keptOnDisk + UInt64(tuning.span) >= UInt64(text.count), "\(access)")
            #expect(access.summary == "\(finderByteCount(Int(access.keptOnDisk))) kept in a temporary file", "\(access.summary)")
            try Access.damageStart(of: path, compressed.count)
            try Access.expectReads(file, text, at: [0, 1, 777_777, text.count - 300, text.count / 2], length: 100_000)
        }
    }

    @Test("past its budget the text is read from checkpoints: the kept start survives damage, the rest is decompressed again")
    func budgetRunsOutIntoCheckpoints() throws {
        let text = Access.text(250_000)
        #expect(text.count > 7 << 20)
        var tuning = CompressedBytes.Tuning.standard
        tuning.span = 1 << 20
        tuning.textBudget = 3 << 20
        tuning.cacheLimit = 0
        let compressed = try Files.compress(text, .gzip)
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path, tuning: tuning)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            let access = try #require(file.randomAccess)
            #expect(access.keptOnDisk > 2 << 20 && access.keptOnDisk <= 3 << 20, "\(access)")
            #expect(access.checkpoints >= 3 && access.summary.contains("checkpoints (") && access.summary.contains("kept in a temporary file"), "\(access.summary)")
            try Access.expectReads(file, text, at: [text.count - 500, 1_000])
            // The compressed bytes gone: what was kept still reads, what was not cannot.
            try Access.damageStart(of: path, compressed.count)
            try Access.expectReads(file, text, at: [0, 1_000, Int(access.keptOnDisk) - 400], length: 300)
            #expect(throws: FileError.self) { try file.read(at: 5 << 20, count: 10) }
        }
    }

    @Test("the first pass decompresses ahead of a read on a thread of its own, as far as the tuning says, and no further",
          arguments: [CompressionFormat.gzip, .bzip2, .xz])
    func readsAhead(format: CompressionFormat) throws {
        let text = Access.text(150_000)
        for readAhead in [0, 3 << 20] {
            var tuning = CompressedBytes.Tuning.standard
            tuning.readAhead = readAhead
            try Files.withFile(try Files.compress(text, format)) { path in
                let bytes = try CompressedBytes(source: open(path, O_RDONLY), name: path, format: format, tuning: tuning)
                var first = [UInt8](repeating: 0, count: 100)
                #expect(try first.withUnsafeMutableBytes { try bytes.read(at: 0, into: $0) } == 100)
                bytes.waitForReadAhead()
                let made = try bytes.copy(upTo: 0)
                if readAhead == 0 {
                    // One step of the decoder, or one bzip2 block, and no more.
                    #expect(made < 1 << 20, "\(format): \(made)")
                } else {
                    #expect(made >= UInt64(readAhead) && made < UInt64(readAhead + (2 << 20)), "\(format): \(made)")
                }
                #expect(first == Array(text.prefix(100)))
            }
        }
    }

    @Test("the budget is half the free space less a gigabyte's reserve, a quarter on a file system in memory; the mounts are read right")
    func temporarySpace() {
        let gigabyte: UInt64 = 1 << 30
        #expect(TemporarySpace.budget(free: 10 * gigabyte, inMemory: false) == 5 * gigabyte)
        #expect(TemporarySpace.budget(free: 10 * gigabyte, inMemory: true) == 10 * gigabyte / 4)
        #expect(TemporarySpace.budget(free: gigabyte + 100, inMemory: false) == 100)
        #expect(TemporarySpace.budget(free: gigabyte, inMemory: false) == 0)
        #expect(TemporarySpace.budget(free: 0, inMemory: true) == 0)
        #expect(TemporarySpace.budget(free: .max, inMemory: false) == UInt64.max / 2)
        let mounts = """
            /dev/vda / ext4 rw,relatime 0 0
            tmpfs /tmp tmpfs rw,nosuid 0 0
            /dev/vdb /tmp/big xfs rw 0 0
            proc /proc proc rw 0 0
            broken line
            """
        #expect(TemporarySpace.fileSystemType(of: "/tmp", mounts: mounts) == "tmpfs")
        #expect(TemporarySpace.fileSystemType(of: "/tmp/x", mounts: mounts) == "tmpfs")
        #expect(TemporarySpace.fileSystemType(of: "/tmp/big/y", mounts: mounts) == "xfs")
        #expect(TemporarySpace.fileSystemType(of: "/tmpx", mounts: mounts) == "ext4")
        #expect(TemporarySpace.fileSystemType(of: "/var", mounts: "") == nil)
        #expect(TemporarySpace.budget(in: "/no/such/directory") == 0)
    }
}
