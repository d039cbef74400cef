import Scrollwork

// A sort of a Parquet table reads only its sort columns, as typed values straight from the
// pages (an integer stays an integer, a dictionary's entries are never made rows of text first),
// a piece of rows at a time on every core the table's loop lends.
extension ParquetTable {
    /// The rows `filters` keep, in `order`: the filters applied as every source's are, then the
    /// kept rows sorted by the pages' typed values (an integer sorts as an integer however large,
    /// text as text, a null last either way; ties in the file's order). A nested field in the
    /// order is sorted by its JSON, over rows read as text.
    public func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> [Int] {
        try checkColumns(order.map(\.column))
        let flat = order.allSatisfy { root.children[$0.column].isLeaf && !root.children[$0.column].isRepeated }
        guard !order.isEmpty, flat else { return try rowNamesOverRows(where: filters, orderedBy: order, progress: progress) }
        let kept = filters.isEmpty ? nil : try rowNamesOverRows(where: filters, orderedBy: [], progress: progress)
        let rows = ParquetSortRows(table: self, positions: kept)
        let columns = Set(order.map(\.column)).map { rows.column($0, title: columnTitles[$0]) }
        let sorts = order.map { SortOrder(columnID: "\($0.column)", ascending: $0.ascending) }
        let sorted: [Int]?
        do {
            sorted = try TableState.sortedIndexes(of: rows, columns: columns, order: sorts, progress: { progress.report($0) }, concurrently: loop)
        } catch { throw .failed("the sort could not be applied: \(error)") }
        guard let sorted else { throw .cancelled }
        if let failure = rows.failure.first { throw failure }
        return kept.map { kept in sorted.map { kept[$0] } } ?? sorted
    }
}

/// The rows of a Parquet table a sort arranges (every row, or those a filter kept), read a
/// column at a time from the pages.
struct ParquetSortRows: RowSource, Sendable {
    let table: ParquetTable
    /// The positions sorted, ascending; every row when nil.
    let positions: [Int]?
    let count: Int
    /// The first read that failed: keys are read on every core, where nothing can throw, so the
    /// failure is kept and thrown once the sort is done.
    let failure = ReadFailure()

    init(table: ParquetTable, positions: [Int]?) {
        self.table = table
        self.positions = positions
        count = positions?.count ?? table.groupStarts[table.groupStarts.count - 1]
    }

    /// A row is its position in the file.
    func row(at index: Int) -> Int { positions.map { $0[index] } ?? index }

    /// Field `field` as a column a sort reads a range of rows of at once.
    func column(_ field: Int, title: String) -> TableColumn<Int> {
        let rows = self
        var column = TableColumn<Int>(title, id: "\(field)") { position in rows.values(ofField: field, at: [position]).first ?? .missing("NULL") }
        column.sourceValues = { source, range in (source as? ParquetSortRows)?.values(ofField: field, in: range) ?? [] }
        return column
    }

    /// Field `field`'s values of rows `range` (places among those sorted).
    func values(ofField field: Int, in range: Range<Int>) -> [TableValue] {
        let range = range.clamped(to: 0..<count)
        guard let positions else { return values(ofField: field, at: range) }
        return values(ofField: field, at: Array(positions[range]))
    }

    /// Field `field`'s values at file positions `wanted` (ascending), a row group at a time; a
    /// read that fails gives missing values and is kept in ``failure``.
    private func values<Positions: RandomAccessCollection<Int>>(ofField field: Int, at wanted: Positions) -> [TableValue] {
        var values: [TableValue] = []
        values.reserveCapacity(wanted.count)
        var next = wanted.startIndex
        while next != wanted.endIndex {
            let group = table.groupContaining(wanted[next])
            let start = table.groupStarts[group], end = table.groupStarts[group + 1]
            let first = next
            while next != wanted.endIndex, wanted[next] >= start, wanted[next] < end { next = wanted.index(after: next) }
            let count = wanted.distance(from: first, to: next)
            // A position no row has (none is asked for) reads as missing, and the walk goes on.
            guard count > 0 else {
                values.append(.missing("NULL"))
                next = wanted.index(after: next)
                continue
            }
            do {
                let inGroup = wanted[first..<next]
                if let low = inGroup.first, let high = inGroup.last, high - low + 1 == count {
                    values += try table.values(ofField: field, group: group, rows: (low - start)..<(high - start + 1))
                } else {
                    values += try table.values(ofField: field, group: group, rows: inGroup.map { $0 - start })
                }
            } catch {
                failure.keep(error)
                values += repeatElement(TableValue.missing("NULL"), count: count)
            }
        }
        return values
    }
}

/// The first error of reads made where nothing can throw.
final class ReadFailure: Sendable {
    private let state = Locked<TableSourceError?>(nil)

    /// Keeps `error` unless one is kept already.
    func keep(_ error: TableSourceError) { state.withLock { if case .none = $0 { $0 = error } } }

    /// The error kept, if any.
    var first: TableSourceError? { state.withLock { $0 } }
}
