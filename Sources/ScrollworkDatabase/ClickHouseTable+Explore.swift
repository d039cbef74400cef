import Scrollwork
import ScrollworkFiles

extension ClickHouseTable {
    /// How often each value of column `column` occurs among the rows that meet every one of
    /// `filters`, most frequent first (then by value, NULL last): `GROUP BY` on the server, at
    /// most `limit` values (clamped to 1 … `FrequencyTable.distinctLimit`), the rest counted
    /// together. NULL is a missing value shown as `NULL`; values as the server writes them.
    ///
    /// - Throws: ``DatabaseError`` for a column the table does not have, a failed statement, or
    ///   ``DatabaseError/cancelled`` when `keepGoing` says stop.
    public func frequency(ofColumn column: Int, where filters: [DatabaseFilter], limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> FrequencyTable {
        guard columns.indices.contains(column) else { throw .failed(statement: "GROUP BY", reason: "no column \(column.addingSaturating(1)); the table has \(columns.count)") }
        var unused: [Never] = []
        let condition = try whereClause(filters, parameters: &unused)
        let c = ClickHouseConnection.identifier(columns[column])
        let most = Swift.min(Swift.max(1, limit), FrequencyTable.distinctLimit)
        // Two passes over the rows, each half the work: the values grouped, then the total.
        let result = try connection.query("SELECT \(c), count() FROM \(qualified) \(condition) GROUP BY \(c) ORDER BY count() DESC, isNull(\(c)), \(c) LIMIT \(most)",
                                          keepGoing: keepGoing, progress: progress(within: 0...0.5))
        let entries = result.rows.indices.map { row in
            let value = result.value(row, 0)
            return FrequencyTable.Entry(value: value.description, count: Int(result.rows[row].count > 1 ? result.rows[row][1] ?? "" : "") ?? 0, isMissing: value.isMissing, isNull: value.isMissing)
        }
        let total = try count(where: condition, keepGoing: keepGoing, within: 0.5...1)
        return FrequencyTable(entries: entries, total: total, uncounted: Swift.max(0, total - entries.reduce(0) { $0 + $1.count }))
    }

    /// What each column holds among the rows that meet every one of `filters`, found by the
    /// server: the values there and missing (NULL), the distinct ones (`uniqExact`), the least
    /// and greatest (text by its bytes), and for numbers the mean and the exact median (the
    /// middle value, or the mean of the two middle ones, read in order from the server).
    /// Integer types are integers, other numeric types reals, the rest text.
    ///
    /// - Throws: ``DatabaseError`` for a failed statement, or ``DatabaseError/cancelled`` when
    ///   `keepGoing` says stop.
    public func summary(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [ColumnSummary] {
        var unused: [Never] = []
        let condition = try whereClause(filters, parameters: &unused)
        // A pass for the count, then one for each column: each an equal part of the work.
        let parts = Double(columns.count + 1)
        let total = try count(where: condition, keepGoing: keepGoing, within: 0...(1 / parts))
        return try columns.indices.map { k throws(DatabaseError) -> ColumnSummary in
            let c = ClickHouseConnection.identifier(columns[k])
            let number = ClickHouseType(columnTypes[k]).number
            // NaN is a number left out of the least, greatest, mean and median, as a file's
            // summary leaves it (ClickHouse orders it past +∞ and averages it to NaN).
            let real = number == .real
            let kept = real ? "NOT isNaN(\(c))" : "1"
            let mean = number == nil ? "NULL" : "avgIf(toFloat64(\(c)), \(kept))"
            // A whole-number column's sum exactly, as the sums of each value's high and low 32
            // bits: avg of their doubles drops what is past 2^53 (31, Int64.max and Int64.min
            // averaged 0, not 10), and avg of the integers wraps past their type's range in the
            // servers Debian ships (UInt64.max twice and 1: 6.1e18). Neither sum wraps below 2^31 rows.
            let split = ClickHouseType(columnTypes[k]).isWord && total < Int(Int32.max)
            let sums = split ? "toString(sum(bitShiftRight(\(c), 32))), toString(sum(toUInt64(bitAnd(\(c), 4294967295))))" : "NULL, NULL"
            let result = try connection.query("SELECT count(\(c)), uniqExact(\(c)), toString(minIf(\(c), \(kept))), toString(maxIf(\(c), \(kept))), \(mean), \(sums), countIf(isNotNull(\(c)) AND \(kept)) FROM \(qualified) \(condition)",
                                              keepGoing: keepGoing, progress: progress(within: Double(k + 1) / parts...Double(k + 2) / parts))
            let figures = result.rows.first ?? []
            func figure(_ i: Int) -> String? { figures.indices.contains(i) ? figures[i] : nil }
            let present = Int(figure(0) ?? "") ?? 0
            let numbers = Int(figure(7) ?? "") ?? 0
            var exactMean: Double?
            if split, present > 0, let high = figure(5).flatMap({ Int128($0) }), let low = figure(6).flatMap({ Int128($0) }) {
                exactMean = Double(high << 32 + low) / Double(present)
            }
            let median = number == nil || numbers == 0 ? nil : try self.median(of: c, present: numbers, condition: condition, keeping: kept, keepGoing: keepGoing)
            return ColumnSummary(title: columns[k], kind: present == 0 ? .empty : number == .integer ? .integers : number == nil ? .text : .reals,
                                 count: present, missing: Swift.max(0, total - present), distinct: Int(figure(1) ?? "") ?? 0,
                                 minimum: numbers == 0 ? nil : figure(2), maximum: numbers == 0 ? nil : figure(3),
                                 mean: numbers == 0 ? nil : exactMean ?? figure(4).flatMap(Double.init), median: median)
        }
    }

    /// The exact median of column expression `c` over its `present` values that meet `condition`
    /// and `kept`: the middle one, or the mean of the two middle ones, read in order from the server.
    private func median(of c: String, present: Int, condition: String, keeping kept: String, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> Double? {
        let and = condition.isEmpty ? "WHERE" : condition + " AND"
        let middle = try connection.query("SELECT toFloat64(\(c)) FROM \(qualified) \(and) isNotNull(\(c)) AND \(kept) ORDER BY \(c) LIMIT \((present - 1) / 2), \(2 - present % 2)",
                                          keepGoing: keepGoing)
        let values = middle.rows.compactMap { $0.first.flatMap { $0 }.flatMap(Double.init) }
        guard !values.isEmpty else { return nil }
        return values.count == 2 ? values[0] / 2 + values[1] / 2 : values[0]
    }
}
