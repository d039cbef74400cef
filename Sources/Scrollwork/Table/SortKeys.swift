/// One column's sort keys, read once from the source and stored by type so that comparisons are
/// plain integer, real or string comparisons.
enum SortKeys: Sendable {
    case ints([Int])
    case doubles([Double])
    case strings([String])
    /// Text in an order of its own (Finder's), as byte keys that compare in that order.
    case textKeys(ByteKeys)
    case values([TableValue])

    /// Reads `count` keys through `value`, choosing the narrowest storage that holds them all.
    ///
    /// Keys go straight into typed storage while they are all of the first key's type (integers,
    /// reals or plain strings), so a column of ten million integers takes 80 MB while it is read,
    /// not three times that; a key of another type moves what was read into mixed storage.
    /// `stop` is asked every 65,536 rows; when it says so, reading ends and the result is nil.
    /// `values` is read in order, a batch at a time, with no call through a closure per row.
    init?(count: Int, textOrder: TextOrder = .lexical, stop: (Int) -> Bool = { _ in false }, values: inout ValueBatch) {
        guard count > 0 else { self = .values([]); return }
        let read: SortKeys??
        // The first key, read to learn the type, is not read again.
        let first = values.value(0)
        switch first {
        case .int:
            read = Self.typed(count, first, textOrder, stop, &values, key: { if case let .int(x) = $0 { x } else { nil } }, keys: { .ints($0) }, back: { .int($0) })
        case .double:
            read = Self.typed(count, first, textOrder, stop, &values, key: { if case let .double(x) = $0 { x } else { nil } }, keys: { .doubles($0) }, back: { .double($0) })
        case .string where textOrder == .lexical:
            read = Self.typed(count, first, textOrder, stop, &values, key: { if case let .string(x) = $0 { x } else { nil } }, keys: { .strings($0) }, back: { .string($0) })
        case .string:
            read = Self.byteKeys(count, first, textOrder, stop, &values)
        case .empty:
            read = .some(nil)
        }
        switch read {
        case let .some(.some(keys)): self = keys
        case .some(.none):
            guard let all = Self.mixed([first], from: 1, count: count, textOrder: textOrder, stop: stop, values: &values) else { return nil }
            self = all
        case .none: return nil
        }
    }

    /// Reads text as byte keys in `order` into one buffer. Nil when `stop` says so; `.some(nil)`
    /// when a key is not text: byte keys cannot be turned back into text, so the caller starts over.
    private static func byteKeys(_ count: Int, _ first: TableValue, _ order: TextOrder, _ stop: (Int) -> Bool,
                                 _ values: inout ValueBatch) -> SortKeys?? {
        var keys = ByteKeys(reserving: count)
        for i in 0..<count {
            if i & 0xFFFF == 0, i > 0, stop(i) { return nil }
            guard case let .string(text) = i == 0 ? first : values.value(i) else { return .some(nil) }
            keys.append { order.appendSortKey(text, to: &$0) }
        }
        return .textKeys(keys)
    }

    /// Reads keys of one type straight into typed storage. Nil when `stop` says so; `.some(nil)`
    /// when a key of another type came and `back` is nil (the caller reads all as mixed values).
    private static func typed<Key>(_ count: Int, _ first: TableValue, _ textOrder: TextOrder, _ stop: (Int) -> Bool, _ values: inout ValueBatch, key: (TableValue) -> Key?,
                                   keys: ([Key]) -> SortKeys, back: ((Key) -> TableValue)?) -> SortKeys?? {
        var read: [Key] = []
        read.reserveCapacity(count)
        for i in 0..<count {
            if i & 0xFFFF == 0, i > 0, stop(i) { return nil }
            let v = i == 0 ? first : values.value(i)
            guard let k = key(v) else {
                guard let back else { return .some(nil) }
                guard let rest = mixed(read.map(back) + [v], from: i + 1, count: count, textOrder: textOrder, stop: stop, values: &values) else { return nil }
                return rest
            }
            read.append(k)
        }
        return keys(read)
    }

    /// Reads keys `start..<count` after `read` into mixed storage, then picks the narrowest.
    private static func mixed(_ read: [TableValue], from start: Int, count: Int, textOrder: TextOrder, stop: (Int) -> Bool,
                              values source: inout ValueBatch) -> SortKeys? {
        var values = read
        values.reserveCapacity(count)
        for i in start..<count {
            if i & 0xFFFF == 0, stop(i) { return nil }
            values.append(source.value(i))
        }
        var allInts = true, allDoubles = true, allStrings = true
        for v in values {
            switch v {
            case .int: allDoubles = false; allStrings = false
            case .double: allInts = false; allStrings = false
            case .string: allInts = false; allDoubles = false
            case .empty: allInts = false; allDoubles = false; allStrings = false
            }
        }
        if allInts {
            return .ints(values.map { if case let .int(x) = $0 { return x } else { return 0 } })
        } else if allDoubles {
            return .doubles(values.map { if case let .double(x) = $0 { return x } else { return 0 } })
        } else if allStrings, textOrder != .lexical {
            var keys = ByteKeys(reserving: values.count)
            for v in values { if case let .string(x) = v { keys.append { textOrder.appendSortKey(x, to: &$0) } } }
            return .textKeys(keys)
        } else if allStrings {
            return .strings(values.map { if case let .string(x) = $0 { return x } else { return "" } })
        }
        return .values(values)
    }

