import Scrollwork
import Synchronization

/// A Parquet file as a ``TableSource``, read lazily: opening reads the footer alone; a row is
/// reached through the row groups' row counts, and only the column chunks of the row groups on
/// screen are read and decoded, each once while it stays in a bounded cache. Every type a
/// writer uses is shown as text a person reads (``TableSource/rows(at:progress:)``): numbers
/// as numbers, decimals exactly, dates and timestamps in ISO 8601, binary as hex, nested
/// lists, structs and maps as compact JSON in one cell; a null is a missing value, `NULL`.
public struct ParquetTable: TableSource {
    /// The file.
    public let file: FileBytes
    /// What messages call it: the file's path.
    public let title: String
    let metadata: ParquetMetadata
    let root: ParquetSchemaNode
    /// Each row group's first row, then the row count.
    let groupStarts: [Int]
    let cache: ParquetCache

    /// The bytes of decoded column chunks kept at most (the least recently read go first).
    public static let cacheLimit = 256 << 20

    /// The Parquet file at `path`.
    ///
    /// - Throws: ``ParquetError`` when it cannot be read or is not a Parquet file, saying why.
    public init(path: String) throws(ParquetError) {
        do { try self.init(file: FileBytes(path: path)) } catch let error as ParquetError { throw error } catch {
            throw ParquetError(path: path, reason: "\(error)")
        }
    }

    /// The Parquet file `file`.
    ///
    /// - Throws: ``ParquetError`` when it is not a Parquet file, or its footer is damaged.
    public init(file: FileBytes) throws(ParquetError) {
        self.file = file
        title = file.path
        let size = file.size
        func failure(_ reason: String) -> ParquetError { ParquetError(path: file.path, reason: reason) }
        guard size >= 12 else { throw failure("it is \(size) bytes, too short for a Parquet file (PAR1, a footer, PAR1)") }
        let tail: [UInt8]
        do { tail = try file.read(at: size - 8, count: 8) } catch { throw failure("\(error)") }
        guard tail.count == 8, Array(tail[4...]) == Array("PAR1".utf8) else { throw failure("it does not end with PAR1: not a Parquet file, or cut short") }
        let length = UInt64(tail[0]) | UInt64(tail[1]) << 8 | UInt64(tail[2]) << 16 | UInt64(tail[3]) << 24
        guard length > 0, length <= size - 12 else { throw failure("its footer says it is \(length) bytes long, in a file of \(size)") }
        let footer: [UInt8]
        do { footer = try file.read(at: size - 8 - length, count: Int(length)) } catch { throw failure("\(error)") }
        do {
            metadata = try ParquetMetadata(footer: footer)
            root = try ParquetSchemaNode.tree(metadata.schema)
        } catch { throw failure(error.description) }
        let leafCount = root.leaves.count
        for group in metadata.rowGroups where group.columns.count != leafCount {
            throw failure("a row group has \(group.columns.count) column chunks for the schema's \(leafCount) columns")
        }
        var starts = [0]
        for group in metadata.rowGroups { starts.append(starts[starts.count - 1].addingSaturating(group.rowCount)) }
        groupStarts = starts
        cache = ParquetCache(limit: Self.cacheLimit)
    }

    /// The file's top-level fields.
    public var columnTitles: [String] { root.children.map(\.element.name) }

    /// True for a field of numbers.
    public func isNumeric(_ column: Int) -> Bool {
        root.children.indices.contains(column) && root.children[column].isLeaf && root.children[column].kind.isNumeric
    }

    /// The file, which a save never replaces.
    public var readFiles: Set<FileIdentity> { Set([file.fileIdentity].compactMap { $0 }) }

    /// The rows the row groups hold together.
    public func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { groupStarts[groupStarts.count - 1] }

