/// A sort of a table's rows that can run anywhere, a background thread included: a snapshot of
/// what it needs, taken by ``TableState/sortJob(for:)``, and ``run(progress:concurrently:)``, which reads the
/// keys it lacks from the snapshot and sorts. ``TableState/apply(_:)`` takes the result, or
/// rejects it when the rows changed meanwhile.
///
/// The sort is stable: rows equal on every key keep the order they have in the source.
public struct SortJob<Row: Sendable>: Sendable {
    /// The order asked for, most significant key first.
    public let order: [SortOrder]
    /// The ``ListState/rowsVersion`` of the rows the job began on.
    public let rowsVersion: UInt64
    /// The rows as they were, to read keys from.
    let list: ListState<Row>
    /// The key columns, in the order's order, and whether each sorts ascending.
    let keyColumns: [(column: TableColumn<Row>, ascending: Bool)]
    /// True when the rows are sorted as they stand now (already in the order without its first
    /// key) by the first key alone, stably.
    let fromCurrentOrder: Bool
    /// Keys the table had read, by column identifier, and the rows they were read for.
    let cachedKeys: [String: SortKeys]
    let cachedRows: SourceRows

    /// The number of rows to sort.
    public var rowCount: Int { list.numberOfRows(inSection: 0) }

    /// Reads the keys the table has not read yet and sorts, calling `progress` now and then with
    /// the fraction done (0…1); when `progress` returns false the job stops and returns nil.
    ///
    /// Reading keys takes the first half of the progress when keys must be read. Keys that pack
    /// into words (numbers, ASCII text, Finder names) are radix sorted, reporting as rows settle
    /// and after each pass over the words; others are compared in runs of at least 65,536 rows
    /// that are then merged. Either way progress and cancellation come within a pass over the
    /// rows, about a tenth of a second at ten million.
    ///
    /// With `concurrently`, a host's loop over its cores, the keys of rows straight from their
    /// source are read in pieces on all of them at once.
    public func run(progress: (Double) -> Bool = { _ in true }, concurrently: ConcurrentLoop = .serial) -> SortResult<Row>? {
        let ids = SourceRows(of: list)
        var keys = ids == cachedRows ? cachedKeys : [:]
        let missing = keyColumns.map(\.column).filter { keys[$0.id] == nil }
        let readShare = missing.isEmpty ? 0.0 : 0.5
        for (k, column) in missing.enumerated() {
            let rows = list
            let base = readShare * Double(k) / Double(missing.count)
            let share = readShare / Double(missing.count) / Double(Swift.max(1, ids.count))
            let stop: (Int) -> Bool = { !progress(base + share * Double($0)) }
            let read: SortKeys?
            if case let .identity(section, _) = ids {
                // Rows straight from their source: no lookup through the list for each of them.
                // In batches: a source that reads many rows at once (a file) reads them so.
                let source = rows.sources[section].rows
                let values = Self.values(of: column, from: source)
                let sink = column.sourceKeys.map { read in { (range: Range<Int>, keys: inout SortKeySink) in read(source.base, range, &keys) } }
                if sink != nil || (concurrently.width > 1 && ids.count >= 2 * Self.pieceSize),
                   let pieces = Self.keys(count: ids.count, textOrder: column.textOrder, values: values, sink: sink, loop: concurrently, stop: stop) {
                    guard let pieces else { return nil }
                    read = pieces
                } else {
                    var batch = ValueBatch(count: ids.count, read: values)
                    read = SortKeys(count: ids.count, textOrder: column.textOrder, stop: stop, values: &batch)
                }
            } else {
                var batch = ValueBatch(count: ids.count) { range in
                    var values: [TableValue] = []
                    values.reserveCapacity(range.count)
                    for i in range { values.append(column.value(rows.row(for: ids[i]))) }
                    return values
                }
                read = SortKeys(count: ids.count, textOrder: column.textOrder, stop: stop, values: &batch)
            }
            guard let read else { return nil }
            keys[column.id] = (column.sortsNumericTextAsNumbers && column.textOrder == .lexical ? read.numbersWhenAllAre() : read).narrowed()
        }
        if !missing.isEmpty, ids.count >= FreedMemory.worthwhileRows { FreedMemory.giveBack() }
        let sortKeys = keyColumns.compactMap { entry in keys[entry.column.id].map { ($0, entry.ascending) } }
        let stage: (Double) -> Bool = { progress(readShare + (1 - readShare) * $0) }
        // Positions as 32-bit numbers while they fit: the sort then adds 8 bytes a row (positions
        // and the merge buffer) beyond the keys and the new order itself.
        let arranged = ids.count <= Int(UInt32.max)
            ? arrangement(as: UInt32.self, ids: ids, keys: sortKeys, progress: stage)
            : arrangement(as: Int.self, ids: ids, keys: sortKeys, progress: stage)
        guard let arranged else { return nil }
        guard progress(1) else { return nil }
        return SortResult(order: order, rowsVersion: rowsVersion, ids: ids, arrangement: arranged, keys: keys)
    }

