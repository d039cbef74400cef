/// What a Parquet file's footer says: its schema, its row groups and their column chunks,
/// read from the Thrift compact structs (`FileMetaData` of parquet.thrift), each field by its
/// number; fields this reader does not use are passed over.
struct ParquetMetadata: Sendable {
    /// The schema in the file's order: the root, then each field depth first.
    var schema: [SchemaElement]
    /// The number of rows in the file.
    var rowCount: Int
    /// The row groups, in the file's order.
    var rowGroups: [RowGroup]
    /// What wrote the file ("parquet-cpp-arrow version 26.0.1").
    var createdBy: String?

    /// One element of the schema: a group (with children) or a column of values.
    struct SchemaElement: Sendable, Hashable {
        var name: String
        /// The physical type (`Type`), nil for a group.
        var type: Int?
        var typeLength: Int?
        /// 0 required, 1 optional, 2 repeated; nil for the root.
        var repetition: Int?
        var childCount: Int
        /// The converted type (`ConvertedType`), where the writer set one.
        var converted: Int?
        var scale: Int?
        var precision: Int?
        /// The logical type, as its union's struct.
        var logical: ThriftValue?

        /// The logical type's union member: its field id (5 decimal, 10 integer, …) and its
        /// value; nil where the writer set none.
        var logicalType: (id: Int16, value: ThriftValue)? {
            guard case let .structure(union)? = logical, let (id, value) = union.first else { return nil }
            return (id, value)
        }
    }

    /// A row group: its rows and one chunk a column.
    struct RowGroup: Sendable, Hashable {
        var rowCount: Int
        var columns: [ColumnChunk]
    }

    /// Where one column's values in a row group are, and how they are written.
    struct ColumnChunk: Sendable, Hashable {
        /// The physical type.
        var type: Int
        /// `CompressionCodec`: 0 none, 1 Snappy, 2 gzip, 4 Brotli, 5 LZ4 (Hadoop's), 6 zstd, 7 LZ4 raw.
        var codec: Int
        var valueCount: Int
        /// Bytes from the first page (the dictionary's, where there is one) to the chunk's end.
        var start: UInt64
        var compressedSize: Int
        var uncompressedSize: Int
        /// The `Encoding`s its pages use.
        var encodings = NumberSet()
        /// Its nulls and least and greatest values, PLAIN-encoded, where the writer said them.
        var statistics: Statistics? = nil
        /// Where its offset index is in the file (each data page's place and first row), where
        /// the writer wrote one.
        var offsetIndex: Range<UInt64>? = nil
        /// Where its column index is (each data page's least and greatest values and whether it
        /// holds only nulls), where the writer wrote one.
        var columnIndex: Range<UInt64>? = nil
    }

    /// What a column chunk's `Statistics` say: each part nil where the writer left it out. The
    /// least and greatest values stay in the footer's bytes until asked for, so that reading a
    /// footer of thousands of chunks makes no arrays for them.
    struct Statistics: Sendable, Hashable {
        var nullCount: Int?
        private var footer: [UInt8] = []
        private var least: Range<Int>?
        private var greatest: Range<Int>?

        /// The least value, PLAIN-encoded.
        var minimum: [UInt8]? { least.map { Array(footer[$0]) } }
        /// The greatest value, PLAIN-encoded.
        var maximum: [UInt8]? { greatest.map { Array(footer[$0]) } }

        /// The `Statistics` struct `reader` is at: its newer `min_value`/`max_value` first, else
        /// the older `min`/`max` (which only signed numbers can trust, as the only columns asked
        /// of them are).
        init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
            footer = reader.source
            var max: Range<Int>?, min: Range<Int>?, maxValue: Range<Int>?, minValue: Range<Int>?
            var nulls: Int?
            try reader.readFields { reader, id, type throws(ThriftReader.Failure) in
                switch (id, type) {
                case (1, 8): max = try reader.binarySpan()
                case (2, 8): min = try reader.binarySpan()
                case (3, _): nulls = try reader.fieldInteger(type).map { Int(truncatingIfNeeded: $0) }
                case (5, 8): maxValue = try reader.binarySpan()
                case (6, 8): minValue = try reader.binarySpan()
                default: return false
                }
                return true
            }
            nullCount = nulls
            least = minValue ?? min
            greatest = maxValue ?? max
        }

