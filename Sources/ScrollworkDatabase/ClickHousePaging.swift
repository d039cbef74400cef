import Scrollwork
import ScrollworkFiles

/// How a page of a ClickHouse table is read, so that no page but the first few costs the server
/// a sort of every row before it (`OFFSET`): after a page read, the next starts after its last
/// row's values (keyset); a page in the far half is read from the end, in the reversed order,
/// and turned round; only a jump into the middle with nothing read near it counts rows off.
struct ClickHousePage: Sendable, Hashable {
    /// How the statement finds the page.
    enum Kind: Sendable, Hashable {
        /// From the start: the first page, or a jump into the middle.
        case offset
        /// After the values of the row before it.
        case keyset
        /// From the end, in the reversed order.
        case fromEnd
    }
    /// The statement.
    var sql: String
    /// How it finds the page.
    var kind: Kind
}

/// What a ClickHouse table remembers between pages: for each order and filter, the values of the
/// order's columns in the row before each page read (where the next page starts), and the number
/// of rows the filters keep. A table viewed is taken not to change while it is shown.
final class ClickHouseAnchors: Sendable {
    /// The anchors of one order and filter.
    private struct Order {
        var before: [Int: [String?]] = [:]
        /// The order values of the rows of the pages read lately, by position.
        var rows: [Int: [String?]] = [:]
        var count: Int? = nil
    }
    /// The orders and filters kept, by their SQL, and which were used last (the last, the latest).
    private struct Kept {
        var orders: [String: Order] = [:]
        var recent: [String] = []

        /// `body` on the entry of `key` (made when new), which becomes the latest used; the
        /// least lately used dropped past ``ClickHouseAnchors/mostOrders``.
        mutating func use<T>(_ key: String, _ body: (inout Order) -> T) -> T {
            if let at = recent.firstIndex(of: key) { recent.remove(at: at) }
            recent.append(key)
            if recent.count > ClickHouseAnchors.mostOrders { orders[recent.removeFirst()] = nil }
            return body(&orders[key, default: Order()])
        }
    }
    private let kept = Locked(Kept())
    /// The most anchors kept for one order: the pages of about a million rows around those read.
    static let most = 10_000
    /// The most orders and filters whose anchors and counts are kept: a session of many sorts
    /// holds those of the latest, each read again from the start when asked for after.
    static let mostOrders = 16

    /// The values of the row before position `offset` of `order`, when a page read ended there.
    func anchor(_ order: String, at offset: Int) -> [String?]? { kept.withLock { $0.use(order) { $0.before[offset] } } }

    /// Keeps `values`, those of the row before position `offset` of `order`.
    func remember(_ order: String, at offset: Int, _ values: [String?]) {
        kept.withLock { kept in
            kept.use(order) { entry in
                if entry.before.count >= Self.most { entry.before.removeAll(keepingCapacity: true) }
                entry.before[offset] = values
            }
        }
    }

    /// The values of the order's columns in the row at `position` of `order`, when a page read lately held it.
    func row(_ order: String, at position: Int) -> [String?]? { kept.withLock { $0.use(order) { $0.rows[position] } } }

    /// Keeps the order values of rows `values`, the first at position `start` of `order`.
    func remember(_ order: String, rows values: [[String?]], from start: Int) {
        kept.withLock { kept in
            kept.use(order) { entry in
                if entry.rows.count + values.count > Self.most { entry.rows.removeAll(keepingCapacity: true) }
                for (i, row) in values.enumerated() { entry.rows[start + i] = row }
            }
        }
    }

    /// The rows `filter` keeps (a `WHERE` clause, or ""), counted once by `count`.
    func count(_ filter: String, _ count: () throws(DatabaseError) -> Int) throws(DatabaseError) -> Int {
        if let known = kept.withLock({ $0.use("count " + filter) { $0.count } }) { return known }
        let counted = try count()
        kept.withLock { $0.use("count " + filter) { $0.count = counted } }
        return counted
    }

    /// The number of orders and filters whose anchors or counts are kept.
    var orderCount: Int { kept.withLock { $0.orders.count } }
}

extension ClickHouseTable {
    /// The terms of the order shown: the column asked for, then the table's stable order.
    func orderTerms(_ order: (column: Int, ascending: Bool)?) -> [(column: Int, ascending: Bool)] {
        var terms: [(column: Int, ascending: Bool)] = []
        if let order, columns.indices.contains(order.column) { terms.append(order) }
        return terms + stableOrder.filter { $0 != order?.column }.map { ($0, true) }
    }

    /// `ORDER BY` for `terms` (NULLs last either way; reversed, NULLs first and every direction turned).
    func ordering(_ terms: [(column: Int, ascending: Bool)], reversed: Bool = false) -> String {
        guard !terms.isEmpty else { return "" }
        return "ORDER BY " + terms.map { term in
            ClickHouseConnection.identifier(columns[term.column]) + (term.ascending != reversed ? " ASC" : " DESC") + (reversed ? " NULLS FIRST" : " NULLS LAST")
        }.joined(separator: ", ")
    }

