import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67 item 2: a first screen reads only the dictionary entries its rows name, from the
/// dictionary page's first bytes; a page read whole decodes the dictionary once for the chunk.
@Suite struct ParquetDictionaryPageTests {
    /// `values` written PLAIN as physical type `type` (a fixed length of `width` for type 7).
    static func plain(_ values: [Int], type: Int, width: Int) -> [UInt8] {
        func little(_ v: UInt64, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        switch type {
        case 0:
            var bits = [UInt8](repeating: 0, count: (values.count + 7) / 8)
            for (i, v) in values.enumerated() where v % 2 == 1 { bits[i / 8] |= 1 << (i % 8) }
            return bits
        case 1: return values.flatMap { little(UInt64(UInt32(truncatingIfNeeded: $0 * 37 - 1000)), 4) }
        case 2: return values.flatMap { little(UInt64(bitPattern: Int64($0) * -977_777), 8) }
        case 4: return values.flatMap { little(UInt64(Float(Double($0) / 8).bitPattern), 4) }
        case 5: return values.flatMap { little((Double($0) * 1.25 - 3).bitPattern, 8) }
        case 3: return values.flatMap { little(UInt64($0), 8) + little(UInt64($0 % 5000), 4) }
        case 7: return values.flatMap { v in (0..<width).map { UInt8(truncatingIfNeeded: v >> ($0 % 3 * 8)) } }
        default:
            // Texts of uneven lengths: the first entries long, so their share of the page is larger
            // than their share of the entries, which the first guess of bytes does not hold.
            return values.flatMap { v -> [UInt8] in
                let text = Array((v < 300 ? String(repeating: "long ", count: 40) : "") .utf8) + Array("N\(v)".utf8)
                return little(UInt64(text.count), 4) + text
            }
        }
    }

    @Test("the first n entries of a dictionary equal the first n of it decoded whole, for every physical type, codec and count")
    func firstEntriesAsWhole() throws {
        let entries = 5_000
        let zlib = try #require(Zlib.shared)
        let codecs: [(Int, ([UInt8]) throws -> [UInt8])] = [
            (0, { $0 }),
            (1, { SnappyCompressor.compress($0) }),
            // A deflater makes one stream: a new one each page.
            (2, { bytes in try #require(GzipDeflater(zlib: zlib)?.compress(bytes, finishing: true)) }),
        ]
        for type in [0, 1, 2, 3, 4, 5, 6, 7] {
            let body = Self.plain(Array(0..<entries), type: type, width: 5)
            for (codec, compress) in codecs {
                let compressed = try compress(body)
                let header = ParquetPageHeader(type: 2, uncompressedSize: body.count, compressedSize: compressed.count, valueCount: entries, encoding: 0)
                try TemporaryFile.with(bytes: [0, 0, 0] + compressed) { file in
                    let page = ParquetDictionaryPage(header: header, body: 3..<3 + UInt64(compressed.count), codec: codec, type: type, width: 5)
                    let whole = try page.whole(file: file)
                    #expect(whole.count == entries)
                    for n in [0, 1, 7, 40, 299, 301, 1_024, entries - 1, entries, entries + 9, Int.max, -3] {
                        let first = try page.first(n, file: file)
                        let wanted = Swift.min(Swift.max(0, n), entries)
                        #expect(first.count == (n >= entries || n == Int.max ? entries : wanted), "type \(type), codec \(codec), n \(n): \(first.count)")
                        let indices = (0..<UInt32(wanted)).map { $0 }
                        let part = "\(try first.gathering(indices).plain())", all = "\(try whole.gathering(indices).plain())"
                        #expect(part == all, "type \(type), codec \(codec), n \(n)")
                    }
                }
            }
        }
    }

    @Test("an index past a dictionary read in part is refused as past the dictionary, not read as zeros")
    func indexPastTheDictionary() throws {
        let body = Self.plain(Array(0..<100), type: 6, width: 0)
        let compressed = SnappyCompressor.compress(body)
        let header = ParquetPageHeader(type: 2, uncompressedSize: body.count, compressedSize: compressed.count, valueCount: 100, encoding: 0)
        try TemporaryFile.with(bytes: compressed) { file in
            let dictionary = ParquetChunk.Dictionary.onPage(ParquetDictionaryPage(header: header, body: 0..<UInt64(compressed.count), codec: 1, type: 6, width: 0), file)
            let three = try dictionary.gathering([3, 0, 99]).count
            #expect(three == 3)
            for indices: [UInt32] in [[3, 100], [UInt32.max]] {
                do {
                    _ = try dictionary.gathering(indices)
                    Issue.record("\(indices) gathered")
                } catch {
                    #expect("\(error)".contains("past the dictionary's 100 entries"), "\(error)")
                }
            }
        }
    }

    @Test("a first screen leaves each dictionary undecoded and reads the entries it names; a page read whole decodes it once; the values are the same either way")
    func firstScreenReadsOnlyNamedEntries() throws {
        // Many distinct values a column: dictionaries of thousands of entries.
        let csv = "id,tail,delay\n" + (0..<6_000).map { "\($0 * 7),N\($0 % 4_000)XX,\($0 % 3_000).5" }.joined(separator: "\n") + "\n"
        let saved = try ParquetWriterTests.savedFromFile(csv, numeric: [true, false, true])
        let whole = try ParquetWriterTests.values(saved)
        let table = try ParquetTable(file: saved.file)
        func kept(_ field: Int) -> ParquetPageIndex? {
            guard case let .index(index)? = table.cache.value(for: ParquetCache.Key(group: 0, field: field, page: ParquetCache.Key.pageIndex)) else { return nil }
            return index
        }
        func read(_ rows: Range<Int>) throws -> [[String?]] {
            try table.rows(at: rows, progress: .unwatched).map { $0.map { $0.isMissing ? nil : $0.description } }
        }
        #expect(try read(0..<40) == Array(whole[0..<40]))
        let dictionaries = (0..<3).filter { kept($0)?.dictionaryPage != nil }
        try #require(!dictionaries.isEmpty, "the writer dictionary-encodes these columns")
        for field in dictionaries {
            #expect(kept(field)?.lacksDictionary == true, "field \(field): its dictionary decoded for a first screen")
        }
        #expect(try read(5_990..<6_000) == Array(whole[5_990..<6_000]))
        for field in dictionaries {
            #expect(kept(field)?.dictionary?.count == kept(field)?.dictionaryPage?.entries, "field \(field): decoded whole for a page read whole")
        }
        #expect(try read(0..<6_000) == whole)
    }
}
