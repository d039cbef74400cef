extension TextOrder {
    /// The rank of each of `count` texts in this order, for a column that names each row's
    /// text by an entry of a small table (a Parquet file's dictionary): sorting the rows by their
    /// entry's rank orders them as sorting by the text would, ties in the rows' order, with a
    /// key of four bytes a row instead of the text's. Texts the order takes as equal share a rank;
    /// ranks count from 0 with no gaps; a text the sort takes as missing has none (it sorts
    /// last). Nil when the texts cannot be read as keys.
    package func ranks(ofTexts count: Int, text: (Int) -> UnsafeBufferPointer<UInt8>) -> [Int?]? {
        let count = Swift.max(0, count)
        var sink = SortKeySink(count: count, textOrder: self)
        for i in 0..<count { sink.appendText(text(i)) }
        guard let keys = sink.piece?.keys else { return nil }
        // The texts sorted as a sort of the rows would sort them, then numbered: a text after
        // one it does not follow in that order (an equal one) keeps its rank.
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
