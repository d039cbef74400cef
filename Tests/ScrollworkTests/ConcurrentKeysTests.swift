import PropertyBased
import Testing
@testable import Scrollwork

/// A sort reads a column's keys in pieces on several cores and joins them: whatever the values
/// and wherever the pieces break, the keys sort exactly as keys read in one piece do.
@Suite struct ConcurrentKeysTests {
    /// A loop that runs its pieces backwards on this thread: the join must not depend on order.
    static let backwards = ConcurrentLoop(width: 3) { count, body in
        for i in (0..<count).reversed() { body(i) }
    }

    /// Ascending and descending orders of `keys`, and whether they pack.
    static func orders(_ keys: SortKeys, count: Int) -> [[UInt32]?] {
        [true, false].map { ascending in SortKeys.sorted(count: count, as: UInt32.self, keys: [(keys, ascending)]) { _ in true } }
    }

    static func serial(_ values: [TableValue], textOrder: TextOrder) -> SortKeys? {
        var batch = ValueBatch(count: values.count) { r in Array(values[r]) }
        return SortKeys(count: values.count, textOrder: textOrder, values: &batch)
    }

    static func pieces(_ values: [TableValue], textOrder: TextOrder, size: Int, loop: ConcurrentLoop = backwards) -> SortKeys?? {
        SortJob<Int>.keys(count: values.count, textOrder: textOrder, values: { r in Array(values[r]) }, loop: loop, pieceSize: size) { _ in false }
    }

    static let kinds: [[TableValue]] = [
        [.int(3), .int(-7), .int(1 << 40)],
        [.double(2.5), .double(-0.5), .double(.nan)],
        [.int(4), .double(1.5)],
        [.string("b"), .string("A"), .string("é")],
        [.int(2), .string("x")],
        [.int(1 << 60 + 1), .double(1)],
    ]

    @Test("LT-12: keys read in pieces (all missing in some, mixed types across others) sort as keys read in one piece", arguments: [TextOrder.lexical, .finder])
    func LT_12_piecesSortAsOne(textOrder: TextOrder) async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(Self.kinds.count - 1)), Gen.int(in: 0...9).array(of: 0...60), Gen.int(in: 1...9)) { kind, picks, size in
            let values = picks.map { p -> TableValue in p < 2 ? (p == 0 ? .empty : .missing("NA")) : Self.kinds[kind][p % Self.kinds[kind].count] }
            let one = Self.serial(values, textOrder: textOrder)
            let joined = Self.pieces(values, textOrder: textOrder, size: size)
            switch joined {
            case let .some(.some(keys)):
                #expect(Self.orders(keys, count: values.count) == one.map { Self.orders($0, count: values.count) }, "\(values) in pieces of \(size)")
                #expect(keys.packs == one?.packs, "\(values)")
            case .some(.none): Issue.record("stopped without being asked")
            case .none:
                // Only byte keys (Finder's order) that met another type are read again in one piece.
                #expect(textOrder == .finder)
            }
        }
    }

    @Test("a host's loop that leaves a piece out, and a stop between rounds, are told apart from keys")
    func badLoopAndStop() {
        let values = (0..<40).map { TableValue.int($0 % 7) }
        let skipping = ConcurrentLoop(width: 2) { count, body in
            for i in 0..<count where i != 1 { body(i) }
        }
        let skipped = Self.pieces(values, textOrder: .lexical, size: 5, loop: skipping)
        #expect(skipped == nil)
        var asked: [Int] = []
        let stopped = SortJob<Int>.keys(count: 40, textOrder: .lexical, values: { r in Array(values[r]) }, loop: Self.backwards, pieceSize: 5) { rows in
            asked.append(rows)
            return rows >= 30
        }
        if case .some(.none) = stopped {} else { Issue.record("a stop is .some(nil)") }
        #expect(asked == [15, 30])
        #expect(ConcurrentLoop(width: .min, perform: { _, _ in }).width == 1)
        #expect(ConcurrentLoop.serial.map(-3) { $0 } == [])
    }

    @Test("LT-12: a table sorted with a loop over several pieces gives the order a serial sort gives")
    func LT_12_tableSortWithLoop() throws {
        let rows = (0..<(2 * SortJob<Int>.pieceSize + 1234)).map { i -> Int in (i &* 2_654_435_761) % 1000 }
        let table = TableState(rows: rows, columns: [
            TableColumn<Int>("Value") { $0 % 13 == 0 ? .missing("NA") : $0 % 7 == 0 ? .double(Double($0) + 0.5) : .int($0) },
        ])
        let job = table.sortJob(for: [SortOrder(columnID: "Value", ascending: false)])
        var a = table, b = table
        try a.apply(try #require(job.run(concurrently: Self.backwards)))
        try b.apply(try #require(job.run()))
        let ids = { (t: TableState<Int>) in try (0..<rows.count).map { try t.list.id(at: IndexPath(row: $0, section: 0)) } }
        #expect(try ids(a) == ids(b))
    }
}
