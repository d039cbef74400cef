/// One column chunk of a row group, its pages read and decoded: the definition and repetition
/// levels of every value slot, and the values that are there.
struct ParquetChunk: Sendable {
    /// Each slot's definition level; empty when the column can hold no null.
    var definitions: [UInt8] = []
    /// Each slot's repetition level; empty when the column does not repeat.
    var repetitions: [UInt8] = []
    /// The values that are there, in order.
    var values: ParquetValues
    /// The number of slots (values and nulls, with the empty lists).
    var slots = 0

    /// The chunk `chunk` of leaf `leaf`, read from `file`: every page of it.
    static func read(_ chunk: ParquetMetadata.ColumnChunk, leaf: ParquetSchemaNode, from file: FileBytes) throws(ParquetMetadata.Failure) -> ParquetChunk {
        let index = try ParquetPageIndex(chunk, leaf: leaf, file: file)
        return try index.decode(index.pages.indices, leaf: leaf, file: file)
    }

    /// The most values a page may hold: writers cut pages at about 1 MB, and a damaged header
    /// saying more is not given the memory it asks for.
    static let pageValueLimit = 1 << 24
    /// The most values a column chunk may hold (a row group of a hundred million rows).
    static let chunkValueLimit = 1 << 27

    /// The bits a level up to `maximum` takes.
    static func bitWidth(_ maximum: Int) -> Int { maximum <= 0 ? 0 : Int.bitWidth - maximum.leadingZeroBitCount }

    /// A data page opened: its levels read, and a reader at its values.
    struct OpenedPage {
        var reader: ParquetBytes
        var definitions: [UInt8]
        var repetitions: [UInt8]
        /// The values there (slots whose definition level is the leaf's).
        var present: Int
    }

    /// Decodes the page with `header` and `body` onto the values: only its first `limit` slots
    /// where its values can be read so (plain, dictionary indices, RLE truth values, in a column
    /// that does not repeat), all of them otherwise; ``slots`` says how many were. Those first
    /// slots are read from the page's first bytes alone (``prefixBytes(_:slots:)``) where they
    /// are there, from the page made whole where not.
    mutating func appendPage(_ header: ParquetPageHeader, body: ArraySlice<UInt8>, codec: Int, leaf: ParquetSchemaNode, type: Int, width: Int,
                             dictionary: Dictionary?, limit: Int = .max) throws(ParquetMetadata.Failure) {
        let readsAPrefix = limit < header.valueCount && leaf.repetitionLevel == 0 && [0, 2, 3, 8].contains(header.encoding)
        let count = readsAPrefix ? Swift.max(0, limit) : header.valueCount
        func decoded(prefix: Int) throws(ParquetMetadata.Failure) -> (OpenedPage, ParquetValues) {
            var page = try Self.open(header, body: body, codec: codec, leaf: leaf, slots: count, prefix: prefix)
            let values = try Self.values(of: &page, header, leaf: leaf, type: type, width: width, dictionary: dictionary)
            return (page, values)
        }
        var page: OpenedPage, values: ParquetValues
        if readsAPrefix, let prefix = Self.prefixBytes(header, slots: count, levels: Self.levelBytes(header, body: body, codec: codec, leaf: leaf)) {
            // A reader that runs out of the first bytes fails; the page is then made whole,
            // which says what is wrong where something is.
            do { (page, values) = try decoded(prefix: prefix) } catch { (page, values) = try decoded(prefix: .max) }
        } else {
            (page, values) = try decoded(prefix: .max)
        }
        try self.values.append(values)
        definitions += page.definitions
        repetitions += page.repetitions
        slots += count
    }

