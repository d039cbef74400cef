/// A sort of rows no one is shown: what a data source that arranges rows for a save or a view
/// asks, run as a table's sort is.
extension TableState {
    /// The indexes of `rows` (into `0..<rows.count`) in `order`, sorted by `columns` as a table
    /// sorts them (stably: ties keep the rows' own order), the keys read on `loop`'s cores; nil
    /// once `progress` says stop. Each index is written as a `P` (`UInt32` halves the memory of
    /// ten million; an index a `P` cannot hold is cut, so pick a type that holds `rows.count`).
    ///
    /// - Throws: ``TableError`` should the finished sort not apply (the rows changed under it,
    ///   which rows given here cannot).
    public static func sortedIndexes<Source: RowSource & Sendable, P: FixedWidthInteger>(
        of rows: Source, columns: [TableColumn<Row>], order: [SortOrder], as: P.Type = Int.self,
        progress: (Double) -> Bool = { _ in true }, concurrently loop: ConcurrentLoop = .serial
    ) throws(TableError) -> [P]? where Source.Row == Row {
        var table = TableState(rows: rows, columns: columns)
        guard var result = table.sortJob(for: order).run(progress: progress, concurrently: loop) else { return nil }
        // The order as the sort wrote it, when it holds every row: ten million rows looked up
        // one at a time through the table's list took longer than the sort. The keys, which a
        // table keeps for its next sort, are let go first (8 bytes a row).
        if case let .sourceIndexes(indexes) = result.arrangement, indexes.count == rows.count, result.rowsVersion == table.list.rowsVersion {
            result = SortResult(order: result.order, rowsVersion: result.rowsVersion, ids: result.ids, arrangement: .sourceIndexes([]), keys: [:])
            // Safe: cast only to the type it is (`P` checked), an array of the same elements.
            if P.self == UInt32.self { return unsafe unsafeBitCast(indexes, to: [P].self) }
            if P.self == Int.self { return unsafe unsafeBitCast(indexes.map { Int($0) }, to: [P].self) }
            return indexes.map { P(truncatingIfNeeded: $0) }
        }
        try table.apply(result)
        return (0..<rows.count).map { P(truncatingIfNeeded: table.list.sourceRow(at: IndexPath(row: $0))?.row ?? $0) }
    }
}