    /// The rows of `ids` in the order of `keys`, sorting positions of type `P`: as the source's
    /// own indexes when the rows are the source's own (a position is then the row's index), else
    /// as identities; nil when `progress` says stop.
    private func arrangement<P: FixedWidthInteger & Sendable>(as: P.Type, ids: SourceRows, keys: [(SortKeys, Bool)],
                                                             progress: (Double) -> Bool) -> RowArrangement? {
        // The rows as they stand, as positions in source order: only for rows straight from
        // their source, whose position is their index.
        let current = list.sections[0].order
        let initial: [P]? = fromCurrentOrder && ids.isIdentity ? (0..<current.count).map { P(truncatingIfNeeded: current[$0].sourceIndex) } : nil
        guard let positions = SortKeys.sorted(count: ids.count, as: P.self, keys: keys, from: initial, progress: progress) else { return nil }
        // The same type, so the cast moves the array; `as?` would cast each element on its own.
        // Safe: `P` is checked to be that type.
        if ids.isIdentity, P.self == UInt32.self { return unsafe .sourceIndexes(unsafeBitCast(positions, to: [UInt32].self)) }
        return .ids(positions.map { ids[Int($0)] })
    }
}

/// A finished ``SortJob``: the new order of the rows, for ``TableState/apply(_:)``.
public struct SortResult<Row: Sendable>: Sendable {
    /// The order it sorted by.
    public let order: [SortOrder]
    /// The ``ListState/rowsVersion`` of the rows it sorted.
    public let rowsVersion: UInt64
    /// The rows in source order.
    let ids: SourceRows
    /// The rows in the new order.
    let arrangement: RowArrangement
    /// Every key read, to keep for the next sort.
    let keys: [String: SortKeys]
}

extension SortKeys {
    /// Positions 0..<count in the order of `keys`: packed and radix sorted when the keys allow,
    /// otherwise compared, sorted in runs and merged; nil when cancelled. The sort is stable
    /// with respect to `initial` (every position once, in the order ties keep; `0..<count` when
    /// nil).
    // Specialised for the two position types: the generic version would compare through
    // witness tables, which made a million-row sort seventy times slower.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    static func sorted<P: FixedWidthInteger & Sendable>(count: Int, as: P.Type, keys: [(SortKeys, Bool)], from initial: [P]? = nil,
                                                       progress: (Double) -> Bool) -> [P]? {
        let initial = initial?.count == count ? initial : nil
        guard !keys.isEmpty, count > 1 else { return initial ?? (0..<count).map { P(truncatingIfNeeded: $0) } }
        // Keys that pack into words (numbers, ASCII text, byte keys: nearly every column) sort in
        // linear time, one key after another from the least significant, each sort stable.
        // Several keys that each pack into a word sort as one word when they fit in one.
        if keys.count > 1, let combined = combinedSorted(initial, count: count, keys: keys, progress: progress) { return combined }
        if keys.allSatisfy(\.0.packs) {
            var order: [P]? = initial
            for (k, (key, ascending)) in keys.reversed().enumerated() {
                let share = 1 / Double(keys.count), base = share * Double(k)
                guard let next = key.packedSortedMissingLast(order, count: count, ascending: ascending, progress: { progress(base + share * $0) }) else { return nil }
                order = next
            }
            return order
        }
        var positions = initial ?? (0..<count).map { P(truncatingIfNeeded: $0) }
        // One key (the usual case) compares directly, its missing values set apart at the end
        // first; more keys break ties in order, missing values last in each.
        var missingTail: [P] = []
        if keys.count == 1, keys[0].0.missing != nil {
            (positions, missingTail) = keys[0].0.splitMissing(positions)
        }
        let before: (P, P) -> Bool = keys.count == 1 ? keys[0].0.comparator(ascending: keys[0].1, as: P.self) : { a, b in
            for (key, ascending) in keys {
                let missingA = key.isMissing(Int(a)), missingB = key.isMissing(Int(b))
                if missingA || missingB {
                    if missingA != missingB { return missingB }
                    continue
                }
                let c = key.compare(Int(a), Int(b))
                if c != 0 { return ascending ? c < 0 : c > 0 }
            }
            return false
        }
        let count = positions.count
        let runLength = Swift.max(65_536, (count + 15) / 16)
        var runs: [Range<Int>] = stride(from: 0, to: count, by: runLength).map { $0..<Swift.min(count, $0 + runLength) }
        // Sorting the runs is most of the work: 80% of this stage's progress.
        for (i, run) in runs.enumerated() {
            if keys.count == 1 {
                keys[0].0.sort(&positions, range: run, ascending: keys[0].1)
            } else {
                positions[run].sort(by: before)
            }
            guard progress(0.8 * Double(i + 1) / Double(runs.count)) else { return nil }
        }
        // Merge neighbouring runs until one is left; ties take the earlier run, so it stays stable.
        var buffer = [P](repeating: 0, count: count)
        let rounds = Swift.max(1, Int((Double(runs.count)).squareRoot().rounded(.up)))
        var round = 0
        while runs.count > 1 {
            var merged: [Range<Int>] = []
            var i = 0
            while i < runs.count {
                guard i + 1 < runs.count else {
                    buffer[runs[i]] = positions[runs[i]]
                    merged.append(runs[i])
                    break
                }
                let left = runs[i], right = runs[i + 1]
                var a = left.lowerBound, b = right.lowerBound, out = left.lowerBound
                while a < left.upperBound && b < right.upperBound {
                    if before(positions[b], positions[a]) { buffer[out] = positions[b]; b += 1 } else { buffer[out] = positions[a]; a += 1 }
                    out += 1
                }
                while a < left.upperBound { buffer[out] = positions[a]; a += 1; out += 1 }
                while b < right.upperBound { buffer[out] = positions[b]; b += 1; out += 1 }
                merged.append(left.lowerBound..<right.upperBound)
                i += 2
            }
            swap(&positions, &buffer)
            runs = merged
            round += 1
            guard progress(0.8 + 0.2 * Swift.min(1, Double(round) / Double(rounds))) else { return nil }
        }
        return missingTail.isEmpty ? positions : positions + missingTail
    }
}