    /// The first bytes of a page (once decompressed) that likely hold its first `slots` slots'
    /// levels and values: the levels that come first in a version-1 page (`levels` bytes, their
    /// length word included; 4 KB where not known), then the values' share of the bytes after
    /// them, half as much again, and 64 bytes; nil where that is most of the page. A version-2
    /// page's levels are not compressed, and not counted.
    static func prefixBytes(_ header: ParquetPageHeader, slots: Int, levels: Int? = nil) -> Int? {
        guard header.valueCount > 0, slots >= 0, slots < header.valueCount else { return nil }
        let isV2 = header.type == PageType.dataV2
        let size = isV2 ? header.uncompressedSize - header.repetitionBytes - header.definitionBytes : header.uncompressedSize
        let before = isV2 ? 0 : levels ?? 4096
        guard size > 0, before >= 0, before < size else { return nil }
        // The values' bytes: the page's, less the levels where their length is known.
        let valueBytes = isV2 ? size : size - (levels ?? 0)
        let share = Double(valueBytes) * Double(slots) / Double(header.valueCount)
        let prefix = before + Int(share * 1.5) + 64
        return prefix < size / 2 ? prefix : nil
    }

    /// The bytes a version-1 page's levels take at its start, their length word included (0
    /// for a column of no levels), read from its first four bytes decompressed; nil for a
    /// version-2 page and where those bytes cannot be read (the page, read whole, then says why).
    static func levelBytes(_ header: ParquetPageHeader, body: ArraySlice<UInt8>, codec: Int, leaf: ParquetSchemaNode) -> Int? {
        guard header.type == PageType.data else { return nil }
        guard leaf.definitionLevel > 0 || leaf.repetitionLevel > 0 else { return 0 }
        // Only where the levels are one run: a repeated column has two, and is read whole.
        guard leaf.repetitionLevel == 0 else { return nil }
        do {
            var reader = ParquetBytes(try ParquetCodec.firstBytes(body, codec: codec, size: header.uncompressedSize, count: 4))
            return 4 + Int(try reader.littleEndian(4))
        } catch {
            return nil
        }
    }

    /// A chunk's dictionary as a page is decoded with it.
    enum Dictionary: Sendable {
        /// Decoded whole.
        case decoded(ParquetValues)
        /// Not decoded: the entries a page names are read from the page's first bytes.
        case onPage(ParquetDictionaryPage, FileBytes)

        /// The values at `indices`, each checked to be an entry.
        func gathering(_ indices: [UInt32]) throws(ParquetMetadata.Failure) -> ParquetValues {
            switch self {
            case let .decoded(values): return try values.gathering(indices)
            case let .onPage(page, file):
                // As many entries as the largest index needs: a dictionary with fewer fails below.
                let needed = indices.max().map { Int($0) + 1 } ?? 0
                return try page.first(needed, file: file).gathering(indices)
            }
        }
    }

    /// The values of an opened page: its first ``OpenedPage/present`` of them.
    private static func values(of page: inout OpenedPage, _ header: ParquetPageHeader, leaf: ParquetSchemaNode, type: Int, width: Int,
                               dictionary: Dictionary?) throws(ParquetMetadata.Failure) -> ParquetValues {
        let present = page.present
        let values: ParquetValues
        switch header.encoding {
        case Encoding.plain: values = try ParquetValues.plain(&page.reader, type: type, count: present, width: width)
        case Encoding.plainDictionary, Encoding.rleDictionary:
            guard let dictionary else { throw ParquetBytes.failure("a page of \(leaf.element.name) names a dictionary the chunk does not have") }
            if present == 0 {
                values = .empty(type)
            } else {
                let bits = Int(try page.reader.byte())
                values = try dictionary.gathering(try page.reader.hybrid(present, width: bits, as: UInt32.self))
            }
        case Encoding.rle:
            guard type == ParquetCode.Physical.boolean else { throw ParquetBytes.failure("RLE values in a column that is not of booleans") }
            // RLE booleans carry their byte length first.
            _ = try page.reader.littleEndian(4)
            values = .booleans(try page.reader.hybrid(present, width: 1, as: UInt8.self).map { $0 != 0 })
        default:
            values = try ParquetValues.decoded(&page.reader, encoding: header.encoding, type: type, count: present, width: width)
        }
        guard values.count == present else { throw ParquetBytes.failure("a page of \(leaf.element.name) holds \(values.count) of its \(present) values") }
        return values
    }

