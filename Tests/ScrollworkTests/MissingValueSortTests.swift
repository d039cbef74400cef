import ScrollworkTestSupport
import Testing
@testable import Scrollwork

/// Missing values (empty, `NA`, `null`) sort last whichever way a column sorts, and a column of
/// numbers with gaps still sorts as numbers, by radix or by comparison, on one key or several.
@Suite struct MissingValueSortTests {
    /// A row: an integer, a real and a name, each sometimes missing.
    struct Row: Sendable, Hashable {
        var int: Int?
        var real: Double?
        var name: String?
    }

    static func rows(_ count: Int, seed: UInt64) -> [Row] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            Row(int: Int.random(in: 0...9, using: &rng) == 0 ? nil : Int.random(in: -50...50, using: &rng),
                real: Int.random(in: 0...6, using: &rng) == 0 ? nil : Double(Int.random(in: -400...400, using: &rng)) / 8,
                name: Int.random(in: 0...5, using: &rng) == 0 ? nil : ["file-\(Int.random(in: 1...30, using: &rng))", "Élan", "alpha", "Zed"][Int.random(in: 0...3, using: &rng)])
        }
    }

    static func table(_ rows: [Row], finder: Bool = true) -> TableState<Row> {
        TableState(rows: rows, columns: [
            TableColumn("Int", width: .clamping(ideal: 60)) { $0.int.map { .int($0) } ?? .missing("NA") },
            TableColumn("Real", width: .clamping(ideal: 60)) { $0.real.map { .double($0) } ?? .empty },
            TableColumn("Name", width: .clamping(ideal: 60), textOrder: finder ? .finder : .lexical) { $0.name.map { .string($0) } ?? .missing("null") },
        ])
    }

    /// The rows as the sort must order them: present values by each key in its direction,
    /// missing values after them in both directions, ties kept in source order.
    static func expected(_ rows: [Row], _ order: [SortOrder], table: TableState<Row>) -> [Row] {
        let columns = order.map { o in (table.columns.first { $0.id == o.columnID }!, o.ascending) }
        return rows.enumerated().sorted { a, b in
            for (column, ascending) in columns {
                let x = column.value(a.element), y = column.value(b.element)
                if x.isMissing || y.isMissing {
                    if x.isMissing != y.isMissing { return y.isMissing }
                    continue
                }
                let c = Self.compare(x, y, order: column.textOrder)
                if c != 0 { return ascending ? c < 0 : c > 0 }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    static func compare(_ x: TableValue, _ y: TableValue, order: TextOrder) -> Int {
        if case let .string(a) = x, case let .string(b) = y, order == .finder {
            let (ka, kb) = (TextOrder.finder.sortKey(a), TextOrder.finder.sortKey(b))
            return bytesPrecede(ka, kb) ? -1 : (ka == kb ? 0 : 1)
        }
        return x < y ? -1 : (y < x ? 1 : 0)
    }

    static func shown(_ t: TableState<Row>) throws -> [Row] {
        try (0..<t.list.numberOfRows).map { try t.list.row(at: IndexPath(row: $0)) }
    }

    @Test("LT-12: a column of numbers with NA and empty cells sorts as numbers, missing values last ascending and descending")
    func LT_12_missingLastBothWays() throws {
        let rows = Self.rows(3000, seed: 11)
        for column in ["Int", "Real", "Name"] {
            for ascending in [true, false] {
                var t = Self.table(rows)
                let order = [SortOrder(columnID: column, ascending: ascending)]
                t.setSortOrder(order)
                let shown = try Self.shown(t)
                #expect(shown == Self.expected(rows, order, table: t), "\(column) \(ascending ? "▲" : "▼")")
                let firstMissing = shown.firstIndex { t.columns.first { $0.id == column }!.value($0).isMissing } ?? shown.count
                #expect(shown[firstMissing...].allSatisfy { t.columns.first { $0.id == column }!.value($0).isMissing }, "missing values together at the end")
            }
        }
        // Numbers stay numbers: 2 before 10, whatever the gaps.
        var t = Self.table([Row(int: 10), Row(int: nil), Row(int: 2), Row(int: nil), Row(int: -3)])
        t.setSortOrder([SortOrder(columnID: "Int")])
        #expect(try Self.shown(t).map(\.int) == [-3, 2, 10, nil, nil])
        t.setSortOrder([SortOrder(columnID: "Int", ascending: false)])
        #expect(try Self.shown(t).map(\.int) == [10, 2, -3, nil, nil])
    }

    @Test("LT-12: several keys with missing values, packed and compared (text beyond ASCII), sort as one comparison would")
    func LT_12_missingWithSeveralKeys() throws {
        let rows = Self.rows(2500, seed: 12)
        for finder in [true, false] {
            for order in [
                [SortOrder(columnID: "Name"), SortOrder(columnID: "Int", ascending: false)],
                [SortOrder(columnID: "Int", ascending: false), SortOrder(columnID: "Real")],
                [SortOrder(columnID: "Real", ascending: false), SortOrder(columnID: "Name", ascending: false), SortOrder(columnID: "Int")],
            ] {
                var t = Self.table(rows, finder: finder)
                t.setSortOrder(order)
                #expect(try Self.shown(t) == Self.expected(rows, order, table: t), "\(order) finder \(finder)")
            }
        }
    }

    @Test("LT-12: several keys of codes and numbers with missing values sort as one packed word, as one comparison would")
    func LT_12_severalKeysInOneWord() {
        var rng = SeededRandom(seed: 21)
        let count = 30_000
        let codes = ["UA", "AA", "B6", "DL", "9E", "", "N123UAXY"]
        func keys(_ values: [TableValue]) -> SortKeys {
            var batch = ValueBatch(count: values.count) { Array(values[$0]) }
            return SortKeys(count: values.count, values: &batch)!
        }
        let carrier = keys((0..<count).map { _ in Int.random(in: 0...30, using: &rng) == 0 ? .missing("NA") : .string(codes.randomElement(using: &rng)!) })
        let delay = keys((0..<count).map { _ in Int.random(in: 0...20, using: &rng) == 0 ? .empty : .int(Int.random(in: -40...1300, using: &rng)) }).narrowed()
        let real = keys((0..<count).map { _ in Int.random(in: 0...9, using: &rng) == 0 ? .missing("null") : .double(Double(Int.random(in: -8...8, using: &rng)) / 4) })
        let none = keys((0..<count).map { _ in .empty })
        let wide = keys((0..<count).map { i in .int(i % 2 == 0 ? Int.min : Int.max) })
        guard case .shortText = carrier.storage else { Issue.record("codes not packed as short text"); return }
        func reference(_ keys: [(SortKeys, Bool)]) -> [Int] {
            (0..<count).sorted { a, b in
                for (key, ascending) in keys {
                    let (ma, mb) = (key.isMissing(a), key.isMissing(b))
                    if ma || mb {
                        if ma != mb { return mb }
                        continue
                    }
                    let c = key.compare(a, b)
                    if c != 0 { return ascending ? c < 0 : c > 0 }
                }
                return false
            }
        }
        for order in [[(carrier, true), (delay, true)], [(carrier, false), (delay, false)], [(delay, false), (real, true), (carrier, false)],
                      [(none, true), (carrier, true)], [(real, false), (none, false), (delay, true)]] {
            let combined = SortKeys.combinedSorted(nil as [UInt32]?, count: count, keys: order) { _ in true }
            #expect(combined != nil, "these keys fit one word")
            #expect(combined??.map { Int($0) } == reference(order))
            #expect(SortKeys.sorted(count: count, as: UInt32.self, keys: order) { _ in true }?.map { Int($0) } == reference(order))
        }
        // Keys that together need more than 128 bits sort one after another instead.
        let tooWide = [(wide, true), (wide, false), (delay, true)]
        #expect(SortKeys.combinedSorted(nil as [UInt32]?, count: count, keys: tooWide) { _ in true } == nil)
        #expect(SortKeys.sorted(count: count, as: UInt32.self, keys: tooWide) { _ in true }?.map { Int($0) } == reference(tooWide))
    }

    @Test("LT-12: numeric keys with missing values stay on the radix path")
    func LT_12_missingKeysPack() {
        var batch = ValueBatch(count: 6) { range in range.map { [TableValue.int(4), .empty, .int(1), .missing("NA"), .int(9), .int(-2)][$0] } }
        let keys = SortKeys(count: 6, values: &batch)
        #expect(keys?.packs == true)
        #expect(keys.map { k in (0..<6).filter { k.isMissing($0) } } == [1, 3])
        for wide in [false, true] {
            let sorted = wide ? SortKeys.sorted(count: 6, as: Int.self, keys: [(keys!, false)]) { _ in true }
                : SortKeys.sorted(count: 6, as: UInt32.self, keys: [(keys!, false)]) { _ in true }?.map { Int($0) }
            #expect(sorted == [4, 0, 2, 5, 1, 3])
        }
    }

    @Test("LT-12: integers and reals in one column sort as numbers on the radix path, in either order of appearance")
    func LT_12_integersAndRealsPack() {
        for values in [[TableValue.int(4), .double(2.5), .empty, .int(-1), .double(-0.5)], [.double(2.5), .int(4), .empty, .int(-1), .double(-0.5)]] {
            var batch = ValueBatch(count: 5) { range in range.map { values[$0] } }
            let keys = SortKeys(count: 5, values: &batch)
            #expect(keys?.packs == true)
            let sorted = SortKeys.sorted(count: 5, as: UInt32.self, keys: [(keys!, true)]) { _ in true }?.map { Int($0) }
            #expect(sorted?.map { values[$0] } == [.int(-1), .double(-0.5), .double(2.5), .int(4), .empty])
        }
        // An integer a Double cannot hold exactly keeps the comparison of the two kinds.
        var batch = ValueBatch(count: 3) { range in range.map { [TableValue.int(1 << 60 + 1), .double(1), .int(1 << 60)][$0] } }
        let keys = SortKeys(count: 3, values: &batch)
        #expect(keys?.packs == false)
        #expect(SortKeys.sorted(count: 3, as: UInt32.self, keys: [(keys!, true)]) { _ in true } == [1, 2, 0])
    }

    @Test("LT-12: a column whose values are all missing keeps its order")
    func LT_12_allMissing() throws {
        let rows = (0..<50).map { _ in Row(int: nil, real: nil, name: nil) }
        var t = Self.table(rows)
        t.setSortOrder([SortOrder(columnID: "Int", ascending: false), SortOrder(columnID: "Name")])
        #expect(t.list.sourceRow(at: IndexPath(row: 7))?.row == 7)
    }
}

/// Choosing headings one after another sorts the rows as they stand by the new key alone (the
/// earlier keys still break ties), and holds one column of keys and no copy of old orders.
@Suite struct SuccessiveSortTests {
    @Test("LT-12: heading after heading gives the order a sort by every key at once gives")
    func LT_12_successiveHeadings() throws {
        let rows = MissingValueSortTests.rows(2000, seed: 21)
        var t = MissingValueSortTests.table(rows)
        for column in [0, 2, 2, 1, 0, 0, 2, 1, 1] {
            let order = try t.sortOrder(choosingHeading: column)
            let job = t.sortJob(for: order)
            #expect(job.keyColumns.count == 1 || t.sortOrder.isEmpty, "one column of keys read after the first sort")
            try t.apply(try #require(job.run()))
            #expect(try MissingValueSortTests.shown(t) == MissingValueSortTests.expected(rows, order, table: t), "\(order)")
        }
    }

    @Test("LT-12: sorts keep one column of keys and no old orders for undo")
    func LT_12_sortsDoNotAccumulate() throws {
        var t = MissingValueSortTests.table(MissingValueSortTests.rows(500, seed: 22))
        for column in [0, 1, 2, 0] {
            try t.apply(try #require(t.sortJob(for: try t.sortOrder(choosingHeading: column)).run()))
            #expect(t.keyCache.count == 1)
            #expect(t.list.undoStack.isEmpty)
        }
        #expect(t.sortOrder.count == 3)
        // The integers (-50…50) are kept in 32 bits.
        guard case .narrowInts? = t.keyCache["Int"]?.storage else { Issue.record("integer keys kept wide: \(String(describing: t.keyCache["Int"]?.storage))"); return }
    }

    @Test("LT-12: after rows are deleted, a new heading sorts by every key again")
    func LT_12_resortAfterEdit() throws {
        let rows = MissingValueSortTests.rows(300, seed: 23)
        var t = MissingValueSortTests.table(rows)
        try t.chooseHeading(0)
        let deleted = try #require(t.list.sourceRow(at: IndexPath(row: 5))).row
        try t.list.deleteRows(at: [IndexPath(row: 5)])
        let order = try t.sortOrder(choosingHeading: 1)
        #expect(t.sortJob(for: order).keyColumns.count == 2)
        try t.apply(try #require(t.sortJob(for: order).run()))
        var remaining = rows
        remaining.remove(at: deleted)
        #expect(try MissingValueSortTests.shown(t) == MissingValueSortTests.expected(remaining, order, table: t))
    }
}
