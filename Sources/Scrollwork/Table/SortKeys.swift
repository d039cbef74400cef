/// One column's sort keys, read once from the source and stored by type so that comparisons are
/// plain integer, real or string comparisons.
enum SortKeys: Sendable {
    case ints([Int])
    case doubles([Double])
    case strings([String])
    /// Text in an order of its own (Finder's), as byte keys that compare in that order.
    case textKeys([[UInt8]])
    case values([TableValue])

    /// Reads `count` keys through `value`, choosing the narrowest storage that holds them all.
    init(count: Int, textOrder: TextOrder = .lexical, value: (Int) -> TableValue) {
        var values: [TableValue] = []
        values.reserveCapacity(count)
        var allInts = true, allDoubles = true, allStrings = true
        for i in 0..<count {
            let v = value(i)
            switch v {
            case .int: allDoubles = false; allStrings = false
            case .double: allInts = false; allStrings = false
            case .string: allInts = false; allDoubles = false
            case .empty: allInts = false; allDoubles = false; allStrings = false
            }
            values.append(v)
        }
        if allInts {
            self = .ints(values.map { if case let .int(x) = $0 { return x } else { return 0 } })
        } else if allDoubles {
            self = .doubles(values.map { if case let .double(x) = $0 { return x } else { return 0 } })
        } else if allStrings, textOrder != .lexical {
            self = .textKeys(values.map { if case let .string(x) = $0 { return textOrder.sortKey(x) } else { return [] } })
        } else if allStrings {
            self = .strings(values.map { if case let .string(x) = $0 { return x } else { return "" } })
        } else {
            self = .values(values)
        }
    }

    /// Sorts `positions` (indexes into the keys) by these keys, stably (the standard library's
    /// sort is guaranteed stable), ascending or descending.
    ///
    /// Sorting (key, position) pairs instead was measured too: a little faster for numbers in a
    /// release build, but twice as slow in a debug build, where the gallery usually runs.
    func sort<P: FixedWidthInteger>(_ positions: inout [P], range: Range<Int>, ascending: Bool) {
        switch self {
        case let .ints(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .doubles(k): ascending ? positions[range].sort { precedes(k[Int($0)], k[Int($1)]) } : positions[range].sort { precedes(k[Int($1)], k[Int($0)]) }
        case let .strings(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .textKeys(k): ascending ? positions[range].sort { bytesPrecede(k[Int($0)], k[Int($1)]) } : positions[range].sort { bytesPrecede(k[Int($1)], k[Int($0)]) }
        case let .values(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        }
    }

    /// -1, 0 or 1 as key `a` orders before, with or after key `b`.
    func compare(_ a: Int, _ b: Int) -> Int {
        switch self {
        case let .ints(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .doubles(k): return precedes(k[a], k[b]) ? -1 : (precedes(k[b], k[a]) ? 1 : 0)
        case let .strings(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .textKeys(k): return bytesPrecede(k[a], k[b]) ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .values(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        }
    }
}

/// The total order of sort keys: numbers ascending, then NaN (all NaNs equal), so that a column
/// holding NaN still sorts into order.
@inline(__always)
func precedes(_ a: Double, _ b: Double) -> Bool {
    a < b || (b.isNaN && !a.isNaN)
}

/// True when byte key `a` sorts before `b`: the first differing byte decides, and a key that is a
/// prefix of the other comes first.
@inline(__always)
func bytesPrecede(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
            let n = Swift.min(x.count, y.count)
            var i = 0
            while i < n {
                if x[i] != y[i] { return x[i] < y[i] }
                i += 1
            }
            return x.count < y.count
        }
    }
}
