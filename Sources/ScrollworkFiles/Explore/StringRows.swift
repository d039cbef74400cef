import Scrollwork

/// Rows held in memory as text, a field a column: a frequency table or a column summary shown as
/// a table, sorted, filtered and saved by the same code as a file's rows.
///
/// A frequency table's rows are made from its entries as they are read, so that a table of a
/// million values holds each value once, not again as three strings a row.
public struct StringRows: InPlaceRows {
    private enum Storage {
        case records([[String]])
        case frequency(FrequencyTable)
    }
    private let storage: Storage

    /// Rows `records`.
    public init(_ records: [[String]]) { storage = .records(records) }

    /// The rows of frequency table `table` (``FrequencyTable/rows``).
    init(frequency table: FrequencyTable) { storage = .frequency(table) }

    /// The rows, each field's text (made afresh for a frequency table's: read a few with
    /// ``row(at:)`` instead).
    public var records: [[String]] {
        switch storage {
        case let .records(records): records
        case .frequency: (0..<count).map(record(at:))
        }
    }

    /// The number of rows.
    public var count: Int {
        switch storage {
        case let .records(records): records.count
        case let .frequency(table): table.entries.count + (table.uncounted > 0 ? 1 : 0)
        }
    }

    /// Row `i`, numbered from 1 (an empty row outside the rows).
    public func row(at i: Int) -> DelimitedRecord {
        DelimitedRecord(number: i.addingSaturating(1), fields: record(at: i))
    }

    /// Row `i`'s fields (none outside the rows).
    private func record(at i: Int) -> [String] {
        switch storage {
        case let .records(records): records.indices.contains(i) ? records[i] : []
        case let .frequency(table): table.entries.indices.contains(i) ? table.fields(of: table.entries[i]) : i == table.entries.count && table.uncounted > 0 ? table.uncountedFields : []
        }
    }

    /// Field `field` of each of `rows`.
    public func values<T, Rows: RandomAccessCollection<Int>>(ofField field: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        // A frequency table's values are lent from its entries, made into no row.
        if case let .frequency(table) = storage, field == 0 {
            return rows.map { i in
                // Safe: the value's bytes are lent to `value` for its call.
                unsafe table.entries.indices.contains(i) ? table.entries[i].withShownBytes { unsafe value($0) } : Self.lend(record(at: i), field, value)
            }
        }
        return rows.map { i in unsafe Self.lend(record(at: i), field, value) }
    }

    /// `value` of field `field` of `record`, its text's bytes lent for the call; nil bytes where
    /// the record has no such field.
    private static func lend<T>(_ record: [String], _ field: Int, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        guard record.indices.contains(field) else { return value(nil) }
        var text = record[field]
        // Safe: the text's bytes are lent to `value` for its call; below, each row's fields are
        // lent to `body` alike.
        return text.withUTF8 { unsafe value($0) }
    }

    /// The fields of each of `rows`.
    public func fields<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ body: (Int, FieldList) -> T) -> [T] {
        var splitter = FieldSplitter(separator: 0x2C)
        return rows.map { i in unsafe splitter.withFields(record(at: i)) { unsafe body(i, $0) } }
    }
}

extension FrequencyTable {
    /// The columns of ``rows``.
    public static let titles = ["value", "count", "percent"]
    /// Which of ``titles`` hold numbers.
    public static let numeric = [false, true, true]

    /// The table as rows: the value, its count and its percent of the rows counted (to two
    /// places), and a last row for values not counted one by one, if any.
    public var rows: StringRows { StringRows(frequency: self) }

    /// The fields of `entry`'s row.
    func fields(of entry: Entry) -> [String] { [entry.value, "\(entry.count)", Self.percentText(percent(of: entry))] }

    /// The fields of the row for values not counted one by one.
    var uncountedFields: [String] {
        ["(values past the first \(Self.distinctLimit))", "\(uncounted)", Self.percentText(Double(uncounted) * 100 / Double(Swift.max(1, total)))]
    }

    /// A percent to two places; one that is not a finite number (from counts set by hand that
    /// do not add up) as Swift writes it.
    static func percentText(_ p: Double) -> String {
        let scaled = (p * 100).rounded()
        guard scaled.isFinite, Swift.abs(scaled) < 1e15 else { return "\(p)" }
        let negative = scaled < 0
        let hundredths = Int(Swift.abs(scaled))
        let fraction = hundredths % 100
        return "\(negative ? "-" : "")\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension ColumnSummary {
    /// The columns of ``rows(_:)``.
    public static let titles = ["column", "type", "count", "missing", "distinct", "min", "max", "mean", "median", "estimated"]
    /// Which of ``titles`` hold numbers.
    public static let numeric = [false, false, true, true, true, false, false, true, true, false]

    /// Summaries as rows, one a column: numbers as numbers, and a last column that names the
    /// figures that are estimates (`distinct`, `median`, or both), empty where all are exact.
    public static func rows(_ summaries: [ColumnSummary]) -> StringRows {
        StringRows(summaries.map { s in
            let estimated = [s.distinctIsEstimate ? "distinct" : nil, s.medianIsEstimate ? "median" : nil].compactMap { $0 }
            return [s.title, s.kind.rawValue, "\(s.count)", "\(s.missing)", "\(s.distinct)",
                    s.minimum ?? "", s.maximum ?? "", s.mean.map(Self.rounded) ?? "", s.median.map(Self.rounded) ?? "", estimated.joined(separator: " ")]
        })
    }

    /// What a source knows before reading, as rows of the same columns as ``rows(_:)``: a
    /// figure not known yet shows as `…`.
    public static func rows(known: [Known]) -> StringRows {
        let unknown = "…"
        return StringRows(known.map { k in
            // An empty column has nothing more to find; text has no mean or median.
            let none = k.kind == .empty ? "" : unknown, noNumbers = k.kind == .empty || k.kind == .text ? "" : unknown
            return [k.title, k.kind?.rawValue ?? unknown, k.count.map { "\($0)" } ?? unknown, k.missing.map { "\($0)" } ?? unknown, k.kind == .empty ? "0" : unknown,
                    k.minimum ?? none, k.maximum ?? none, noNumbers, noNumbers, ""]
        })
    }

    /// A number to at most six decimal places, without trailing zeros; one written with an
    /// exponent (below 10⁻⁴, where six places would make a mean of 1e-07 read 0) to six
    /// significant digits.
    static func rounded(_ x: Double) -> String {
        guard x.isFinite, Swift.abs(x) < 1e15 else { return "\(x)" }
        let written = "\(x)"
        if let e = written.firstIndex(of: "e"), let significand = Double(written[..<e]) {
            return rounded(significand) + written[e...]
        }
        let scaled = (x * 1_000_000).rounded() / 1_000_000
        return RowFilter.format(scaled)
    }
}
