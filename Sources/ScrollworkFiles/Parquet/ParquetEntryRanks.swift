import Scrollwork

/// The rank of each dictionary entry of a column across a Parquet file's row groups: a sort by
/// the column then takes each row's entry's rank as its key, four bytes a row packed with its
/// position, instead of the value's (sixteen a row for text of more than eight bytes, eight for
/// a real), and orders the rows exactly as a sort by the values would.
struct ParquetEntryRanks: Sendable {
    /// For each row group, each entry's rank (-1 for an entry the sort takes as missing); nil
    /// for a group not read.
    let ranks: [[Int32]?]

    /// The kinds whose keys are the values' own (text as text, whole numbers and reals as
    /// numbers, dates, times and timestamps as the numbers they are stored as), which the sort
    /// does not read again another way: a float's or a decimal's key is its text, which a
    /// column of numbers sorts as the number it spells.
    static func ranks(_ kind: ParquetValueKind) -> Bool { [.text, .double].contains(kind) || kind.sortsAsWholeNumber }

    /// The ranks of field `field`'s entries in `table`, text ordered by `textOrder`; nil when a
    /// row group's chunk has no dictionary, or a page that is not dictionary-encoded or whose
    /// header was not read (pages an offset index placed), or when the entries are more than
    /// 2^31 or of a kind that does not rank.
    ///
    /// Only the row groups `groups` are read (every group when nil): those holding the rows a
    /// filter kept. The others have no ranks.
    init?(table: ParquetTable, field: Int, textOrder: TextOrder, groups: Set<Int>? = nil) throws(TableSourceError) {
        let node = table.root.children[field]
        guard node.isLeaf, !node.isRepeated, Self.ranks(node.kind) else { return nil }
        var dictionaries: [ParquetValues?] = []
        for group in 0..<table.footer.groupCount {
            guard groups?.contains(group) ?? true else {
                dictionaries.append(nil)
                continue
            }
            let index = try table.pageIndex(field, group: group)
            guard let dictionary = index.dictionary, index.pages.allSatisfy({ [2, 8].contains($0.header?.encoding ?? -1) }) else { return nil }
            dictionaries.append(dictionary)
        }
        // Every group's entries ranked together: an entry in two dictionaries is one key twice.
        let total = dictionaries.reduce(0) { $0 + ($1?.count ?? 0) }
        guard total <= Int(Int32.max) else { return nil }
        let kind = node.kind
        guard let ranked = textOrder.ranks(ofKeys: total, { sink in
            for case let dictionary? in dictionaries { kind.appendKeys(dictionary, at: Array(0..<dictionary.count), to: &sink) }
        }) else { return nil }
        var at = 0
        ranks = dictionaries.map { dictionary in
            guard let dictionary else { return nil }
            defer { at += dictionary.count }
            return ranked[at..<at + dictionary.count].map { $0.map { Int32($0) } ?? -1 }
        }
    }

    /// Puts the keys of `column`'s values of rows `rows` (of row group `group`) into `keys`:
    /// each entry's rank, a missing value or a row outside them missing. False when the values
    /// are not dictionary entries.
    func appendKeys(_ column: ParquetColumn, group: Int, rows: [Int], to keys: inout SortKeySink) -> Bool {
        guard ranks.indices.contains(group), let ranks = ranks[group], case let .flat(_, .indexed(_, indices), index) = column.storage else { return false }
        let count = indices.count
        for row in rows {
            let slot = ParquetColumn.slot(ofRow: row, in: index)
            guard slot >= 0, slot < count, Int(indices[slot]) < ranks.count, ranks[Int(indices[slot])] >= 0 else {
                keys.appendMissing()
                continue
            }
            keys.appendInt(Int(ranks[Int(indices[slot])]))
        }
        return true
    }
}
