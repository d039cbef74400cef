/// The first index of `range` where `isAfter` holds, for a predicate that is false and then true
/// across the range (a binary search); `range.upperBound` when it never holds. O(log n) calls.
func partitionPoint(in range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
    var low = range.lowerBound, high = range.upperBound
    while low < high {
        let mid = low + (high - low) / 2
        if isAfter(mid) { high = mid } else { low = mid + 1 }
    }
    return low
}
