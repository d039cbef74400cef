import Scrollwork

/// The size of one slot of a row or column layout.
public enum Length: Sendable, Hashable {
    /// Exactly this many points (negative counts as 0), or what is left when there is less.
    case fixed(Int)
    /// This fraction of the whole length (clamped to 0…1; NaN is 0), rounded down.
    case fraction(Double)
    /// A share of what the fixed and fractional slots leave, in proportion to `weight` (at least
    /// 1); the last flexible slot takes what rounding leaves.
    case flexible(weight: Int = 1)

    /// A flexible slot of weight 1.
    public static var fill: Length { .flexible() }
}

extension CellRect {
    /// The rectangle cut into rows, top to bottom, with `spacing` blank rows between them.
    /// Slots never overlap and never leave the rectangle; when there is too little room the
    /// later ones get less, down to empty.
    ///
    /// - Parameters:
    ///   - lengths: one slot each: fixed and fractional slots first, flexible ones share the rest.
    ///   - spacing: blank rows between slots (negative counts as 0).
    /// - Returns: one rectangle per length, in order, each as wide as this one.
    package func rows(_ lengths: [Length], spacing: Int = 0) -> [CellRect] {
        Self.split(rows, lengths, spacing: spacing).map { CellRect(column: column, row: row.addingSaturating($0.start), columns: columns, rows: $0.length) }
    }

    /// The rectangle cut into columns, left to right, with `spacing` blank columns between them
    /// (see `rows(_:spacing:)`).
    package func columns(_ lengths: [Length], spacing: Int = 0) -> [CellRect] {
        Self.split(columns, lengths, spacing: spacing).map { CellRect(column: column.addingSaturating($0.start), row: row, columns: $0.length, rows: rows) }
    }

    /// Starts and lengths of `lengths` along `total` cells.
    static func split(_ total: Int, _ lengths: [Length], spacing: Int) -> [(start: Int, length: Int)] {
        guard !lengths.isEmpty else { return [] }
        let gap = Swift.max(0, Swift.min(spacing, total))
        var room = Swift.max(0, total - gap * (lengths.count - 1))
        let whole = room
        var sizes = [Int](repeating: 0, count: lengths.count)
        // Fixed and fractional slots first, in order, each taking at most what is left.
        for (i, length) in lengths.enumerated() {
            let want: Int
            switch length {
            case let .fixed(n): want = Swift.max(0, n)
            case let .fraction(f): want = Int(flooringSaturating: Double(whole) * (f.isNaN ? 0 : Swift.min(Swift.max(f, 0), 1)))
            case .flexible: continue
            }
            sizes[i] = Swift.min(want, room)
            room -= sizes[i]
        }
        // Flexible slots share the rest by weight; the last one takes the remainder.
        let flexible = lengths.indices.filter { if case .flexible = lengths[$0] { return true } else { return false } }
        let weights = flexible.map { i -> Int in if case let .flexible(w) = lengths[i] { return Swift.min(Swift.max(w, 1), 1_000_000) } else { return 1 } }
        let totalWeight = weights.reduce(0, +)
        var left = room
        for (k, i) in flexible.enumerated() {
            let share = k == flexible.count - 1 ? left : room * weights[k] / Swift.max(totalWeight, 1)
            sizes[i] = Swift.min(share, left)
            left -= sizes[i]
        }
        var start = 0
        return sizes.map { size in
            defer { start = Swift.min(total, start + size + gap) }
            return (Swift.min(start, total), Swift.min(size, Swift.max(0, total - start)))
        }
    }
}

extension Rect {
    /// The rectangle cut into rows, top to bottom, with `spacing` points between them: a
    /// ``Length/fixed(_:)`` slot is that many points, and slots fall on whole points from the
    /// rectangle's top (the last flexible one takes what is left, fractions included). An empty or non-finite rectangle gives empty
    /// slots at its origin.
    public func rows(_ lengths: [Length], spacing: Double = 0) -> [Rect] {
        Self.split(origin.y, size.height, lengths, spacing: spacing).map { Rect(x: minX, y: $0.start, width: width, height: $0.length) }
    }

    /// The rectangle cut into columns, left to right, with `spacing` points between them (see
    /// ``rows(_:spacing:)``).
    public func columns(_ lengths: [Length], spacing: Double = 0) -> [Rect] {
        Self.split(origin.x, size.width, lengths, spacing: spacing).map { Rect(x: $0.start, y: minY, width: $0.length, height: height) }
    }

    /// The rectangle cut into rows as ``rows(_:spacing:)`` cuts it, with every slot's edges on
    /// a multiple of `step` points from the rectangle's top: a layout in points that lands on
    /// whole lines of a grid (a terminal's rows) and keeps its proportions in a window. Fixed
    /// lengths and the spacing are rounded down to whole steps; what is left past the last whole
    /// step goes to the last slot that reaches the end. A `step` that is not a finite number
    /// ≥ 1 counts as 1.
    public func rows(_ lengths: [Length], spacing: Double = 0, step: Double) -> [Rect] {
        Self.split(origin.y, size.height, lengths, spacing: spacing, step: step).map { Rect(x: minX, y: $0.start, width: width, height: $0.length) }
    }

    /// The rectangle cut into columns with every slot's edges on a multiple of `step` points
    /// from its leading edge (see ``rows(_:spacing:step:)``).
    public func columns(_ lengths: [Length], spacing: Double = 0, step: Double) -> [Rect] {
        Self.split(origin.x, size.width, lengths, spacing: spacing, step: step).map { Rect(x: $0.start, y: minY, width: $0.length, height: height) }
    }

    /// Starts and lengths of `lengths` along `total` points from `start`, in whole `step`s, and
    /// the part of a step past the last whole one added to the last slot that reaches the end.
    static func split(_ start: Double, _ total: Double, _ lengths: [Length], spacing: Double, step: Double) -> [(start: Double, length: Double)] {
        let step = step.isFinite && step >= 1 ? step : 1
        guard start.isFinite, total.isFinite, total > 0 else { return lengths.map { _ in (start.isFinite ? start : 0, 0) } }
        let steps = lengths.map { length -> Length in
            guard case let .fixed(n) = length else { return length }
            return .fixed(Int(flooringSaturating: Double(n) / step))
        }
        let whole = Swift.min((total / step).rounded(.down), Double(CellRect.coordinateLimit))
        let gap = spacing.isFinite ? Int(Swift.max(0, Swift.min(spacing / step, whole)).rounded(.down)) : 0
        let fraction = Swift.max(0, total - whole * step)
        return CellRect.split(Int(whole), steps, spacing: gap).map { slot in
            let reachesEnd = slot.start + slot.length == Int(whole) && slot.length > 0
            return (start + Double(slot.start) * step, Double(slot.length) * step + (reachesEnd ? fraction : 0))
        }
    }

    /// Starts and lengths of `lengths` along `total` points from `start`: whole points, as cells
    /// are cut, and the fraction of a point past the last whole one added to the last slot that
    /// reaches the end.
    static func split(_ start: Double, _ total: Double, _ lengths: [Length], spacing: Double) -> [(start: Double, length: Double)] {
        split(start, total, lengths, spacing: spacing, step: 1)
    }
}