    /// How often each of a dictionary's `entries` entries occurs on a dictionary-encoded data
    /// page, and its nulls, with no value decoded; nil for a page written another way.
    static func entryCounts(_ header: ParquetPageHeader, body: ArraySlice<UInt8>, codec: Int, leaf: ParquetSchemaNode,
                            entries: Int) throws(ParquetMetadata.Failure) -> (counts: [Int], nulls: Int)? {
        guard [2, 8].contains(header.encoding), leaf.repetitionLevel == 0 else { return nil }
        var page = try open(header, body: body, codec: codec, leaf: leaf)
        var counts = [Int](repeating: 0, count: entries)
        if page.present > 0 {
            let bits = Int(try page.reader.byte())
            try page.reader.countHybrid(page.present, width: bits, into: &counts)
        }
        return (counts, header.valueCount - page.present)
    }

    /// The page with `header` and `body` opened: decompressed (only its first `prefix` bytes
    /// where the codec can stop early: ``ParquetCodec/decompress(_:codec:size:prefix:)``), the
    /// levels of its first `slots` slots read (every slot's by default).
    static func open(_ header: ParquetPageHeader, body: ArraySlice<UInt8>, codec: Int, leaf: ParquetSchemaNode,
                     slots: Int? = nil, prefix: Int = .max) throws(ParquetMetadata.Failure) -> OpenedPage {
        let count = slots.map { Swift.min(Swift.max(0, $0), header.valueCount) } ?? header.valueCount
        let maxDefinition = leaf.definitionLevel, maxRepetition = leaf.repetitionLevel
        var reader: ParquetBytes
        var pageRepetitions: [UInt8] = [], pageDefinitions: [UInt8] = []
        if header.type == PageType.dataV2 {
            // Version 2: the levels first, never compressed, then the values.
            let levels = header.repetitionBytes + header.definitionBytes
            guard levels <= body.count else { throw ParquetBytes.failure("a page's levels run past the page") }
            let raw = Array(body)
            if maxRepetition > 0 {
                var r = ParquetBytes(raw, 0..<header.repetitionBytes)
                pageRepetitions = try r.hybrid(count, width: Self.bitWidth(maxRepetition), as: UInt8.self)
            }
            if maxDefinition > 0 {
                var d = ParquetBytes(raw, header.repetitionBytes..<levels)
                pageDefinitions = try d.hybrid(count, width: Self.bitWidth(maxDefinition), as: UInt8.self)
            }
            let rest = body.dropFirst(levels)
            reader = ParquetBytes(header.isCompressed ? try ParquetCodec.decompress(rest, codec: codec, size: header.uncompressedSize - levels, prefix: prefix) : Array(rest))
        } else {
            reader = ParquetBytes(try ParquetCodec.decompress(body, codec: codec, size: header.uncompressedSize, prefix: prefix))
            if maxRepetition > 0 { pageRepetitions = try Self.lengthPrefixedLevels(&reader, count: count, maximum: maxRepetition) }
            if maxDefinition > 0 { pageDefinitions = try Self.lengthPrefixedLevels(&reader, count: count, maximum: maxDefinition) }
        }
        // Levels fit a byte: the schema nests at most 64 deep.
        var present = count
        if maxDefinition > 0 {
            present = 0
            let full = UInt8(truncatingIfNeeded: maxDefinition)
            for level in pageDefinitions where level == full { present += 1 }
        }
        return OpenedPage(reader: reader, definitions: pageDefinitions, repetitions: pageRepetitions, present: present)
    }

    /// Levels of a version-1 page: their byte length, then the hybrid runs.
    private static func lengthPrefixedLevels(_ reader: inout ParquetBytes, count: Int, maximum: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        let length = Int(try reader.littleEndian(4))
        let range = try reader.take(length)
        var levels = ParquetBytes(reader.bytes, range)
        return try levels.hybrid(count, width: bitWidth(maximum), as: UInt8.self)
    }
}

