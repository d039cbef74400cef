/// The colour pairs (text and background) that a buffer's cells refer to by number, so that a
/// cell fits in eight bytes.
///
/// Pair 0 is always the terminal's default colours. A table handed from frame to frame only
/// ever grows, so a table that starts with another (``extends(_:)``) gives every number of the
/// other the same pair: cells of the two buffers then compare and copy as plain memory.
@usableFromInline
package struct ColorPairs: Sendable {
    /// The pairs by number: ``Color/packed`` of the text colour in the high half, of the
    /// background in the low half.
    @usableFromInline package private(set) var pairs: [UInt64] = [0]
    /// Numbers by pair, once the table is too long to search.
    private var numbers: [UInt64: UInt32]? = nil
    /// The pair looked up last: drawing comes in runs of one style.
    private var last: (pair: UInt64, number: UInt32) = (0, 0)
    /// How many pairs a table holds by default: more than a buffer of the largest size can show
    /// at once (``Buffer/maximumSide`` squared, one pair a cell), with the pair being added.
    package static let defaultCapacity = 1 << 25
    /// How many pairs this table holds.
    package let capacity: Int
    /// Up to this many pairs a lookup searches the list; past it, a dictionary.
    private static let searchLimit = 32

    /// A table with the default pair alone that holds `capacity` pairs, clamped to
    /// 2…``defaultCapacity`` (a cell has room for no larger number).
    package init(capacity: Int = ColorPairs.defaultCapacity) {
        self.capacity = Swift.min(Swift.max(2, capacity), Self.defaultCapacity)
    }

    /// One pair as the table stores it.
    @inlinable
    package static func pair(_ style: PackedStyle) -> UInt64 { UInt64(style.foreground) << 32 | UInt64(style.background) }

    /// How many pairs there are.
    package var count: Int { pairs.count }

    /// The number of `pair`, added when it is new; nil when the table is full.
    package mutating func number(of pair: UInt64) -> UInt32? {
        if pair == last.pair { return last.number }
        var found: UInt32? = nil
        if let numbers {
            found = numbers[pair]
        } else {
            found = pairs.firstIndex(of: pair).map { UInt32(truncatingIfNeeded: $0) }
        }
        if let found { last = (pair, found); return found }
        guard pairs.count < capacity else { return nil }
        let number = UInt32(truncatingIfNeeded: pairs.count)
        pairs.append(pair)
        if numbers != nil {
            numbers?[pair] = number
        } else if pairs.count > Self.searchLimit {
            numbers = Dictionary(uniqueKeysWithValues: pairs.indices.map { (pairs[$0], UInt32(truncatingIfNeeded: $0)) })
        }
        last = (pair, number)
        return number
    }

    /// The pair numbered `number`; the default pair for a number the table does not have.
    @inlinable
    package func pair(numbered number: Int) -> UInt64 { number >= 0 && number < pairs.count ? pairs[number] : 0 }

    /// True when every number of `other` stands for the same pair here: the same table, or one
    /// that starts with `other`'s pairs.
    @inlinable
    package func extends(_ other: ColorPairs) -> Bool {
        // Safe: both arrays are lent for the call, and `theirs` is read only at its own indices,
        // once `mine` is known to hold at least as many.
        unsafe pairs.withUnsafeBufferPointer { mine in
            unsafe other.pairs.withUnsafeBufferPointer { theirs in
                if unsafe mine.baseAddress == theirs.baseAddress && mine.count >= theirs.count { return true }
                guard theirs.count <= mine.count else { return false }
                for i in theirs.indices where unsafe mine[i] != theirs[i] { return false }
                return true
            }
        }
    }
}
