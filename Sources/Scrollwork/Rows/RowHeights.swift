/// The heights of a list's items and the positions that follow from them.
///
/// Fixed heights cost O(1) for everything. Variable heights start from an estimate and are
/// replaced as rows are measured; they are kept as prefix sums so that offset → item, item →
/// offset and one update are O(log n) (10 million items take about 81 MB).
public struct RowHeights: Sendable, Hashable {
    private enum Storage: Sendable, Hashable {
        case fixed(Double)
        case variable(FenwickTree, measured: [UInt64])
    }

    private var storage: Storage
    /// The number of items.
    public private(set) var count: Int

    /// Every item `height` points tall (a negative or non-finite height counts as 0).
    public static func fixed(_ height: Double, count: Int) -> RowHeights {
        RowHeights(storage: .fixed(height.isFinite ? Swift.max(0, height) : 0), count: Swift.max(0, count))
    }

    /// The most items variable heights hold (2²⁶, about 67 million, 512 MB of prefix sums); a
    /// larger count is clamped to it. Fixed heights have no limit.
    public static let maximumVariableCount = 1 << 26

    /// Items whose heights are estimated by `estimate` until measured; `count` is clamped to
    /// 0…``maximumVariableCount``.
    public static func variable(count: Int, estimate: (Int) -> Double) -> RowHeights {
        let n = Swift.min(Swift.max(0, count), maximumVariableCount)
        let tree = FenwickTree(count: n) { i in
            let h = estimate(i)
            return h.isFinite ? Swift.max(0, h) : 0
        }
        return RowHeights(storage: .variable(tree, measured: [UInt64](repeating: 0, count: (n + 63) / 64)), count: n)
    }

    private init(storage: Storage, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// True when items may differ in height.
    public var isVariable: Bool { if case .variable = storage { return true } else { return false } }

    /// The total height.
    public var totalHeight: Double { offset(ofItem: count) }

    /// The top of item `index` (the total height for `index == count`).
    public func offset(ofItem index: Int) -> Double {
        let i = Swift.min(Swift.max(0, index), count)
        switch storage {
        case let .fixed(h): return Double(i) * h
        case let .variable(tree, _): return tree.prefixSum(i)
        }
    }

    /// The height of item `index`.
    public func height(ofItem index: Int) -> Double {
        guard index >= 0 && index < count else { return 0 }
        switch storage {
        case let .fixed(h): return h
        case let .variable(tree, _): return tree.value(at: index)
        }
    }

    /// The item at vertical position `offset` (clamped to the items; nil when there are none).
    public func item(atOffset offset: Double) -> Int? {
        guard count > 0 else { return nil }
        guard offset.isFinite, offset > 0 else { return 0 }
        switch storage {
        case let .fixed(h):
            guard h > 0 else { return 0 }
            return Swift.min(count - 1, Int(saturating: offset / h))
        case let .variable(tree, _):
            return Swift.min(count - 1, tree.index(containing: offset))
        }
    }

    /// True when item `index` has been measured.
    public func isMeasured(_ index: Int) -> Bool {
        guard index >= 0 && index < count else { return false }
        switch storage {
        case .fixed: return true
        case let .variable(_, measured): return measured[index / 64] & (1 << UInt64(index % 64)) != 0
        }
    }

    /// Records the measured height of item `index` and returns how much it changed. Ignored (0)
    /// for fixed heights, an index out of range, or a non-finite height.
    @discardableResult
    public mutating func setMeasuredHeight(_ height: Double, ofItem index: Int) -> Double {
        guard index >= 0 && index < count, height.isFinite, case .variable(var tree, var measured) = storage else { return 0 }
        let delta = Swift.max(0, height) - tree.value(at: index)
        storage = .fixed(0)  // release the tree so the update below does not copy it
        tree.add(delta, at: index)
        measured[index / 64] |= 1 << UInt64(index % 64)
        storage = .variable(tree, measured: measured)
        return delta
    }

    /// The items that intersect `[top, top + length)`, widened by `overscan` items on each side.
    public func visibleRange(top: Double, length: Double, overscan: Int = 2) -> Range<Int> {
        guard count > 0, length > 0, let first = item(atOffset: top) else { return 0..<0 }
        let bottom = top + length
        var last = item(atOffset: bottom) ?? first
        // An item that starts exactly at the bottom edge is not visible.
        if last > first && offset(ofItem: last) >= bottom { last -= 1 }
        // A negative overscan counts as none.
        let extra = Swift.max(0, overscan)
        let low = first > extra ? first - extra : 0
        let high = count - last - 1 > extra ? last + 1 + extra : count
        return low..<high
    }
}
