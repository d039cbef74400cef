import ScrollworkFiles

/// A condition rows must meet, tested by the engine (a `WHERE` clause): on one column, or on
/// every column of the row (a row passes when one of them does), as the viewer's filters are.
/// NULL fails every test but `notEquals`, which it passes.
public struct DatabaseFilter: Sendable, Hashable {
    /// What a value is tested for: the viewer's own tests (`RowFilter.Test` of ScrollworkFiles), with the
    /// engine's regular expressions for `matches`.
    public typealias Test = RowFilter.Test

    /// The column tested, or nil for every column.
    public var column: Int?
    /// The test.
    public var test: Test

    /// A test of `column` (nil: every column).
    public init(column: Int?, test: Test) {
        self.column = column
        self.test = test
    }

    /// The operator a numeric test compares with, and its number; nil for the other tests.
    var comparison: (symbol: String, number: FilterNumber)? {
        switch test {
        case let .less(x): return ("<", x)
        case let .lessOrEqual(x): return ("<=", x)
        case let .greater(x): return (">", x)
        case let .greaterOrEqual(x): return (">=", x)
        default: return nil
        }
    }

    /// True when `text` holds a capital (any script's, as a file's search says): then `contains`
    /// minds case; else ASCII letters match either case, as in a file.
    static func mindsCase(_ text: String) -> Bool { text.contains { $0.isUppercase } }
}

/// Filters written as SQL for one engine: each test on one column's expression, with its
/// parameters numbered from where the statement's own leave off.
protocol FilterWriter {
    /// The parameters so far.
    associatedtype Parameter
    /// `column`'s expression tested by `test`, its parameters appended to `parameters`.
    func sql(_ test: DatabaseFilter.Test, column: Int, parameters: inout [Parameter]) throws(DatabaseError) -> String
    /// The number of columns.
    var columnCount: Int { get }
}

extension FilterWriter {
    /// `WHERE …` for `filters` (every one must hold), or "" for none.
    func whereClause(_ filters: [DatabaseFilter], parameters: inout [Parameter]) throws(DatabaseError) -> String {
        guard !filters.isEmpty else { return "" }
        var conditions: [String] = []
        for filter in filters {
            if let column = filter.column {
                guard column >= 0, column < columnCount else { throw .failed(statement: "WHERE", reason: "no column \(column.addingSaturating(1)); the table has \(columnCount)") }
                conditions.append("(" + (try sql(filter.test, column: column, parameters: &parameters)) + ")")
            } else {
                var any: [String] = []
                for column in 0..<columnCount { any.append("(" + (try sql(filter.test, column: column, parameters: &parameters)) + ")") }
                conditions.append("(" + (any.isEmpty ? "FALSE" : any.joined(separator: " OR ")) + ")")
            }
        }
        return "WHERE " + conditions.joined(separator: " AND ")
    }
}
