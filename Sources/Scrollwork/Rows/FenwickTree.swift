/// Prefix sums over a fixed number of values with O(log n) update and lookup (a binary indexed
/// tree). Built in O(n); 8 bytes per value.
public struct FenwickTree: Sendable, Hashable {
    private var tree: [Double]

    /// A tree of `count` values, each `value(i)`; built in O(n).
    public init(count: Int, value: (Int) -> Double) {
        tree = [Double](repeating: 0, count: Swift.max(0, count) + 1)
        for i in 0..<Swift.max(0, count) { tree[i + 1] = value(i) }
        for i in 1..<tree.count {
            let parent = i + (i & -i)
            if parent < tree.count { tree[parent] += tree[i] }
        }
    }

    /// The number of values.
    public var count: Int { tree.count - 1 }

    /// Adds `delta` to value `index`.
    public mutating func add(_ delta: Double, at index: Int) {
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

    /// Value `index` alone.
    public func value(at index: Int) -> Double { prefixSum(index + 1) - prefixSum(index) }

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
