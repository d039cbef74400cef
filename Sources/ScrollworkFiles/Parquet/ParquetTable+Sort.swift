import Scrollwork

// A sort of a Parquet table reads only its sort columns, as typed values straight from the
// pages (an integer stays an integer, a dictionary's entries are never made rows of text first),
// a piece of rows at a time on every core the table's loop lends.
extension ParquetTable {
    /// The rows `filters` keep, in `order`: the filters applied as every source's are, then the
    /// kept rows sorted by the pages' typed values (an integer sorts as an integer however large,
    /// text as text, a date, time or timestamp in time, a null last either way; ties in the
    /// file's order). A nested field in the order is sorted by its JSON, over rows read as text.
    /// More rows than ``rowsSortedInMemory`` (divided by the order's columns, a column of text
    /// not from dictionaries counting as about ten) by up to eight flat columns of text, bytes,
    /// whole numbers, 16-, 32- and 64-bit reals, decimals (by their exact values), booleans,
    /// dates, times or timestamps (INT96 and UUIDs too, by their text), or of values all read from
    /// dictionaries, are sorted ``rowsSortedAtOnce`` at a time (a piece of text about 64 MB) and
    /// merged, their order kept in a temporary file, where the temporary directory has room for
    /// it (24 bytes a row by one column, 8 more for each further column, and a text's bytes and
    /// 16 more for each column of text).
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
        // A key of text held in memory takes its bytes and some 120 more a row; one spilled, its
        // bytes and some 24 a row a piece at a time.
        let textRowBytes = order.compactMap { rows.textBytesPerRow(ofField: $0.column) }
        let weight = order.count - textRowBytes.count + textRowBytes.reduce(0) { $0.addingSaturating((120 + $1) / 12) }
        let textBytes = UInt64(textRowBytes.reduce(0) { $0.addingSaturating($1) }).multipliedReportingOverflow(by: UInt64(rows.count))
        if rows.count > Swift.max(1, rowsSortedInMemory / weight), order.allSatisfy({ rows.spills($0.column) }),
           SpilledSort.fits(rows: rows.count, keys: order.count, textKeys: textRowBytes.count, textBytes: textBytes.overflow ? .max : textBytes.partialValue) {
            let names = kept
            let rowBytes = textRowBytes.reduce(0) { $0.addingSaturating(24 + $1) }
            let piece = textRowBytes.isEmpty ? rowsSortedAtOnce : Swift.min(rowsSortedAtOnce, Self.textBytesSortedAtOnce / Swift.max(1, rowBytes))
            let spilled = try SpilledSort(pieceRows: Swift.max(1, piece), ascending: order.map(\.ascending))
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

    /// The bytes of text a piece of a spilled sort by text holds at most, roughly.
    static let textBytesSortedAtOnce = 64 << 20

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
        // Decimals are values of text (and so are floats and whole numbers past Int.max where
        // the pages' keys cannot be read): a column of numbers sorts them as the numbers they
        // spell, as a sort of the rows read as text does.
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

    /// True when field `field`'s values have keys a sort spills with (``wordKeys(ofField:in:)``):
    /// dictionary entries ranked, whole numbers of either sign, reals of 16, 32 or 64 bits,
    /// decimals of up to 18 digits, booleans, dates, times or timestamps, one word each, or text
    /// and bytes, their own, UUIDs and INT96 timestamps, the text they show, and wider decimals,
    /// their exact keys (``keysAsText(_:)``).
    func spills(_ field: Int) -> Bool {
        let node = table.root.children[field]
        return node.isLeaf && !node.isRepeated && (ranks[field] != nil || node.kind.sortsAsWholeNumber || [.double, .float, .unsigned, .boolean].contains(node.kind)
            || node.kind.keysAsText || (node.kind == .float16 && node.element.typeLength == 2) || node.kind.decimalScale != nil)
    }

    /// True when a sort that spills keys field `field`'s values by bytes (``ParquetValueKind/appendTextKey(_:at:to:)``)
    /// rather than words: text, bytes, UUIDs and INT96 timestamps not ranked, and decimals of
    /// more than 18 digits.
    func keysAsText(_ field: Int) -> Bool {
        let node = table.root.children[field]
        return ranks[field] == nil && (node.kind.keysAsText || (node.kind.decimalScale != nil && !Self.decimalFitsAWord(node.element)))
    }

    /// True when a decimal column stored as `element` holds 18 digits at most: 32- or 64-bit
    /// numbers, or fixed-length bytes of up to eight.
    private static func decimalFitsAWord(_ element: ParquetMetadata.SchemaElement) -> Bool {
        element.type == ParquetCode.Physical.int32 || element.type == ParquetCode.Physical.int64
            || (element.type == ParquetCode.Physical.fixedLengthByteArray && (element.typeLength ?? .max) <= 8)
    }

    /// About how many bytes a value of field `field` takes, from its chunks' sizes, when a sort
    /// that spills keys it as text (at most 2^32); nil when it keys it as a word.
    func textBytesPerRow(ofField field: Int) -> Int? {
        let node = table.root.children[field]
        guard spills(field), keysAsText(field) else { return nil }
        // A decimal's key: a byte of sign, four of exponent, a byte a digit and one to close.
        if node.kind.decimalScale != nil { return Swift.min(44, Swift.max(0, node.element.precision ?? 38) + 6) }
        let total = layout.metadata.rowGroups.reduce(0) { sum, group in
            sum.addingSaturating(node.leaves.lowerBound < group.columns.count ? group.columns[node.leaves.lowerBound].uncompressedSize : 0)
        }
        // A UUID's 16 bytes show as 36 characters, an INT96's 12 as 29.
        return Swift.min(1 << 32, Swift.min(1 << 32, total / Swift.max(1, layout.rowCount)) * (node.kind.keysByShownText ? 3 : 1))
    }

    /// The keys of field `field`'s values of rows `range` (places among those sorted) as words
    /// that order as the sort orders the values (``WordSort``), or as their text (text and bytes
    /// not ranked), and which are missing: each row group's read on a core of the table's loop.
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
        var keys = keysAsText(field) ? SpilledSort.Keys(textsFor: range.count) : SpilledSort.Keys(keys: [], missing: [])
        for span in read { keys.append(try span.get()) }
        return keys
    }

