import Scrollwork

/// How often each value of a column occurs among a view's rows, most frequent first: what
/// VisiData calls a frequency table and a spreadsheet a pivot count.
///
/// Values are the same when their bytes are: `é` written as one scalar and as `e` with a
/// combining accent are two values, as they are to filters and summaries.
public struct FrequencyTable: Sendable, Hashable {
    /// One value and its count.
    public struct Entry: Sendable, Hashable {
        /// The value as the file writes it (empty for an empty field; invalid UTF-8 as U+FFFD,
        /// so two entries may read alike while their ``bytes`` differ).
        public var value: String
        /// The value's bytes, exactly as the file holds them.
        public var bytes: [UInt8]
        /// How many rows hold it.
        public var count: Int
        /// True for a missing value (empty, `NA`, a null, …).
        public var isMissing: Bool
        /// True for the nulls of a source that marks its own (a database's, Parquet's): no text
        /// of the table's, shown as `NULL`, apart from an empty text.
        public var isNull: Bool

        /// `value` (its bytes `bytes`, the value's UTF-8 when nil), counted `count` times; a
        /// null is missing whatever `isMissing` says.
        public init(value: String, bytes: [UInt8]? = nil, count: Int, isMissing: Bool, isNull: Bool = false) {
            self.value = value
            self.bytes = bytes ?? Array(value.utf8)
            self.count = count
            self.isMissing = isMissing || isNull
            self.isNull = isNull
        }
    }

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
        var counts: [[UInt8]: Int] = [:]
        var uncounted = 0, nulls = 0
        // A field the row does not have is empty where an empty value is missing (a file's
        // short record); else it is a null, counted apart from an empty text.
        let countsNulls = missing.nullsApart
        let finished = within.inRounds(of: RowFilter.pieceSize, loop: loop, progress: progress, { piece -> (counts: [(bytes: [UInt8], count: Int)], nulls: Int) in
            var counts = ValueCounts()
            var nulls = 0
            // Safe: each value's bytes are lent for the closure's call; the counter copies what it
            // keeps.
            _ = unsafe rows.values(ofField: field, at: piece) { bytes in
                if let bytes = unsafe bytes { unsafe counts.add(bytes) } else if countsNulls { nulls += 1 } else { unsafe counts.add(UnsafeBufferPointer(start: nil, count: 0)) }
            }
            return (counts.entries, nulls)
        }, take: { piece in
            nulls += piece.nulls
            for (value, n) in piece.counts {
                if counts[value] != nil || counts.count < distinctLimit { counts[value, default: 0] += n } else { uncounted += n }
            }
        })
        guard finished else { return nil }
        return FrequencyTable(counts: counts, nulls: nulls, total: within.count, uncounted: uncounted, missing: missing)
    }

    /// The table of `counts` (each value's bytes and how many rows hold it) and `nulls` (a
    /// source's nulls, apart from any text; below 1, none) among `total` rows, `uncounted`
    /// past them: most frequent first, ties in the order a sort shows values, as a database
    /// orders them (numbers by value, then text byte by byte, missing values, empty where that
    /// is missing or one of `missing`'s words, last, a null after them).
    public init(counts: [[UInt8]: Int], nulls: Int = 0, total: Int, uncounted: Int, missing: MissingValues = .common) {
        let words = MissingBytes(missing)
        var entries: [(entry: Entry, number: Double?)] = counts.map { bytes, count in
            // Safe: the entry's bytes are lent for each call.
            let isMissing = unsafe bytes.withUnsafeBufferPointer { unsafe words.isMissing($0) }
            return unsafe (Entry(value: String(decoding: bytes, as: UTF8.self), bytes: bytes, count: count, isMissing: isMissing),
                    number: isMissing ? nil : bytes.withUnsafeBufferPointer { unsafe FieldValues.integer($0).map(Double.init) ?? NumberText.real($0) }
                        .flatMap { $0.isNaN ? nil : $0 })
        }
        // A null shows as NULL, its bytes none (it is no text of the table's).
        if nulls > 0 { entries.append((Entry(value: TableValue.missing("NULL").description, bytes: [], count: nulls, isMissing: true, isNull: true), nil)) }
        let sorted = entries.sorted { a, b in
            // Most frequent first; ties in the order a sort shows values, as a database orders
            // them: numbers by value, then text byte by byte, missing values last.
            if a.0.count != b.0.count { return a.0.count > b.0.count }
            if a.0.isMissing != b.0.isMissing { return b.0.isMissing }
            if a.0.isNull != b.0.isNull { return b.0.isNull }
            switch (a.number, b.number) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.0.bytes.lexicographicallyPrecedes(b.0.bytes)
            }
        }.map(\.entry)
        self.init(entries: sorted, total: total, uncounted: uncounted)
    }
}
