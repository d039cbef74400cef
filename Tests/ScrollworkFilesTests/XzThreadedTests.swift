import Foundation
import Glibc
import Testing
@testable import ScrollworkFiles

/// #71 item 4: the first pass over an xz file written in blocks whose headers give their sizes
/// (as `xz -T` writes them) decodes a block a thread with liblzma's threaded decoder, in order:
/// the same text as one thread gives, and damage found as it is.
@Suite struct XzThreadedTests {
    typealias Files = CompressedFileTests

    /// Decodes `compressed` whole with a decoder on `threads` threads, a piece of input at a time:
    /// the text, and the damage met, if any.
    static func decoded(_ compressed: [UInt8], threads: Int) throws -> (text: [UInt8], damage: String?) {
        let library = try #require(LzmaLibrary.shared)
        let decoder = try #require(XzDecompressor(library: library, threads: threads))
        var text: [UInt8] = [], at = 0
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var idle = 0
        while idle < 1_000 {
            let end = Swift.min(compressed.count, at + 50_000)
            let step = compressed[at..<end].withUnsafeBytes { input in output.withUnsafeMutableBytes { decoder.step(input, into: $0) } }
            switch step {
            case let .progress(consumed, produced), let .memberEnded(consumed, produced):
                text += output[..<produced]
                at += consumed
                idle = consumed == 0 && produced == 0 ? idle + 1 : 0
                if at == compressed.count, case .memberEnded = step { return (text, nil) }
            case let .damaged(reason, produced):
                text += output[..<produced]
                return (text, reason)
            }
        }
        return (text, "no end")
    }

    @Test("a file in blocks decodes on several threads to the text one thread gives; a block that is damaged is said")
    func threadedBlocks() throws {
        let library = try #require(LzmaLibrary.shared)
        try #require(library.threadedDecoder != nil, "Debian 12's liblzma 5.4 has the threaded decoder")
        let text = Array((0..<40_000).map { "row \($0),\($0 % 97),\(["AA", "DL", "UA"][$0 % 3])\n" }.joined().utf8)
        let compressed = try Files.filter(text, through: ["xz", "-c", "-0", "-T2", "--block-size=65536"])
        let one = try Self.decoded(compressed, threads: 1), two = try Self.decoded(compressed, threads: 2)
        #expect(one.damage == nil && two.damage == nil)
        #expect(one.text == text && two.text == text)
        // A byte of a middle block's data changed: its check fails on either decoder.
        var bent = compressed
        bent[compressed.count / 2] ^= 0x40
        let damagedOne = try Self.decoded(bent, threads: 1), damagedTwo = try Self.decoded(bent, threads: 2)
        #expect(damagedOne.damage != nil && damagedTwo.damage != nil, "\(String(describing: damagedTwo.damage))")
        #expect(damagedTwo.text.count < text.count && Array(text.prefix(damagedTwo.text.count)) == damagedTwo.text)
        // Through a file, as the viewer reads it: the first pass decodes on the threads.
        try Files.withFile(compressed) { path in
            let file = try FileBytes(path: path)
            #expect(try file.read(at: 0, count: 1 << 30) == text)
            #expect(file.damage == nil)
        }
    }
}