/// Where a column chunk's pages are, read from their headers alone (the bodies passed over),
/// with its dictionary decoded (or, for a first screen, only found): any page is then read
/// without the pages before it.
struct ParquetPageIndex: Sendable {
    /// A data page: where it is in the file (its header, where read, and its body, or the
    /// header and body together as an offset index places it), its first slot in the chunk and
    /// its slots.
    struct Page: Sendable {
        var header: ParquetPageHeader?
        var body: Range<UInt64>
        var firstSlot: Int
        var valueCount: Int
    }
    var pages: [Page] = []
    /// The chunk's dictionary page, where it has one.
    private(set) var dictionaryPage: ParquetDictionaryPage?
    /// Its entries, decoded: nil until asked for (``init(_:leaf:file:through:wholeDictionary:)``,
    /// ``decodeDictionary(file:)``), and for a chunk without one.
    private(set) var dictionary: ParquetValues?
    /// True when the chunk has a dictionary not decoded yet.
    var lacksDictionary: Bool { dictionaryPage != nil && dictionary == nil }
    /// True when a dictionary page found is decoded at once.
    private var decodesDictionary: Bool
    let codec: Int
    /// The slots of all the pages.
    var slots = 0
    /// True when the pages were placed by the chunk's offset index, their headers not read.
    private(set) var fromOffsetIndex = false
    /// Where the next page's header is, while the pages are found only as far as asked
    /// (``extend(through:leaf:file:)``); nil once every page is.
    private var next: UInt64?
    /// Where the chunk ends, and the values it says it holds.
    private var end: UInt64 = 0
    private var chunkValues = 0

    /// True when every page of the chunk is found.
    var isComplete: Bool { next == nil }

    /// True when the pages found hold slot `slot` (or every page is found).
    func holds(_ slot: Int) -> Bool { next == nil || slot < slots }

    /// The pages of `chunk` of `leaf` in `file`, at least as far as slot `through`: placed by
    /// its offset index where it has one and the leaf does not repeat (a row a slot), else found
    /// by reading each page's header, only as far as `through` (the first screen of a chunk of
    /// fifty pages reads one header, not fifty). Its dictionary is decoded when
    /// `wholeDictionary` says so, else only found (a page is then decoded with the entries it
    /// names, read from the dictionary's first bytes).
    init(_ chunk: ParquetMetadata.ColumnChunk, leaf: ParquetSchemaNode, file: FileBytes, through: Int = .max,
         wholeDictionary: Bool = true) throws(ParquetMetadata.Failure) {
        decodesDictionary = wholeDictionary
        guard chunk.start <= file.size, UInt64(chunk.compressedSize) <= file.size - chunk.start else {
            throw ParquetBytes.failure("the column chunk of \(leaf.element.name) runs past the file's end")
        }
        guard chunk.valueCount <= ParquetChunk.chunkValueLimit else { throw ParquetBytes.failure("the column chunk of \(leaf.element.name) says it holds \(chunk.valueCount) values") }
        codec = chunk.codec
        let type = leaf.element.type ?? ParquetCode.Physical.byteArray, width = leaf.element.typeLength ?? 0
        let end = chunk.start + UInt64(chunk.compressedSize)
        if !leaf.isRepeated, leaf.repetitionLevel == 0, let placed = Self.placed(chunk, end: end, file: file) {
            pages = placed
            slots = chunk.valueCount
            fromOffsetIndex = true
            // A dictionary page comes before the first data page.
            if let first = placed.first?.body.lowerBound, first > chunk.start {
                let (header, bodyStart) = try Self.header(at: chunk.start, end: first, file: file)
                guard header.type == PageType.dictionary, UInt64(header.compressedSize) <= first - bodyStart else { return }
                try found(ParquetDictionaryPage(header: header, body: bodyStart..<bodyStart + UInt64(header.compressedSize), codec: codec, type: type, width: width), file: file)
            }
            return
        }
        next = chunk.start
        self.end = end
        chunkValues = chunk.valueCount
        try extend(through: through, leaf: leaf, file: file)
    }