        static func == (a: Statistics, b: Statistics) -> Bool {
            a.nullCount == b.nullCount && a.minimum == b.minimum && a.maximum == b.maximum
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(nullCount)
            hasher.combine(minimum)
            hasher.combine(maximum)
        }
    }

    /// A set of the footer's small numbers (a chunk's `Encoding`s, the file's codecs): those under
    /// 64 (every one the format names) in one word, so that a footer of thousands of chunks makes
    /// no array a chunk.
    struct NumberSet: Sendable, Hashable {
        private var low: UInt64 = 0
        private var others: [Int] = []

        /// Adds `number`.
        mutating func insert(_ number: Int) {
            if (0..<64).contains(number) { low |= 1 << UInt64(number) } else if !others.contains(number) { others.append(number) }
        }

        /// True when `number` is one of the set's.
        func contains(_ number: Int) -> Bool {
            (0..<64).contains(number) ? low & (1 << UInt64(number)) != 0 : others.contains(number)
        }

        /// Adds every number of `other`.
        mutating func formUnion(_ other: NumberSet) {
            low |= other.low
            for number in other.others { insert(number) }
        }

        /// The numbers, in increasing order.
        var elements: [Int] { ((0..<64).filter { low & (1 << UInt64($0)) != 0 } + others).sorted() }
    }

    /// Why a footer cannot be read.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        var description: String
    }

    /// The footer `bytes` (the Thrift struct alone), read a field at a time: only the fields
    /// this reader uses are made into values.
    init(footer bytes: [UInt8]) throws(Failure) {
        var reader = ThriftReader(bytes)
        var schema: [ThriftValue]?, rows: Int64?, groups: [RawRowGroup]?, createdBy: String?
        do {
            try reader.readFields { reader, id, type throws(ThriftReader.Failure) in
                switch (id, type) {
                case (2, _): schema = try reader.fieldValue(type).elements
                case (3, _): rows = try reader.fieldValue(type).int
                case (4, 9), (4, 10): groups = try RawRowGroup.list(&reader)
                case (6, _): createdBy = try reader.fieldValue(type).string
                default: return false
                }
                return true
            }
        } catch { throw Failure(description: "the footer is not readable: \(error)") }
        guard let schema, let rows, let groups else {
            throw Failure(description: "the footer lacks its schema, row count or row groups")
        }
        self.schema = try Self.elements(schema)
        rowCount = try Self.checkedRowCount(rows)
        self.createdBy = createdBy
        rowGroups = try groups.map { group throws(Failure) in try group.checked() }
    }

    /// The schema's elements, each with its name.
    private static func elements(_ schema: [ThriftValue]) throws(Failure) -> [SchemaElement] {
        try schema.map { element throws(Failure) in
            guard let name = element[4]?.string else { throw Failure(description: "a schema element has no name") }
            return SchemaElement(name: name, type: element[1]?.intValue, typeLength: element[2]?.intValue, repetition: element[3]?.intValue,
                                 childCount: Swift.max(0, element[5]?.intValue ?? 0), converted: element[6]?.intValue, scale: element[7]?.intValue,
                                 precision: element[8]?.intValue, logical: element[10])
        }
    }

    private static func checkedRowCount(_ rows: Int64) throws(Failure) -> Int {
        guard rows >= 0 else { throw Failure(description: "the footer says the file has \(rows) rows") }
        return Int(rows)
    }

    /// What a footer says up to its first row group: its schema, row count, how many row groups
    /// it lists, and the first.
    struct Head: Sendable {
        var schema: [SchemaElement]
        var rowCount: Int
        var groupCount: Int
        var first: RowGroup
    }

    /// The footer `bytes` read only as far as its first row group (a footer of 520 row groups
    /// and 1.2 MB is read in its first few hundred bytes), or nil when that cannot tell its
    /// schema and row count (a writer that put them after the row groups, or one with no row
    /// group), so that the footer must be read whole.
    static func head(footer bytes: [UInt8]) throws(Failure) -> Head? {
        var reader = ThriftReader(bytes)
        var schema: [ThriftValue]?, rows: Int64?, last: Int16 = 0
        do {
            while let (id, type) = try reader.nextField(after: &last) {
                switch (id, type) {
                case (2, _): schema = try reader.fieldValue(type).elements
                case (3, _): rows = try reader.fieldValue(type).int
                case (4, 9), (4, 10):
                    guard let schema, let rows else { return nil }
                    let (count, type) = try reader.listHeader()
                    guard count > 0, type == 12 else { return nil }
                    let first = try RawRowGroup.read(&reader)
                    return Head(schema: try elements(schema), rowCount: try checkedRowCount(rows), groupCount: count, first: try first.checked())
                case (_, 1), (_, 2): continue
                default: try reader.skip(type)
                }
            }
        } catch { throw Failure(description: "the footer is not readable: \(error)") }
        return nil
    }
}

