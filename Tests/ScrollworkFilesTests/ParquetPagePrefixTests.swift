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

    @Test("a version-1 page's levels are measured from its first bytes, so a first screen decompresses them and its values' share: no more, and never too few")
    func levelsMeasuredFirst() throws {
        // Two columns of reals with nulls: one every seventh row (levels in many short runs,
        // tens of kilobytes, more than the four the estimate allowed) and one null alone (a few
        // bytes of levels). Each page starts with its definition levels.
        let csv = "id,delay,late\n" + (0..<60_000).map { "\($0),\($0 % 7 == 0 ? "" : "\($0 % 500 - 200).5"),\($0 == 3 ? "" : "\($0 % 300).25")" }
            .joined(separator: "\n") + "\n"
        let table = try ParquetWriterTests.savedFromFile(csv, numeric: [true, true, true])
        for field in [1, 2] {
            let leaf = table.root.children[field], index = try table.pageIndex(field, group: 0)
            let chunk = try #require(table.footer.first?.columns[field])
            let page = try #require(index.pages.first), header = try #require(page.header)
            try #require(header.type == 0 && leaf.definitionLevel == 1 && header.valueCount >= 4 * ParquetTable.prefixRows)
            let body = try ParquetPageIndex.read(page.body, file: table.file)[...]
            let whole = try ParquetChunk.open(header, body: body, codec: chunk.codec, leaf: leaf)
            let levels = try #require(ParquetChunk.levelBytes(header, body: body, codec: chunk.codec, leaf: leaf))
            // The length word and the levels it counts: the values start right after them.
            var decompressed = ParquetBytes(try ParquetCodec.decompress(body, codec: chunk.codec, size: header.uncompressedSize))
            #expect(levels == 4 + Int(try decompressed.littleEndian(4)))
            let exact = try #require(ParquetChunk.prefixBytes(header, slots: ParquetTable.prefixRows, levels: levels))
            let estimated = try #require(ParquetChunk.prefixBytes(header, slots: ParquetTable.prefixRows))
            if field == 1 {
                // The estimate stopped inside the levels: the page was read twice, the second time whole.
                #expect(estimated < levels, "\(estimated) against \(levels) bytes of levels")
                #expect(throws: ParquetMetadata.Failure.self) {
                    try ParquetChunk.open(header, body: body, codec: chunk.codec, leaf: leaf, slots: ParquetTable.prefixRows, prefix: estimated)
                }
            } else {
                #expect(exact + 2048 < estimated, "\(exact) against \(estimated)")
            }
            // The first bytes hold the first slots' levels and values: read without running out.
            var first = try ParquetChunk.open(header, body: body, codec: chunk.codec, leaf: leaf, slots: ParquetTable.prefixRows, prefix: exact)
            var all = whole
            #expect(first.definitions == Array(whole.definitions.prefix(ParquetTable.prefixRows)))
            if header.encoding == 0 {
                // The values' equality with the page read whole is `firstRowsOfALongPage`'s.
                #expect(try ParquetValues.plain(&first.reader, type: leaf.element.type ?? 5, count: first.present, width: 0).count == first.present)
            } else {
                let bits = Int(try first.reader.byte())
                #expect(bits == Int(try all.reader.byte()))
                let indices = try first.reader.hybrid(first.present, width: bits, as: UInt32.self)
                #expect(indices == Array(try all.reader.hybrid(all.present, width: bits, as: UInt32.self).prefix(first.present)))
            }
            // A version-2 page's levels are not compressed: none are measured.
            var v2 = header
            v2.type = 3
            #expect(ParquetChunk.levelBytes(v2, body: body, codec: chunk.codec, leaf: leaf) == nil)
            // Levels said to run past the page, or fewer than none: no prefix, the page is read whole.
            #expect(ParquetChunk.prefixBytes(header, slots: 10, levels: header.uncompressedSize) == nil)
            #expect(ParquetChunk.prefixBytes(header, slots: 10, levels: -5) == nil)
        }
    }

    @Test("a page's first bytes come from a Snappy block's first literal where it holds them, and are decompressed where not")
    func firstBytesOfAPage() throws {
        let page = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3 + $0 / 1000) }
        let snappy = SnappyCompressor.compress(page)
        for count in [0, 1, 4, 17, 300] {
            #expect(try ParquetCodec.firstBytes(snappy[...], codec: 1, size: page.count, count: count) == Array(page.prefix(count)), "\(count)")
            #expect(try ParquetCodec.firstBytes(page[...], codec: 0, size: page.count, count: count) == Array(page.prefix(count)))
        }
        // Literals of every length form (one byte up to 60, then one to four bytes of length),
        // a first literal shorter than the bytes asked for (the rest copied), and a block that says
        // another size than the page's (refused).
        for length in [1, 3, 60, 61, 255, 256, 70_000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var block = [UInt8]()
            var n = length
            while n >= 0x80 { block.append(UInt8(n & 0x7F) | 0x80); n >>= 7 }
            block.append(UInt8(n))
            if length <= 60 {
                block.append(UInt8((length - 1) << 2))
            } else {
                let extra = length - 1, width = extra < 1 << 8 ? 1 : extra < 1 << 16 ? 2 : 3
                block.append(UInt8((59 + width) << 2))
                for k in 0..<width { block.append(UInt8(truncatingIfNeeded: extra >> (8 * k))) }
            }
            block += bytes
            #expect(try ParquetCodec.firstBytes(block[...], codec: 1, size: length, count: 4) == Array(bytes.prefix(4)), "\(length)")
            #expect(throws: ParquetMetadata.Failure.self) { try ParquetCodec.firstBytes(block[...], codec: 1, size: length + 1, count: 4) }
        }
        let shortFirst = Self.block(size: 10, [.literal([9, 8]), .copy(offset: 2, length: 8)])
        #expect(try ParquetCodec.firstBytes(shortFirst[...], codec: 1, size: 10, count: 4) == [9, 8, 9, 8])
        #expect(throws: ParquetMetadata.Failure.self) { try ParquetCodec.firstBytes(shortFirst.prefix(2), codec: 1, size: 10, count: 4) }
        #expect(throws: ParquetMetadata.Failure.self) { try ParquetCodec.snappy(shortFirst[...], size: -1) }
    }
}
