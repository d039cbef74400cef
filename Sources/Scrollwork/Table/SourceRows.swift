/// A table's rows in source order, for sorting: the source's own rows `0..<count` (the usual
/// case, which costs nothing to hold), or explicit identities after edits.
enum SourceRows: Sendable, Equatable {
    case identity(section: Int, count: Int)
    case explicit([RowID])

    /// The number of rows.
    var count: Int {
        switch self {
        case let .identity(_, count): return count
        case let .explicit(ids): return ids.count
        }
    }

    /// The identity of the row at source position `i`.
    subscript(i: Int) -> RowID {
        switch self {
        case let .identity(section, _): return RowID(section: section, index: i)
        case let .explicit(ids): return ids[i]
        }
    }

    /// True for the source's own rows.
    var isIdentity: Bool { if case .identity = self { true } else { false } }

    /// True when `list`'s first section holds exactly its source's rows (in any order), so that
    /// ``init(of:)`` is `.identity`: O(1).
    static func isIdentity<Row>(of list: ListState<Row>) -> Bool {
        let order = list.sections[0].order
        if case .identity = order { return true }
        return order.count == list.sourceCounts[0] && list.inserted.isEmpty && list.sections[0].source == 0
    }

    /// The rows of `list`'s first section in source order.
    init<Row>(of list: ListState<Row>) {
        let order = list.sections[0].order
        if case let .identity(section, count) = order {
            self = .identity(section: section, count: count)
        } else if Self.isIdentity(of: list) {
            self = .identity(section: 0, count: order.count)
        } else {
            self = .explicit(order.ids.sorted { $0.rawValue < $1.rawValue })
        }
    }
}
