/// How columns share the table's width (AppKit's `NSTableView.ColumnAutoresizingStyle`).
public enum ColumnAutoresizingStyle: Sendable, Hashable, CaseIterable {
    /// Columns keep their widths; the table scrolls sideways when they are wider than the view.
    case none
    /// Every resizable column takes an equal share of the difference.
    case uniform
    /// The last resizable column takes the difference first, then the one before it, and so on.
    case sequential
    /// The first resizable column takes the difference first, then the next, and so on.
    case reverseSequential
    /// Only the last column changes.
    case lastColumnOnly
    /// Only the first column changes.
    case firstColumnOnly
    /// Narrowing, the widest resizable column gives up room first, down to the next widest,
    /// and then those two together, so that narrow columns (sizes with their units, dates) keep
    /// their text longest; widening gives the room back the same way, narrowest first, up to
    /// the ideal widths, and then every resizable column takes an equal share, as ``uniform``.
    /// A table's default: what people expect of a table on a narrow screen.
    case widestFirst
}

/// Fits column widths to an available width.
public enum ColumnLayout {
    /// Widths for columns with limits `limits` starting from `widths`, changed so that they add up
    /// to `available` as far as the limits allow. `fixed` columns (the one being dragged) and
    /// columns that are not resizable keep their width. There is one column per entry of
    /// `widths`: a column with no entry in `limits` has no limits but a width of at least 0, one
    /// with no entry in `resizable` is resizable, and extra entries are ignored.
    public static func fit(_ widths: [Double], limits: [ColumnWidth], resizable: [Bool], available: Double,
                           style: ColumnAutoresizingStyle, fixed: Set<Int> = []) -> [Double] {
        let limits = widths.indices.map { $0 < limits.count ? limits[$0] : ColumnWidth(unchecked: 0, 0, .infinity) }
        let resizable = widths.indices.map { $0 < resizable.count ? resizable[$0] : true }
        var result = zip(widths, limits).map { $1.clamp($0) }
        guard style != .none, available.isFinite, !result.isEmpty else { return result }
        let candidates = result.indices.filter { resizable[$0] && !fixed.contains($0) }
        var remaining = available - result.reduce(0, +)
        func take(_ i: Int) {
            let target = limits[i].clamp(result[i] + remaining)
            remaining -= target - result[i]
            result[i] = target
        }
        /// An equal share for every open column, again while some reach a limit.
        func shareUniformly() {
            var open = candidates
            while abs(remaining) > 1e-9 && !open.isEmpty {
                let share = remaining / Double(open.count)
                var stillOpen: [Int] = []
                for i in open {
                    let target = limits[i].clamp(result[i] + share)
                    remaining -= target - result[i]
                    result[i] = target
                    if target != limits[i].min && target != limits[i].max { stillOpen.append(i) }
                }
                if stillOpen.count == open.count { break }
                open = stillOpen
            }
        }
        /// Moves the columns furthest from `bound` together, a level at a time, until the
        /// difference is taken up: narrowing, the widest come down to the next widest (never
        /// below their minimums); widening, the narrowest below their ideals rise to the next
        /// narrowest. Widening this way undoes narrowing.
        func level(toward bound: (Int) -> Double) {
            let direction: Double = remaining < 0 ? -1 : 1
            // The widest when narrowing, the narrowest when widening, is the greatest.
            func height(_ i: Int) -> Double { -direction * result[i] }
            while direction * remaining > 1e-9 {
                let open = candidates.filter { direction * (bound($0) - result[$0]) > 1e-9 }
                guard let top = open.map(height).max() else { break }
                let group = open.filter { height($0) >= top - 1e-9 }
                let next = open.filter { height($0) < top - 1e-9 }.map(height).max() ?? -Double.infinity
                let room = group.map { abs(bound($0) - result[$0]) }.min() ?? 0
                let step = Swift.min(top - next, room, abs(remaining) / Double(group.count))
                let before = remaining
                for i in group {
                    let target = direction < 0 ? Swift.max(bound(i), result[i] - step) : Swift.min(bound(i), result[i] + step)
                    remaining -= target - result[i]
                    result[i] = target
                }
                // A step below the widths' precision moves nothing: what is left is rounding.
                if remaining == before { break }
            }
        }
        switch style {
        case .none: break
        case .widestFirst:
            if remaining < 0 {
                level(toward: { limits[$0].min })
            } else {
                level(toward: { Swift.min(limits[$0].ideal, limits[$0].max) })
                shareUniformly()
            }
        case .uniform:
            shareUniformly()
        case .sequential: for i in candidates.reversed() where abs(remaining) > 1e-9 { take(i) }
        case .reverseSequential: for i in candidates where abs(remaining) > 1e-9 { take(i) }
        case .lastColumnOnly: if let i = candidates.last, i == result.count - 1 { take(i) }
        case .firstColumnOnly: if let i = candidates.first, i == 0 { take(i) }
        }
        return result
    }
}