extension SortJob {
    /// Rows a piece of a key read that runs on its own core.
    static var pieceSize: Int { 1 << 17 }

    /// Reads `count` keys through `sink` (a column's own reader), or `values` where it has none
    /// or cannot, in pieces, as many at once as `loop` runs, asking
    /// `stop` with the rows read after each round. Nil when the pieces cannot be joined (text
    /// kept as byte keys met another type: the caller reads again in one piece); `.some(nil)`
    /// when `stop` said so.
    static func keys(count: Int, textOrder: TextOrder, values: @escaping (Range<Int>) -> [TableValue],
                     sink: ((Range<Int>, inout SortKeySink) -> Bool)? = nil, loop: ConcurrentLoop,
                     pieceSize: Int = pieceSize, stop: (Int) -> Bool) -> SortKeys?? {
        let pieceSize = Swift.max(1, pieceSize)
        var pieces: [SortKeys.Piece] = []
        var start = 0
        while start < count {
            let ranges = stride(from: start, to: Swift.min(count, start + loop.width * pieceSize), by: pieceSize).map { $0..<Swift.min(count, $0 + pieceSize) }
            guard let round = loop.map(ranges.count, { k -> SortKeys.Piece? in
                let range = ranges[k]
                if let sink {
                    // The column's own reader; a key it could not take reads values instead.
                    var keys = SortKeySink(count: range.count, textOrder: textOrder)
                    if sink(range, &keys), keys.count == range.count, let piece = keys.piece { return piece.narrowingInts() }
                }
                var batch = ValueBatch(count: range.count) { r in values((r.lowerBound + range.lowerBound)..<(r.upperBound + range.lowerBound)) }
                var reader = KeyReader(count: range.count, textOrder: textOrder)
                for i in 0..<range.count where !reader.read(batch.value(i), at: i) { return nil }
                return SortKeys.Piece(keys: reader.keys, count: range.count, allMissing: reader.isAllMissing).narrowingInts()
            }) else { return nil }
            for piece in round {
                guard let piece else { return nil }
                pieces.append(piece)
            }
            start = ranges.last?.upperBound ?? count
            if stop(start) { return .some(nil) }
        }
        guard let joined = SortKeys.joined(&pieces) else { return nil }
        return .some(joined)
    }

    /// Reads `column`'s values of a range of `source`'s rows: with the column's own reader
    /// (``TableColumn/sourceValues``) when it has one, else from rows. Generic code another module
    /// calls is not specialised and looks types up at run time on each call; called once a
    /// batch, and stepping through the rows with a counted loop, that costs little.
    static func values(of column: TableColumn<Row>, from source: AnyRowSource<Row>) -> (Range<Int>) -> [TableValue] {
        { range in
            var values = column.sourceValues?(source.base, range) ?? column.values(source.rows(in: range))
            if values.count > range.count { values.removeLast(values.count - range.count) }
            // A source that gives fewer rows than asked is read a row at a time.
            var next = range.lowerBound + values.count
            while next < range.upperBound {
                values.append(column.value(source.row(at: next)))
                next += 1
            }
            return values
        }
    }
}

/// One column's values read a batch of rows at a time, for a reader that goes through the rows
/// in order: a source that reads many rows at once (a file) reads them so.
struct ValueBatch {
    /// Rows a batch.
    static var size: Int { 4096 }
    let count: Int
    let read: (Range<Int>) -> [TableValue]
    private var start = 0
    private var values: [TableValue] = []

    init(count: Int, read: @escaping (Range<Int>) -> [TableValue]) {
        self.count = count
        self.read = read
    }

    /// Row `i`'s value (`i` in `0..<count`): from the batch at hand, or from a new batch that
    /// begins at `i`.
    mutating func value(_ i: Int) -> TableValue {
        if i < start || i >= start + values.count {
            start = i
            values = read(i..<Swift.min(count, i.addingSaturating(Self.size)))
        }
        return values[i - start]
    }
}
