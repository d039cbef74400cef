import Scrollwork

/// Any row of a list, table or outline by its index among all the rows, read from the state
/// the widget drew: a screen reader's bridge asks it for rows that are not on screen, from a
/// thread of its own, so what it reads is a copy and needs nothing of the widget.
public struct AccessibleRows: Sendable, Hashable {
    private let read: @Sendable (Int) -> AccessibilityElement?
    private let selected: @Sendable () -> [Int]
    /// The selected rows once asked for: a screen reader asks again and again after a change
    /// (how many, then each), and a million selected rows take a while to list.
    private let memo = Memo()

    private final class Memo: Sendable {
        let rows = Locked<[Int]?>(nil)
    }

    /// Rows read by `read`, which answers nil for an index that is not a row, and the indexes
    /// of the selected rows, smallest first, from `selected`, which is asked only when a screen
    /// reader asks.
    public init(_ read: @escaping @Sendable (Int) -> AccessibilityElement?, selected: @escaping @Sendable () -> [Int] = { [] }) {
        self.read = read
        self.selected = selected
    }

    /// The indexes of the selected rows, on screen or not, smallest first.
    public func selectedRows() -> [Int] {
        memo.rows.withLock { rows in
            if let rows { return rows }
            let found = selected()
            rows = found
            return found
        }
    }

    /// Row `index` (from 0), or nil when there is no such row.
    public func row(_ index: Int) -> AccessibilityElement? { index >= 0 ? read(index) : nil }

    /// Every two are equal: the rows they read are the ones the element's rows on screen and
    /// its row count already describe, which are compared.
    public static func == (lhs: AccessibleRows, rhs: AccessibleRows) -> Bool { true }

    /// Adds nothing, as equality says.
    public func hash(into hasher: inout Hasher) {}
}
