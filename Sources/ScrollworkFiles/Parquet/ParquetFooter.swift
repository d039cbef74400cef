import Scrollwork

/// A Parquet file's footer as its table reads it. A short footer is read whole at once. A long
/// one (a 10 GB file's lists 520 row groups in 1.2 MB, which took more than half of opening it)
/// is read at once only as far as its first row group, which is all a first screen needs: its
/// schema, its row count and where the first rows are; the rest is read on a thread of its own
/// meanwhile, and whatever needs a later row group waits for it, or reads it itself where the
/// thread has not begun (``layout()``).
final class ParquetFooter: Sendable {
    /// The schema, as a tree.
    let root: ParquetSchemaNode
    /// The schema's elements, in the file's order.
    let schema: [ParquetMetadata.SchemaElement]
    /// The rows the footer says the file has (its row groups are checked to hold as many).
    let rowCount: Int
    /// The row groups it lists.
    let groupCount: Int
    /// The first row group, nil for a file without one.
    let first: ParquetMetadata.RowGroup?
    /// The widest whole number of each top-level column in the first row group (``ParquetLayout/widestWhole``).
    let firstWidestWhole: [Int?]
    private let whole: Locked<Reading>
    private let wholeRead = Signal()

    /// How far the footer past its first row group is read.
    private enum Reading {
        /// Not begun: the footer's bytes, to read.
        case notBegun([UInt8])
        case underWay
        case done(Result<ParquetLayout, ParquetMetadata.Failure>)
    }

    /// Footers this long or longer are read past their first row group on a thread of their own
    /// (a shorter one takes less time to read than a thread takes to start).
    static let readAtOnceBelow = 64 << 10

    /// True when the footer past its first row group is read apart (on `readRest`'s thread).
    let readsRestApart: Bool

    /// The footer `bytes` (the Thrift struct alone); `readAtOnceBelow` is the length from which
    /// it is read past its first row group apart, by `readRest` (a new thread; tests hold it,
    /// to see what is read before it runs), or at once where `readRest` cannot run it.
    ///
    /// - Throws: ``ParquetMetadata/Failure`` when what is read at once is damaged: the whole
    ///   footer for a short one, the schema, row count and first row group for a long one (a
    ///   later row group that is damaged fails every read that needs it, ``layout()``).
    init(footer bytes: [UInt8], readAtOnceBelow limit: Int = readAtOnceBelow,
         readRest: (@escaping @Sendable () -> Void) -> Bool = ThreadBody.detach) throws(ParquetMetadata.Failure) {
        if bytes.count >= limit, let head = try ParquetMetadata.head(footer: bytes) {
            root = try ParquetSchemaNode.tree(head.schema)
            try ParquetLayout.check(head.first, leafCount: root.leaves.count)
            schema = head.schema
            rowCount = head.rowCount
            groupCount = head.groupCount
            first = head.first
            firstWidestWhole = ParquetLayout.widestWhole(in: [head.first], root: root)
            readsRestApart = true
            whole = Locked(.notBegun(bytes))
            // Without a thread to be had, the footer is read now, as a short one is.
            if !readRest({ [self] in readWhole() }) { readWhole() }
        } else {
            let metadata = try ParquetMetadata(footer: bytes)
            root = try ParquetSchemaNode.tree(metadata.schema)
            let layout = try ParquetLayout(metadata, root: root)
            schema = metadata.schema
            rowCount = metadata.rowCount
            groupCount = metadata.rowGroups.count
            first = metadata.rowGroups.first
            firstWidestWhole = layout.widestWhole
            readsRestApart = false
            whole = Locked(.done(.success(layout)))
        }
    }

    /// Every row group and where its rows are, the whole footer read (waiting for the thread
    /// reading it, which a short footer has none of).
    ///
    /// - Throws: ``ParquetMetadata/Failure`` when a row group past the first is damaged, or
    ///   the row groups do not hold the rows the footer says.
    func layout() throws(ParquetMetadata.Failure) -> ParquetLayout {
        while true {
            let generation = wholeRead.generation
            switch whole.withLock({ $0 }) {
            case let .done(read): return try read.get()
            // A thread asked for that has not begun: no use waiting for it.
            case .notBegun: readWhole()
            case .underWay: wholeRead.wait(past: generation)
            }
        }
    }

    /// Reads the whole footer, unless it is read or being read.
    private func readWhole() {
        let bytes: [UInt8]? = whole.withLock { reading in
            guard case let .notBegun(bytes) = reading else { return nil }
            reading = .underWay
            return bytes
        }
        guard let bytes else { return }
        let layout = Result { () throws(ParquetMetadata.Failure) in try ParquetLayout(ParquetMetadata(footer: bytes), root: root) }
        whole.withLock { $0 = .done(layout) }
        wholeRead.signal()
    }

    /// The layout when the whole footer has been read and is sound, else nil at once.
    var layoutIfRead: ParquetLayout? {
        whole.withLock { reading in if case let .done(.success(layout)) = reading { layout } else { nil } }
    }