    /// Sorts `positions` (indexes into the keys) by these keys, stably (the standard library's
    /// sort is guaranteed stable), ascending or descending.
    ///
    /// Sorting (key, position) pairs instead was measured too: a little faster for numbers in a
    /// release build, but twice as slow in a debug build, where the gallery usually runs.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    func sort<P: FixedWidthInteger>(_ positions: inout [P], range: Range<Int>, ascending: Bool) {
        switch self {
        case let .ints(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .doubles(k): ascending ? positions[range].sort { precedes(k[Int($0)], k[Int($1)]) } : positions[range].sort { precedes(k[Int($1)], k[Int($0)]) }
        case let .strings(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        case let .textKeys(k): ascending ? positions[range].sort { k.precedes(Int($0), Int($1)) } : positions[range].sort { k.precedes(Int($1), Int($0)) }
        case let .values(k): ascending ? positions[range].sort { k[Int($0)] < k[Int($1)] } : positions[range].sort { k[Int($0)] > k[Int($1)] }
        }
    }

    /// A comparison of positions by these keys, chosen once, so that a merge does not decide the
    /// type of the keys again for every pair.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    func comparator<P: FixedWidthInteger>(ascending: Bool, as: P.Type) -> (P, P) -> Bool {
        switch self {
        case let .ints(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        case let .doubles(k): return ascending ? { precedes(k[Int($0)], k[Int($1)]) } : { precedes(k[Int($1)], k[Int($0)]) }
        case let .strings(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        case let .textKeys(k): return ascending ? { k.precedes(Int($0), Int($1)) } : { k.precedes(Int($1), Int($0)) }
        case let .values(k): return ascending ? { k[Int($0)] < k[Int($1)] } : { k[Int($0)] > k[Int($1)] }
        }
    }

    /// Whether these keys sort by ``PackedRadixSort``: numbers and byte keys always, text when it
    /// is all ASCII. Other text is compared as Swift compares it, in canonical order, which its
    /// bytes follow only once normalised, and the standard library does not normalise.
    var packs: Bool {
        switch self {
        case .ints, .doubles, .textKeys: return true
        case let .strings(k):
            return k.allSatisfy { s in s.utf8.withContiguousStorageIfAvailable { $0.reduce(0, |) < 0x80 } ?? false }
        case .values: return false
        }
    }

    /// `order` (identity when nil) sorted stably by these keys through ``PackedRadixSort``; keys
    /// that do not pack are compared instead. Nil when `progress` says stop.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    func packedSorted<P: FixedWidthInteger>(_ order: [P]?, count: Int, ascending: Bool, progress: (Double) -> Bool) -> [P]? {
        switch self {
        case let .ints(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, progress: progress) { UInt64(UInt(bitPattern: k[$0])) ^ (1 << 63) }
        case let .doubles(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, progress: progress) { orderedBits(k[$0]) }
        case let .strings(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, progress: progress) { position, offset, dataBytes in
                let text = k[position].utf8
                return text.withContiguousStorageIfAvailable { PackedRadixSort.chunk($0, at: offset, dataBytes: dataBytes) }
                    ?? Array(text).withUnsafeBufferPointer { PackedRadixSort.chunk($0, at: offset, dataBytes: dataBytes) }
            }
        case let .textKeys(k):
            return PackedRadixSort.sorted(order, count: count, ascending: ascending, progress: progress) { position, offset, dataBytes in
                k.withKey(position) { PackedRadixSort.chunk($0, at: offset, dataBytes: dataBytes) }
            }
        case .values:
            var positions = order ?? (0..<count).map { P(truncatingIfNeeded: $0) }
            positions.sort(by: comparator(ascending: ascending, as: P.self))
            return progress(1) ? positions : nil
        }
    }

    /// -1, 0 or 1 as key `a` orders before, with or after key `b`.
    func compare(_ a: Int, _ b: Int) -> Int {
        switch self {
        case let .ints(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .doubles(k): return precedes(k[a], k[b]) ? -1 : (precedes(k[b], k[a]) ? 1 : 0)
        case let .strings(k): return k[a] < k[b] ? -1 : (k[a] == k[b] ? 0 : 1)
        case let .textKeys(k): return k.precedes(a, b) ? -1 : (k[a] == k[b] ? 0 : 1)
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

/// A real's bits as a word that orders as ``precedes(_:_:)`` does: negative below positive, both
/// zeros equal, NaN last.
@inline(__always)
func orderedBits(_ x: Double) -> UInt64 {
    if x.isNaN { return .max }
    let bits = (x == 0 ? 0.0 : x).bitPattern
    return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
}

/// True when byte key `a` sorts before `b`: the first differing byte decides, and a key that is a
/// prefix of the other comes first.
@inline(__always)
func bytesPrecede(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in bytesPrecede(x, y) } }
}

/// ``bytesPrecede(_:_:)`` for bytes in place.
@inline(__always)
func bytesPrecede(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = Swift.min(x.count, y.count)
    var i = 0
    while i < n {
        if x[i] != y[i] { return x[i] < y[i] }
        i += 1
    }
    return x.count < y.count
}
