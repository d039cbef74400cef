import Scrollwork

/// A set of a table's rows by number, one bit a row: the rows a search found its text in,
/// tested in the order a sorted view shows them.
public struct RowMarks: Sendable, Hashable {
    private var words: [UInt64]
    /// The number of rows the set can hold (rows `0..<capacity`).
    public let capacity: Int
    /// The number of rows marked.
    public private(set) var count = 0

    /// An empty set of rows `0..<capacity` (a negative capacity holds none).
    public init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
        words = Array(repeating: 0, count: (self.capacity + 63) / 64)
    }

    /// True when row `row` is marked (false for a row outside the set).
    public func contains(_ row: Int) -> Bool {
        guard row >= 0, row < capacity else { return false }
        return words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Marks row `row`; a row outside the set is left out.
    public mutating func insert(_ row: Int) {
        guard row >= 0, row < capacity, !contains(row) else { return }
        words[row >> 6] |= 1 << UInt64(row & 63)
        count += 1
    }
}