/// A struct's fields 1 to 8 that are whole numbers or truth values (a page header's and its
/// kind's: all a reader of pages needs), the rest passed over.
private struct NumberFields {
    private var numbers: [Int64?] = Array(repeating: nil, count: 9)
    private var flags: [Bool?] = Array(repeating: nil, count: 9)

    /// Field `id` as an `Int`, where it is a whole number.
    subscript(_ id: Int) -> Int? { numbers[id].map { Int(truncatingIfNeeded: $0) } }
    /// Field `id`, where it is a truth value.
    func flag(_ id: Int) -> Bool? { flags[id] }

    /// Reads a struct's fields.
    mutating func read(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        try reader.readFields { reader, id, type throws(ThriftReader.Failure) in try read(id, type, &reader) }
    }

    /// Reads field `id` of type `type` when it is one kept, and says whether it was.
    mutating func read(_ id: Int16, _ type: UInt8, _ reader: inout ThriftReader) throws(ThriftReader.Failure) -> Bool {
        guard (1...8).contains(id), (1...6).contains(type) else { return false }
        let value = try reader.fieldValue(type)
        numbers[Int(id)] = value.int
        flags[Int(id)] = value.bool
        return true
    }
}

/// A row group's fields as read, before they are checked: its chunks checked as they are read
/// (each made once, in place), the first that is wrong kept to be thrown once the footer is read.
private struct RawRowGroup {
    var columns: [ParquetMetadata.ColumnChunk]?
    var rowCount: Int64?
    var problem: ParquetMetadata.Failure?

    /// A list of row groups (a row group that is not a struct is one without its fields).
    static func list(_ reader: inout ThriftReader) throws(ThriftReader.Failure) -> [RawRowGroup] {
        var groups: [RawRowGroup] = []
        try reader.readList { reader, type throws(ThriftReader.Failure) in
            if type == 12 {
                groups.append(try read(&reader))
            } else {
                try reader.skip(type)
                groups.append(RawRowGroup())
            }
        }
        return groups
    }

    /// The row group struct `reader` is at.
    static func read(_ reader: inout ThriftReader) throws(ThriftReader.Failure) -> RawRowGroup {
        var group = RawRowGroup()
        try reader.readFields { reader, id, type throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, 9), (1, 10): group.columns = try RawColumnChunk.list(&reader, problem: &group.problem)
            case (3, _): group.rowCount = try reader.fieldInteger(type)
            default: return false
            }
            return true
        }
        return group
    }

    /// The row group, once it has its chunks and row count, each chunk as it should be.
    func checked() throws(ParquetMetadata.Failure) -> ParquetMetadata.RowGroup {
        if let problem { throw problem }
        guard let columns, let rowCount, rowCount >= 0 else { throw .init(description: "a row group lacks its columns or row count") }
        return .init(rowCount: Int(rowCount), columns: columns)
    }
}

/// A column chunk's fields as read (its `ColumnMetaData`'s among them), before they are checked.
private struct RawColumnChunk {
    var hasMetadata = false
    var type: Int?, codec: Int?
    var valueCount: Int64?, uncompressedSize: Int64?, compressedSize: Int64?, dataPage: Int64?, dictionary: Int64?
    var encodings = ParquetMetadata.NumberSet()
    var statistics: ParquetMetadata.Statistics?
    var offsetIndex: (at: Int64?, length: Int64?) = (nil, nil)
    var columnIndex: (at: Int64?, length: Int64?) = (nil, nil)

    /// A list of column chunks, checked (one that is not a struct is one without its
    /// metadata); the first that is wrong is left out and kept in `problem`.
    static func list(_ reader: inout ThriftReader, problem: inout ParquetMetadata.Failure?) throws(ThriftReader.Failure) -> [ParquetMetadata.ColumnChunk] {
        var chunks: [ParquetMetadata.ColumnChunk] = []
        try reader.readList { reader, type throws(ThriftReader.Failure) in
            var chunk = RawColumnChunk()
            if type == 12 { try chunk.read(&reader) } else { try reader.skip(type) }
            do throws(ParquetMetadata.Failure) { chunks.append(try chunk.checked()) } catch { problem = problem ?? error }
        }
        return chunks
    }