    /// ``wordKeys(ofField:in:)`` of `places`, all of them in row group `group`.
    private func wordKeys(ofField field: Int, group: Int, places: Range<Int>) throws(TableSourceError) -> SpilledSort.Keys {
        let start = layout.groupStarts[group]
        let rows = positions.map { $0[places].map { $0 - start } } ?? Array((places.lowerBound - start)..<(places.upperBound - start))
        if keysAsText(field) { return try textKeys(ofField: field, group: group, rows: rows) }
        var keys = [UInt64](repeating: 0, count: places.count), missing = [Bool](repeating: true, count: places.count)
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
        return SpilledSort.Keys(keys: keys, missing: missing)
    }

    /// The keys of text or bytes field `field`'s values of `rows` of row group `group` (rows
    /// ascending, from the group's start), their texts a row after another.
    private func textKeys(ofField field: Int, group: Int, rows: [Int]) throws(TableSourceError) -> SpilledSort.Keys {
        var keys = SpilledSort.Keys(textsFor: rows.count), failed = false
        try table.eachPage(ofField: field, group: group, rows: rows, keep: false) { column, taken, slots in
            guard !failed, case let .flat(kind, values, index) = column.storage, taken.first == keys.count else { failed = true; return }
            for row in slots {
                let slot = index.map { ParquetColumn.slot(ofRow: row, in: $0) } ?? row
                if !kind.appendTextKey(values, at: slot, to: &keys) { failed = true }
            }
        }
        // A row no page gave would sort as missing: the sort is refused instead.
        if failed || keys.count != rows.count { throw .failed("\(table.title): the sort by \(table.columnTitles[field]) could not read row group \(group + 1)'s values") }
        return keys
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
            for slot in slots { if slot >= 0 && slot < count { keys.appendInt(Self.unsignedKey(v[slot])) } else { keys.appendMissing() } }
        case let .doubles(v):
            for slot in slots { if slot >= 0 && slot < count { keys.appendDouble(v[slot]) } else { keys.appendMissing() } }
        case let .floats(v) where self == .float:
            // As the reals they are, not as the text they are shown as ("nan" would make every
            // row of the column sort as text).
            for slot in slots { if slot >= 0 && slot < count { keys.appendDouble(Double(v[slot])) } else { keys.appendMissing() } }
        case let .bytes(starts, data) where self == .text:
            // Safe: `starts` are the offsets the page's decoder made, ascending and ending at
            // `data`'s count, one more than the values; a slot is checked below `count` first.
            unsafe data.withUnsafeBufferPointer { data in
                for slot in slots {
                    if slot >= 0 && slot < count { unsafe keys.appendText(UnsafeBufferPointer(rebasing: data[starts[slot]..<starts[slot + 1]])) } else { keys.appendMissing() }
                }
            }
        default:
            for slot in slots { if slot >= 0 && slot < count { keys.append(sortValue(values, at: slot)) } else { keys.appendMissing() } }
        }
    }

    /// True for the kinds a sort that spills keys by text (``appendTextKey(_:at:to:)``): text
    /// and bytes by their own bytes (bytes are shown as hex, which orders as they do), UUIDs and
    /// Spark's INT96 timestamps by the text they are shown as (``keysByShownText``).
    var keysAsText: Bool { self == .text || self == .binary || keysByShownText }

    /// True for UUIDs and INT96 timestamps: a sort in memory compares the text they are shown
    /// as (hex with dashes; a date and a time of day), so a sort that spills keys them by it too.
    var keysByShownText: Bool { self == .uuid || self == .int96 }

    /// Appends the key of value `slot` of `values` to `keys` as text: its bytes (text's repaired
    /// as it is shown, where they are not UTF-8; a UUID's or an INT96's shown text; a decimal's
    /// exact key, ``ExactDecimal/appendKey(to:)``), or missing for a slot outside the values or
    /// an entry outside its dictionary; false for values that are not bytes.
    func appendTextKey(_ values: ParquetValues, at slot: Int, to keys: inout SpilledSort.Keys) -> Bool {
        guard slot >= 0, slot < values.count else {
            keys.appendMissingText()
            return true
        }
        switch values {
        case let .indexed(dictionary, indices): return appendTextKey(dictionary, at: Int(indices[slot]), to: &keys)
        case .bytes where decimalScale != nil:
            // A decimal's exact key, which orders as the sort in memory orders it.
            guard case let .string(text) = value(values, at: slot), let number = ExactDecimal(text) else { return false }
            var key: [UInt8] = []
            number.appendKey(to: &key)
            keys.appendText(key, repairing: false)
            return true
        case let .bytes(starts, data):
            guard keysByShownText else {
                keys.appendText(data[starts[slot]..<starts[slot + 1]], repairing: self == .text)
                return true
            }
            guard case let .string(text) = value(values, at: slot) else { return false }
            keys.appendText(text.utf8, repairing: false)
            return true
        default: return false
        }
    }

    /// True when ``wordKey(_:at:ranks:)`` keys every value of `values`: dictionary entries with
    /// their ranks (when `ranked`, only they: a value keyed by itself would not order among
    /// ranks), else whole numbers (dates, times and timestamps among them), reals or booleans.
    func hasWordKeys(_ values: ParquetValues, ranked: Bool) -> Bool {
        switch values {
        case let .indexed(dictionary, _): return ranked || hasWordKeys(dictionary, ranked: false)
        case _ where ranked: return false
        case .int32, .int64: return sortsAsWholeNumber || self == .unsigned || decimalScale != nil
        // Decimals of up to eight bytes (18 digits) key as the whole number they store.
        case let .bytes(starts, _) where decimalScale != nil: return zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 <= 8 }
        case let .bytes(starts, _) where self == .float16: return zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 == 2 }
        case .doubles: return self == .double
        case .floats: return self == .float
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
        case let .floats(v) where self == .float: return WordSort.word(Double(v[slot]))
        // A sort in memory takes a 16-bit real as the real it is (``sortValue(_:at:)``).
        case let .bytes(starts, data) where self == .float16:
            guard starts[slot + 1] - starts[slot] == 2 else { return nil }
            return WordSort.word(Double(halfFloat(UInt16(data[starts[slot]]) | UInt16(data[starts[slot] + 1]) << 8)))
        // A decimal by the whole number it is stored as: every value of a column has its scale,
        // so that orders them exactly, as a sort in memory does (``ExactDecimal``).
        case let .int32(v) where decimalScale != nil: return WordSort.word(Int(v[slot]))
        case let .int64(v) where decimalScale != nil: return WordSort.word(Int(v[slot]))
        case let .bytes(starts, data) where decimalScale != nil:
            guard starts[slot + 1] - starts[slot] <= 8 else { return nil }
            // Big-endian two's complement, its sign carried into the bytes not stored.
            let bytes = data[starts[slot]..<starts[slot + 1]]
            let negative = (bytes.first ?? 0) & 0x80 != 0
            let bits = bytes.reduce(negative ? UInt64.max : 0) { $0 << 8 | UInt64($1) }
            return WordSort.word(Int(Int64(bitPattern: bits)))
        case let .int32(v) where self == .unsigned: return WordSort.word(Int(UInt32(bitPattern: v[slot])))
        case let .int64(v) where self == .unsigned: return WordSort.word(Self.unsignedKey(v[slot]))
        // Shown as "false" and "true", which sort in that order.
        case let .booleans(v) where self == .boolean: return v[slot] ? 1 : 0
        default: return nil
        }
    }

    /// The whole number an unsigned 64-bit value (stored as the bits `bits`) sorts by: the
    /// value less 2^63, so that every value, past Int.max too, orders exactly, as a whole
    /// number and never as a real that two of them could tie in.
    static func unsignedKey(_ bits: Int64) -> Int { Int(bits) ^ Int.min }

    /// Value `i` of `values` as a sort takes it: ``value(_:at:)``, but an unsigned 64-bit number
    /// as its ``unsignedKey(_:)``, a 32- or 16-bit real (shown as text) as the real it is, and a
    /// date, time, timestamp or decimal stored as a whole number as that number.
    private func sortValue(_ values: ParquetValues, at i: Int) -> TableValue {
        if self == .unsigned, case let .int64(v) = values { return .int(Self.unsignedKey(v[i])) }
        if self == .float, case let .floats(v) = values { return .double(Double(v[i])) }
        if self == .float16, case let .bytes(starts, data) = values, starts[i + 1] - starts[i] == 2 {
            return .double(Double(halfFloat(UInt16(data[starts[i]]) | UInt16(data[starts[i] + 1]) << 8)))
        }
        if isTemporal, let raw = Self.whole(values, at: i) { return .int(raw) }
        // A decimal stored as a whole number sorts as that number: the column's values share
        // its scale, so they order exactly so, with no text made of each.
        if decimalScale != nil, let raw = Self.whole(values, at: i) { return .int(raw) }
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

    /// A decimal's digits after the point; nil for other kinds.
    var decimalScale: Int? {
        if case let .decimal(scale) = self { return scale }
        return nil
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
