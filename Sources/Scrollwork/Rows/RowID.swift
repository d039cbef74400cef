/// A row's identity, which follows it through sorting, inserting, deleting and moving.
///
/// Rows from a source are identified by their source section and index; inserted rows by a
/// number the list hands out.
public struct RowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The encoded identity: source rows are `section << 40 | index`, inserted rows negative.
    public let rawValue: Int

    init(section: Int, index: Int) { rawValue = section << 40 | index }
    init(inserted serial: Int) { rawValue = -(serial + 1) }

    /// True for a row the list inserted (not from a source).
    public var isInserted: Bool { rawValue < 0 }
    /// The source section of a source row.
    @inlinable var sourceSection: Int { rawValue >> 40 }
    /// The source index of a source row.
    @inlinable var sourceIndex: Int { rawValue & ((1 << 40) - 1) }

    /// Orders by raw value.
    public static func < (a: RowID, b: RowID) -> Bool { a.rawValue < b.rawValue }

    /// `s2#17` for source rows, `new#3` for inserted ones.
    public var description: String { isInserted ? "new#\(-rawValue - 1)" : "s\(sourceSection)#\(sourceIndex)" }
}

/// The order of a section's rows: untouched (the source's own order, stored as nothing) or an
/// explicit list of identities after an edit or a sort, with an index from identity to position.
enum RowOrder: Sendable, Hashable {
    case identity(sourceSection: Int, count: Int)
    case explicit(ExplicitOrder)

    /// An explicit order of `ids`, indexed for lookups by identity.
    static func explicit(_ ids: [RowID], ownSection: Int?, ownCount: Int) -> RowOrder {
        .explicit(ExplicitOrder(ids: ids, ownSection: ownSection, ownCount: ownCount))
    }

    var count: Int {
        switch self {
        case let .identity(_, count): return count
        case let .explicit(order): return order.count
        }
    }

    subscript(position: Int) -> RowID {
        switch self {
        case let .identity(section, _): return RowID(section: section, index: position)
        case let .explicit(order): return order[position]
        }
    }

    /// The identities as an array (materialises an untouched order: O(n)).
    var ids: [RowID] {
        switch self {
        case let .identity(section, count): return (0..<count).map { RowID(section: section, index: $0) }
        case let .explicit(order): return order.ids
        }
    }

    /// The position of `id`, or nil when it is not in this section. O(1).
    func position(of id: RowID) -> Int? {
        switch self {
        case let .identity(section, count):
            guard !id.isInserted, id.sourceSection == section, id.sourceIndex < count else { return nil }
            return id.sourceIndex
        case let .explicit(order):
            return order.position(of: id)
        }
    }
}

/// A new order of a section's rows (a sort's): the source's own indexes, 4 bytes a row, when the
/// rows are exactly the source's own, else identities.
enum RowArrangement: Sendable {
    case sourceIndexes([UInt32])
    case ids([RowID])
}

/// Row identities in display order with an index back from identity to position: an array of
/// positions for rows of the section's own source (4 bytes a row) and a dictionary for the rest.
/// An order of the own source's rows alone (a sorted table) keeps their source indexes, 4 bytes a
/// row, instead of identities of 8.
struct ExplicitOrder: Sendable, Hashable {
    /// The rows in order.
    private enum Rows: Sendable, Hashable {
        /// Source indexes of the own section's rows.
        case own([UInt32])
        /// Any rows.
        case ids([RowID])

        var count: Int {
            switch self {
            case let .own(indexes): return indexes.count
            case let .ids(ids): return ids.count
            }
        }

        /// The row at `position`, a source index being a row of `section`.
        func id(at position: Int, section: Int?) -> RowID {
            switch self {
            case let .own(indexes): return RowID(section: section ?? 0, index: Int(indexes[position]))
            case let .ids(ids): return ids[position]
            }
        }
    }

    private let rows: Rows
    private let ownSection: Int?
    private let ownPositions: [Int32]
    private let otherPositions: [RowID: Int]

    init(ids: [RowID], ownSection: Int?, ownCount: Int) {
        self.init(rows: .ids(ids), ownSection: ownSection, ownCount: ownCount)
    }

    /// Rows `indexes` of source section `section`, which holds `count` rows; an index at or past
    /// `count` is indexed back as any other row (as ``init(ids:ownSection:ownCount:)`` keeps a
    /// row it cannot place).
    init(sourceIndexes indexes: [UInt32], section: Int, count: Int) {
        self.init(rows: .own(indexes), ownSection: section, ownCount: count)
    }

    /// `rows`, with the index back from identity to position.
    private init(rows: Rows, ownSection: Int?, ownCount: Int) {
        self.rows = rows
        self.ownSection = ownSection
        var own = [Int32](repeating: -1, count: ownSection == nil ? 0 : Swift.max(0, ownCount))
        var other: [RowID: Int] = [:]
        for position in 0..<rows.count {
            let id = rows.id(at: position, section: ownSection)
            if let s = ownSection, !id.isInserted, id.sourceSection == s, id.sourceIndex < own.count {
                own[id.sourceIndex] = Int32(truncatingIfNeeded: position)
            } else {
                other[id] = position
            }
        }
        ownPositions = own
        otherPositions = other
    }

    /// True when the rows are kept as source indexes, 4 bytes a row.
    var holdsSourceIndexes: Bool { if case .own = rows { true } else { false } }

    /// The number of rows.
    var count: Int { rows.count }

    /// The row at `position`.
    subscript(position: Int) -> RowID { rows.id(at: position, section: ownSection) }

    /// The rows as identities (made for an order of source indexes: O(n)).
    var ids: [RowID] {
        if case let .ids(ids) = rows { return ids }
        return (0..<count).map { self[$0] }
    }

    func position(of id: RowID) -> Int? {
        if let s = ownSection, !id.isInserted, id.sourceSection == s, id.sourceIndex < ownPositions.count {
            let p = ownPositions[id.sourceIndex]
            return p >= 0 ? Int(p) : nil
        }
        return otherPositions[id]
    }

    static func == (a: ExplicitOrder, b: ExplicitOrder) -> Bool {
        switch (a.rows, b.rows) {
        case let (.own(x), .own(y)) where a.ownSection == b.ownSection: return x == y
        case let (.ids(x), .ids(y)): return x == y
        default: return a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
        }
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for i in 0..<count { hasher.combine(self[i]) }
    }
}