    /// True until the whole footer has been read (or found damaged).
    var isReading: Bool {
        whole.withLock { reading in if case .done = reading { false } else { true } }
    }
}

/// Where a Parquet file's rows are, its whole footer read: every row group, the row each
/// begins at, and the status line's words for how the file is stored.
struct ParquetLayout: Sendable {
    /// The footer, whole.
    let metadata: ParquetMetadata
    /// Each row group's first row, then the row count.
    let groupStarts: [Int]
    /// The rows of every row group but the last, when they all hold as many; else 0.
    let groupRows: Int
    /// How the file is stored (``ParquetMetadata/about``), worked out once: the status line
    /// asks every frame, and a footer may list thousands of column chunks.
    let about: String
    /// The widest value of each top-level column of signed whole numbers, in cells, from every
    /// row group's least and greatest (``widestWhole(in:root:)``), worked out once for the same
    /// reason; nil for other columns.
    let widestWhole: [Int?]

    /// The layout of `metadata`, whose schema is `root`.
    ///
    /// - Throws: ``ParquetMetadata/Failure`` when a row group has a chunk too many or too few,
    ///   or the row groups together hold other than the rows the footer says.
    init(_ metadata: ParquetMetadata, root: ParquetSchemaNode) throws(ParquetMetadata.Failure) {
        let leafCount = root.leaves.count
        for group in metadata.rowGroups { try Self.check(group, leafCount: leafCount) }
        var starts = [0]
        for group in metadata.rowGroups { starts.append(starts[starts.count - 1].addingSaturating(group.rowCount)) }
        guard starts[starts.count - 1] == metadata.rowCount else {
            throw .init(description: "the footer says the file has \(metadata.rowCount) rows, and its row groups hold \(starts[starts.count - 1])")
        }
        self.metadata = metadata
        groupStarts = starts
        let sizes = metadata.rowGroups.dropLast().map(\.rowCount)
        groupRows = sizes.first.flatMap { first in first > 0 && sizes.allSatisfy { $0 == first } ? first : nil } ?? 0
        about = metadata.about
        widestWhole = Self.widestWhole(in: metadata.rowGroups, root: root)
    }

    /// The widest value of each top-level column of signed whole numbers in `groups`, in cells
    /// (its digits and a minus), from each group's least and greatest: a whole number is widest
    /// at one end or the other, and a column that may hold a null as wide as `NULL` at least.
    /// Nil for every other column, for one that a group has no least or greatest for, and for
    /// one of nulls alone (a group of nulls alone shows no number and is passed over).
    static func widestWhole(in groups: [ParquetMetadata.RowGroup], root: ParquetSchemaNode) -> [Int?] {
        let nullWidth = TableValue.missing("NULL").description.count
        return root.children.map { field in
            let leaf = field.leaves.lowerBound
            guard field.isLeaf, !field.isRepeated, field.kind == .signed, [ParquetCode.Physical.int32, ParquetCode.Physical.int64].contains(field.element.type) else { return nil }
            var widest: Int? = nil, holdsNulls = false
            for group in groups {
                guard group.columns.indices.contains(leaf) else { return nil }
                let statistics = group.columns[leaf].statistics
                // An optional column whose statistics do not count its nulls may hold some.
                let nulls = field.element.repetition == ParquetCode.Repetition.required ? 0 : statistics?.nullCount
                if nulls ?? 1 > 0 { holdsNulls = true }
                if let nulls, nulls == group.rowCount { continue }
                guard let least = whole(statistics?.minimum, of: field), let greatest = whole(statistics?.maximum, of: field) else { return nil }
                widest = Swift.max(widest ?? 0, "\(least)".count, "\(greatest)".count)
            }
            return widest.map { holdsNulls ? Swift.max($0, nullWidth) : $0 }
        }
    }

    /// A statistic of a column of signed whole numbers as the number it is, exactly (32 or 64
    /// bits, little-endian); nil for bytes of another length.
    private static func whole(_ bytes: [UInt8]?, of field: ParquetSchemaNode) -> Int64? {
        guard let bytes, bytes.count == (field.element.type == ParquetCode.Physical.int32 ? 4 : 8) else { return nil }
        let bits = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return bytes.count == 4 ? Int64(Int32(truncatingIfNeeded: bits)) : Int64(bitPattern: bits)
    }

    /// Fails for a row group without one chunk for each of the schema's `leafCount` columns.
    static func check(_ group: ParquetMetadata.RowGroup, leafCount: Int) throws(ParquetMetadata.Failure) {
        guard group.columns.count == leafCount else {
            throw .init(description: "a row group has \(group.columns.count) column chunks for the schema's \(leafCount) columns")
        }
    }

    /// The rows the row groups hold together.
    var rowCount: Int { groupStarts[groupStarts.count - 1] }

    /// The row group holding row `row` (within the rows): by division where every group but the
    /// last holds as many rows (as writers cut them), else by halving.
    func groupContaining(_ row: Int) -> Int {
        if groupRows > 0 { return Swift.min(Swift.max(0, row) / groupRows, groupStarts.count - 2) }
        var low = 0, high = groupStarts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if groupStarts[mid] <= row { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
