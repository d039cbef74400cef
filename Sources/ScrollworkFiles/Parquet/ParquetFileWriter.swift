/// A Parquet file written a row group at a time: `PAR1`, the row groups as they come (each
/// made on its own, perhaps on another core, then placed), and the footer saying the schema
/// (every column optional: a missing value is a null) and where each chunk is.
struct ParquetFileWriter {
    /// The columns' names.
    let titles: [String]
    /// The columns' kinds.
    let kinds: [ParquetColumnKind]
    /// Bytes written so far, `PAR1` included.
    private(set) var offset = 4
    private var groups: [(rows: Int, chunks: [ParquetRowGroupBuilder.Chunk], start: Int)] = []

    /// Rows a row group holds (the last may hold fewer).
    static let groupRows = 1 << 16

    /// A file of columns `titles`, each of its kind.
    init(titles: [String], kinds: [ParquetColumnKind]) {
        self.titles = titles
        self.kinds = kinds
    }

    /// The file's first bytes.
    var header: [UInt8] { ParquetTable.magic }

    /// Notes a row group of `rows` rows made by ``ParquetRowGroupBuilder/encoded()`` as written
    /// next; returns its bytes to write.
    mutating func place(_ group: (bytes: [UInt8], chunks: [ParquetRowGroupBuilder.Chunk]), rows: Int) -> [UInt8] {
        groups.append((rows, group.chunks, offset))
        offset += group.bytes.count
        return group.bytes
    }

    /// The footer: the file's metadata, its length and `PAR1`.
    func footer() -> [UInt8] {
        var meta = ThriftWriter()
        meta.structure { file in
            file.field(1, i32: 1)
            file.field(2, listOf: .structure, count: titles.count + 1) { list in
                list.structure { root in
                    root.field(4, string: "schema")
                    root.field(5, i32: titles.count)
                }
                for (k, title) in titles.enumerated() { list.structure { Self.schemaElement(title, kinds[k], &$0) } }
            }
            file.field(3, i64: groups.reduce(0) { $0 + $1.rows })
            file.field(4, listOf: .structure, count: groups.count) { list in
                for group in groups { list.structure { rowGroup(group, &$0) } }
            }
            file.field(6, string: "scrollwork")
            // Each column's values compare as their type says (text by its bytes): without
            // this, readers ignore a text column's least and greatest values.
            file.field(7, listOf: .structure, count: titles.count) { list in
                for _ in titles { list.structure { order in order.field(1, structure: { _ in }) } }
            }
        }
        return meta.bytes + ParquetHybrid.littleEndian(UInt64(meta.bytes.count), bytes: 4) + ParquetTable.magic
    }

    /// A column's schema element: optional, of its physical type, and what its values are (the
    /// converted type older readers know, and the logical type): text is UTF-8, a date a date.
    private static func schemaElement(_ title: String, _ kind: ParquetColumnKind, _ element: inout ThriftWriter) {
        element.field(1, i32: kind.physicalType)
        if let length = kind.fixedLength { element.field(2, i32: length) }
        element.field(3, i32: ParquetCode.Repetition.optional)
        element.field(4, string: title)
        // A time unit: MILLIS, MICROS or NANOS.
        func unit(_ digits: Int, _ type: inout ThriftWriter) { type.field(2, structure: { $0.field(digits == 3 ? 1 : digits == 6 ? 2 : 3, structure: { _ in }) }) }
        switch kind {
        case .text:
            element.field(6, i32: Converted.utf8)
            element.field(10, structure: { logical in logical.field(Logical.string, structure: { _ in }) })
        case .date:
            element.field(6, i32: Converted.date)
            element.field(10, structure: { logical in logical.field(Logical.date, structure: { _ in }) })
        case let .time(digits):
            if digits != 9 { element.field(6, i32: digits == 3 ? Converted.timeMillis : Converted.timeMicros) }
            element.field(10, structure: { logical in logical.field(Logical.time, structure: { time in
                time.field(1, bool: false)
                unit(digits, &time)
            }) })
        case let .timestamp(digits, utc):
            // The converted types say milliseconds or microseconds since the epoch in UTC.
            if utc, digits != 9 { element.field(6, i32: digits == 3 ? Converted.timestampMillis : Converted.timestampMicros) }
            element.field(10, structure: { logical in logical.field(Logical.timestamp, structure: { stamp in
                stamp.field(1, bool: utc)
                unit(digits, &stamp)
            }) })
        case let .decimal(precision, scale):
            element.field(6, i32: Converted.decimal)
            element.field(7, i32: scale)
            element.field(8, i32: precision)
            element.field(10, structure: { logical in logical.field(Logical.decimal, structure: { decimal in
                decimal.field(1, i32: scale)
                decimal.field(2, i32: precision)
            }) })
        case let .fixedWidthInteger(bits, signed):
            element.field(6, i32: (signed ? Converted.int8 : Converted.uint8) + bits.trailingZeroBitCount - 3)
            element.field(10, structure: { logical in logical.field(Logical.integer, structure: { integer in
                integer.field(1, i8: bits)
                integer.field(2, bool: signed)
            }) })
        case .integer, .real, .float, .boolean, .binary: break
        }
    }

    private func rowGroup(_ group: (rows: Int, chunks: [ParquetRowGroupBuilder.Chunk], start: Int), _ out: inout ThriftWriter) {
        out.field(1, listOf: .structure, count: group.chunks.count) { list in
            for (k, chunk) in group.chunks.enumerated() {
                list.structure { column in
                    column.field(2, i64: group.start + chunk.dataOffset)
                    column.field(3, structure: { meta in self.columnMetadata(chunk, title: titles[k], start: group.start, &meta) })
                }
            }
        }
        out.field(2, i64: group.chunks.reduce(0) { $0 + $1.uncompressedSize })
        out.field(3, i64: group.rows)
    }

    private func columnMetadata(_ chunk: ParquetRowGroupBuilder.Chunk, title: String, start: Int, _ meta: inout ThriftWriter) {
        meta.field(1, i32: chunk.kind.physicalType)
        meta.field(2, listOf: .i32, count: chunk.encodings.count) { list in for e in chunk.encodings { list.element(i32: e) } }
        meta.field(3, listOf: .binary, count: 1) { $0.element(binary: Array(title.utf8)) }
        meta.field(4, i32: ParquetCode.Codec.snappy)
        meta.field(5, i64: chunk.valueCount)
        meta.field(6, i64: chunk.uncompressedSize)
        meta.field(7, i64: chunk.compressedSize)
        meta.field(9, i64: start + chunk.dataOffset)
        if let dictionary = chunk.dictionaryOffset { meta.field(11, i64: start + dictionary) }
        meta.field(12, structure: { statistics in
            statistics.field(3, i64: chunk.nullCount)
            if let maximum = chunk.maximum { statistics.field(5, binary: maximum) }
            if let minimum = chunk.minimum { statistics.field(6, binary: minimum) }
        })
    }
}

private typealias Converted = ParquetCode.Converted
private typealias Logical = ParquetCode.Logical
