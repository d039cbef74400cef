/// One row group of a Parquet save, gathered a value at a time: each column's values in its
/// kind, nulls apart. ``encoded()`` writes it as column chunks: a Snappy-compressed dictionary
/// page and data page (v1) where values repeat, a plain data page where they do not, with each
/// chunk's null count, least and greatest value.
struct ParquetRowGroupBuilder {
    /// Each column's kind.
    let kinds: [ParquetColumnKind]
    /// How each column's values are kept (worked out once: a save asks for every value).
    private let storages: [ParquetColumnKind.Storage]
    /// The kind each column must have for every value met so far: ``kinds`` while all fit.
    private(set) var needed: [ParquetColumnKind]
    /// The rows gathered.
    private(set) var rowCount = 0
    private var columns: [Column]

    /// True while every value met fits its column's kind; once one did not, the group is to
    /// be made again with ``needed``.
    var fits: Bool { needed == kinds }

    /// One column's values as gathered.
    struct Column {
        var present: [Bool] = []
        var integers: [Int64] = []
        var reals: [Double] = []
        /// Text values one after another, and where each ends.
        var text: [UInt8] = []
        var ends: [Int] = []
    }

    /// An empty row group of columns of `kinds`.
    init(kinds: [ParquetColumnKind]) {
        self.kinds = kinds
        storages = kinds.map(\.storage)
        needed = kinds
        columns = Array(repeating: Column(), count: kinds.count)
    }

    /// Appends column `k`'s value of the row being gathered (nil: null); a value its kind
    /// cannot hold widens ``needed`` instead (the group is then to be made again), and so does
    /// text by its source's own types (`isText`: a JSON string) in a column of numbers, whatever
    /// it spells.
    mutating func append(_ value: UnsafeBufferPointer<UInt8>?, column k: Int, isText: Bool = false) {
        // Safe: the value's bytes are lent for the call and copied or read inside their count.
        guard let value = unsafe value else { return columns[k].present.append(false) }
        if isText {
            switch storages[k] {
            case .integers, .reals, .floats:
                needed[k] = needed[k].joined(with: .text)
                return
            case .text, .bytes: break
            }
        }
        switch storages[k] {
        case .integers:
            // Whole numbers shown as such, the common case, read without the kind's checks.
            let whole: Int64?
            if case .integer = kinds[k] { whole = unsafe ParquetColumnKind.integer(value) } else { whole = unsafe kinds[k].storedInteger(value) }
            guard let v = whole else { return unsafe widen(k, toHold: value) }
            columns[k].integers.append(v)
        case .reals:
            // A zero-padded number (`007.5`) is text as written: `widen` says so.
            guard let v = unsafe ParquetColumnKind.real(value), unsafe !ParquetColumnKind.hasLeadingZero(value) else { return unsafe widen(k, toHold: value) }
            columns[k].reals.append(v)
        case .floats:
            guard let v = unsafe ParquetColumnKind.float(value), unsafe !ParquetColumnKind.hasLeadingZero(value) else { return unsafe widen(k, toHold: value) }
            columns[k].reals.append(v)
        case .text:
            unsafe columns[k].text.append(contentsOf: value)
            columns[k].ends.append(columns[k].text.count)
        case .bytes:
            guard let bytes = unsafe kinds[k].storedBytes(value) else { return unsafe widen(k, toHold: value) }
            columns[k].text += bytes
            columns[k].ends.append(columns[k].text.count)
        }
        columns[k].present.append(true)
    }

    /// Notes that column `k` must be wide enough for `value`, which its kind cannot hold.
    private mutating func widen(_ k: Int, toHold value: UnsafeBufferPointer<UInt8>) {
        needed[k] = unsafe needed[k].joined(with: kinds[k].widened(toHold: value))
    }

    /// Ends the row being gathered.
    mutating func endRow() { rowCount += 1 }

    /// The rows gathered put in another order: row `j` of the result is row `source[j]` of
    /// these (rows read in the order of their records, then put back in the order shown).
    func reordered(_ source: [Int]) -> ParquetRowGroupBuilder {
        var result = ParquetRowGroupBuilder(kinds: kinds)
        result.needed = needed
        result.rowCount = source.count
        for (k, column) in columns.enumerated() {
            // Where each row's value is among the values present.
            var at = [Int](repeating: -1, count: column.present.count)
            var n = 0
            for (r, present) in column.present.enumerated() where present {
                at[r] = n
                n += 1
            }
            var moved = Column()
            for r in source {
                guard column.present.indices.contains(r), at[r] >= 0 else {
                    moved.present.append(false)
                    continue
                }
                let v = at[r]
                switch storages[k] {
                case .integers: moved.integers.append(column.integers[v])
                case .reals, .floats: moved.reals.append(column.reals[v])
                case .text, .bytes:
                    moved.text += column.text[(v == 0 ? 0 : column.ends[v - 1])..<column.ends[v]]
                    moved.ends.append(moved.text.count)
                }
                moved.present.append(true)
            }
            result.columns[k] = moved
        }
        return result
    }

