import Testing
@testable import ScrollworkFiles

/// #67 item 2: a first screen decompresses only the first bytes of each page it reads, and the
/// Snappy decoder writes its literals and copies a span at a time, damaged blocks refused.
@Suite struct ParquetPagePrefixTests {
    /// A Snappy block made by hand: the length, then each part (a literal's bytes, or a copy of
    /// `length` bytes from `offset` back, written with a two-byte offset).
    enum Part {
        case literal([UInt8])
        case copy(offset: Int, length: Int)
    }

    static func block(size: Int, _ parts: [Part]) -> [UInt8] {
        var out: [UInt8] = []
        var n = size
        while n >= 0x80 {
            out.append(UInt8(n & 0x7F) | 0x80)
            n >>= 7
        }
        out.append(UInt8(n))
        for part in parts {
            switch part {
            case let .literal(bytes): out += [UInt8((bytes.count - 1) << 2)] + bytes
            case let .copy(offset, length): out += [UInt8((length - 1) << 2 | 2), UInt8(offset & 0xFF), UInt8(offset >> 8)]
            }
        }
        return out
    }

    @Test("overlapping Snappy copies repeat the bytes before them, for every offset and length")
    func overlappingCopies() throws {
        for offset in 1...9 {
            for length in [1, 4, offset, offset + 1, 2 * offset + 3, 64] where length <= 64 {
                let start = (0..<offset).map { UInt8(0x41 + $0) }
                let want = start + (0..<length).map { start[$0 % offset] }
                let block = Self.block(size: want.count, [.literal(start), .copy(offset: offset, length: length)])
                #expect(try ParquetCodec.snappy(block[...], size: want.count) == want, "offset \(offset), length \(length)")
            }
        }
    }

    @Test("a damaged Snappy block fails with what is wrong, never reading or writing past its bytes")
    func damagedBlocks() {
        let cases: [([UInt8], Int, String)] = [
            (Self.block(size: 10, [.literal([1, 2]), .copy(offset: 3, length: 4)]), 10, "before the page's start"),
            (Self.block(size: 4, [.literal([1, 2]), .copy(offset: 1, length: 8)]), 4, "more than its 4 bytes"),
            (Self.block(size: 3, [.literal([1, 2, 3, 4])]), 3, "more than its 3 bytes"),
            (Array(Self.block(size: 5, [.literal([1, 2, 3, 4, 5])]).dropLast(2)), 5, "bytes where"),
            (Self.block(size: 6, [.literal([1, 2])]) + [0x02, 0x01], 6, "cut short"),
            (Self.block(size: 6, [.literal([1, 2])]), 6, "makes 2 of its 6 bytes"),
            // A block that goes on past its size is damaged, even once the size is made.
            (Self.block(size: 2, [.literal([1, 2]), .literal([3])]), 2, "more than its 2 bytes"),
        ]
        for (block, size, message) in cases {
            do {
                _ = try ParquetCodec.snappy(block[...], size: size)
                Issue.record("\(block) decoded")
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }

    @Test("asked for a page's first bytes, Snappy stops soon after them, and give the page's own first bytes")
    func prefixDecompression() throws {
        let page = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3 + $0 / 1000) }
        let snappy = SnappyCompressor.compress(page)
        let first = try ParquetCodec.decompress(snappy[...], codec: 1, size: page.count, prefix: 5000)
        #expect(first.count >= 5000 && first.count < 5100)
        #expect(first == Array(page.prefix(first.count)))
        #expect(try ParquetCodec.decompress(snappy[...], codec: 1, size: page.count) == page)
        #expect(try ParquetCodec.decompress(snappy[...], codec: 1, size: page.count, prefix: -3) == [])
        #expect(try ParquetCodec.decompress(snappy[...], codec: 1, size: page.count, prefix: .max) == page)
        // A block cut short before the prefix is still refused.
        #expect(throws: ParquetMetadata.Failure.self) { try ParquetCodec.decompress(snappy.prefix(100), codec: 1, size: page.count, prefix: 5000) }
    }