    private mutating func read(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        try reader.readFields { reader, id, type throws(ThriftReader.Failure) in
            switch (id, type) {
            case (3, 12):
                hasMetadata = true
                try readMetadata(&reader)
            case (4, _): offsetIndex.at = try reader.fieldInteger(type)
            case (5, _): offsetIndex.length = try reader.fieldInteger(type)
            case (6, _): columnIndex.at = try reader.fieldInteger(type)
            case (7, _): columnIndex.length = try reader.fieldInteger(type)
            default: return false
            }
            return true
        }
    }

    private mutating func readMetadata(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        try reader.readFields { reader, id, type throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, _): self.type = try reader.fieldInteger(type).map { Int(truncatingIfNeeded: $0) }
            case (2, 9), (2, 10):
                encodings = .init()
                try reader.readList { reader, type throws(ThriftReader.Failure) in
                    if let encoding = try reader.listInteger(type) { encodings.insert(Int(truncatingIfNeeded: encoding)) }
                }
            case (4, _): codec = try reader.fieldInteger(type).map { Int(truncatingIfNeeded: $0) }
            case (5, _): valueCount = try reader.fieldInteger(type)
            case (6, _): uncompressedSize = try reader.fieldInteger(type)
            case (7, _): compressedSize = try reader.fieldInteger(type)
            case (9, _): dataPage = try reader.fieldInteger(type)
            case (11, _): dictionary = try reader.fieldInteger(type)
            case (12, 12): statistics = try ParquetMetadata.Statistics(&reader)
            default: return false
            }
            return true
        }
    }

    /// The chunk, once its required fields are there and make sense.
    func checked() throws(ParquetMetadata.Failure) -> ParquetMetadata.ColumnChunk {
        guard hasMetadata else { throw .init(description: "a column chunk has no metadata (its values in another file are not read)") }
        guard let type, let codec, let valueCount, let uncompressedSize, let compressedSize, let dataPage else {
            throw .init(description: "a column chunk's metadata lacks a required field")
        }
        // Some writers set the dictionary's offset to 0 for none.
        let start = dictionary.flatMap { $0 > 0 && $0 < dataPage ? $0 : nil } ?? dataPage
        guard start >= 0, compressedSize >= 0, valueCount >= 0, uncompressedSize >= 0 else { throw .init(description: "a column chunk has a negative offset or size") }
        return .init(type: type, codec: codec, valueCount: Int(valueCount), start: UInt64(start),
                     compressedSize: Int(clamping: compressedSize), uncompressedSize: Int(clamping: uncompressedSize),
                     encodings: encodings, statistics: statistics,
                     offsetIndex: ParquetMetadata.span(at: offsetIndex.at, length: offsetIndex.length),
                     columnIndex: ParquetMetadata.span(at: columnIndex.at, length: columnIndex.length))
    }
}

extension ParquetMetadata {
    /// The bytes `length` long at `offset`, when both are there and make sense.
    static func span(at offset: Int64?, length: Int64?) -> Range<UInt64>? {
        guard let offset, let length, offset >= 0, length > 0, length <= Int64(Int32.max), offset <= Int64.max - length else { return nil }
        return UInt64(offset)..<UInt64(offset + length)
    }
}

/// A page's header (`PageHeader`): its kind, sizes, and the header of its kind.
struct ParquetPageHeader: Sendable, Hashable {
    /// 0 a data page, 1 an index page, 2 a dictionary page, 3 a data page of version 2.
    var type: Int
    var uncompressedSize: Int
    var compressedSize: Int
    /// The values (with nulls) in the page, or the dictionary's entries.
    var valueCount: Int
    /// The values' `Encoding`.
    var encoding: Int
    /// Version 2: the nulls and rows in the page, the levels' byte lengths (stored
    /// uncompressed before the values), and whether the values are compressed.
    var nullCount = 0
    var rowCount = 0
    var definitionBytes = 0
    var repetitionBytes = 0
    var isCompressed = true

