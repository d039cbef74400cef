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

    /// An explicit order of rows `indexes` of source section `section` (`count` rows), each once.
    static func explicit(sourceIndexes indexes: [UInt32], section: Int, count: Int) -> RowOrder {
        .explicit(ExplicitOrder(sourceIndexes: indexes, section: section, count: count))
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
    }

    private let rows: Rows
    private let ownSection: Int?
    private let ownPositions: [Int32]
    private let otherPositions: [RowID: Int]

    init(ids: [RowID], ownSection: Int?, ownCount: Int) {
        rows = .ids(ids)
        self.ownSection = ownSection
        var own = [Int32](repeating: -1, count: ownSection == nil ? 0 : ownCount)
        var other: [RowID: Int] = [:]
        for (position, id) in ids.enumerated() {
            if let s = ownSection, !id.isInserted, id.sourceSection == s, id.sourceIndex < ownCount {
                own[id.sourceIndex] = Int32(truncatingIfNeeded: position)
            } else {
                other[id] = position
            }
        }
        ownPositions = own
        otherPositions = other
    }

    /// Rows `indexes` of source section `section`, which holds `count` rows; an index at or past
    /// `count` is not in the index back from identity (as ``init(ids:ownSection:ownCount:)``
    /// keeps a row it cannot place).
    init(sourceIndexes indexes: [UInt32], section: Int, count: Int) {
        rows = .own(indexes)
        ownSection = section
        var own = [Int32](repeating: -1, count: Swift.max(0, count))
        var other: [RowID: Int] = [:]
        for (position, index) in indexes.enumerated() {
            if Int(index) < own.count { own[Int(index)] = Int32(truncatingIfNeeded: position) } else { other[RowID(section: section, index: Int(index))] = position }
        }
        ownPositions = own
        otherPositions = other
    }

    /// True when the rows are kept as source indexes, 4 bytes a row.
    var holdsSourceIndexes: Bool { if case .own = rows { true } else { false } }

    /// The number of rows.
    var count: Int {
        switch rows {
        case let .own(indexes): return indexes.count
        case let .ids(ids): return ids.count
        }
    }

    /// The row at `position`.
    subscript(position: Int) -> RowID {
        switch rows {
        case let .own(indexes): return RowID(section: ownSection ?? 0, index: Int(indexes[position]))
        case let .ids(ids): return ids[position]
        }
    }

    /// The rows as identities (made for an order of source indexes: O(n)).
    var ids: [RowID] {
        switch rows {
        case let .own(indexes): return indexes.map { RowID(section: ownSection ?? 0, index: Int($0)) }
        case let .ids(ids): return ids
        }
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
