import ScrollworkTestSupport
import Testing
@testable import ScrollworkFiles

/// Thrift's compact protocol read whole and a field at a time: both ways end at the same byte
/// and refuse the same damaged bytes, so a footer read a field at a time passes over exactly
/// what a whole read would have made.
@Suite struct ThriftReaderTests {
    /// A struct with a field of every type, a long-form field number, and a byte after it.
    static let everyType: [UInt8] = [
        0x11,                                                  // 1: true
        0x13, 0x7F,                                            // 2: byte 127
        0x14, 0x03,                                            // 3: i16 -2
        0x15, 0xD8, 0x04,                                      // 4: i32 300
        0x16, 0x01,                                            // 5: i64 -1
        0x17, 0, 0, 0, 0, 0, 0, 0xF8, 0x3F,                    // 6: double 1.5
        0x18, 0x02, 0x68, 0x69,                                // 7: binary "hi"
        0x19, 0x21, 0x01, 0x02,                                // 8: list of bools [true, false]
        0x1A, 0x15, 0x02,                                      // 9: set of i32 [1]
        0x1B, 0x01, 0x8C, 0x01, 0x6B, 0x15, 0x0A, 0x00,        // 10: map {"k": {1: 5}}
        0x1C, 0x12, 0x00,                                      // 11: struct {1: false}
        0x19, 0x19, 0x25, 0x02, 0x04,                          // 12: list of lists [[1, 2]]
        0x05, 0xC8, 0x01, 0x0E,                                // 100 (long form): i32 7
        0x00,                                                  // stop
        0xAB,                                                  // not the struct's
    ]

    @Test("a struct of every type read whole: each field's value, and the reader stops at its stop byte")
    func wholeStruct() throws {
        var reader = ThriftReader(Self.everyType)
        let value = try reader.readStruct()
        #expect(reader.offset == Self.everyType.count - 1)
        #expect(value[1] == .bool(true) && value[2]?.int == 127 && value[3]?.int == -2 && value[4]?.int == 300 && value[5]?.int == -1)
        #expect(value[6] == .double(1.5) && value[7]?.string == "hi")
        #expect(value[8]?.elements == [.bool(true), .bool(false)] && value[9]?.elements == [.int(1)])
        guard case let .map(pairs)? = value[10] else { Issue.record("field 10 is not a map"); return }
        #expect(pairs.count == 1 && pairs[0].0.string == "k" && pairs[0].1[1]?.int == 5)
        #expect(value[11]?[1] == .bool(false) && value[12]?.elements == [.list([.int(1), .int(2)])] && value[100]?.int == 7)
    }

    @Test("read a field at a time, the fields passed over are skipped to the same byte, and the one read has its value")
    func fieldAtATime() throws {
        var skipping = ThriftReader(Self.everyType)
        try skipping.readFields { _, _, _ in false }
        #expect(skipping.offset == Self.everyType.count - 1)
        var picking = ThriftReader(Self.everyType)
        var seen: [Int16] = [], found: ThriftValue?
        try picking.readFields { reader, id, type throws(ThriftReader.Failure) in
            seen.append(id)
            guard id == 100 else { return false }
            found = try reader.fieldValue(type)
            return true
        }
        #expect(found?.int == 7 && picking.offset == Self.everyType.count - 1)
        #expect(seen == Array(1...12) + [100])
    }

    @Test("damaged bytes (cut, changed, nested too deep): a whole read and a skipping read refuse the same, or end at the same byte")
    func damagedAlike() {
        var random = SeededRandom(seed: 70)
        let deep = [UInt8](repeating: 0x1C, count: 200) + [UInt8](repeating: 0, count: 201)
        var inputs = [deep, [0x19, 0xF9, 0xFF, 0xFF, 0xFF, 0x7F], [0x1B, 0x05, 0x88]]
        for length in 0..<Self.everyType.count { inputs.append(Array(Self.everyType[..<length])) }
        for _ in 0..<3000 {
            var bytes = Self.everyType
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                bytes[Int.random(in: bytes.indices, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(bytes)
        }
        var refused = 0
        for bytes in inputs {
            var whole = ThriftReader(bytes), skipping = ThriftReader(bytes)
            let wholeEnd: Int? = (try? whole.readStruct()).map { _ in whole.offset }
            let skippedEnd: Int? = (try? skipping.readFields { _, _, _ in false }).map { skipping.offset }
            #expect(wholeEnd == skippedEnd, "\(bytes)")
            if wholeEnd == nil { refused += 1 }
        }
        #expect(refused > 100)
    }
}

/// What a footer keeps of a column chunk without making arrays of it.
@Suite struct ParquetFooterPartsTests {
    @Test("a chunk's statistics: the newer least and greatest first, else the older; the null count; nothing where none is given")
    func statistics() throws {
        // {1: max "z", 2: min "a", 3: nulls 4, 5: max_value "y", 6: min_value "b"}, then the older pair alone.
        let both: [UInt8] = [0x18, 0x01, 0x7A, 0x18, 0x01, 0x61, 0x16, 0x08, 0x28, 0x01, 0x79, 0x18, 0x01, 0x62, 0x00]
        var reader = ThriftReader([0xFF] + both, at: 1)
        let newer = try ParquetMetadata.Statistics(&reader)
        #expect(newer.minimum == Array("b".utf8) && newer.maximum == Array("y".utf8) && newer.nullCount == 4)
        #expect(reader.offset == both.count + 1)
        var older = ThriftReader([0x18, 0x01, 0x7A, 0x18, 0x01, 0x61, 0x00])
        let old = try ParquetMetadata.Statistics(&older)
        #expect(old.minimum == Array("a".utf8) && old.maximum == Array("z".utf8) && old.nullCount == nil)
        var empty = ThriftReader([0x00])
        let none = try ParquetMetadata.Statistics(&empty)
        #expect(none.minimum == nil && none.maximum == nil && none == none)
        #expect(newer != old)
    }

    @Test("an encoding set holds any number once, in increasing order, whatever its size")
    func encodingSet() {
        var set = ParquetMetadata.NumberSet()
        for encoding in [8, 0, 63, 64, -1, 1000, 8, Int.min, Int.max, 64] { set.insert(encoding) }
        #expect(set.elements == [Int.min, -1, 0, 8, 63, 64, 1000, Int.max])
        #expect(set.contains(63) && set.contains(64) && set.contains(Int.min) && !set.contains(1) && !set.contains(65))
        var other = ParquetMetadata.NumberSet()
        other.insert(2)
        other.insert(64)
        other.formUnion(set)
        #expect(other.elements == [Int.min, -1, 0, 2, 8, 63, 64, 1000, Int.max])
    }
}
