import Scrollwork

// A sort of a Parquet table reads only its sort columns, as typed values straight from the
// pages (an integer stays an integer, a dictionary's entries are never made rows of text first),
// a piece of rows at a time on every core the table's loop lends.
extension ParquetTable {
    /// The rows `filters` keep, in `order`: the filters applied as every source's are, then the
    /// kept rows sorted by the pages' typed values (an integer sorts as an integer however large,
    /// text as text, a date, time or timestamp in time, a null last either way; ties in the
    /// file's order). A nested field in the order is sorted by its JSON, over rows read as text.
    /// More rows than ``rowsSortedInMemory`` (divided by the order's columns) by up to eight
    /// columns of text from dictionaries, whole numbers, reals, booleans, dates, times or
    /// timestamps are sorted ``rowsSortedAtOnce`` at a time and merged, their order kept in a
    /// temporary file, where the temporary directory has room for it (24 bytes a row by one
    /// column, and 8 more for each further column).
    public func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder {
        try checkColumns(order.map(\.column))
        let flat = order.allSatisfy { root.children[$0.column].isLeaf && !root.children[$0.column].isRepeated }
        guard !order.isEmpty, flat else { return try rowNamesOverRows(where: filters, orderedBy: order, progress: progress) }
        let kept = filters.isEmpty ? nil : Array(try rowNamesOverRows(where: filters, orderedBy: [], progress: progress))
        // Values read from dictionaries sort by each entry's rank among all of them.
        var ranks: [Int: ParquetEntryRanks] = [:]
        let layout = try layout()
        let groups = kept.map { groupsHolding($0, in: layout) }
        for field in Set(order.map(\.column)) { ranks[field] = try ParquetEntryRanks(table: self, field: field, textOrder: .lexical, groups: groups) }
        let rows = ParquetSortRows(table: self, layout: layout, positions: kept, ranks: ranks)
        if rows.count > Swift.max(1, rowsSortedInMemory / order.count), order.allSatisfy({ rows.spills($0.column) }), SpilledSort.fits(rows: rows.count, keys: order.count) {
            let names = kept
            let spilled = try SpilledSort(pieceRows: Swift.max(1, rowsSortedAtOnce), ascending: order.map(\.ascending))
                .order(count: rows.count, keys: { range throws(TableSourceError) in
                    try order.map { column throws(TableSourceError) in try rows.wordKeys(ofField: column.column, in: range) }
                }, name: { names?[$0] ?? $0 }, progress: progress)
            if let failure = rows.failure.first { throw failure }
            return spilled
        }
        let columns = Set(order.map(\.column)).map { rows.column($0, title: columnTitles[$0]) }
        let sorts = order.map { SortOrder(columnID: "\($0.column)", ascending: $0.ascending) }
        func sorted<P: FixedWidthInteger>(as: P.Type) throws(TableSourceError) -> [P] {
            let sorted: [P]?
            do {
                sorted = try TableState.sortedIndexes(of: rows, columns: columns, order: sorts, as: P.self, progress: { progress.report($0) }, concurrently: loop)
            } catch { throw .failed("the sort could not be applied: \(error)") }
            guard let sorted else { throw .cancelled }
            if let failure = rows.failure.first { throw failure }
            return sorted
        }
        // Four bytes a row where 32 bits number them all.
        guard rows.count <= Int(UInt32.max) else {
            let wide = try sorted(as: Int.self)
            return RowOrder(kept.map { kept in wide.map { kept[$0] } } ?? wide)
        }
        let narrow = try sorted(as: UInt32.self)
        return kept.map { kept in RowOrder(narrow.map { kept[Int($0)] }) } ?? RowOrder(narrow: narrow)
    }

    /// The row groups holding any of `positions` (ascending).
    private func groupsHolding(_ positions: [Int], in layout: ParquetLayout) -> Set<Int> {
        let groupStarts = layout.groupStarts
        var groups = Set<Int>()
        for group in 0..<(groupStarts.count - 1) {
            // The first position at or past the group's start, by halving.
            var low = 0, high = positions.count
            while low < high {
                let mid = (low + high) / 2
                if positions[mid] < groupStarts[group] { low = mid + 1 } else { high = mid }
            }
            if low < positions.count, positions[low] < groupStarts[group + 1] { groups.insert(group) }
        }
        return groups
    }
}

/// The rows of a Parquet table a sort arranges (every row, or those a filter kept), read a
/// column at a time from the pages.
struct ParquetSortRows: RowSource, Sendable {
    let table: ParquetTable
    /// Where its rows are, its whole footer read.
    let layout: ParquetLayout
    /// The positions sorted, ascending; every row when nil.
    let positions: [Int]?
    let count: Int
    /// The fields whose keys are their dictionary entries' ranks (text in lexical order).
    let ranks: [Int: ParquetEntryRanks]
    /// The first read that failed: keys are read on every core, where nothing can throw, so the
    /// failure is kept and thrown once the sort is done.
    let failure = ReadFailure()