    /// Finds the pages after those found, as far as slot `through` (every page for `Int.max`).
    ///
    /// - Throws: when a page's header cannot be read, or the pages hold fewer values than the
    ///   chunk says.
    mutating func extend(through: Int, leaf: ParquetSchemaNode, file: FileBytes) throws(ParquetMetadata.Failure) {
        guard var at = next else { return }
        let type = leaf.element.type ?? ParquetCode.Physical.byteArray, width = leaf.element.typeLength ?? 0
        while at < end && slots < chunkValues && slots <= through {
            let (header, bodyStart) = try Self.header(at: at, end: end, file: file)
            guard header.valueCount <= ParquetChunk.pageValueLimit else { throw ParquetBytes.failure("a page of \(leaf.element.name) says it holds \(header.valueCount) values") }
            guard UInt64(header.compressedSize) <= end - bodyStart else { throw ParquetBytes.failure("a page of \(leaf.element.name) runs past its chunk") }
            let body = bodyStart..<bodyStart + UInt64(header.compressedSize)
            at = body.upperBound
            switch header.type {
            case PageType.dictionary: try found(ParquetDictionaryPage(header: header, body: body, codec: codec, type: type, width: width), file: file)
            case PageType.data, PageType.dataV2:
                pages.append(Page(header: header, body: body, firstSlot: slots, valueCount: header.valueCount))
                slots += header.valueCount
            default: continue
            }
        }
        if at < end && slots < chunkValues {
            next = at
            return
        }
        next = nil
        guard slots >= chunkValues else {
            throw ParquetBytes.failure("the column chunk of \(leaf.element.name) holds \(slots) of its \(chunkValues) values")
        }
    }

    /// Keeps the dictionary page found, decoded when the index decodes its dictionary.
    private mutating func found(_ page: ParquetDictionaryPage, file: FileBytes) throws(ParquetMetadata.Failure) {
        dictionaryPage = page
        dictionary = decodesDictionary ? try page.whole(file: file) : nil
    }

    /// Decodes the dictionary, where the chunk has one not decoded yet.
    mutating func decodeDictionary(file: FileBytes) throws(ParquetMetadata.Failure) {
        decodesDictionary = true
        guard lacksDictionary, let dictionaryPage else { return }
        dictionary = try dictionaryPage.whole(file: file)
    }

