/// A uniform sample of a column's numbers, for its median: every value while there are at most
/// ``capacity`` of them (the median is then exact), else the `capacity` values whose rows have
/// the lowest priority, a hash of the row's number and a seed, which samples pieces read
/// separately alike, so that they merge into one sample.
struct ValueSample: Sendable, Hashable {
    /// The most values kept.
    static let capacity = 1 << 16
    /// The values held before they are cut back to ``capacity``: a quarter as many again, so a
    /// cut drops a fifth of them (every column of every core's pieces holds a sample: twice the
    /// capacity held nineteen columns' samples in 76 MB on two cores, this holds them in 48;
    /// the cuts cost no time measured).
    static let slack = capacity + capacity / 4

    private var items: [Item] = []
    /// Values whose priority is at least this are not kept; `UInt64.max` while none was dropped.
    private var threshold = UInt64.max

    private struct Item: Sendable, Hashable {
        var priority: UInt64
        var value: Double
    }

    /// True once values were dropped, or will be for the median: it is then an estimate.
    var isEstimate: Bool { threshold != .max || items.count > Self.capacity }

    /// Adds `value` of a row whose priority is `priority`.
    @inline(__always)
    mutating func add(_ value: Double, priority: UInt64) {
        guard priority < threshold else { return }
        if items.count == items.capacity { grow(to: items.count + 1) }
        items.append(Item(priority: priority, value: value))
        if items.count >= Self.slack { compact() }
    }

    /// Makes room for `count` items, doubling as an array does but never past ``slack``: an
    /// array left to grow by itself doubled 65,536 items to 131,072 (2 MB a column a core).
    private mutating func grow(to count: Int) {
        guard items.capacity < count else { return }
        items.reserveCapacity(Swift.min(Swift.max(count, 2 * items.capacity, 16), Swift.max(count, Self.slack)))
    }

    /// An empty sample.
    init() {}

    /// Keeps the `capacity` items of lowest priority (fewer when priorities tie at the cut).
    private mutating func compact() {
        guard items.count > Self.capacity else { return }
        var priorities = items.map(\.priority)
        threshold = Self.smallest(Self.capacity, in: &priorities)
        items.removeAll { $0.priority >= threshold }
    }

    /// The room the items take, in items (for tests: never past ``slack``, but for the page an
    /// allocation that large may be rounded up to).
    var storage: Int { items.capacity }

    /// The value that would stand at position `k` if `values` were sorted (quickselect, in
    /// linear time on average; `values` is reordered). `k` must be a position of `values`.
    static func smallest(_ k: Int, in values: inout [UInt64]) -> UInt64 {
        var low = 0, high = values.count - 1
        while low < high {
            // The median of three as the pivot: priorities are hashes, so any choice is fair.
            let pivot = Swift.max(Swift.min(values[low], values[high]), Swift.min(Swift.max(values[low], values[high]), values[(low + high) / 2]))
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return values[k] }
        }
        return values[k]
    }

    /// Adds the values `other` kept.
    mutating func merge(_ other: ValueSample) {
        threshold = Swift.min(threshold, other.threshold)
        items.removeAll { $0.priority >= threshold }
        let below = threshold
        let incoming = other.items.lazy.filter { $0.priority < below }
        let total = items.count + incoming.count
        // Cut as `add` does, past the slack: cutting at every merge of a piece took a twentieth
        // of a summary's time, on the thread that merges while the others wait.
        guard total >= Self.slack else {
            grow(to: total)
            return items += incoming
        }
        // Cut the two together into an array no larger than a sample holds: appending first
        // grew each column's merged sample to 160,000 items and more.
        var priorities = items.map(\.priority) + incoming.map(\.priority)
        threshold = Self.smallest(Self.capacity, in: &priorities)
        var kept: [Item] = []
        kept.reserveCapacity(Self.slack)
        for item in items where item.priority < threshold { kept.append(item) }
        for item in incoming where item.priority < threshold { kept.append(item) }
        items = kept
    }

    /// The values kept at the shares `low` and `high` (0…1) of their order: a band that holds the
    /// whole column's median when `low` and `high` are far enough from ½; nil for none kept.
    func band(_ low: Double, _ high: Double) -> (low: Double, high: Double)? {
        var kept = self
        kept.compact()
        guard !kept.items.isEmpty else { return nil }
        let values = kept.items.map(\.value).sorted()
        let last = Double(values.count - 1)
        let at = { (share: Double) in values[Int((share.clamped(to: 0...1) * last).rounded())] }
        return (at(low), at(high))
    }

    /// The median of the values kept (past ``capacity``, of the ``capacity`` kept last); nil for none.
    var median: Double? {
        var kept = self
        kept.compact()
        guard !kept.items.isEmpty else { return nil }
        let values = kept.items.map(\.value).sorted()
        let mid = values.count / 2
        return values.count % 2 == 1 ? values[mid] : Double.midpoint(values[mid - 1], values[mid])
    }
}