    /// The statement that reads rows `offset..<offset + limit` kept by `condition` (a `WHERE`
    /// clause, or "") in `order`: after the row before it where a page ended there, from the end
    /// where the page lies in the far half, else counted off from the start.
    func pageStatement(offset: Int, limit: Int, order: (column: Int, ascending: Bool)?, condition: String) throws(DatabaseError) -> ClickHousePage {
        let terms = orderTerms(order)
        let key = condition + " " + ordering(terms)
        let select = "SELECT * FROM \(qualified)"
        if offset > 0, let before = anchors.anchor(key, at: offset), let after = keyset(after: before, terms: terms) {
            let and = condition.isEmpty ? "WHERE" : condition + " AND"
            return ClickHousePage(sql: "\(select) \(and) \(after) \(ordering(terms)) LIMIT \(limit)", kind: .keyset)
        }
        if offset > Self.firstPages {
            let total = try anchors.count(condition) { () throws(DatabaseError) in try count(where: condition, keepGoing: nil) }
            if offset > total / 2 {
                let end = Swift.min(total, offset.addingSaturating(limit))
                return ClickHousePage(sql: "\(select) \(condition) \(ordering(terms, reversed: true)) LIMIT \(total - end), \(Swift.max(0, end - offset))", kind: .fromEnd)
            }
        }
        return ClickHousePage(sql: "\(select) \(condition) \(ordering(terms)) LIMIT \(offset), \(limit)", kind: .offset)
    }

    /// Rows counted off from the start beyond which a page is looked for another way.
    static var firstPages: Int { 1_000 }

    /// The condition that a row comes after the row whose order columns hold `values`, in the
    /// order of `terms` (NaN after the numbers, NULLs last); nil where a value cannot be written
    /// back as the server compares it (an array, a tuple).
    func keyset(after values: [String?], terms: [(column: Int, ascending: Bool)]) -> String? {
        guard values.count == terms.count else { return nil }
        var condition = "0"
        // Built from the last term back: equal up to a term, the rest decides.
        for (term, value) in zip(terms, values).reversed() {
            let c = ClickHouseConnection.identifier(columns[term.column])
            guard let value else {
                // After a NULL (NULLs last) come only the NULLs after it.
                condition = "(isNull(\(c)) AND \(condition))"
                continue
            }
            // ClickHouse puts NaN after every number, before NULL, either way.
            let real = ClickHouseType(columnTypes[term.column]).number == .real
            if real, value.lowercased().hasSuffix("nan") {
                condition = "((isNaN(\(c)) AND \(condition)) OR isNull(\(c)))"
                continue
            }
            guard let literal = Self.comparable(value, type: ClickHouseType(columnTypes[term.column])) else { return nil }
            condition = "(\(c) \(term.ascending ? ">" : "<") \(literal)\(real ? " OR isNaN(\(c))" : "") OR isNull(\(c)) OR (\(c) = \(literal) AND \(condition)))"
        }
        return condition
    }

    /// `value`, read from a column of `type`, as a literal the server compares with that column
    /// as it orders it; nil for NaN (which ``keyset(after:terms:)`` places itself) and for types
    /// whose order a literal cannot stand for (arrays, tuples and the like).
    static func comparable(_ value: String, type: ClickHouseType) -> String? {
        switch type.number {
        case .integer?: return Int(value) != nil || UInt64(value) != nil ? value : nil
        case .real?: return ["inf", "-inf"].contains(value) ? value : Double(value).flatMap { $0.isFinite ? value : nil }
        // The type's own reading of its text (a decimal compares with no float).
        case .decimal?: return "CAST(\(ClickHouseConnection.literal(value)) AS \(type.base))"
        case nil: return type.comparesWithText ? ClickHouseConnection.literal(value) : nil
        }
    }

    /// Reads the page `statement` says and keeps where the next one starts: the rows in the
    /// order shown, each a value a column.
    func read(_ statement: ClickHousePage, offset: Int, order: (column: Int, ascending: Bool)?, condition: String,
              keepGoing: (@Sendable () -> Bool)? = nil) throws(DatabaseError) -> [[TableValue]] {
        let result = try connection.query(statement.sql, keepGoing: keepGoing)
        var indices = Array(result.rows.indices)
        if statement.kind == .fromEnd { indices.reverse() }
        if !indices.isEmpty {
            let terms = orderTerms(order)
            let key = condition + " " + ordering(terms)
            let values = indices.map { row in terms.map { result.rows[row].indices.contains($0.column) ? result.rows[row][$0.column] : nil } }
            anchors.remember(key, rows: values, from: offset)
            if let last = values.last { anchors.remember(key, at: offset + indices.count, last) }
        }
        return indices.map { row in result.rows[row].indices.map { result.value(row, $0) } }
    }
}
