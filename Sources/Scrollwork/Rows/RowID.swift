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
        case let .explicit(order): return order.ids.count
        }
    }

    subscript(position: Int) -> RowID {
        switch self {
        case let .identity(section, _): return RowID(section: section, index: position)
        case let .explicit(order): return order.ids[position]
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
struct ExplicitOrder: Sendable, Hashable {
    let ids: [RowID]
    private let ownSection: Int?
    private let ownPositions: [Int32]
    private let otherPositions: [RowID: Int]

    init(ids: [RowID], ownSection: Int?, ownCount: Int) {
        self.ids = ids
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

    func position(of id: RowID) -> Int? {
        if let s = ownSection, !id.isInserted, id.sourceSection == s, id.sourceIndex < ownPositions.count {
            let p = ownPositions[id.sourceIndex]
            return p >= 0 ? Int(p) : nil
        }
        return otherPositions[id]
    }

    static func == (a: ExplicitOrder, b: ExplicitOrder) -> Bool { a.ids == b.ids }
    func hash(into hasher: inout Hasher) { hasher.combine(ids) }
}
