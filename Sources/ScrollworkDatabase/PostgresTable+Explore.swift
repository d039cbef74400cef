import Scrollwork
import ScrollworkFiles

extension PostgresTable {
    /// How often each value of column `column` occurs among the rows that meet every one of
    /// `filters`, most frequent first (then by value): `GROUP BY` on the server, at most `limit`
    /// values (clamped to 1 … `FrequencyTable.distinctLimit`), the rest counted together. NULL
    /// is a missing value shown as `NULL`; values as the server writes them.
    ///
    /// - Throws: ``DatabaseError`` for a column the table does not have, a failed statement, or
    ///   ``DatabaseError/cancelled`` when `keepGoing` says stop.
    public func frequency(ofColumn column: Int, where filters: [DatabaseFilter], limit: Int, keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> FrequencyTable {
        guard columns.indices.contains(column) else { throw .failed(statement: "GROUP BY", reason: "no column \(column.addingSaturating(1)); the table has \(columns.count)") }
        var parameters: [String?] = []
        let condition = try whereClause(filters, parameters: &parameters)
        let c = SQLiteTable.quoted(columns[column])
        parameters.append("\(Swift.min(Swift.max(1, limit), FrequencyTable.distinctLimit))")
        let result = try connection.query("SELECT \(c), count(*) FROM \(qualified) \(condition) GROUP BY 1 ORDER BY 2 DESC, 1 IS NULL, 1 LIMIT $\(parameters.count)", parameters,
                                          keepGoing: keepGoing)
        let entries = (0..<result.count).map { row in
            let value = result.value(row, 0)
            return FrequencyTable.Entry(value: value.description, count: Int(result.text(row, 1) ?? "") ?? 0, isMissing: value.isMissing, isNull: value.isMissing)
        }
        let total = try count(where: filters, keepGoing: keepGoing)
        return FrequencyTable(entries: entries, total: total, uncounted: Swift.max(0, total - entries.reduce(0) { $0 + $1.count }))
    }

    /// What each column holds among the rows that meet every one of `filters`, found by the
    /// server: the values there and missing (NULL), the distinct ones, the least and greatest
    /// (text by its bytes), and for numeric types the mean and the median (`percentile_cont`,
    /// exact). Integer types are integers, other numeric types reals, the rest text.
    ///
    /// - Throws: ``DatabaseError`` for a failed statement, or ``DatabaseError/cancelled`` when
    ///   `keepGoing` says stop.
    public func summary(where filters: [DatabaseFilter], keepGoing: (@Sendable () -> Bool)?) throws(DatabaseError) -> [ColumnSummary] {
        var parameters: [String?] = []
        let condition = try whereClause(filters, parameters: &parameters)
        let total = try count(where: filters, keepGoing: keepGoing)
        return try columns.indices.map { k throws(DatabaseError) -> ColumnSummary in
            let c = SQLiteTable.quoted(columns[k])
            let numeric = isNumeric(k)
            // Numbers compare as numbers; everything else as its text, byte by byte.
            let compared = numeric ? c : "\(c)::text COLLATE \"C\""
            let integers = [20, 21, 23, 26].contains(columnTypes[k])
            // NaN (real and numeric types) is a number left out of the least, greatest, mean and
            // median, as a file's summary leaves it: PostgreSQL orders it past +∞.
            let kept = numeric && !integers ? " FILTER (WHERE \(c) <> 'NaN')" : ""
            let figures = numeric ? "avg(\(c))\(kept)::float8, percentile_cont(0.5) WITHIN GROUP (ORDER BY \(c))\(kept)::float8" : "NULL, NULL"
            let result = try connection.query("SELECT count(\(c)), count(DISTINCT \(compared)), min(\(compared))\(kept)::text, max(\(compared))\(kept)::text, \(figures) FROM \(qualified) \(condition)",
                                              parameters, keepGoing: keepGoing)
            let present = Int(result.text(0, 0) ?? "") ?? 0
            return ColumnSummary(title: columns[k], kind: present == 0 ? .empty : numeric ? (integers ? .integers : .reals) : .text,
                                 count: present, missing: Swift.max(0, total - present), distinct: Int(result.text(0, 1) ?? "") ?? 0,
                                 minimum: result.text(0, 2), maximum: result.text(0, 3),
                                 mean: result.text(0, 4).flatMap(Double.init), median: result.text(0, 5).flatMap(Double.init))
        }
    }
}