    init(table: ParquetTable, layout: ParquetLayout, positions: [Int]?, ranks: [Int: ParquetEntryRanks] = [:]) {
        self.table = table
        self.layout = layout
        self.positions = positions
        self.ranks = ranks
        count = positions?.count ?? layout.rowCount
    }

    /// A row is its position in the file.
    func row(at index: Int) -> Int { positions.map { $0[index] } ?? index }

    /// Field `field` as a column a sort reads a range of rows of at once.
    func column(_ field: Int, title: String) -> TableColumn<Int> {
        let rows = self
        var column = TableColumn<Int>(title, id: "\(field)", textOrder: .lexical) { position in rows.values(ofField: field, at: [position]).first ?? .missing("NULL") }
        column.sourceValues = { source, range in (source as? ParquetSortRows)?.values(ofField: field, in: range) ?? [] }
        column.sourceKeys = { source, range, keys in (source as? ParquetSortRows)?.keys(ofField: field, in: range, into: &keys) ?? false }
        // Floats, decimals and whole numbers past Int.max are values of text: a column of
        // numbers sorts them as the numbers they spell, as a sort of the rows read as text does.
        column.sortsNumericTextAsNumbers = table.isNumeric(field)
        return column
    }

    /// Puts the sort keys of field `field`'s values of rows `range` (places among those sorted)
    /// into `keys`, straight from the decoded pages: false where they cannot all be read so (a
    /// read that fails, a damaged chunk), and the sort reads values instead.
    func keys(ofField field: Int, in range: Range<Int>, into keys: inout SortKeySink) -> Bool {
        let range = range.clamped(to: 0..<count)
        var next = range.lowerBound
        while next < range.upperBound {
            let group = layout.groupContaining(row(at: next))
            let start = layout.groupStarts[group], end = layout.groupStarts[group + 1]
            // The places whose rows the group holds (a place is its row when every row is sorted).
            var last = Swift.min(range.upperBound, end)
            if let positions {
                last = next
                while last < range.upperBound, positions[last] < end { last += 1 }
            }
            let rows = positions.map { $0[next..<last].map { $0 - start } } ?? Array((next - start)..<(last - start))
            // Pages come in order and the rows ascend, so their keys come in the rows' order.
            var taken = 0, inOrder = true
            let ranked = ranks[field]
            do {
                try table.eachPage(ofField: field, group: group, rows: rows) { column, places, slots in
                    guard inOrder, places.first == taken else { inOrder = false; return }
                    inOrder = ranked.map { $0.appendKeys(column, group: group, rows: slots, to: &keys) } ?? column.appendKeys(slots, to: &keys)
                    taken += places.count
                }
            } catch { return false }
            guard inOrder, taken == rows.count else {
                // Ranks read for the other rows would be sorted with text read for these: the
                // sort is refused, not given a mixed order.
                if ranked != nil { failure.keep(.failed("\(table.title): the sort by \(table.columnTitles[field]) could not read row group \(group + 1)'s entries")) }
                return false
            }
            next = last
        }
        return true
    }

    /// True when field `field`'s values have keys of one word each (``wordKeys(ofField:in:)``):
    /// dictionary entries ranked, whole numbers, reals, booleans, dates, times or timestamps.
    func spills(_ field: Int) -> Bool {
        let node = table.root.children[field]
        return node.isLeaf && !node.isRepeated && (ranks[field] != nil || node.kind.sortsAsWholeNumber || [.double, .boolean].contains(node.kind))
    }

    /// The keys of field `field`'s values of rows `range` (places among those sorted) as words
    /// that order as the sort orders the values (``WordSort``), and which are missing: each row
    /// group's read on a core of the table's loop.
    ///
    /// - Throws: `TableSourceError` when a page cannot be read, or holds values of another kind
    ///   than its column's.
    func wordKeys(ofField field: Int, in range: Range<Int>) throws(TableSourceError) -> SpilledSort.Keys {
        let range = range.clamped(to: 0..<count)
        // The places each row group holds.
        var spans: [(group: Int, places: Range<Int>)] = []
        var next = range.lowerBound
        while next < range.upperBound {
            let group = layout.groupContaining(row(at: next))
            var last = Swift.min(range.upperBound, layout.groupStarts[group + 1])
            if let positions {
                last = next
                while last < range.upperBound, positions[last] < layout.groupStarts[group + 1] { last += 1 }
            }
            spans.append((group, next..<last))
            next = last
        }
        let rows = self
        guard let read = table.loop.map(spans.count, { k in
            Result { () throws(TableSourceError) in try rows.wordKeys(ofField: field, group: spans[k].group, places: spans[k].places) }
        }) else { throw .cancelled }
        var keys: [UInt64] = [], missing: [Bool] = []
        keys.reserveCapacity(range.count)
        missing.reserveCapacity(range.count)
        for span in read {
            let (k, m) = try span.get()
            keys += k
            missing += m
        }
        return (keys, missing)
    }

