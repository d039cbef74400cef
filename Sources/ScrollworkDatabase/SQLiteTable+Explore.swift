import Scrollwork
import ScrollworkFiles

extension SQLiteTable {
    /// How often each value of column `column` occurs among the rows that meet every one of
    /// `filters`, most frequent first (then by value): `GROUP BY` in the engine, at most
    /// `limit` values (clamped to 1 … `FrequencyTable.distinctLimit`), the rest counted together.
    /// NULL is a missing value shown as `NULL`.
    ///
    /// - Throws: ``DatabaseError`` for a column the table does not have, a failed statement, or
    ///   ``DatabaseError/cancelled`` when `keepGoing` says stop.
    public func frequency(ofColumn column: Int, where filters: [DatabaseFilter], limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> FrequencyTable {
        guard columns.indices.contains(column) else { throw .failed(statement: "GROUP BY", reason: "no column \(column.addingSaturating(1)); the table has \(columns.count)") }
        var arguments: [TableValue] = []
        let condition = try whereClause(filters, parameters: &arguments)
        let c = Self.quoted(name) + "." + Self.quoted(columns[column])
        arguments.append(.int(Swift.min(Swift.max(1, limit), FrequencyTable.distinctLimit)))
        var entries: [FrequencyTable.Entry] = []
        try connection.rows("SELECT \(c), count(*) FROM \(Self.quoted(name)) \(condition) GROUP BY 1 ORDER BY 2 DESC, 1 IS NULL, 1 LIMIT ?\(arguments.count)", arguments,
                            keepGoing: keepGoing) { row in
            let value = row.value(0)
            entries.append(FrequencyTable.Entry(value: value.description, count: row.integer(1), isMissing: value.isMissing, isNull: value.isMissing))
            return true
        }
        let total = try count(where: filters, keepGoing: keepGoing)
        return FrequencyTable(entries: entries, total: total, uncounted: Swift.max(0, total - entries.reduce(0) { $0 + $1.count }))
    }

    /// What each column holds among the rows that meet every one of `filters`, found by the
    /// engine: the values there and missing (NULL), the distinct ones, the least and greatest,
    /// and for numbers the mean and the median, read in order from the middle (exact). A column
    /// whose values are all integers (SQLite's storage class) is integers; integers and reals
    /// are reals; anything else is text.
    ///
    /// - Throws: ``DatabaseError`` for a failed statement, or ``DatabaseError/cancelled`` when
    ///   `keepGoing` says stop.
    public func summary(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [ColumnSummary] {
        var arguments: [TableValue] = []
        let condition = try whereClause(filters, parameters: &arguments)
        let total = try count(where: filters, keepGoing: keepGoing)
        let from = "FROM \(Self.quoted(name)) \(condition)"
        var summaries: [ColumnSummary] = []
        for title in columns {
            let c = Self.quoted(name) + "." + Self.quoted(title)
            var summary = ColumnSummary(title: title, kind: .empty, count: 0, missing: 0, distinct: 0)
            var integers = 0, reals = 0
            var mean: TableValue = .empty, least: TableValue = .empty, greatest: TableValue = .empty
            var integerSum: (high: TableValue, low: TableValue) = (.empty, .empty)
            // An integer column's sum, exactly, as the sums of each value's high and low 32 bits
            // (SQLite's avg adds integers past Int64's range as doubles: the mean of 31, 45,
            // Int64.max and Int64.min came out 76 short). Neither sum can overflow below 2³¹ rows.
            let integerPart = "CASE WHEN typeof(\(c)) = 'integer' THEN \(c) END"
            let sums = total < Int(Int32.max) ? "sum((\(integerPart)) >> 32), sum((\(integerPart)) & 4294967295)" : "NULL, NULL"
            try connection.rows("""
                SELECT count(\(c)), count(DISTINCT \(c)), min(\(c)), max(\(c)), avg(CASE WHEN typeof(\(c)) IN ('integer', 'real') THEN \(c) END),
                       total(typeof(\(c)) = 'integer'), total(typeof(\(c)) = 'real'), \(sums) \(from)
                """, arguments, keepGoing: keepGoing) { row in
                summary.count = row.integer(0)
                summary.distinct = row.integer(1)
                (least, greatest) = (row.value(2), row.value(3))
                summary.minimum = least.isMissing ? nil : least.description
                summary.maximum = greatest.isMissing ? nil : greatest.description
                mean = row.value(4)
                integers = row.integer(5)
                reals = row.integer(6)
                integerSum = (row.value(7), row.value(8))
                return false
            }
            summary.missing = Swift.max(0, total - summary.count)
            summary.kind = summary.count == 0 ? .empty : integers == summary.count ? .integers : integers + reals == summary.count ? .reals : .text
            if summary.kind == .integers || summary.kind == .reals {
                // SQLite answers NULL for a NaN average (+∞ and −∞ among the values): NaN, as a file's.
                summary.mean = Self.number(mean) ?? .nan
                if summary.kind == .integers, case let .int(high) = integerSum.high, case let .int(low) = integerSum.low, summary.count > 0 {
                    summary.mean = Double(Int128(high) << 32 + Int128(low)) / Double(summary.count)
                }
                // A sum past a Double's range (three of 10³⁰⁸) is infinite though every value is
                // finite: the mean again of the values scaled down by a power of two, exactly.
                if let m = summary.mean, m.isInfinite, let low = Self.number(least), let high = Self.number(greatest), low.isFinite, high.isFinite {
                    let scale = Double(sign: .plus, exponent: -(Int.bitWidth - summary.count.leadingZeroBitCount + 1), significand: 1)
                    let scaled = try connection.all("SELECT avg(CASE WHEN typeof(\(c)) IN ('integer', 'real') THEN \(c) * ?\(arguments.count + 1) END) \(from)",
                                                     arguments + [.double(scale)])
                    summary.mean = scaled.first.flatMap { $0.first }.flatMap(Self.number).map { $0 / scale }
                }
                summary.median = try median(of: c, condition: condition, arguments: arguments, count: summary.count, keepGoing: keepGoing)
            }
            summaries.append(summary)
        }
        return summaries
    }

    /// The median of the `count` values of `column` present among the rows `condition` keeps:
    /// the one or two in the middle of the engine's order, read from there.
    private func median(of column: String, condition: String, arguments: [TableValue], count: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Double? {
        guard count > 0 else { return nil }
        let from = "FROM \(Self.quoted(name)) " + (condition.isEmpty ? "WHERE" : condition + " AND")
        var middle: [Double] = []
        let bounds = arguments + [.int(count % 2 == 1 ? 1 : 2), .int((count - 1) / 2)]
        try connection.rows("SELECT \(column) \(from) \(column) IS NOT NULL ORDER BY \(column) LIMIT ?\(bounds.count - 1) OFFSET ?\(bounds.count)", bounds,
                            keepGoing: keepGoing) { row in
            if let x = Self.number(row.value(0)) { middle.append(x) }
            return true
        }
        guard let first = middle.first else { return nil }
        return middle.count == 2 ? Double.midpoint(first, middle[1]) : first
    }

    /// A value as a number; nil for anything else.
    static func number(_ value: TableValue) -> Double? {
        switch value {
        case let .int(n): return Double(n)
        case let .double(x): return x
        default: return nil
        }
    }
}
