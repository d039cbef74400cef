import Testing
@testable import ScrollworkFiles

/// The counting sort that groups a batch's rows by row group and page.
@Suite struct PlaceBucketsTests {
    @Test("each bucket holds its places ascending; a place outside the buckets is left out")
    func buckets() {
        let of = [2, 0, 2, -1, 1, 0, 7, 2]
        let buckets = PlaceBuckets(count: of.count, buckets: 3) { of[$0] }
        #expect(buckets.count == 3)
        #expect(Array(buckets[0]) == [1, 5])
        #expect(Array(buckets[1]) == [4])
        #expect(Array(buckets[2]) == [0, 2, 7])
        #expect(buckets[3].isEmpty && buckets[-1].isEmpty)
    }

    @Test("no places, no buckets, or a negative count give empty buckets")
    func empty() {
        #expect(PlaceBuckets(count: 0, buckets: 4) { _ in 0 }[0].isEmpty)
        #expect(PlaceBuckets(count: 5, buckets: 0) { _ in 0 }.count == 0)
        #expect(PlaceBuckets(count: -3, buckets: -2) { _ in 0 }.count == 0)
    }
}

/// A page's rows that hold a value, a bit a row.
@Suite struct ParquetPresenceTests {
    @Test("each row's value is found by counting the rows before it that hold one; a null, or a row outside them, has none")
    func slots() {
        var levels: [UInt8] = []
        var expected: [Int] = []
        var next = 0
        for row in 0..<1_000 {
            let present = row % 3 != 0 && row % 64 != 5
            levels.append(present ? 2 : 1)
            expected.append(present ? next : -1)
            if present { next += 1 }
        }
        let presence = ParquetPresence(definitions: levels, full: 2)
        #expect((0..<1_000).map(presence.slot(ofRow:)) == expected)
        #expect(presence.slot(ofRow: -1) == -1 && presence.slot(ofRow: 1_000) == -1 && presence.slot(ofRow: .max) == -1 && presence.slot(ofRow: .min) == -1)
        #expect(ParquetPresence(definitions: [], full: 1).slot(ofRow: 0) == -1)
    }
}
