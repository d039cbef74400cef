/// The heights of a list's items and the positions that follow from them.
///
/// Fixed heights cost O(1) for everything; uniform rows among headers, footers and spacers of
/// other heights cost O(log sections) and no memory a row. Variable heights start from an estimate and are
/// replaced as rows are measured; they are kept as prefix sums so that offset → item, item →
/// offset and one update are O(log n) (10 million items take about 81 MB).
public struct RowHeights: Sendable, Hashable {
    private enum Storage: Sendable, Hashable {
        case fixed(Double)
        case uniformExcept(Double, [Exception])
        case variable(FenwickTree, measured: [UInt64])
    }

    /// An item whose height is not the rows' own: its index, height, and how much taller than a
    /// row all exceptions before it are together.
    private struct Exception: Sendable, Hashable {
        var index: Int
        var height: Double
        var extraBefore: Double
    }

    private var storage: Storage
    /// The number of items.
    public private(set) var count: Int

    /// Every item `height` points tall (a negative or non-finite height counts as 0).
    public static func fixed(_ height: Double, count: Int) -> RowHeights {
        RowHeights(storage: .fixed(height.isFinite ? Swift.max(0, height) : 0), count: Swift.max(0, count))
    }

    /// `count` items `height` points tall but for `exceptions` (item index and height: a section's
    /// header, footer or spacer), which need not be sorted; indexes outside the items and
    /// heights that are not finite are ignored. Costs O(log exceptions) a lookup at any count.
    public static func uniform(_ height: Double, count: Int, except exceptions: [(index: Int, height: Double)]) -> RowHeights {
        let h = height.isFinite ? Swift.max(0, height) : 0
        let n = Swift.max(0, count)
        var list: [Exception] = []
        var extra = 0.0
        var last = -1
        for (index, other) in exceptions.sorted(by: { $0.index < $1.index }) where index >= 0 && index < n && index > last && other.isFinite {
            let e = Swift.max(0, other)
            last = index
            guard e != h else { continue }
            list.append(Exception(index: index, height: e, extraBefore: extra))
            extra += e - h
        }
        return RowHeights(storage: list.isEmpty ? .fixed(h) : .uniformExcept(h, list), count: n)
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
        case let .uniformExcept(h, list): return Double(i) * h + Self.extra(before: i, h, list)
        case let .variable(tree, _): return tree.prefixSum(i)
        }
    }

    /// The first position in `list` where `isAfter` holds (it must hold for a suffix), or its count.
    private static func firstException(in list: [Exception], where isAfter: (Exception) -> Bool) -> Int {
        partitionPoint(in: 0..<list.count) { isAfter(list[$0]) }
    }

    /// How much taller than rows of height `h` the exceptions before item `i` are together.
    private static func extra(before i: Int, _ h: Double, _ list: [Exception]) -> Double {
        let k = firstException(in: list) { $0.index >= i }
        return k > 0 ? list[k - 1].extraBefore + (list[k - 1].height - h) : 0
    }

    /// How far the top of item `b` lies below the top of item `a` (negative when above), worked
    /// out from the items between: exact to the point where ``offset(ofItem:)`` of either alone
    /// is too large to tell neighbouring items apart. Indexes are clamped to `0...count`.
    public func distance(from a: Int, to b: Int) -> Double {
        let i = Swift.min(Swift.max(0, a), count), j = Swift.min(Swift.max(0, b), count)
        guard i != j else { return 0 }
        if i > j { return -distance(from: j, to: i) }
        switch storage {
        case let .fixed(h): return Double(j - i) * h
        case let .uniformExcept(h, list):
            // The rows' share, and what the exceptions between add.
            return Double(j - i) * h + (Self.extra(before: j, h, list) - Self.extra(before: i, h, list))
        case let .variable(tree, _): return tree.prefixSum(j) - tree.prefixSum(i)
        }
    }

    /// The height of item `index`.
    public func height(ofItem index: Int) -> Double {
        guard index >= 0 && index < count else { return 0 }
        switch storage {
        case let .fixed(h): return h
        case let .uniformExcept(h, list):
            let k = Self.firstException(in: list) { $0.index >= index }
            return k < list.count && list[k].index == index ? list[k].height : h
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
        case let .uniformExcept(h, list):
            // The exceptions that start at or before the offset, and the rows after the last of them.
            let start = { (e: Exception) in Double(e.index) * h + e.extraBefore }
            let k = Self.firstException(in: list) { start($0) > offset }
            var first = 0, top = 0.0
            if k > 0 {
                let e = list[k - 1]
                if offset < start(e) + e.height { return e.index }
                first = e.index + 1
                top = start(e) + e.height
            }
            let next = k < list.count ? list[k].index : count
            let rows = h > 0 ? Int(saturating: (offset - top) / h) : 0
            return Swift.max(0, Swift.min(first.addingSaturating(rows), next - 1, count - 1))
        case let .variable(tree, _):
            return Swift.min(count - 1, tree.index(containing: offset))
        }
    }

    /// True when item `index` has been measured.
    public func isMeasured(_ index: Int) -> Bool {
        guard index >= 0 && index < count else { return false }
        switch storage {
        case .fixed, .uniformExcept: return true
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
