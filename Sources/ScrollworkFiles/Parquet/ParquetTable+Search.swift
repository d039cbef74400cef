import Scrollwork

// `/` over a Parquet table: the rows holding the text found once, a row group a core, then the
// names tested in the order shown, however they are sorted.
extension ParquetTable {
    /// The first of `names` (the last, going back when not `forward`) whose row holds `text` in
    /// any column as the table shows it (smart case; a null is `NULL`): every column's pages
    /// read once for the whole table (kept for the next search of the same text), then the
    /// names tested in order, so a sorted view is searched as fast as the file's own order.
    public func firstPlace(among names: [Int], holding text: String, forward: Bool, progress: TableProgress) throws(TableSourceError) -> Int? {
        let marks = try rowsHolding(text, progress: progress)
        func holds(_ place: Int) -> Bool { marks.indices.contains(names[place]) && marks[names[place]] }
        return forward ? names.indices.first(where: holds) : names.indices.last(where: holds)
    }

    /// Whether each row holds `text` in a column as shown, as `/` tests a row: the row groups
    /// as many at once as ``loop`` runs, each dictionary entry tested once, and the columns of
    /// numbers left out when the text holds a character no number is written with (and is not
    /// in `NULL`, as a null shows).
    func rowsHolding(_ text: String, progress: TableProgress) throws(TableSourceError) -> [Bool] {
        if let kept = searches.marks(for: text) { return kept }
        let test = try RowFilter.searching(text)
        let numberCharacters = Set("0123456789.-+einfa")
        // A number is written with digits, a point, signs, an exponent's e, inf or nan, all in
        // lower case (a capital searched for matches only a capital: smart case). A column of
        // numbers shows its nulls as NULL: it is skipped only where that cannot match either.
        let skipsNumbers = text.contains { !numberCharacters.contains($0) } && !test.passes(shown: .missing("NULL"))
        let columns = root.children.indices.filter { !(skipsNumbers && isNumeric($0)) }
        var marks: [Bool] = []
        marks.reserveCapacity(try total())
        try eachRowGroup(progress: progress) { group throws(TableSourceError) in try rowsHolding(test, group: group, columns: columns) } take: { marks += $0 }
        searches.keep(marks, for: text)
        return marks
    }

    /// Whether each row of row group `group` holds what `test` looks for in one of `columns`.
    private func rowsHolding(_ test: RowFilter, group: Int, columns: [Int]) throws(TableSourceError) -> [Bool] {
        let rows = try groupSpan(group).count
        var marked = [Bool](repeating: false, count: rows)
        let passes = test.passes(shown:)
        let nullPasses = passes(.missing("NULL"))
        for field in columns {
            let node = root.children[field]
            guard node.isLeaf && !node.isRepeated else {
                for (row, value) in try column(field, group: group).values(Array(0..<rows)).enumerated() where !marked[row] && passes(value) { marked[row] = true }
                continue
            }
            let index = try pageIndex(field, group: group)
            for page in index.pages.indices {
                let first = index.pages[page].firstSlot
                let shown = first..<Swift.min(rows, first + index.pages[page].valueCount)
                guard !shown.isEmpty else { continue }
                let read = try pageColumn(field, group: group, page: page, index: index)
                guard case let .flat(kind, .indexed(dictionary, indices), slots) = read.storage else {
                    for (offset, value) in read.values(shown.map { $0 - first }).enumerated() where !marked[first + offset] && passes(value) {
                        marked[first + offset] = true
                    }
                    continue
                }
                // Each entry tested the first time a row names it.
                var entryPasses = [Bool?](repeating: nil, count: dictionary.count)
                for row in shown where !marked[row] {
                    let slot = ParquetColumn.slot(ofRow: row - first, in: slots)
                    guard slot >= 0, slot < indices.count, Int(indices[slot]) < dictionary.count else {
                        if nullPasses { marked[row] = true }
                        continue
                    }
                    let entry = Int(indices[slot])
                    if entryPasses[entry] == nil { entryPasses[entry] = passes(kind.value(dictionary, at: entry)) }
                    if entryPasses[entry] == true { marked[row] = true }
                }
            }
        }
        return marked
    }
}
