extension TextOrder {
    /// The rank of each of `count` keys, text compared in this order, for a column that names
    /// each row's value by an entry of a small table (a Parquet file's dictionary): sorting the
    /// rows by their entry's rank orders them as sorting by the values would, ties in the rows'
    /// order, with a key of four bytes a row instead of the value's. `fill` puts the keys into
    /// the sink, `count` of them, as a source's reader puts its rows' keys. Keys the sort takes
    /// as equal share a rank (the same key in two tables, or two spellings of one text); ranks
    /// count from 0 with no gaps; a missing value has none (it sorts last). Nil when the keys
    /// cannot be read so, or `fill` puts in another number of them.
    package func ranks(ofKeys count: Int, _ fill: (inout SortKeySink) -> Void) -> [Int?]? {
        let count = Swift.max(0, count)
        var sink = SortKeySink(count: count, textOrder: self)
        fill(&sink)
        guard sink.count == count, let keys = sink.piece?.keys else { return nil }
        // The keys sorted as a sort of the rows would sort them, then numbered: a key after one
        // it does not follow in that order (an equal one) keeps its rank.
        guard let order = SortKeys.sorted(count: count, as: Int.self, keys: [(keys, true)], progress: { _ in true }) else { return nil }
        let before = keys.comparator(ascending: true, as: Int.self)
        var ranks = [Int?](repeating: nil, count: count)
        var rank = -1
        var previous: Int? = nil
        for position in order where !keys.isMissing(position) {
            if previous.map({ before($0, position) }) ?? true { rank += 1 }
            ranks[position] = rank
            previous = position
        }
        return ranks
    }
}