    /// ``wordKeys(ofField:in:)`` of `places`, all of them in row group `group`.
    private func wordKeys(ofField field: Int, group: Int, places: Range<Int>) throws(TableSourceError) -> SpilledSort.Keys {
        var keys = [UInt64](repeating: 0, count: places.count), missing = [Bool](repeating: true, count: places.count)
        let start = layout.groupStarts[group]
        let rows = positions.map { $0[places].map { $0 - start } } ?? Array((places.lowerBound - start)..<(places.upperBound - start))
        let ranked = ranks[field].flatMap { $0.ranks.indices.contains(group) ? $0.ranks[group] : nil }
        var unread = ranks[field] != nil && ranked == nil, read = 0
        // Each page is read once: none is kept, so a sort of any length leaves the cache alone.
        try table.eachPage(ofField: field, group: group, rows: rows, keep: false) { column, taken, slots in
            guard case let .flat(kind, values, index) = column.storage, kind.hasWordKeys(values, ranked: ranked != nil) else { unread = true; return }
            read += taken.count
            for (place, row) in zip(taken, slots) {
                let slot = index.map { ParquetColumn.slot(ofRow: row, in: $0) } ?? row
                guard let key = kind.wordKey(values, at: slot, ranks: ranked) else { continue }
                keys[place] = key
                missing[place] = false
            }
        }
        // A row no page gave would sort as missing: the sort is refused instead.
        if unread || read != rows.count { throw .failed("\(table.title): the sort by \(table.columnTitles[field]) could not read row group \(group + 1)'s entries") }
        return (keys, missing)
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
            let group = layout.groupContaining(wanted[next])
            let start = layout.groupStarts[group], end = layout.groupStarts[group + 1]
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

extension ParquetColumn {
    /// Puts the sort keys of the values of `rows` into `keys`, in that order, as ``values(_:)``
    /// would give them; false for a nested field's rows, which the sort reads as values.
    func appendKeys(_ rows: [Int], to keys: inout SortKeySink) -> Bool {
        guard case let .flat(kind, values, index) = storage else { return false }
        kind.appendKeys(values, at: index == nil ? rows : rows.map { Self.slot(ofRow: $0, in: index) }, to: &keys)
        return true
    }
}

extension ParquetValueKind {
    /// Puts the sort keys of the values at `slots` of `values` into `keys` (a slot outside
    /// them is missing), the keys of what ``value(_:at:)`` gives: whole numbers and reals as
    /// numbers, text from its bytes, each dictionary entry made once.
    func appendKeys(_ values: ParquetValues, at slots: [Int], to keys: inout SortKeySink) {
        let count = values.count
        switch values {
        case let .indexed(dictionary, indices):
            // Each entry named made once: text into one buffer, everything else a value.
            var made = [TableValue?](repeating: nil, count: dictionary.count)
            var texts: [UInt8] = [], starts = [Int](repeating: -1, count: dictionary.count), ends = starts
            for slot in slots where slot >= 0 && slot < count && Int(indices[slot]) < made.count && made[Int(indices[slot])] == nil {
                let entry = Int(indices[slot])
                let value = sortValue(dictionary, at: entry)
                if case var .string(text) = value {
                    starts[entry] = texts.count
                    // Safe: the text's bytes are lent for the append.
                    text.withUTF8 { unsafe texts.append(contentsOf: $0) }
                    ends[entry] = texts.count
                }
                made[entry] = value
            }
            // Safe: an entry's text is `starts[entry]..<ends[entry]`, the range it was appended at,
            // inside `texts`.
            unsafe texts.withUnsafeBufferPointer { texts in
                for slot in slots {
                    guard slot >= 0, slot < count, Int(indices[slot]) < made.count, let value = made[Int(indices[slot])] else {
                        keys.appendMissing()
                        continue
                    }
                    let entry = Int(indices[slot])
                    switch value {
                    case let .int(n): keys.appendInt(n)
                    case let .double(x): keys.appendDouble(x)
                    case .string: unsafe keys.appendText(UnsafeBufferPointer(rebasing: texts[starts[entry]..<ends[entry]]))
                    default: keys.append(value)
                    }
                }
            }
        case let .int64(v) where sortsAsWholeNumber:
            for slot in slots { if slot >= 0 && slot < count { keys.appendInt(Int(v[slot])) } else { keys.appendMissing() } }
        case let .int32(v) where sortsAsWholeNumber:
            for slot in slots { if slot >= 0 && slot < count { keys.appendInt(Int(v[slot])) } else { keys.appendMissing() } }
        case let .int32(v) where self == .unsigned:
            for slot in slots { if slot >= 0 && slot < count { keys.appendInt(Int(UInt32(bitPattern: v[slot]))) } else { keys.appendMissing() } }
        case let .int64(v) where self == .unsigned:
            // Past Int.max a value is shown as its digits, and sorts as the number they spell.
            for slot in slots {
                guard slot >= 0 && slot < count else {
                    keys.appendMissing()
                    continue
                }
                let n = UInt64(bitPattern: v[slot])
                if n <= UInt64(Int.max) { keys.appendInt(Int(n)) } else { keys.appendDouble(Double(n)) }
            }
        case let .doubles(v):
            for slot in slots { if slot >= 0 && slot < count { keys.appendDouble(v[slot]) } else { keys.appendMissing() } }
        case let .bytes(starts, data) where self == .text:
            // Safe: `starts` are the offsets the page's decoder made, ascending and ending at
            // `data`'s count, one more than the values; a slot is checked below `count` first.
            unsafe data.withUnsafeBufferPointer { data in
                for slot in slots {
                    if slot >= 0 && slot < count { unsafe keys.appendText(UnsafeBufferPointer(rebasing: data[starts[slot]..<starts[slot + 1]])) } else { keys.appendMissing() }
                }
            }
        default:
            for slot in slots { if slot >= 0 && slot < count { keys.append(value(values, at: slot)) } else { keys.appendMissing() } }
        }
    }

    /// True when ``wordKey(_:at:ranks:)`` keys every value of `values`: dictionary entries with
    /// their ranks (when `ranked`, only they: a value keyed by itself would not order among
    /// ranks), else whole numbers (dates, times and timestamps among them), reals or booleans.
    func hasWordKeys(_ values: ParquetValues, ranked: Bool) -> Bool {
        switch values {
        case let .indexed(dictionary, _): return ranked || hasWordKeys(dictionary, ranked: false)
        case _ where ranked: return false
        case .int32, .int64: return sortsAsWholeNumber
        case .doubles: return self == .double
        case .booleans: return self == .boolean
        default: return false
        }
    }

    /// The key of value `slot` of `values` as one word (``WordSort``): a dictionary entry's rank
    /// among `ranks` where the entries are ranked, else a whole number's or a real's word; nil
    /// for a missing value (a slot outside the values, an entry ranked missing), or values
    /// ``hasWordKeys(_:ranked:)`` refuses.
    func wordKey(_ values: ParquetValues, at slot: Int, ranks: [Int32]?) -> UInt64? {
        guard slot >= 0, slot < values.count else { return nil }
        switch values {
        case let .indexed(dictionary, indices):
            let entry = Int(indices[slot])
            guard let ranks else { return wordKey(dictionary, at: entry, ranks: nil) }
            guard entry < ranks.count, ranks[entry] >= 0 else { return nil }
            return UInt64(ranks[entry])
        case let .int32(v) where sortsAsWholeNumber: return WordSort.word(Int(v[slot]))
        case let .int64(v) where sortsAsWholeNumber: return WordSort.word(Int(v[slot]))
        case let .doubles(v) where self == .double: return WordSort.word(v[slot])
        // Shown as "false" and "true", which sort in that order.
        case let .booleans(v) where self == .boolean: return v[slot] ? 1 : 0
        default: return nil
        }
    }

    /// Value `i` of `values` as a sort takes it: ``value(_:at:)``, but a whole number past
    /// Int.max (shown as its digits) as the real it is.
    private func sortValue(_ values: ParquetValues, at i: Int) -> TableValue {
        if self == .unsigned, case let .int64(v) = values, UInt64(bitPattern: v[i]) > UInt64(Int.max) { return .double(Double(UInt64(bitPattern: v[i]))) }
        if isTemporal, let raw = Self.whole(values, at: i) { return .int(raw) }
        return value(values, at: i)
    }

    /// True for dates, times of day and timestamps stored as whole numbers of their unit: a
    /// sort orders them by that number, in time (as DuckDB does), not by the text they are
    /// shown as (the same order for the years 1000 to 9999, and no text made a row).
    var isTemporal: Bool {
        switch self {
        case .date, .time, .timestamp: true
        default: false
        }
    }

    /// True when a sort keys the kind's 32- and 64-bit values as the whole numbers they are:
    /// signed integers, and dates, times and timestamps.
    var sortsAsWholeNumber: Bool { self == .signed || isTemporal }

    /// Value `i` of `values` when they are 32- or 64-bit whole numbers.
    private static func whole(_ values: ParquetValues, at i: Int) -> Int? {
        switch values {
        case let .int32(v): Int(v[i])
        case let .int64(v): Int(v[i])
        default: nil
        }
    }
}
