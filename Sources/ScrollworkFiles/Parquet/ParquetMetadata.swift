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
        /// The column's path of names from the root's children down.
        var path: [String]
        /// `CompressionCodec`: 0 none, 1 Snappy, 2 gzip, 4 Brotli, 5 LZ4 (Hadoop's), 6 zstd, 7 LZ4 raw.
        var codec: Int
        var valueCount: Int
        /// Bytes from the first page (the dictionary's, where there is one) to the chunk's end.
        var start: UInt64
        var compressedSize: Int
        var uncompressedSize: Int
        /// The `Encoding`s its pages use.
        var encodings: [Int] = []
        /// Its nulls and least and greatest values, PLAIN-encoded, where the writer said them.
        var statistics: Statistics? = nil
        /// Where its offset index is in the file (each data page's place and first row), where
        /// the writer wrote one.
        var offsetIndex: Range<UInt64>? = nil
        /// Where its column index is (each data page's least and greatest values and whether it
        /// holds only nulls), where the writer wrote one.
        var columnIndex: Range<UInt64>? = nil
    }

    /// What a column chunk's `Statistics` say: each part nil where the writer left it out.
    struct Statistics: Sendable, Hashable {
        var nullCount: Int?
        var minimum: [UInt8]?
        var maximum: [UInt8]?

        /// The struct `value`, its newer `min_value`/`max_value` first, else the older
        /// `min`/`max` (which only signed numbers can trust, as the only columns asked of them are).
        init?(_ value: ThriftValue?) {
            guard let value else { return nil }
            nullCount = value[3]?.intValue
            func bytes(_ v: ThriftValue?) -> [UInt8]? { if case let .binary(b)? = v { b } else { nil } }
            minimum = bytes(value[6]) ?? bytes(value[2])
            maximum = bytes(value[5]) ?? bytes(value[1])
        }
    }

    /// Why a footer cannot be read.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        var description: String
    }

    /// The footer `bytes` (the Thrift struct alone).
    init(footer bytes: [UInt8]) throws(Failure) {
        var reader = ThriftReader(bytes)
        let root: ThriftValue
        do { root = try reader.readStruct() } catch { throw Failure(description: "the footer is not readable: \(error)") }
        guard let schema = root[2]?.elements, let rows = root[3]?.int, let groups = root[4]?.elements else {
            throw Failure(description: "the footer lacks its schema, row count or row groups")
        }
        guard rows >= 0 else { throw Failure(description: "the footer says the file has \(rows) rows") }
        self.schema = try schema.map { element throws(Failure) in
            guard let name = element[4]?.string else { throw Failure(description: "a schema element has no name") }
            return SchemaElement(name: name, type: element[1]?.intValue, typeLength: element[2]?.intValue, repetition: element[3]?.intValue,
                                 childCount: Swift.max(0, element[5]?.intValue ?? 0), converted: element[6]?.intValue, scale: element[7]?.intValue,
                                 precision: element[8]?.intValue, logical: element[10])
        }
        rowCount = Int(rows)
        createdBy = root[6]?.string
        rowGroups = try groups.map { group throws(Failure) in
            guard let chunks = group[1]?.elements, let count = group[3]?.int, count >= 0 else { throw Failure(description: "a row group lacks its columns or row count") }
            return RowGroup(rowCount: Int(count), columns: try chunks.map { chunk throws(Failure) in
                guard let meta = chunk[3] else { throw Failure(description: "a column chunk has no metadata (its values in another file are not read)") }
                guard let type = meta[1]?.intValue, let codec = meta[4]?.intValue, let values = meta[5]?.int, let uncompressed = meta[6]?.int,
                      let compressed = meta[7]?.int, let dataPage = meta[9]?.int else {
                    throw Failure(description: "a column chunk's metadata lacks a required field")
                }
                let dictionary = meta[11]?.int
                // Some writers set the dictionary's offset to 0 for none.
                let start = dictionary.flatMap { $0 > 0 && $0 < dataPage ? $0 : nil } ?? dataPage
                guard start >= 0, compressed >= 0, values >= 0, uncompressed >= 0 else { throw Failure(description: "a column chunk has a negative offset or size") }
                return ColumnChunk(type: type, path: meta[3]?.elements?.compactMap(\.string) ?? [], codec: codec, valueCount: Int(values), start: UInt64(start),
                                   compressedSize: Int(clamping: compressed), uncompressedSize: Int(clamping: uncompressed),
                                   encodings: meta[2]?.elements?.compactMap(\.intValue) ?? [], statistics: Statistics(meta[12]),
                                   offsetIndex: Self.span(at: chunk[4]?.int, length: chunk[5]?.int),
                                   columnIndex: Self.span(at: chunk[6]?.int, length: chunk[7]?.int))
            })
        }
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

    /// The header at `offset` of `bytes`, and the offset just past it.
    static func read(_ bytes: [UInt8], at offset: Int) throws(ParquetMetadata.Failure) -> (header: ParquetPageHeader, end: Int) {
        var reader = ThriftReader(bytes, at: offset)
        let value: ThriftValue
        do { value = try reader.readStruct() } catch { throw .init(description: "a page header is not readable: \(error)") }
        guard let type = value[1]?.intValue, let uncompressed = value[2]?.intValue, let compressed = value[3]?.intValue, uncompressed >= 0, compressed >= 0 else {
            throw .init(description: "a page header lacks its type or sizes")
        }
        var header = ParquetPageHeader(type: type, uncompressedSize: uncompressed, compressedSize: compressed, valueCount: 0, encoding: 0)
        switch type {
        case 0:
            guard let page = value[5], let count = page[1]?.intValue, let encoding = page[2]?.intValue else { throw .init(description: "a data page lacks its header") }
            header.valueCount = count
            header.encoding = encoding
        case 2:
            guard let page = value[7], let count = page[1]?.intValue, let encoding = page[2]?.intValue else { throw .init(description: "a dictionary page lacks its header") }
            header.valueCount = count
            header.encoding = encoding
        case 3:
            guard let page = value[8], let count = page[1]?.intValue, let nulls = page[2]?.intValue, let rows = page[3]?.intValue, let encoding = page[4]?.intValue,
                  let definition = page[5]?.intValue, let repetition = page[6]?.intValue else { throw .init(description: "a data page (v2) lacks its header") }
            header.valueCount = count
            header.nullCount = nulls
            header.rowCount = rows
            header.encoding = encoding
            header.definitionBytes = definition
            header.repetitionBytes = repetition
            header.isCompressed = page[7]?.bool ?? true
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
        let chunks = rowGroups.flatMap(\.columns)
        let codecs = Set(chunks.map(\.codec)).sorted().map(Self.codecName)
        if !codecs.isEmpty { parts.append(codecs.joined(separator: ", ")) }
        let encodings = Set(chunks.flatMap { $0.encodings.compactMap(Self.encodingName) }).sorted()
        if !encodings.isEmpty { parts.append(encodings.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// A `CompressionCodec` as people name it.
    static func codecName(_ codec: Int) -> String {
        switch codec {
        case 0: "uncompressed"
        case 1: "Snappy"
        case 2: "gzip"
        case 3: "LZO"
        case 4: "Brotli"
        case 5: "LZ4 (Hadoop)"
        case 6: "zstd"
        case 7: "LZ4"
        default: "codec \(codec)"
        }
    }

    /// A value `Encoding` as people name it; nil for the levels' own (RLE, bit-packed), which
    /// say nothing of the values.
    static func encodingName(_ encoding: Int) -> String? {
        switch encoding {
        case 0: "plain"
        case 2, 8: "dictionary"
        case 5, 6, 7: "delta"
        case 9: "byte stream split"
        case 3, 4: nil
        default: "encoding \(encoding)"
        }
    }

    private static func printable(_ text: String) -> String {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control && $0.properties.generalCategory != .format }))
        return kept.count > 48 ? String(kept.prefix(47)) + "…" : kept
    }
}
