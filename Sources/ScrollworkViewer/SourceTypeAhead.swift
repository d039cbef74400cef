import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Type-ahead through a ``TableSource``: the first row, in the order shown, whose column starts
/// with what was typed (ignoring case), and for each shorter part of it the first row starting
/// with that part (where typing key by key would have left the focus). Runs off the loop.
///
/// In a view sorted by a column of text, whose order every source makes byte by byte, each
/// spelling's run is found by binary search (``SortedPrefixSearch``), a row read a step, so any
/// row of any number is reached. Otherwise the first ``TableState/typeAheadScanLimit`` rows are read, a batch at a
/// time, as a file's table scans them.
struct SourceTypeAhead: Sendable {
    let source: any TableSource
    /// The names of the rows in the order shown (nil: the source is read by position).
    let identities: RowNames?
    let filters: [RowFilter]
    let order: [ColumnOrder]
    /// The column matched, as the source numbers it, and the text its cells show.
    let field: Int
    let shownText: @Sendable (TableValue) -> String
    /// The number of rows shown.
    let count: Int
    let progress: TableProgress

    /// What was found: a position in the order shown for each length of the prefix (its first
    /// character, two, …) that some row starts with, and how.
    struct Found: Sendable {
        var first: [Int?]
        var method: TypeAheadMethod
    }

    /// The first rows starting with each part of `prefix`.
    func find(_ prefix: String) throws(TableSourceError) -> Found {
        if let sorted = try binarySearch(prefix) { return sorted }
        return try scan(prefix)
    }

    /// The value of the column at `position` of the order shown.
    private func value(at position: Int) throws(TableSourceError) -> TableValue {
        try values(in: position..<position + 1).first ?? .empty
    }

    /// The column's values at `positions` of the order shown.
    private func values(in positions: Range<Int>) throws(TableSourceError) -> [TableValue] {
        if let identities {
            let named = try identities.names(in: positions)
            return try source.values(ofColumns: [field], named: named, progress: progress).map { $0.first ?? .empty }
        }
        return try source.rows(at: positions, where: filters, orderedBy: order, progress: progress).map { $0.indices.contains(field) ? $0[field] : .empty }
    }

    /// The first rows of the first `TableState.typeAheadScanLimit` that start with each part of `prefix`.
    private func scan(_ prefix: String) throws(TableSourceError) -> Found {
        let wanted = Array(prefix.lowercased())
        let limit = Swift.min(count, TableState<Int>.typeAheadScanLimit)
        var first = [Int?](repeating: nil, count: wanted.count)
        for batch in (0..<limit).searchBatches(of: TableScreen.searchBatch, forward: true) {
            for (k, value) in try values(in: batch).enumerated() {
                var common = 0
                for (a, b) in zip(shownText(value).lowercased(), wanted) { guard a == b else { break }; common += 1 }
                for length in stride(from: common, to: 0, by: -1) where first[length - 1] == nil { first[length - 1] = batch.lowerBound + k }
                if first.last.flatMap({ $0 }) != nil { return Found(first: first, method: .scan(limit: limit)) }
            }
            try progress.check()
        }
        return Found(first: first, method: .scan(limit: limit))
    }

    /// In a view sorted by this column of text: the longest part of `prefix` some row starts with, found by binary search on each of its
    /// spellings (``SortedPrefixSearch``); nil when the view is not so, or cannot be searched so.
    private func binarySearch(_ prefix: String) throws(TableSourceError) -> Found? {
        guard let sorted = order.first, sorted.column == field, !source.isNumeric(field) else { return nil }
        let characters = Array(prefix)
        var first = [Int?](repeating: nil, count: characters.count)
        var read: [Int: SortedPrefixSearch.Key] = [:]
        // Shorter parts are searched only while the longer are not found: the longest found is
        // where the focus goes.
        for length in stride(from: characters.count, to: 0, by: -1) {
            let outcome = try SortedPrefixSearch.firstRow(startingWith: String(characters.prefix(length)), count: count,
                                                          ascending: sorted.ascending) { (position: Int) throws(TableSourceError) in
                if let known = read[position] { return known }
                let value = try value(at: position)
                // A source's own typing may read text of numbers as numbers: such a row ends the search.
                let key = SortedPrefixSearch.key(value, numericTextSortsAsNumbers: true)
                read[position] = key
                return key
            }
            switch outcome {
            case .unsearchable: return nil
            case .notFound: continue
            case let .found(position):
                for shorter in 0..<length { first[shorter] = position }
                return Found(first: first, method: .binarySearch)
            }
        }
        return Found(first: first, method: .binarySearch)
    }
}
