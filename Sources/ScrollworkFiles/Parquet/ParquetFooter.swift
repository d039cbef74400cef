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
            readsRestApart = true
            whole = Locked(.notBegun(bytes))
            // Without a thread to be had, the footer is read now, as a short one is.
            if !readRest({ [self] in readWhole() }) { readWhole() }
        } else {
            let metadata = try ParquetMetadata(footer: bytes)
            root = try ParquetSchemaNode.tree(metadata.schema)
            let layout = try ParquetLayout(metadata, leafCount: root.leaves.count)
            schema = metadata.schema
            rowCount = metadata.rowCount
            groupCount = metadata.rowGroups.count
            first = metadata.rowGroups.first
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
        let leafCount = root.leaves.count
        let layout = Result { () throws(ParquetMetadata.Failure) in try ParquetLayout(ParquetMetadata(footer: bytes), leafCount: leafCount) }
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

    /// The layout of `metadata`, whose schema has `leafCount` columns of values.
    ///
    /// - Throws: ``ParquetMetadata/Failure`` when a row group has a chunk too many or too few,
    ///   or the row groups together hold other than the rows the footer says.
    init(_ metadata: ParquetMetadata, leafCount: Int) throws(ParquetMetadata.Failure) {
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