    /// Rows `positions`, reading the column chunks of the row groups they fall in.
    public func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try values(ofColumns: Array(root.children.indices), at: positions, progress: progress)
    }

    /// `columns` of rows `positions`, reading only those columns' chunks of the row groups
    /// the rows fall in: a sort, a filter or a frequency table reads the columns it needs.
    public func values(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        if let bad = columns.first(where: { !root.children.indices.contains($0) }) {
            throw .unsupported("no column \(bad.addingSaturating(1)); \(title) has \(root.children.count)")
        }
        let total = groupStarts[groupStarts.count - 1]
        let wanted = positions.clamped(to: 0..<total)
        var rows: [[TableValue]] = []
        rows.reserveCapacity(wanted.count)
        var at = wanted.lowerBound
        while at < wanted.upperBound {
            try progress.check()
            let group = groupContaining(at)
            let start = groupStarts[group], end = Swift.min(groupStarts[group + 1], wanted.upperBound)
            let read = try columns.map { field throws(TableSourceError) in try column(field, group: group) }
            for row in at..<end { rows.append(read.map { $0.value(row - start) }) }
            at = end
        }
        return rows
    }

    /// The row group holding row `row` (within the rows).
    private func groupContaining(_ row: Int) -> Int {
        var low = 0, high = groupStarts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if groupStarts[mid] <= row { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Field `field`'s values in row group `group`, from the cache or read now.
    func column(_ field: Int, group: Int) throws(TableSourceError) -> ParquetColumn {
        let key = ParquetCache.Key(group: group, field: field)
        if let kept = cache.value(for: key) { return kept }
        let node = root.children[field]
        let rowCount = metadata.rowGroups[group].rowCount
        let chunks: [ParquetChunk]
        do {
            chunks = try node.leafNodes.map { leaf throws(ParquetMetadata.Failure) in
                try ParquetChunk.read(metadata.rowGroups[group].columns[leaf.leaves.lowerBound], leaf: leaf, from: file)
            }
        } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
        let column: ParquetColumn
        if node.isLeaf && !node.isRepeated {
            let chunk = chunks[0]
            guard chunk.slots >= rowCount else { throw .failed("\(title): row group \(group + 1), \(node.element.name) holds \(chunk.slots) of its \(rowCount) rows") }
            var index: [Int32]? = nil
            if !chunk.definitions.isEmpty {
                var next: Int32 = 0
                index = chunk.definitions.map { level in
                    guard Int(level) == node.definitionLevel else { return -1 }
                    defer { next += 1 }
                    return next
                }
            }
            column = ParquetColumn(storage: .flat(kind: node.kind, values: chunk.values, index: index))
        } else {
            do {
                column = ParquetColumn(storage: .assembled(try ParquetAssembly.rows(of: node, chunks: chunks, rowCount: rowCount)))
            } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
        }
        cache.keep(column, for: key)
        return column
    }
}

/// One field's values in one row group.
struct ParquetColumn: Sendable {
    enum Storage: Sendable {
        /// A leaf's values, and each row's index among them (-1 for null; nil: row i is value i).
        case flat(kind: ParquetValueKind, values: ParquetValues, index: [Int32]?)
        /// A nested field's rows as JSON, nil for null.
        case assembled([String?])
    }
    var storage: Storage

    /// Row `row`'s value (a missing value past the rows read).
    func value(_ row: Int) -> TableValue {
        switch storage {
        case let .flat(kind, values, index):
            let i = index.map { $0.indices.contains(row) ? Int($0[row]) : -1 } ?? row
            guard i >= 0, i < values.count else { return .missing("NULL") }
            return kind.value(values, at: i)
        case let .assembled(texts):
            guard texts.indices.contains(row), let text = texts[row] else { return .missing("NULL") }
            return .string(text)
        }
    }

    /// The bytes it keeps, about.
    var memory: Int {
        switch storage {
        case let .flat(_, values, index):
            let indexBytes = (index?.count ?? 0) * 4
            switch values {
            case let .booleans(v): return v.count + indexBytes
            case let .int32(v): return v.count * 4 + indexBytes
            case let .int64(v): return v.count * 8 + indexBytes
            case let .floats(v): return v.count * 4 + indexBytes
            case let .doubles(v): return v.count * 8 + indexBytes
            case let .bytes(starts, data): return starts.count * 8 + data.count + indexBytes
            }
        case let .assembled(texts): return texts.reduce(0) { $0 + ($1?.utf8.count ?? 0) + 16 }
        }
    }
}

/// Decoded column chunks kept for the rows read next, the least recently read dropped first
/// once they hold more than `limit` bytes.
final class ParquetCache: Sendable {
    struct Key: Hashable, Sendable {
        var group: Int
        var field: Int
    }
    private struct State {
        var columns: [Key: (column: ParquetColumn, used: Int)] = [:]
        var bytes = 0
        var clock = 0
    }
    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The chunks kept, and the bytes they hold (tests).
    var kept: (keys: Set<Key>, bytes: Int) { state.withLock { (Set($0.columns.keys), $0.bytes) } }

    func value(for key: Key) -> ParquetColumn? {
        state.withLock { state in
            guard let kept = state.columns[key] else { return nil }
            state.clock += 1
            state.columns[key] = (kept.column, state.clock)
            return kept.column
        }
    }

    func keep(_ column: ParquetColumn, for key: Key) {
        state.withLock { state in
            state.clock += 1
            if let old = state.columns[key] { state.bytes -= old.column.memory }
            state.columns[key] = (column, state.clock)
            state.bytes += column.memory
            while state.bytes > limit, state.columns.count > 1,
                  let oldest = state.columns.filter({ $0.key != key }).min(by: { $0.value.used < $1.value.used }) {
                state.bytes -= oldest.value.column.memory
                state.columns[oldest.key] = nil
            }
        }
    }
}

/// Why a Parquet file cannot be read.
public struct ParquetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    /// The message: the file, then why.
    public var description: String { "\(path): \(reason)" }
}