    @Test("gzip and zstd pages asked for their first bytes stop soon after them, and give the page's own first bytes")
    func prefixOfStreamedCodecs() throws {
        let page = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3 + $0 / 1000) }
        let zlib = try #require(Zlib.shared), zstdLibrary = try #require(ZstdCompressionLibrary.shared)
        let gzip = try #require(GzipDeflater(zlib: zlib)), zstd = try #require(ZstdCompressor(library: zstdLibrary))
        for (codec, compressor) in [(2, gzip as any Compressor), (6, zstd as any Compressor)] {
            let compressed = try #require(compressor.compress(page, finishing: true))
            let first = try ParquetCodec.decompress(compressed[...], codec: codec, size: page.count, prefix: 5000)
            #expect(first.count >= 5000 && first.count < page.count, "codec \(codec): \(first.count)")
            #expect(first == Array(page.prefix(first.count)), "codec \(codec)")
            #expect(try ParquetCodec.decompress(compressed[...], codec: codec, size: page.count) == page, "codec \(codec)")
        }
    }

    @Test("a compressor asked again once its stream has ended fails at once, never turning for ever")
    func compressorAfterItsEnd() throws {
        let zlib = try #require(Zlib.shared), zstdLibrary = try #require(ZstdCompressionLibrary.shared)
        let gzip = try #require(GzipDeflater(zlib: zlib)), zstd = try #require(ZstdCompressor(library: zstdLibrary))
        for compressor in [gzip as any Compressor, zstd as any Compressor] {
            #expect(compressor.compress(Array("first".utf8), finishing: true) != nil)
            let again = compressor.compress(Array("second".utf8), finishing: true)
            #expect(again == nil || again?.isEmpty == false, "\(type(of: compressor))")
        }
    }

    /// A required column of text.
    static func textLeaf() throws -> ParquetSchemaNode {
        let root = try ParquetSchemaNode.tree([
            .init(name: "schema", type: nil, typeLength: nil, repetition: nil, childCount: 1),
            .init(name: "name", type: 6, typeLength: nil, repetition: 0, childCount: 0),
        ])
        return root.children[0]
    }

    /// A version-1 page of PLAIN text values, Snappy-compressed.
    static func page(_ values: [String]) -> (ParquetPageHeader, [UInt8]) {
        var body: [UInt8] = []
        for value in values {
            let bytes = Array(value.utf8), n = UInt32(bytes.count)
            body += [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + bytes
        }
        let compressed = SnappyCompressor.compress(body)
        return (ParquetPageHeader(type: 0, uncompressedSize: body.count, compressedSize: compressed.count, valueCount: values.count, encoding: 0), compressed)
    }

    /// The texts of byte-array values.
    static func texts(_ values: ParquetValues) -> [String] {
        guard case let .bytes(starts, data) = values else { return [] }
        return starts.indices.dropLast().map { String(decoding: data[starts[$0]..<starts[$0 + 1]], as: UTF8.self) }
    }

    @Test("a page's first values read from its first bytes equal those of the page read whole, and values past those bytes make it whole")
    func firstValuesOfAPage() throws {
        let leaf = try Self.textLeaf()
        let even = (0..<20_000).map { "N\($0)XX" }
        // The first values are long, the rest short: their share of the page's bytes is larger
        // than their share of its values, so the first bytes asked for do not hold them.
        let uneven = (0..<1_200).map { String(repeating: "w", count: 200) + "\($0)" } + (0..<18_800).map { "\($0 % 10)" }
        for values in [even, uneven] {
            let (header, body) = Self.page(values)
            #expect(ParquetChunk.prefixBytes(header, slots: 1024).map { $0 < header.uncompressedSize / 2 } == true)
            var first = ParquetChunk(values: .empty(6))
            try first.appendPage(header, body: body[...], codec: 1, leaf: leaf, type: 6, width: 0, dictionary: nil, limit: 1024)
            #expect(first.slots == 1024)
            #expect(Self.texts(first.values) == Array(values.prefix(1024)))
        }
        // A page of few values, or a first screen of most of them, is made whole.
        let (small, _) = Self.page(Array(even.prefix(100)))
        #expect(ParquetChunk.prefixBytes(small, slots: 40) == nil)
        let (whole, _) = Self.page(even)
        #expect(ParquetChunk.prefixBytes(whole, slots: 15_000) == nil)
        #expect(ParquetChunk.prefixBytes(whole, slots: -1) == nil)
    }
}
