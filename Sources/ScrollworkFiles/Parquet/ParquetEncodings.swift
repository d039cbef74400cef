/// The encodings of Parquet's pages, decoded from bytes: each refuses bytes that cannot be
/// what it reads (a length past the end, a bit width over 64) with a message, and never reads
/// outside them.
struct ParquetBytes {
    let bytes: [UInt8]
    /// Where the next byte is read.
    var offset: Int
    let end: Int

    /// `bytes[range]` to read from its start.
    init(_ bytes: [UInt8], _ range: Range<Int>? = nil) {
        self.bytes = bytes
        let range = (range ?? 0..<bytes.count).clamped(to: 0..<bytes.count)
        offset = range.lowerBound
        end = range.upperBound
    }

    var remaining: Int { end - offset }

    static func failure(_ message: String) -> ParquetMetadata.Failure { ParquetMetadata.Failure(description: message) }

    mutating func byte() throws(ParquetMetadata.Failure) -> UInt8 {
        guard offset < end else { throw Self.failure("a page ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// `count` values of `size` bytes each, in bytes; a failure when that overflows.
    static func product(_ count: Int, _ size: Int) throws(ParquetMetadata.Failure) -> Int {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, count >= 0, size >= 0 else { throw failure("\(count) values of \(size) bytes") }
        return bytes
    }

    /// `count` bytes' range, moved past.
    mutating func take(_ count: Int) throws(ParquetMetadata.Failure) -> Range<Int> {
        guard count >= 0, count <= remaining else { throw Self.failure("a page needs \(count) bytes where \(remaining) are left") }
        defer { offset += count }
        return offset..<offset + count
    }

    /// A little-endian 32-bit number: a byte array's length, read once a value.
    mutating func uint32() throws(ParquetMetadata.Failure) -> UInt32 {
        let at = try take(4).lowerBound
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    mutating func littleEndian(_ width: Int) throws(ParquetMetadata.Failure) -> UInt64 {
        let range = try take(width)
        var value: UInt64 = 0
        for k in range.reversed() { value = value << 8 | UInt64(bytes[k]) }
        return value
    }

    mutating func varint() throws(ParquetMetadata.Failure) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw Self.failure("a number of more than 64 bits") }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func zigzag() throws(ParquetMetadata.Failure) -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// `count` values of `width` bits each, packed from the lowest bit of each byte up (each
    /// value's low bits kept where `T` is narrower than `width`).
    @_specialize(where T == UInt8)
    @_specialize(where T == UInt32)
    @_specialize(where T == UInt64)
    mutating func bitPacked<T: FixedWidthInteger & UnsignedInteger>(_ count: Int, width: Int, into values: inout [T]) throws(ParquetMetadata.Failure) {
        guard (0...64).contains(width) else { throw Self.failure("a bit width of \(width)") }
        let range = try take((try Self.product(count, width)).addingSaturating(7) / 8)
        guard width > 0 else { return values.append(contentsOf: repeatElement(0, count: count)) }
        values.reserveCapacity(values.count + count)
        guard width <= 56 else { return Self.widePacked(bytes[range], count: count, width: width, into: &values) }
        // Bytes go into a word as they are needed and values come off its low end: a value of
        // up to 56 bits is whole once the word holds as many bits (at most 63 are ever held).
        // The range holds count × width bits, so no value reads past it.
        let mask: UInt64 = (1 << UInt64(width)) &- 1
        var word: UInt64 = 0, held = 0, at = range.lowerBound
        var left = count
        if width <= 8 {
            // Eight values of up to 8 bits are `width` whole bytes: one word, eight shifts.
            while left >= 8 {
                var group: UInt64 = 0
                for b in 0..<width { group |= UInt64(bytes[at &+ b]) &<< UInt64(b &* 8) }
                at += width
                for v in 0..<8 { values.append(T(truncatingIfNeeded: group &>> UInt64(v &* width) & mask)) }
                left -= 8
            }
        }
        for _ in 0..<left {
            while held < width {
                word |= UInt64(bytes[at]) << UInt64(held)
                at += 1
                held += 8
            }
            values.append(T(truncatingIfNeeded: word & mask))
            word >>= UInt64(width)
            held -= width
        }
    }

    /// `count` values of 57 to 64 bits from `packed`, a piece of a byte at a time.
    private static func widePacked<T: FixedWidthInteger & UnsignedInteger>(_ packed: ArraySlice<UInt8>, count: Int, width: Int, into values: inout [T]) {
        var bit = 0
        for _ in 0..<count {
            var value: UInt64 = 0
            var got = 0
            while got < width {
                let index = packed.startIndex + (bit >> 3)
                let shift = bit & 7
                let take = Swift.min(8 - shift, width - got)
                let piece = (UInt64(packed[index]) >> UInt64(shift)) & ((1 << UInt64(take)) - 1)
                value |= piece << UInt64(got)
                got += take
                bit += take
            }
            values.append(T(truncatingIfNeeded: value))
        }
    }

    /// `count` values of the RLE / bit-packed hybrid of `width` bits (levels, dictionary
    /// indices, booleans in v2 pages), from here to `end`, each kept in a `T` (levels in a
    /// byte, indices in 32 bits: a value wider than `T` keeps its low bits). The read stops
    /// after the group of eight that holds the last value wanted, inside its run where the run
    /// goes on: the bytes after it are neither read nor needed.
    @_specialize(where T == UInt8)
    @_specialize(where T == UInt32)
    mutating func hybrid<T: FixedWidthInteger & UnsignedInteger>(_ count: Int, width: Int, as _: T.Type) throws(ParquetMetadata.Failure) -> [T] {
        guard (0...32).contains(width) else { throw Self.failure("a level or index of \(width) bits") }
        var values: [T] = []
        values.reserveCapacity(Swift.min(count, 1 << 20))
        while values.count < count {
            let header = try varint()
            if header & 1 == 0 {
                let run = Int(clamping: header >> 1)
                let value = try littleEndian((width + 7) / 8)
                values.append(contentsOf: repeatElement(T(truncatingIfNeeded: value), count: Swift.min(run, count - values.count)))
                if run == 0 && remaining == 0 { break }
            } else {
                let groups = Int(clamping: header >> 1)
                // Only the groups holding values wanted are unpacked (their bytes must be there),
                // and the read stops there: a first screen reads a page's first rows from its
                // first bytes alone, which a writer's run of 512 indices runs past. A run's last
                // group may pad past the values wanted: the padding is dropped.
                let left = count - values.count
                let wanted = Swift.min(groups, left / 8 + (left % 8 == 0 ? 0 : 1))
                try bitPacked(try Self.product(wanted, 8), width: width, into: &values)
                if values.count > count { values.removeLast(values.count - count) }
            }
        }
        guard values.count == count else { throw Self.failure("a run of levels ends after \(values.count) of \(count)") }
        return values
    }

    /// Counts `count` dictionary indices of `width` bits written in the RLE / bit-packed hybrid
    /// into `counts` (one counter an entry), with no index kept: a run of one index is counted at
    /// once, bit-packed ones a block at a time. A frequency table of ten million rows made forty
    /// megabytes of indices only to count them.
    mutating func countHybrid(_ count: Int, width: Int, into counts: inout [Int]) throws(ParquetMetadata.Failure) {
        guard (0...32).contains(width) else { throw Self.failure("a level or index of \(width) bits") }
        var done = 0
        var block: [UInt32] = []
        let entries = counts.count
        let past = Self.failure("a dictionary index past the dictionary's \(entries) entries")
        while done < count {
            let header = try varint()
            if header & 1 == 0 {
                let run = Swift.min(Int(clamping: header >> 1), count - done)
                let value = try littleEndian((width + 7) / 8)
                if run > 0 {
                    guard value < UInt64(entries) else { throw past }
                    counts[Int(value)] += run
                }
                done += run
                if header >> 1 == 0 && remaining == 0 { break }
            } else {
                var groups = Int(clamping: header >> 1)
                guard groups <= remaining else { throw Self.failure("a bit-packed run of \(groups) groups past the page's end") }
                // A block of groups at a time: their bytes follow one another.
                while groups > 0 {
                    let taken = Swift.min(groups, 1024)
                    block.removeAll(keepingCapacity: true)
                    try bitPacked(taken * 8, width: width, into: &block)
                    // The largest checked once a block, then each counted without a test.
                    let wanted = block.prefix(count - done)
                    if let largest = wanted.max(), Int(largest) >= entries { throw past }
                    for index in wanted { counts[Int(index)] += 1 }
                    done = Swift.min(count, done + taken * 8)
                    groups -= taken
                }
            }
        }
        guard done == count else { throw Self.failure("a run of levels ends after \(done) of \(count)") }
    }

    /// DELTA_BINARY_PACKED: the values, as 64-bit integers (a 32-bit column's wrap as its
    /// writer's did).
    mutating func deltaBinaryPacked() throws(ParquetMetadata.Failure) -> [Int64] {
        let blockSize = Int(clamping: try varint()), miniblocks = Int(clamping: try varint())
        let total = Int(clamping: try varint())
        var previous = try zigzag()
        guard blockSize > 0, blockSize <= 1 << 20, miniblocks > 0, blockSize % miniblocks == 0, (blockSize / miniblocks) % 8 == 0 else {
            throw Self.failure("a delta block of \(blockSize) values in \(miniblocks) miniblocks")
        }
        guard total <= remaining * 64 + 1 else { throw Self.failure("\(total) delta values in \(remaining) bytes") }
        var values: [Int64] = total > 0 ? [previous] : []
        values.reserveCapacity(total)
        let perMiniblock = blockSize / miniblocks
        while values.count < total {
            let minimum = try zigzag()
            let widths = try take(miniblocks).map { Int(bytes[$0]) }
            for width in widths where values.count < total {
                var deltas: [UInt64] = []
                try bitPacked(perMiniblock, width: width, into: &deltas)
                for delta in deltas.prefix(total - values.count) {
                    previous = previous &+ minimum &+ Int64(bitPattern: delta)
                    values.append(previous)
                }
            }
        }
        return values
    }
}

/// The values of a column's page or chunk that are there (no nulls), by physical type.
enum ParquetValues: Sendable {
    /// Values named by their index in a dictionary (a dictionary-encoded page's, kept so:
    /// a column of a few distinct texts holds each once).
    indirect case indexed(dictionary: ParquetValues, indices: [UInt32])
    case booleans([Bool])
    case int32([Int32])
    case int64([Int64])
    case floats([Float])
    case doubles([Double])
    /// Byte arrays (strings, binary, fixed-length, INT96's 12 bytes): each value's start in
    /// `data`, and one offset past the last.
    case bytes(starts: [Int], data: [UInt8])

    /// The number of values.
    var count: Int {
        switch self {
        case let .indexed(_, indices): return indices.count
        case let .booleans(v): return v.count
        case let .int32(v): return v.count
        case let .int64(v): return v.count
        case let .floats(v): return v.count
        case let .doubles(v): return v.count
        case let .bytes(starts, _): return Swift.max(0, starts.count - 1)
        }
    }

    /// No values of physical type `type`.
    static func empty(_ type: Int) -> ParquetValues {
        switch type {
        case Physical.boolean: return .booleans([])
        case Physical.int32: return .int32([])
        case Physical.int64: return .int64([])
        case Physical.float: return .floats([])
        case Physical.double: return .doubles([])
        default: return .bytes(starts: [0], data: [])
        }
    }

    /// These values, then `more` (of the same type). Pages of one chunk share its dictionary:
    /// their indices are joined; a chunk whose writer went from its dictionary to plain pages
    /// midway is kept plain.
    mutating func append(_ more: ParquetValues) throws(ParquetMetadata.Failure) {
        // Nothing yet: the first page's values as they are (a dictionary page's indices stay
        // indices, not written out).
        if count == 0, more.count > 0, case .indexed = more { return self = more }
        switch (self, more) {
        case let (.indexed(dictionary, a), .indexed(_, b)): self = .indexed(dictionary: dictionary, indices: a + b)
        case (.indexed, _):
            self = try plain()
            try append(more)
        case (_, .indexed): try append(try more.plain())
        case let (.booleans(a), .booleans(b)): self = .booleans(a + b)
        case let (.int32(a), .int32(b)): self = .int32(a + b)
        case let (.int64(a), .int64(b)): self = .int64(a + b)
        case let (.floats(a), .floats(b)): self = .floats(a + b)
        case let (.doubles(a), .doubles(b)): self = .doubles(a + b)
        case let (.bytes(s, d), .bytes(t, e)):
            let shift = d.count
            self = .bytes(starts: s.dropLast() + t.map { $0 + shift }, data: d + e)
        default: throw ParquetBytes.failure("a page's values are not of its column's type")
        }
    }

    /// The values at `indices` (a dictionary's entries as the data pages name them), kept as
    /// indices into it.
    func gathering(_ indices: [UInt32]) throws(ParquetMetadata.Failure) -> ParquetValues {
        let n = count
        // The largest found in one pass (it vectorises), not each index tested and branched on.
        if let largest = indices.max(), Int(largest) >= n { throw ParquetBytes.failure("a dictionary index past the dictionary's \(n) entries") }
        return .indexed(dictionary: self, indices: indices)
    }

    /// Dictionary-indexed values written out, each its own; others as they are.
    func plain() throws(ParquetMetadata.Failure) -> ParquetValues {
        guard case let .indexed(dictionary, indices) = self else { return self }
        let i = indices.map(Int.init)
        switch try dictionary.plain() {
        case let .booleans(v): return .booleans(i.map { v[$0] })
        case let .int32(v): return .int32(i.map { v[$0] })
        case let .int64(v): return .int64(i.map { v[$0] })
        case let .floats(v): return .floats(i.map { v[$0] })
        case let .doubles(v): return .doubles(i.map { v[$0] })
        case let .bytes(starts, data):
            var newStarts = [0]
            var newData: [UInt8] = []
            newStarts.reserveCapacity(i.count + 1)
            for k in i {
                newData.append(contentsOf: data[starts[k]..<starts[k + 1]])
                newStarts.append(newData.count)
            }
            return .bytes(starts: newStarts, data: newData)
        case .indexed: throw ParquetBytes.failure("a dictionary of dictionary indices")
        }
    }

    /// `count` values of physical type `type` (`width` bytes each for a fixed-length byte
    /// array) written PLAIN.
    static func plain(_ reader: inout ParquetBytes, type: Int, count: Int, width: Int) throws(ParquetMetadata.Failure) -> ParquetValues {
        switch type {
        case Physical.boolean:
            var bits: [UInt8] = []
            try reader.bitPacked(count, width: 1, into: &bits)
            return .booleans(bits.map { $0 != 0 })
        case Physical.int32: return .int32(try reader.littleEndianValues(count, as: Int32.self))
        case Physical.int64: return .int64(try reader.littleEndianValues(count, as: Int64.self))
        case Physical.float: return .floats(try reader.littleEndianValues(count, as: UInt32.self).map(Float.init(bitPattern:)))
        case Physical.double: return .doubles(try reader.littleEndianValues(count, as: UInt64.self).map(Double.init(bitPattern:)))
        case Physical.int96, Physical.fixedLengthByteArray:
            let size = type == Physical.int96 ? 12 : width
            guard size >= 0 else { throw ParquetBytes.failure("a fixed length of \(size)") }
            let range = try reader.take(try ParquetBytes.product(count, size))
            return .bytes(starts: (0...count).map { $0 * size }, data: Array(reader.bytes[range]))
        case Physical.byteArray:
            // Each value's bytes copied as its length is read, in one pass: a page of short
            // texts (a dictionary of tail numbers) costs a copy a value and little else.
            var starts = [0]
            starts.reserveCapacity(Swift.min(count, reader.remaining / 4) + 1)
            var data: [UInt8] = []
            // Room for sixteen bytes a value (a value takes four bytes of the page at least, so no
            // overflow), more made as needed.
            data.reserveCapacity(Swift.min(reader.remaining, Swift.min(count, reader.remaining / 4) * 16))
            for _ in 0..<count {
                let range = try reader.take(Int(try reader.uint32()))
                data.append(contentsOf: reader.bytes[range])
                starts.append(data.count)
            }
            return .bytes(starts: starts, data: data)
        default: throw ParquetBytes.failure("a physical type \(type) no Parquet writer uses")
        }
    }

    /// `count` values written DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY
    /// or BYTE_STREAM_SPLIT.
    static func decoded(_ reader: inout ParquetBytes, encoding: Int, type: Int, count: Int, width: Int) throws(ParquetMetadata.Failure) -> ParquetValues {
        switch encoding {
        case Encoding.deltaBinaryPacked:
            let values = try reader.deltaBinaryPacked()
            guard values.count >= count else { throw ParquetBytes.failure("\(values.count) delta values for \(count)") }
            if type == Physical.int32 { return .int32(values.prefix(count).map { Int32(truncatingIfNeeded: $0) }) }
            guard type == Physical.int64 else { throw ParquetBytes.failure("DELTA_BINARY_PACKED on a column that is not of integers") }
            return .int64(Array(values.prefix(count)))
        case Encoding.deltaLengthByteArray:
            let lengths = try reader.deltaBinaryPacked()
            return try concatenated(&reader, lengths: lengths.prefix(count).map(Int.init), prefixes: nil)
        case Encoding.deltaByteArray:
            let prefixes = try reader.deltaBinaryPacked()
            let lengths = try reader.deltaBinaryPacked()
            return try concatenated(&reader, lengths: lengths.prefix(count).map(Int.init), prefixes: prefixes.map(Int.init))
        case Encoding.byteStreamSplit:
            let size = switch type {
            case Physical.int32, Physical.float: 4
            case Physical.int64, Physical.double: 8
            case Physical.fixedLengthByteArray: width
            default: 0
            }
            guard size > 0, count >= 0, count <= reader.remaining / size else { throw ParquetBytes.failure("BYTE_STREAM_SPLIT of \(count) values of \(size) bytes") }
            let range = try reader.take(count * size)
            var joined = [UInt8](repeating: 0, count: count * size)
            for i in 0..<count { for k in 0..<size { joined[i * size + k] = reader.bytes[range.lowerBound + k * count + i] } }
            var plain = ParquetBytes(joined)
            return try Self.plain(&plain, type: type, count: count, width: size)
        default:
            throw ParquetBytes.failure("the encoding \(encoding) is not one Parquet defines for values")
        }
    }

    private static func concatenated(_ reader: inout ParquetBytes, lengths: [Int], prefixes: [Int]?) throws(ParquetMetadata.Failure) -> ParquetValues {
        var starts = [0]
        var data: [UInt8] = []
        var previous: ArraySlice<UInt8> = []
        for (i, length) in lengths.enumerated() {
            let suffix = reader.bytes[try reader.take(length)]
            if let prefixes {
                guard prefixes.indices.contains(i), (0...previous.count).contains(prefixes[i]) else { throw ParquetBytes.failure("a shared prefix longer than the value before") }
                let value = previous.prefix(prefixes[i]) + suffix
                data += value
                previous = ArraySlice(value)
            } else {
                data += suffix
            }
            starts.append(data.count)
        }
        return .bytes(starts: starts, data: data)
    }
}

private typealias Physical = ParquetCode.Physical
private typealias Encoding = ParquetCode.Encoding
