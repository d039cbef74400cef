import Foundation
import Testing
@testable import ScrollworkFiles

/// Compressed files made with the system's tools (gzip, zstd, bzip2, xz; scripts/test installs
/// them), opened by FileBytes as the text they hold.
@Suite struct CompressedFileTests {
    /// `bytes` compressed by `format`'s program.
    static func compress(_ bytes: [UInt8], _ format: CompressionFormat) throws -> [UInt8] {
        let (tool, arguments): (String, [String]) = switch format {
        // The fastest levels: the format is the same at every level.
        case .gzip: ("gzip", ["-c", "-n", "-1"])
        case .zstd: ("zstd", ["-c", "-q", "-1"])
        case .bzip2: ("bzip2", ["-c", "-1"])
        case .xz: ("xz", ["-c", "-0"])
        }
        return try filter(bytes, through: [tool] + arguments)
    }

    /// `bytes` through the command `argv` (found on the path): what it writes.
    static func filter(_ bytes: [UInt8], through argv: [String]) throws -> [UInt8] {
        let input = Pipe(), output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = argv
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written on a thread of its own: gzip's output is read meanwhile, so neither pipe fills.
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](compressed)
    }

    /// Calls `body` with a file holding `bytes`, then removes it.
    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UInt32.random(in: 0...UInt32.max)).gz").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Lines "line 1" … "line `count`", each ended by a line feed.
    static func lines(_ count: Int) -> [UInt8] { Array((1...count).map { "line \($0)\n" }.joined().utf8) }

    @Test("a compressed file reads as the text it holds, found by its first bytes whatever its name, the first bytes before the rest",
          arguments: CompressionFormat.allCases)
    func readsDecompressed(format: CompressionFormat) throws {
        let text = Self.lines(450_000)
        try Self.withFile(try Self.compress(text, format)) { path in
            let file = try FileBytes(path: path)
            #expect(file.compression == format.name && file.isStream && !file.isReplaced)
            #expect(try file.read(at: 0, count: 7) == Array("line 1\n".utf8))
            #expect(!file.streamHasEnded, "only what was asked for is inflated")
            // A read far in inflates up to there.
            let far = try file.read(at: UInt64(text.count - 12), count: 100)
            #expect(far == Array(text.suffix(12)))
            #expect(file.size == UInt64(text.count) && file.streamHasEnded && file.damage == nil)
        }
    }

    @Test("a file of several members (as cat a.gz b.gz makes) is read whole", arguments: CompressionFormat.allCases)
    func readsEveryMember(format: CompressionFormat) throws {
        let first = Array("first part\n".utf8), second = Self.lines(50_000)
        try Self.withFile(try Self.compress(first, format) + (try Self.compress(second, format))) { path in
            let file = try FileBytes(path: path)
            #expect(try file.read(at: 0, count: 1 << 30) == first + second)
            #expect(file.damage == nil)
        }
    }

    @Test("a truncated file shows everything up to the damage and says where it stopped", arguments: CompressionFormat.allCases)
    func truncatedKeepsTheStart(format: CompressionFormat) throws {
        let text = Self.lines(300_000)
        let compressed = try Self.compress(text, format)
        try Self.withFile(Array(compressed.prefix(compressed.count / 2))) { path in
            let file = try FileBytes(path: path)
            let kept = try file.read(at: 0, count: 1 << 30)
            #expect(kept.count > 10_000 && kept.count < text.count, "\(kept.count)")
            #expect(kept == Array(text.prefix(kept.count)), "what is kept is the text as it was")
            #expect(file.streamHasEnded)
            #expect(file.damage?.contains("ends in the middle of a member at compressed byte") == true, "\(String(describing: file.damage))")
        }
    }

    @Test("damaged data stops the text where it begins; bytes after the last member are left out, and each is said",
          arguments: CompressionFormat.allCases)
    func damageIsSaid(format: CompressionFormat) throws {
        let text = Self.lines(20_000)
        var compressed = try Self.compress(text, format)
        let clean = compressed
        for i in stride(from: 2_000, to: 2_100, by: 1) { compressed[i] ^= 0x5A }
        try Self.withFile(compressed) { path in
            let file = try FileBytes(path: path)
            let kept = try file.read(at: 0, count: 1 << 30)
            #expect(kept.count < text.count && file.damage?.contains("at compressed byte") == true, "\(String(describing: file.damage))")
            #expect(kept == Array(text.prefix(kept.count)), "what is kept is the text as it was")
        }
        try Self.withFile(clean + Array("not gzip at all".utf8)) { path in
            let file = try FileBytes(path: path)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            #expect(file.damage?.contains("are not \(format.name) data and are left out") == true, "\(String(describing: file.damage))")
        }
    }

    @Test("xz streams with stream padding between them (zeros, four at a time) are read whole, at any offset")
    func xzStreamPadding() throws {
        let first = Self.lines(6_000), second = Self.lines(9_000)
        for padding in [4, 8, 4096] {
            let bytes = try Self.compress(first, .xz) + Array(repeating: 0, count: padding) + (try Self.compress(second, .xz))
            try Self.withFile(bytes) { path in
                let file = try FileBytes(path: path)
                let whole = try file.read(at: 0, count: 1 << 30)
                #expect(whole.count == first.count + second.count && whole == first + second, "padding \(padding): \(whole.count) bytes")
                #expect(file.damage == nil, "\(String(describing: file.damage))")
                #expect(try file.read(at: UInt64(first.count + 5), count: 20) == Array(second[5..<25]))
            }
        }
    }

    @Test("a bzip2 block whose check fails is never read: whatever byte is damaged, the text read is the text written, cut at a block's start")
    func bzip2DamagedBlockIsHeldBack() throws {
        // Blocks of 100 kB (-1): several, each of text unlike the next.
        let text = Array((1...60_000).map { "row \($0) \(($0 * 7919) % 10007)\n" }.joined().utf8)
        let clean = try Self.compress(text, .bzip2)
        var checkedBlock = false
        for at in stride(from: clean.count / 3, to: clean.count - 64, by: clean.count / 23) {
            var damaged = clean
            damaged[at] ^= 0x10
            try Self.withFile(damaged) { path in
                let file = try FileBytes(path: path)
                let kept = try file.read(at: 0, count: 1 << 30)
                let intact = kept == Array(text.prefix(kept.count))
                #expect(intact, "damage at \(at), \(kept.count) bytes read: \(String(describing: file.damage))")
                if file.damage?.contains("stops where that block begins, at text byte \(kept.count)") == true { checkedBlock = true }
            }
        }
        #expect(checkedBlock, "some damage is found only by a block's check")
    }

    @Test("a bzip2 stream whose own check fails (its blocks' CRCs combined) gives its blocks' text and says the stream's check failed")
    func bzip2StreamCheck() throws {
        let text = Array((1...60_000).map { "row \($0) \(($0 * 7919) % 10007)\n" }.joined().utf8)
        var compressed = try Self.compress(text, .bzip2)
        // The stream's check is the 32 bits after its end marker, in its last five bytes.
        compressed[compressed.count - 3] ^= 0x01
        try Self.withFile(compressed) { path in
            let file = try FileBytes(path: path)
            let read = try file.read(at: 0, count: 1 << 30)
            #expect(read == text, "every block checks: \(read.count) of \(text.count) bytes")
            #expect(file.damage?.contains("the stream's check failed") == true, "\(String(describing: file.damage))")
        }
    }

    @Test("a bzip2 block that never ends (no marker within a block's longest) is damage, said at once, not held waiting in memory")
    func bzip2EndlessBlock() throws {
        let magic: [UInt8] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
        let bytes = Array("BZh9".utf8) + magic + Array(repeating: 0x00, count: 3 << 20)
        try Self.withFile(bytes) { path in
            let file = try FileBytes(path: path)
            #expect(try file.read(at: 0, count: 1000).isEmpty)
            #expect(file.damage?.contains("runs on past where any block ends") == true, "\(String(describing: file.damage))")
        }
    }

    @Test("gzip damage in a member says from where its text was not yet checked")
    func gzipUncheckedTextIsSaid() throws {
        let text = Self.lines(50_000)
        var compressed = try Self.compress(text, .gzip)
        // The member's CRC, in its trailer: every byte decodes, the check fails at the end.
        compressed[compressed.count - 6] ^= 0xFF
        try Self.withFile(compressed) { path in
            let file = try FileBytes(path: path)
            _ = try file.read(at: 0, count: 1 << 30)
            #expect(file.damage?.contains("the text from byte 0 on was not yet checked") == true, "\(String(describing: file.damage))")
        }
    }

    @Test("a file that only starts like compressed data ends at once and says so, never traps")
    func tinyAndBogus() throws {
        let starts: [[UInt8]] = [[0x1F, 0x8B], [0x28, 0xB5, 0x2F, 0xFD], Array("BZh9".utf8), [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]]
        let tails: [[UInt8]] = [[], [0x08], Array(repeating: 0, count: 64), Array(repeating: 0xFF, count: 5000)]
        for start in starts {
            for tail in tails {
                try Self.withFile(start + tail) { path in
                    let file = try FileBytes(path: path)
                    #expect(try file.read(at: 0, count: 1000).isEmpty)
                    #expect(file.streamHasEnded && file.damage != nil, "\((start + tail).prefix(8))")
                }
            }
        }
    }

    @Test("a save to a name ending in .gz or .zst is written as gzip or zstd that the tools themselves read; another name is written as it is",
          arguments: [(".gz", CompressionFormat.gzip, "gzip"), (".zst", .zstd, "zstd")])
    func savesCompressed(_ ending: String, _ format: CompressionFormat, _ tool: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.lines(100_000)
        let path = folder.appendingPathComponent("rows.csv" + ending).path
        let output = try OutputFile(path: path)
        try output.write(Array(text[..<500_000]))
        try output.write(Array(text[500_000...]))
        try output.finish()
        let saved = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(CompressionFormat.detect(Array(saved.prefix(6))) == format && saved.count < text.count / 3)
        #expect(try FileBytes(path: path).read(at: 0, count: 1 << 30) == text)
        // gzip -t and zstd -t check the stream's length and checksum.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = [tool, "-q", "-t", path]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        // The format is told by the name before .gz or .zst.
        #expect(try ExportFormat(path: "a/b.tsv" + ending) == .tsv && (try ExportFormat(path: "rows.JSONL" + ending.uppercased())) == .jsonLines)
        #expect(throws: ExploreError.self) { try ExportFormat(path: "rows" + ending) }
        let plain = folder.appendingPathComponent("rows.csv").path
        let output2 = try OutputFile(path: plain)
        try output2.write(Array("a,b\n".utf8))
        try output2.finish()
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain))) == Array("a,b\n".utf8))
    }
}
