/// Places `0..<count` sorted into buckets by a counting sort, each bucket's places ascending:
/// the rows a batch names, by the row group or page that holds them, without an array a bucket
/// grown a place at a time.
struct PlaceBuckets: Sendable {
    /// The places, a bucket after the one before.
    private let order: [Int]
    /// Where each bucket's places start in ``order``, and one past the last bucket's end.
    private let starts: [Int]

    /// Places `0..<count` in `buckets` buckets, place `k` in bucket `bucket(k)`; a place whose
    /// bucket is outside `0..<buckets` is left out.
    init(count: Int, buckets: Int, bucket: (Int) -> Int) {
        let buckets = Swift.max(0, buckets), count = Swift.max(0, count)
        var of = [Int32](repeating: -1, count: count)
        var sizes = [Int](repeating: 0, count: buckets + 1)
        for k in 0..<count {
            let b = bucket(k)
            guard b >= 0, b < buckets else { continue }
            of[k] = Int32(truncatingIfNeeded: b)
            sizes[b + 1] += 1
        }
        for b in 0..<buckets { sizes[b + 1] += sizes[b] }
        starts = sizes
        var next = sizes
        var order = [Int](repeating: 0, count: sizes[buckets])
        for k in 0..<count where of[k] >= 0 {
            let b = Int(of[k])
            order[next[b]] = k
            next[b] += 1
        }
        self.order = order
    }

    /// The buckets.
    var count: Int { starts.count - 1 }

    /// Bucket `b`'s places, ascending (none for a bucket outside them).
    subscript(b: Int) -> ArraySlice<Int> {
        guard b >= 0, b < count else { return [] }
        return order[starts[b]..<starts[b + 1]]
    }
}
