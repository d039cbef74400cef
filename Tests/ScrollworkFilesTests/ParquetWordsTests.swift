import Testing
@testable import ScrollworkFiles

/// #67: a page's numbers of a fixed width are read a page at a time, each loaded whole, and a
/// page too short for them is refused.
@Suite struct ParquetWordsTests {
    @Test("little-endian numbers at any offset read as the bytes spell them, for each width, and the reader moves past them")
    func wordsAtAnyOffset() throws {
        let bytes: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for offset in 0..<8 {
            func spelled<T: FixedWidthInteger>(_ k: Int, _ type: T.Type) -> T {
                let size = MemoryLayout<T>.size, at = offset + k * size
                return (0..<size).reduce(T.zero) { $0 | T(truncatingIfNeeded: bytes[at + $1]) << (8 * $1) }
            }
            var reader = ParquetBytes(bytes, offset..<bytes.count)
            #expect(try reader.littleEndianValues(3, as: Int32.self) == (0..<3).map { spelled($0, Int32.self) })
            #expect(reader.offset == offset + 12)
            reader = ParquetBytes(bytes, offset..<bytes.count)
            #expect(try reader.littleEndianValues(5, as: UInt64.self) == (0..<5).map { spelled($0, UInt64.self) })
            reader = ParquetBytes(bytes, offset..<bytes.count)
            #expect(try reader.littleEndianValues(2, as: Int64.self) == (0..<2).map { spelled($0, Int64.self) })
            #expect(try reader.littleEndianValues(0, as: UInt32.self) == [])
        }
    }

    @Test("a page too short for the numbers it says it holds, a negative count or one whose bytes overflow is refused, the reader where it was")
    func tooFewBytes() {
        let bytes = [UInt8](repeating: 0xAB, count: 20)
        for (count, range) in [(3, 0..<20), (6, 0..<23), (1, 14..<20), (-1, 0..<20), (Int.max, 0..<20), (Int.max / 4, 0..<20), (Int.min, 0..<20)] {
            var reader = ParquetBytes(bytes, range)
            let before = reader.offset
            #expect(throws: ParquetMetadata.Failure.self) { _ = try reader.littleEndianValues(count, as: UInt64.self) }
            #expect(reader.offset == before)
        }
    }
}
