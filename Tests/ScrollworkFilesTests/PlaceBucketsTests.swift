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
