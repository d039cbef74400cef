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

    /// The chunk `chunk` of leaf `leaf`, read from `file`.
    static func read(_ chunk: ParquetMetadata.ColumnChunk, leaf: ParquetSchemaNode, from file: FileBytes) throws(ParquetMetadata.Failure) -> ParquetChunk {
        guard chunk.start <= file.size, UInt64(chunk.compressedSize) <= file.size - chunk.start else {
            throw ParquetBytes.failure("the column chunk of \(leaf.element.name) runs past the file's end")
        }
        let bytes: [UInt8]
        do { bytes = try file.read(at: chunk.start, count: chunk.compressedSize) } catch { throw ParquetBytes.failure("\(error)") }
        guard bytes.count == chunk.compressedSize else { throw ParquetBytes.failure("the file ends inside a column chunk of \(leaf.element.name)") }
        guard chunk.valueCount <= Self.chunkValueLimit else { throw ParquetBytes.failure("the column chunk of \(leaf.element.name) says it holds \(chunk.valueCount) values") }
        let type = leaf.element.type ?? 6, width = leaf.element.typeLength ?? 0
        var decoded = ParquetChunk(values: .empty(type))
        var dictionary: ParquetValues? = nil
        var at = 0
        while at < bytes.count && decoded.slots < chunk.valueCount {
            let (header, bodyStart) = try ParquetPageHeader.read(bytes, at: at)
            guard header.valueCount <= Self.pageValueLimit else { throw ParquetBytes.failure("a page of \(leaf.element.name) says it holds \(header.valueCount) values") }
            guard header.compressedSize <= bytes.count - bodyStart else { throw ParquetBytes.failure("a page of \(leaf.element.name) runs past its chunk") }
            let body = bytes[bodyStart..<bodyStart + header.compressedSize]
            at = bodyStart + header.compressedSize
            switch header.type {
            case 2:
                var reader = ParquetBytes(try ParquetCodec.decompress(body, codec: chunk.codec, size: header.uncompressedSize))
                dictionary = try ParquetValues.plain(&reader, type: type, count: header.valueCount, width: width)
            case 0, 3:
                try decoded.appendPage(header, body: body, codec: chunk.codec, leaf: leaf, type: type, width: width, dictionary: dictionary)
            default: continue
            }
        }
        guard decoded.slots >= chunk.valueCount else {
            throw ParquetBytes.failure("the column chunk of \(leaf.element.name) holds \(decoded.slots) of its \(chunk.valueCount) values")
        }
        return decoded
    }

    /// The most values a page may hold: writers cut pages at about 1 MB, and a damaged header
    /// saying more is not given the memory it asks for.
    static let pageValueLimit = 1 << 24
    /// The most values a column chunk may hold (a row group of a hundred million rows).
    static let chunkValueLimit = 1 << 27

    /// The bits a level up to `maximum` takes.
    static func bitWidth(_ maximum: Int) -> Int { maximum <= 0 ? 0 : Int.bitWidth - maximum.leadingZeroBitCount }

    private mutating func appendPage(_ header: ParquetPageHeader, body: ArraySlice<UInt8>, codec: Int, leaf: ParquetSchemaNode, type: Int, width: Int,
                                     dictionary: ParquetValues?) throws(ParquetMetadata.Failure) {
        let count = header.valueCount
        let maxDefinition = leaf.definitionLevel, maxRepetition = leaf.repetitionLevel
        var reader: ParquetBytes
        var pageRepetitions: [UInt64] = [], pageDefinitions: [UInt64] = []
        if header.type == 3 {
            // Version 2: the levels first, never compressed, then the values.
            let levels = header.repetitionBytes + header.definitionBytes
            guard levels <= body.count else { throw ParquetBytes.failure("a page's levels run past the page") }
            let raw = Array(body)
            if maxRepetition > 0 {
                var r = ParquetBytes(raw, 0..<header.repetitionBytes)
                pageRepetitions = try r.hybrid(count, width: Self.bitWidth(maxRepetition))
            }
            if maxDefinition > 0 {
                var d = ParquetBytes(raw, header.repetitionBytes..<levels)
                pageDefinitions = try d.hybrid(count, width: Self.bitWidth(maxDefinition))
            }
            let rest = body.dropFirst(levels)
            reader = ParquetBytes(header.isCompressed ? try ParquetCodec.decompress(rest, codec: codec, size: header.uncompressedSize - levels) : Array(rest))
        } else {
            reader = ParquetBytes(try ParquetCodec.decompress(body, codec: codec, size: header.uncompressedSize))
            if maxRepetition > 0 { pageRepetitions = try Self.lengthPrefixedLevels(&reader, count: count, maximum: maxRepetition) }
            if maxDefinition > 0 { pageDefinitions = try Self.lengthPrefixedLevels(&reader, count: count, maximum: maxDefinition) }
        }
        let present = maxDefinition > 0 ? pageDefinitions.reduce(0) { $0 + ($1 == UInt64(maxDefinition) ? 1 : 0) } : count
        let values: ParquetValues
        switch header.encoding {
        case 0: values = try ParquetValues.plain(&reader, type: type, count: present, width: width)
        case 2, 8:
            guard let dictionary else { throw ParquetBytes.failure("a page of \(leaf.element.name) names a dictionary the chunk does not have") }
            if present == 0 {
                values = .empty(type)
            } else {
                let bits = Int(try reader.byte())
                values = try dictionary.gathering(try reader.hybrid(present, width: bits))
            }
        case 3:
            guard type == 0 else { throw ParquetBytes.failure("RLE values in a column that is not of booleans") }
            // RLE booleans carry their byte length first.
            _ = try reader.littleEndian(4)
            values = .booleans(try reader.hybrid(present, width: 1).map { $0 != 0 })
        default:
            values = try ParquetValues.decoded(&reader, encoding: header.encoding, type: type, count: present, width: width)
        }
        guard values.count == present else { throw ParquetBytes.failure("a page of \(leaf.element.name) holds \(values.count) of its \(present) values") }
        try self.values.append(values)
        definitions += pageDefinitions.map { UInt8(truncatingIfNeeded: $0) }
        repetitions += pageRepetitions.map { UInt8(truncatingIfNeeded: $0) }
        slots += count
    }

    /// Levels of a version-1 page: their byte length, then the hybrid runs.
    private static func lengthPrefixedLevels(_ reader: inout ParquetBytes, count: Int, maximum: Int) throws(ParquetMetadata.Failure) -> [UInt64] {
        let length = Int(try reader.littleEndian(4))
        let range = try reader.take(length)
        var levels = ParquetBytes(reader.bytes, range)
        return try levels.hybrid(count, width: bitWidth(maximum))
    }
}
