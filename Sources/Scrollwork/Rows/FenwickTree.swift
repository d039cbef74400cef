/// Prefix sums over a fixed number of values with O(log n) update and lookup (a binary indexed
/// tree). Built in O(n); 8 bytes per value.
public struct FenwickTree: Sendable, Hashable {
    private var tree: [Double]

    /// A tree of `count` values, each `value(i)`; built in O(n). `count` is clamped to
    /// 0…``RowHeights/maximumVariableCount`` (2²⁶: 512 MB of sums).
    public init(count: Int, value: (Int) -> Double) {
        let n = Swift.min(Swift.max(0, count), RowHeights.maximumVariableCount)
        tree = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { tree[i + 1] = value(i) }
        for i in 1..<tree.count {
            let parent = i + (i & -i)
            if parent < tree.count { tree[parent] += tree[i] }
        }
    }

    /// The number of values.
    public var count: Int { tree.count - 1 }

    /// Adds `delta` to value `index`; an index outside the values, or a `delta` that is not a
    /// finite number, changes nothing.
    public mutating func add(_ delta: Double, at index: Int) {
        guard index >= 0, index < count, delta.isFinite else { return }
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of values `0 ..< end`.
    public func prefixSum(_ end: Int) -> Double {
        var i = Swift.min(Swift.max(0, end), count), sum = 0.0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// Value `index` alone; 0 outside the values.
    public func value(at index: Int) -> Double {
        guard index >= 0, index < count else { return 0 }
        return prefixSum(index + 1) - prefixSum(index)
    }

    /// The number of leading values whose sum is ≤ `target`: the index of the value that contains
    /// position `target` when values are laid end to end (count when past the end).
    public func index(containing target: Double) -> Int {
        var position = 0, remaining = target
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }
}
