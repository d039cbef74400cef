import Scrollwork

/// How often each value of a column occurs among a view's rows, most frequent first: what
/// VisiData calls a frequency table and a spreadsheet a pivot count.
///
/// Values are the same when their bytes are: `é` written as one scalar and as `e` with a
/// combining accent are two values, as they are to filters and summaries.
public struct FrequencyTable: Sendable, Hashable {
    /// The values, by count (most first), then by value.
    public var entries: [Entry]
    /// The rows counted.
    public var total: Int
    /// Rows whose value was not counted on its own because the table already held
    /// ``distinctLimit`` values when it came (0 for nearly every column).
    public var uncounted: Int

    /// A table of `entries` (in the order given) among `total` rows, `uncounted` of them past
    /// the values counted one by one: what an engine that groups (a database) answers.
    public init(entries: [Entry], total: Int, uncounted: Int) {
        self.entries = entries
        self.total = total
        self.uncounted = uncounted
    }

    /// The most distinct values counted one by one: past it a column is nearly all unique
    /// values (identifiers), whose counts say nothing, and counting on would take gigabytes.
    public static let distinctLimit = 1_000_000

    /// The share of the rows `entry` holds, 0…100.
    public func percent(of entry: Entry) -> Double { total > 0 ? Double(entry.count) * 100 / Double(total) : 0 }

    /// The frequency table of field `field` among `within` of `rows` (all of them by default),
    /// read in place as ``RowFilter/rows(of:passing:within:missing:concurrently:progress:)`` reads;
    /// nil when `progress` stopped it.
    // Specialised for the file rows people open: generic code reading ten million fields through
    // witness tables ran several times slower.
    @_specialize(where Rows == DelimitedRows)
    @_specialize(where Rows == JSONLinesRows)
    @_specialize(where Rows == FileRows)
    public static func counting<Rows: InPlaceRows>(field: Int, of rows: Rows, within: RowSet? = nil, missing: MissingValues = .common,
                                                   concurrently loop: ConcurrentLoop = .serial, progress: (Double) -> Bool = { _ in true }) -> FrequencyTable? {
        let within = (within ?? .all(count: rows.count)).clamped(toRows: rows.count)
        var counts = ValueCounts(limit: distinctLimit)
        var nulls = 0
        // A field the row does not have is empty where an empty value is missing (a file's
        // short record); else it is a null, counted apart from an empty text.
        let countsNulls = missing.nullsApart
        let finished = within.inRounds(of: RowFilter.pieceSize, loop: loop, progress: progress, { piece -> (counts: ValueCounts, nulls: Int) in
            var counts = ValueCounts()
            var nulls = 0
            // Safe: each value's bytes are lent for the closure's call; the counter copies what it
            // keeps.
            _ = unsafe rows.values(ofField: field, at: piece) { bytes in
                if let bytes = unsafe bytes { unsafe counts.add(bytes) } else if countsNulls { nulls += 1 } else { unsafe counts.add(UnsafeBufferPointer(start: nil, count: 0)) }
            }
            return (counts, nulls)
        }, take: { piece in
            nulls += piece.nulls
            counts.add(piece.counts)
        })
        guard finished else { return nil }
        return FrequencyTable(counted: counts.takeAll(), nulls: nulls, total: within.count, missing: missing)
    }

    /// The table of `counts` (each value's bytes and how many rows hold it) and `nulls` (a
    /// source's nulls, apart from any text; below 1, none) among `total` rows, `uncounted`
    /// past them: most frequent first, ties in the order a sort shows values, as a database
    /// orders them (numbers by value, then text byte by byte, missing values, empty where that
    /// is missing or one of `missing`'s words, last, a null after them).
    public init(counts: [[UInt8]: Int], nulls: Int = 0, total: Int, uncounted: Int, missing: MissingValues = .common) {
        var counted = ValueCounts()
        // Safe: each value's bytes are lent for the call.
        for (bytes, n) in counts { unsafe bytes.withUnsafeBufferPointer { unsafe counted.add($0, count: n) } }
        self.init(counted: counted, nulls: nulls, total: total, missing: missing)
        self.uncounted += uncounted
    }

    /// The table of `counted` (its uncounted values past the rows it holds) and `nulls` among
    /// `total` rows, ordered as ``init(counts:nulls:total:uncounted:missing:)`` orders them.
    init(counted: consuming ValueCounts, nulls: Int = 0, total: Int, missing: MissingValues = .common) {
        let uncounted = counted.uncounted
        var (entries, numbers) = Self.entries(of: counted, nulls: nulls, missing: missing)
        // The entries' order sorted by their places, then the entries moved there: one array
        // of them, where a sort of (entry, number) pairs held three at its peak.
        var order = entries.indices.sorted { i, j in
            let a = entries[i], b = entries[j]
            // Most frequent first; ties in the order a sort shows values, as a database orders
            // them: numbers by value, then text byte by byte, missing values last.
            if a.count != b.count { return a.count > b.count }
            if a.isMissing != b.isMissing { return b.isMissing }
            if a.isNull != b.isNull { return b.isNull }
            let x = numbers[i], y = numbers[j]
            if !x.isNaN || !y.isNaN, x != y { return y.isNaN || x < y }
            return a.bytesPrecede(b)
        }
        numbers = []
        Self.permute(&entries, to: &order)
        self.init(entries: entries, total: total, uncounted: uncounted)
    }

    /// `counted`'s values as entries, in the order first met, a null's last, and each one's
    /// number where it reads as one (NaN for text, a missing value and NaN itself): the
    /// entries' bytes are slices of the counter's, one buffer for all, and the rest of the
    /// counter is let go before the entries are sorted.
    private static func entries(of counted: consuming ValueCounts, nulls: Int, missing: MissingValues) -> (entries: [Entry], numbers: [Double]) {
        let words = MissingBytes(missing)
        let (arena, ends, counts) = counted.parts()
        var entries: [Entry] = []
        var numbers: [Double] = []
        entries.reserveCapacity(counts.count + 1)
        numbers.reserveCapacity(counts.count + 1)
        // Safe: each value's bytes lie inside the arena, lent for the loop.
        unsafe arena.withUnsafeBufferPointer { buffer in
            var start = 0
            for (end, count) in zip(ends, counts) {
                let bytes = unsafe UnsafeBufferPointer(rebasing: buffer[start..<end])
                let isMissing = unsafe words.isMissing(bytes)
                entries.append(Entry(bytes: arena[start..<end], count: count, isMissing: isMissing))
                numbers.append(isMissing ? .nan : unsafe FieldValues.integer(bytes).map(Double.init) ?? NumberText.real(bytes) ?? .nan)
                start = end
            }
        }
        // A null shows as NULL, its bytes none (it is no text of the table's).
        if nulls > 0 {
            entries.append(Entry(value: TableValue.missing("NULL").description, bytes: [], count: nulls, isMissing: true, isNull: true))
            numbers.append(.nan)
        }
        return (entries, numbers)
    }

    /// Puts the entry at `order[k]` at `k`, a cycle at a time, in place (`order` is used up).
    private static func permute(_ entries: inout [Entry], to order: inout [Int]) {
        for start in order.indices where order[start] != start {
            // Walk the cycle through `start`: each place takes the entry it names, the last the
            // one first taken out.
            let first = entries[start]
            var k = start
            while order[k] != start {
                let from = order[k]
                entries[k] = entries[from]
                order[k] = k
                k = from
            }
            entries[k] = first
            order[k] = k
        }
    }
}