    /// The header at `offset` of `bytes`, and the offset just past it: read a field at a time,
    /// its statistics passed over (the pages' own are not used, and a header is read for every
    /// page a chunk is placed by).
    static func read(_ bytes: [UInt8], at offset: Int) throws(ParquetMetadata.Failure) -> (header: ParquetPageHeader, end: Int) {
        var reader = ThriftReader(bytes, at: offset)
        var top = NumberFields(), kinds: [Int16: NumberFields] = [:]
        do {
            try reader.readFields { reader, id, type throws(ThriftReader.Failure) in
                switch (id, type) {
                case (5, 12), (7, 12), (8, 12):
                    var kind = NumberFields()
                    try kind.read(&reader)
                    kinds[id] = kind
                    return true
                default: return try top.read(id, type, &reader)
                }
            }
        } catch { throw .init(description: "a page header is not readable: \(error)") }
        guard let type = top[1], let uncompressed = top[2], let compressed = top[3], uncompressed >= 0, compressed >= 0 else {
            throw .init(description: "a page header lacks its type or sizes")
        }
        var header = ParquetPageHeader(type: type, uncompressedSize: uncompressed, compressedSize: compressed, valueCount: 0, encoding: 0)
        switch type {
        case 0:
            guard let page = kinds[5], let count = page[1], let encoding = page[2] else { throw .init(description: "a data page lacks its header") }
            header.valueCount = count
            header.encoding = encoding
        case 2:
            guard let page = kinds[7], let count = page[1], let encoding = page[2] else { throw .init(description: "a dictionary page lacks its header") }
            header.valueCount = count
            header.encoding = encoding
        case 3:
            guard let page = kinds[8], let count = page[1], let nulls = page[2], let rows = page[3], let encoding = page[4],
                  let definition = page[5], let repetition = page[6] else { throw .init(description: "a data page (v2) lacks its header") }
            header.valueCount = count
            header.nullCount = nulls
            header.rowCount = rows
            header.encoding = encoding
            header.definitionBytes = definition
            header.repetitionBytes = repetition
            header.isCompressed = page.flag(7) ?? true
        default: break
        }
        guard header.valueCount >= 0, header.definitionBytes >= 0, header.repetitionBytes >= 0, header.nullCount >= 0 else {
            throw .init(description: "a page header has a negative count or length")
        }
        return (header, reader.offset)
    }
}

extension ParquetMetadata {
    /// How the file is stored, in a line: its writer, row groups, compressions and value
    /// encodings ("Parquet by parquet-cpp-arrow version 26.0.1 · 4 row groups · Snappy ·
    /// dictionary, plain"); the writer's name cut at 48 characters, anything but printable
    /// text left out of it.
    var about: String {
        var parts = ["Parquet" + (createdBy.map { " by " + Self.printable($0) } ?? "")]
        parts.append(rowGroups.count == 1 ? "1 row group" : "\(rowGroups.count) row groups")
        // Codecs are small numbers, as encodings are: a word holds them, and a footer of
        // thousands of chunks is walked without hashing one or copying a chunk.
        var codecSet = NumberSet(), encodingSet = NumberSet()
        for group in rowGroups {
            for k in group.columns.indices {
                codecSet.insert(group.columns[k].codec)
                encodingSet.formUnion(group.columns[k].encodings)
            }
        }
        let codecs = codecSet.elements.map(Self.codecName)
        if !codecs.isEmpty { parts.append(codecs.joined(separator: ", ")) }
        let encodings = Set(encodingSet.elements.compactMap(Self.encodingName)).sorted()
        if !encodings.isEmpty { parts.append(encodings.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// A `CompressionCodec` as people name it.
    static func codecName(_ codec: Int) -> String {
        switch codec {
        case Codec.uncompressed: "uncompressed"
        case Codec.snappy: "Snappy"
        case Codec.gzip: "gzip"
        case Codec.lzo: "LZO"
        case Codec.brotli: "Brotli"
        case Codec.hadoopLZ4: "LZ4 (Hadoop)"
        case Codec.zstd: "zstd"
        case Codec.lz4Raw: "LZ4"
        default: "codec \(codec)"
        }
    }

    /// A value `Encoding` as people name it; nil for the levels' own (RLE, bit-packed), which
    /// say nothing of the values.
    static func encodingName(_ encoding: Int) -> String? {
        switch encoding {
        case Encoding.plain: "plain"
        case Encoding.plainDictionary, Encoding.rleDictionary: "dictionary"
        case Encoding.deltaBinaryPacked, Encoding.deltaLengthByteArray, Encoding.deltaByteArray: "delta"
        case Encoding.byteStreamSplit: "byte stream split"
        case Encoding.rle, Encoding.bitPacked: nil
        default: "encoding \(encoding)"
        }
    }

    private static func printable(_ text: String) -> String {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control && $0.properties.generalCategory != .format }))
        return kept.count > 48 ? String(kept.prefix(47)) + "…" : kept
    }
}

private typealias Codec = ParquetCode.Codec
private typealias Encoding = ParquetCode.Encoding
