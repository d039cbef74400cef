/// A uniform sample of a column's numbers, for its median: every value while there are at most
/// ``capacity`` of them (the median is then exact), else the `capacity` values whose rows have
/// the lowest priority, a hash of the row's number and a seed, which samples pieces read
/// separately alike, so that they merge into one sample.
struct ValueSample: Sendable, Hashable {
    /// The most values kept.
    static let capacity = 1 << 16

    private var items: [Item] = []
    /// Values whose priority is at least this are not kept; `UInt64.max` while none was dropped.
    private var threshold = UInt64.max

    private struct Item: Sendable, Hashable {
        var priority: UInt64
        var value: Double
    }

    /// True once values were dropped: the median is then an estimate.
    var isEstimate: Bool { threshold != .max }

    /// Adds `value` of a row whose priority is `priority`.
    @inline(__always)
    mutating func add(_ value: Double, priority: UInt64) {
        guard priority < threshold else { return }
        items.append(Item(priority: priority, value: value))
        if items.count >= 2 * Self.capacity { compact() }
    }

    /// Keeps the `capacity` items of lowest priority.
    private mutating func compact() {
        guard items.count > Self.capacity else { return }
        items.sort { $0.priority < $1.priority }
        threshold = items[Self.capacity].priority
        items.removeSubrange(Self.capacity...)
        while let last = items.last, last.priority >= threshold { items.removeLast() }
    }

    /// Adds the values `other` kept.
    mutating func merge(_ other: ValueSample) {
        threshold = Swift.min(threshold, other.threshold)
        items.removeAll { $0.priority >= threshold }
        items += other.items.filter { $0.priority < threshold }
        compact()
    }

    /// The median of the values kept; nil for none.
    var median: Double? {
        guard !items.isEmpty else { return nil }
        let values = items.map(\.value).sorted()
        let mid = values.count / 2
        return values.count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2
    }
}