    static func read(_ range: Range<UInt64>, file: FileBytes) throws(ParquetMetadata.Failure) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try file.read(at: range.lowerBound, count: Int(range.count)) } catch { throw ParquetBytes.failure("\(error)") }
        guard bytes.count == range.count else { throw ParquetBytes.failure("the file ends inside a page") }
        return bytes
    }

    /// The page header at `at`, read a window at a time (most take some tens of bytes; one
    /// with large statistics more), and where its body starts.
    private static func header(at: UInt64, end: UInt64, file: FileBytes) throws(ParquetMetadata.Failure) -> (ParquetPageHeader, UInt64) {
        var window: UInt64 = 512
        while true {
            let count = Swift.min(window, end - at)
            let bytes = try read(at..<at + count, file: file)
            do {
                let (header, size) = try ParquetPageHeader.read(bytes, at: 0)
                return (header, at + UInt64(size))
            } catch {
                // Cut short by the window: read more, up to the chunk's end.
                guard count < end - at else { throw error }
                window *= 8
            }
        }
    }

    /// The pages `pages` (indices into ``pages``, in order) read and decoded into one chunk; of
    /// one page, only its first `limit` slots where its encoding allows (``ParquetChunk/slots``
    /// says how many were).
    func decode(_ pages: Range<Int>, leaf: ParquetSchemaNode, file: FileBytes, limit: Int = .max) throws(ParquetMetadata.Failure) -> ParquetChunk {
        let type = leaf.element.type ?? ParquetCode.Physical.byteArray, width = leaf.element.typeLength ?? 0
        var decoded = ParquetChunk(values: .empty(type))
        let pages = pages.clamped(to: self.pages.indices)
        for page in self.pages[pages] {
            let (header, body) = try read(page, leaf: leaf, file: file)
            try decoded.appendPage(header, body: ArraySlice(body), codec: codec, leaf: leaf, type: type, width: width,
                                   dictionary: dictionary.map { .decoded($0) } ?? dictionaryPage.map { .onPage($0, file) },
                                   limit: pages.count == 1 ? limit : .max)
        }
        return decoded
    }

    /// How often each dictionary entry occurs on page `page` (an index into ``pages``), and
    /// its nulls, counted from its indices alone; nil for a page not dictionary-encoded.
    func entryCounts(_ page: Int, leaf: ParquetSchemaNode, file: FileBytes) throws(ParquetMetadata.Failure) -> (counts: [Int], nulls: Int)? {
        // The entries decoded are counted, not those the page's header claims (a damaged one
        // could claim billions); an index reads its dictionary whole unless told not to.
        guard pages.indices.contains(page), let dictionary else { return nil }
        let (header, body) = try read(pages[page], leaf: leaf, file: file)
        return try ParquetChunk.entryCounts(header, body: ArraySlice(body), codec: codec, leaf: leaf, entries: dictionary.count)
    }

    /// `page`'s header and body, read (a page an offset index placed has its header read here).
    private func read(_ page: Page, leaf: ParquetSchemaNode, file: FileBytes) throws(ParquetMetadata.Failure) -> (ParquetPageHeader, [UInt8]) {
        guard let header = page.header else {
            // Placed by the offset index: the header starts the span, the body fills the rest.
            let span = page.body
            let (read, bodyStart) = try Self.header(at: span.lowerBound, end: span.upperBound, file: file)
            guard read.type == PageType.data || read.type == PageType.dataV2, UInt64(read.compressedSize) == span.upperBound - bodyStart, read.valueCount == page.valueCount else {
                throw ParquetBytes.failure("a page of \(leaf.element.name) is not where the offset index places it")
            }
            return (read, try Self.read(bodyStart..<span.upperBound, file: file))
        }
        return (header, try Self.read(page.body, file: file))
    }

    /// The data pages `chunk`'s offset index places (`PageLocation`s: offset, size, first row),
    /// when it has one that is whole: each page inside the chunk, after the last, the first
    /// rows rising from 0 within the chunk's values. Nil for none or a damaged one, whose pages
    /// are then found by their headers.
    private static func placed(_ chunk: ParquetMetadata.ColumnChunk, end: UInt64, file: FileBytes) -> [Page]? {
        guard let span = chunk.offsetIndex, span.upperBound <= file.size else { return nil }
        // An index that cannot be read is passed over, not reported: the pages' own headers
        // place them as well, and report what is wrong with the chunk itself.
        let index: ThriftValue
        do {
            var reader = ThriftReader(try read(span, file: file))
            index = try reader.readStruct()
        } catch {
            return nil
        }
        guard let locations = index[1]?.elements, !locations.isEmpty else { return nil }
        var pages: [Page] = []
        var after = chunk.start
        for (k, location) in locations.enumerated() {
            guard let offset = location[1]?.int, let size = location[2]?.int, let first = location[3]?.int,
                  offset >= 0, size > 0, UInt64(offset) >= after, UInt64(offset) <= end, UInt64(size) <= end - UInt64(offset),
                  first >= 0, first < Int64(chunk.valueCount), (k == 0) == (first == 0), pages.last.map({ Int64($0.firstSlot) < first }) ?? true else { return nil }
            after = UInt64(offset) + UInt64(size)
            if var last = pages.popLast() {
                last.valueCount = Int(first) - last.firstSlot
                pages.append(last)
            }
            pages.append(Page(header: nil, body: UInt64(offset)..<after, firstSlot: Int(first), valueCount: chunk.valueCount - Int(first)))
        }
        guard pages.allSatisfy({ $0.valueCount <= ParquetChunk.pageValueLimit }) else { return nil }
        return pages
    }

    /// The pages holding slots `slots` (for a column that does not repeat, its rows).
    func pages(holding slots: Range<Int>) -> Range<Int> {
        guard !slots.isEmpty, !pages.isEmpty else { return 0..<0 }
        return page(holding: slots.lowerBound)..<(page(holding: slots.upperBound - 1) + 1)
    }

    /// The page holding slot `slot` (the first or last page for one outside them).
    func page(holding slot: Int) -> Int {
        var low = 0, high = pages.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pages[mid].firstSlot <= slot { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The bytes it keeps, about.
    var memory: Int { pages.count * 96 + (dictionary.map(ParquetColumn.memory(of:)) ?? 0) }
}

private typealias Encoding = ParquetCode.Encoding
private typealias PageType = ParquetCode.Page
