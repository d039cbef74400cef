import Scrollwork

// A summary of several columns at once: each is read from its own pages.
extension ParquetTable {
    /// The summary of every column among the rows `filters` keep, as many columns at once as
    /// ``loop`` runs (each read alone, so memory grows with the columns at once, not the table).
    public func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        let kept = filters.isEmpty ? nil : try rowNames(where: filters, orderedBy: [], progress: TableProgress())
        let columns = columnTitles.indices
        var summaries: [ColumnSummary] = []
        for first in stride(from: 0, to: columns.count, by: loop.width) {
            let round = first..<Swift.min(columns.count, first + loop.width)
            guard let results = loop.map(round.count, { k in
                Result { () throws(TableSourceError) in try summary(ofColumn: round.lowerBound + k, within: kept, progress: progress) }
            }) else { throw .cancelled }
            for result in results { summaries += try result.get() }
        }
        return summaries
    }
}