    /// A column chunk made, its offsets from the start of the row group's bytes.
    struct Chunk {
        var kind: ParquetColumnKind
        var dictionaryOffset: Int?
        var dataOffset: Int
        var compressedSize: Int
        var uncompressedSize: Int
        var valueCount: Int
        var nullCount: Int
        var encodings: [Int]
        /// The least and greatest value, PLAIN-encoded (nil when there is none to say).
        var minimum: [UInt8]?
        var maximum: [UInt8]?
    }

    /// The row group's bytes (its column chunks one after another) and each chunk's place.
    func encoded() -> (bytes: [UInt8], chunks: [Chunk]) {
        var bytes: [UInt8] = []
        var chunks: [Chunk] = []
        for (k, column) in columns.enumerated() {
            let values = ParquetChunkValues(column, kind: kinds[k])
            let start = bytes.count
            var chunk = Chunk(kind: kinds[k], dictionaryOffset: nil, dataOffset: start, compressedSize: 0, uncompressedSize: 0, valueCount: column.present.count,
                              nullCount: column.present.count - values.count, encodings: [Encoding.rle], minimum: values.minimum, maximum: values.maximum)
            var uncompressed = 0
            var body = Self.definitionLevels(column.present)
            if let dictionary = values.dictionary() {
                chunk.dictionaryOffset = start
                uncompressed += Self.page(type: PageType.dictionary, body: dictionary.plain, count: dictionary.count, encoding: Encoding.plain, into: &bytes)
                chunk.dataOffset = bytes.count
                body += dictionary.indices
                chunk.encodings += [Encoding.plain, Encoding.rleDictionary]
                uncompressed += Self.page(type: PageType.data, body: body, count: column.present.count, encoding: Encoding.rleDictionary, into: &bytes)
            } else {
                body += values.plain()
                chunk.encodings.append(Encoding.plain)
                uncompressed += Self.page(type: PageType.data, body: body, count: column.present.count, encoding: Encoding.plain, into: &bytes)
            }
            chunk.compressedSize = bytes.count - start
            chunk.uncompressedSize = uncompressed
            chunks.append(chunk)
        }
        return (bytes, chunks)
    }

    /// Writes a page (data or dictionary) of `body` compressed with Snappy; returns its
    /// size uncompressed, header included, as a chunk's metadata counts it.
    private static func page(type: Int, body: [UInt8], count: Int, encoding: Int, into bytes: inout [UInt8]) -> Int {
        let compressed = SnappyCompressor.compress(body)
        var header = ThriftWriter()
        header.structure { h in
            h.field(1, i32: type)
            h.field(2, i32: body.count)
            h.field(3, i32: compressed.count)
            // DataPageHeader is field 5 of a page header, DictionaryPageHeader field 7.
            h.field(type == PageType.data ? 5 : 7, structure: { p in
                p.field(1, i32: count)
                p.field(2, i32: encoding)
                if type == PageType.data {
                    // Definition and repetition levels: the RLE/bit-packed hybrid.
                    p.field(3, i32: Encoding.rle)
                    p.field(4, i32: Encoding.rle)
                }
            })
        }
        bytes += header.bytes
        bytes += compressed
        return header.bytes.count + body.count
    }

    /// Definition levels of an optional column (1 present, 0 null): their length in four
    /// bytes, then runs of each.
    static func definitionLevels(_ present: [Bool]) -> [UInt8] {
        var runs: [UInt8] = []
        var i = 0
        while i < present.count {
            var j = i + 1
            while j < present.count, present[j] == present[i] { j += 1 }
            ParquetHybrid.run(count: j - i, value: present[i] ? 1 : 0, width: 1, into: &runs)
            i = j
        }
        return ParquetHybrid.littleEndian(UInt64(runs.count), bytes: 4) + runs
    }
}

/// The RLE/bit-packed hybrid encoding, written: runs of one value, and values packed a few
/// bits each in groups of eight.
enum ParquetHybrid {
    /// `count` repeats of `value` in `width` bits.
    static func run(count: Int, value: UInt64, width: Int, into out: inout [UInt8]) {
        varint(UInt64(count) << 1, into: &out)
        for k in 0..<(width + 7) / 8 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    /// `values` packed in `width` bits each (the last group padded with zeros), in runs of at
    /// most 63 groups, as parquet-mr writes them.
    static func packed(_ values: [UInt32], width: Int, into out: inout [UInt8]) {
        var start = 0
        while start < values.count {
            let end = Swift.min(values.count, start + 63 * 8)
            let groups = (end - start + 7) / 8
            varint(UInt64(groups) << 1 | 1, into: &out)
            var buffer: UInt64 = 0
            var bits = 0
            for i in start..<(start + groups * 8) {
                buffer |= UInt64(i < end ? values[i] : 0) << UInt64(bits)
                bits += width
                while bits >= 8 {
                    out.append(UInt8(truncatingIfNeeded: buffer))
                    buffer >>= 8
                    bits -= 8
                }
            }
            start = end
        }
    }

    /// `value` as a ULEB128 varint (seven bits a byte, the low first): the hybrid's run
    /// headers, Thrift's compact integers and Snappy's length alike.
    static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func littleEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

private typealias Encoding = ParquetCode.Encoding
private typealias PageType = ParquetCode.Page
