import Scrollwork

/// The rank of each dictionary entry of a text column across a Parquet file's row groups: a
/// sort by the column then takes each row's entry's rank as its key, four bytes a row packed
/// with its position, instead of the text's bytes (sixteen a row for text of more than eight
/// bytes), and orders the rows exactly as a sort by the text would.
struct ParquetTextRanks: Sendable {
    /// For each row group, each entry's rank; -1 for an entry the sort takes as missing.
    let ranks: [[Int32]]

    /// The ranks of field `field`'s entries in `table`, ordered by `textOrder`; nil when a row
    /// group's chunk has no dictionary, or a page that is not dictionary-encoded or whose header
    /// was not read (pages an offset index placed), or when the entries are more than 2^31.
    init?(table: ParquetTable, field: Int, textOrder: TextOrder) throws(TableSourceError) {
        var distinct: [[UInt8]: Int] = [:]
        var texts: [UInt8] = []
        var starts = [0]
        var entries: [[Int]] = []
        for group in 0..<table.metadata.rowGroups.count {
            let index = try table.pageIndex(field, group: group)
            guard index.dictionary != nil, index.pages.allSatisfy({ [2, 8].contains($0.header?.encoding ?? -1) }),
                  let named = try table.entryTexts(field, group: group) else { return nil }
            entries.append((0..<named.count).map { entry in
                let bytes = Array(named.bytes[named.starts[entry]..<named.starts[entry + 1]])
                if let known = distinct[bytes] { return known }
                distinct[bytes] = starts.count - 1
                texts += bytes
                starts.append(texts.count)
                return starts.count - 2
            })
        }
        guard starts.count - 1 <= Int(Int32.max) else { return nil }
        let ranked = texts.withUnsafeBufferPointer { texts in
            textOrder.ranks(ofTexts: starts.count - 1) { UnsafeBufferPointer(rebasing: texts[starts[$0]..<starts[$0 + 1]]) }
        }
        guard let ranked else { return nil }
        ranks = entries.map { group in group.map { ranked[$0].map { Int32($0) } ?? -1 } }
    }

    /// Puts the keys of `column`'s values at `slots` (rows of row group `group`) into `keys`:
    /// each entry's rank, a missing value or a slot outside them missing. False when the
    /// values are not dictionary entries.
    func appendKeys(_ column: ParquetColumn, group: Int, rows: [Int], to keys: inout SortKeySink) -> Bool {
        guard ranks.indices.contains(group), case let .flat(_, .indexed(_, indices), index) = column.storage else { return false }
        let ranks = ranks[group], count = indices.count
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
