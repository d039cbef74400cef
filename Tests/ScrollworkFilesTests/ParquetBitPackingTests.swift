import Testing
@testable import ScrollworkFiles

/// The bit-packed and RLE / bit-packed hybrid decoders against a plain packer: every width from
/// 0 to 64, counts that end inside a byte, values of every bit set, and runs of both kinds.
@Suite struct ParquetBitPackingTests {
    /// `values` packed `width` bits each, lowest bit first, as Parquet packs them.
    static func packed(_ values: [UInt64], width: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (values.count * width + 7) / 8)
        var bit = 0
        for value in values {
            for k in 0..<width {
                if value >> UInt64(k) & 1 == 1 { bytes[bit >> 3] |= 1 << UInt8(bit & 7) }
                bit += 1
            }
        }
        return bytes
    }

    /// A value of `width` bits from `seed`, its top bit set every third value.
    static func value(_ seed: Int, width: Int) -> UInt64 {
        guard width > 0 else { return 0 }
        var x = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        let mask: UInt64 = width == 64 ? .max : (1 << UInt64(width)) - 1
        return (x | (seed % 3 == 0 ? 1 << UInt64(width - 1) : 0)) & mask
    }

    @Test("every width from 0 to 64 reads back what was packed, whatever the count")
    func everyWidth() throws {
        for width in 0...64 {
            for count in [0, 1, 7, 8, 9, 63, 1000] {
                let values = (0..<count).map { Self.value($0 &* 31 &+ width, width: width) }
                var reader = ParquetBytes(Self.packed(values, width: width))
                var read: [UInt64] = []
                try reader.bitPacked(count, width: width, into: &read)
                #expect(read == values, "width \(width), \(count) values")
                #expect(reader.remaining == 0, "width \(width): every byte of the run read")
            }
        }
    }

    @Test("a narrower kind keeps each value's low bits")
    func narrower() throws {
        let values = (0..<100).map { Self.value($0, width: 20) }
        var reader = ParquetBytes(Self.packed(values, width: 20))
        var read: [UInt8] = []
        try reader.bitPacked(100, width: 20, into: &read)
        #expect(read == values.map { UInt8(truncatingIfNeeded: $0) })
    }

    @Test("the hybrid reads RLE runs and bit-packed runs, the last group's padding dropped")
    func hybridRuns() throws {
        for width in [1, 3, 8, 13, 17, 32] {
            let repeated = Self.value(5, width: width)
            let packedValues = (0..<16).map { Self.value($0 + 100, width: width) }
            // An RLE run of 5, then two groups of 8 bit-packed of which 13 are wanted.
            var bytes: [UInt8] = [5 << 1]
            bytes += (0..<(width + 7) / 8).map { UInt8(truncatingIfNeeded: repeated >> UInt64($0 * 8)) }
            bytes += [2 << 1 | 1] + Self.packed(packedValues, width: width)
            var reader = ParquetBytes(bytes)
            let read = try reader.hybrid(18, width: width, as: UInt32.self)
            #expect(read.map(UInt64.init) == Array(repeating: repeated, count: 5) + packedValues.prefix(13), "width \(width)")
        }
    }

    @Test("the hybrid unpacks only the groups of a run that hold the values wanted: a page's first values read from its first bytes")
    func firstGroupsOfALongRun() throws {
        for width in [1, 5, 12, 32] {
            // One bit-packed run of 64 groups (512 values, as pyarrow writes dictionary indices),
            // of which only the header and the first 16 groups' bytes are at hand.
            let values = (0..<512).map { Self.value($0 * 7 + 3, width: width) }
            let run: [UInt8] = [0x81, 0x01] + Self.packed(values, width: width)
            for wanted in [1, 8, 100, 128] {
                var reader = ParquetBytes(Array(run.prefix(2 + 16 * width)))
                let read = try reader.hybrid(wanted, width: width, as: UInt32.self)
                #expect(read.map(UInt64.init) == Array(values.prefix(wanted)), "width \(width), \(wanted) wanted")
            }
            var whole = ParquetBytes(run)
            #expect(try whole.hybrid(512, width: width, as: UInt32.self).map(UInt64.init) == values.map { $0 & 0xFFFF_FFFF })
            var cut = ParquetBytes(Array(run.prefix(2 + 16 * width)))
            #expect(throws: ParquetMetadata.Failure.self, "more values than the bytes at hand hold") { try cut.hybrid(129, width: width, as: UInt32.self) }
        }
    }

    @Test("indices counted from the hybrid are the indices the hybrid reads, counted; an index past the entries is refused")
    func countedIndices() throws {
        for width in [1, 4, 13] {
            let repeated = Self.value(5, width: width)
            // An RLE run of 5000, then 3,000 groups of 8 bit-packed (two blocks), 23,995 wanted.
            let packedValues = (0..<24_000).map { Self.value($0 + 100, width: width) }
            var bytes: [UInt8] = [0x90, 0x4E]
            bytes += (0..<(width + 7) / 8).map { UInt8(truncatingIfNeeded: repeated >> UInt64($0 * 8)) }
            bytes += [0xF1, 0x2E] + Self.packed(packedValues, width: width)
            var reader = ParquetBytes(bytes), counter = ParquetBytes(bytes)
            let read = try reader.hybrid(28_995, width: width, as: UInt32.self)
            var counts = [Int](repeating: 0, count: 1 << width)
            try counter.countHybrid(28_995, width: width, into: &counts)
            var expected = [Int](repeating: 0, count: 1 << width)
            for index in read { expected[Int(index)] += 1 }
            #expect(counts == expected, "width \(width)")
            var short = [Int](repeating: 0, count: 1)
            var again = ParquetBytes(bytes)
            #expect(throws: ParquetMetadata.Failure.self) { try again.countHybrid(28_995, width: width, into: &short) }
        }
    }

    @Test("a bit-packed run past the page's end, or a width past 32, is refused with a message")
    func refused() {
        var short = ParquetBytes([5 << 1 | 1, 0xFF])
        #expect(throws: ParquetMetadata.Failure.self) { try short.hybrid(40, width: 8, as: UInt32.self) }
        var wide = ParquetBytes([2, 1])
        #expect(throws: ParquetMetadata.Failure.self) { try wide.hybrid(1, width: 33, as: UInt32.self) }
        var cut = ParquetBytes([0xFF])
        var values: [UInt64] = []
        #expect(throws: ParquetMetadata.Failure.self) { try cut.bitPacked(8, width: 9, into: &values) }
    }
}

/// A Thrift struct's fields, kept in order by number.
@Suite struct ThriftFieldsTests {
    @Test("fields read out of order are found by number; a number read twice keeps its last value, as a dictionary would")
    func outOfOrderAndRepeated() throws {
        // Field 3 = 7 (short form), field 1 = 8 and field 3 = 9 (long form), stop.
        var reader = ThriftReader([0x35, 0x0E, 0x05, 0x02, 0x10, 0x05, 0x06, 0x12, 0x00])
        let value = try reader.readStruct()
        #expect(value[1]?.int == 8 && value[3]?.int == 9 && value[2] == nil)
        guard case let .structure(fields) = value else { Issue.record("not a struct"); return }
        #expect(fields.keys == [1, 3] && fields.first?.key == 1)
        #expect(ThriftFields([(3, .int(9)), (1, .int(8))]) == fields)
    }
}
