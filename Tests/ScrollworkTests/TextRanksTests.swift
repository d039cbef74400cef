@testable import Scrollwork
import ScrollworkTestSupport
import Testing

/// Ranks of a small table's texts stand in for the texts in a sort (a Parquet dictionary's
/// entries): sorting rows by rank must give exactly what sorting them by text gives.
@Suite struct TextRanksTests {
    static func ranks(_ texts: [String], _ order: TextOrder) -> [Int?]? {
        order.ranks(ofKeys: texts.count) { sink in
            for text in texts { Array(text.utf8).withUnsafeBufferPointer { sink.appendText($0) } }
        }
    }

    @Test("lexical ranks follow code points, equal texts share a rank, an empty text (text, not a missing value) comes first")
    func lexical() throws {
        let ranks = try #require(Self.ranks(["pear", "apple", "", "Pear", "apple", "äpfel", "apple pie"], .lexical))
        #expect(ranks == [4, 2, 0, 1, 2, 5, 3])
    }

    @Test("rows sorted by their text's rank, ties in their order, come out as rows sorted by the text, in either order and for any mix of texts")
    func sameAsSortingTheText() throws {
        let words = ["", "a", "A", "b", "alpha-2", "alpha-10", "alpha-10010", "Zebra", "zebra", "naïve", "naive", "日本", "a long text of more than eight bytes", "a long text of more than eight bytez", "12", "9", "-3", " x"]
        var seed = SeededRandom(seed: 67)
        for order in TextOrder.allCases {
            for round in 0..<20 {
                // Rows naming entries of a table of distinct texts (a dictionary), some entries never named.
                let table = Array(Set(words.shuffled(using: &seed).prefix(4 + round % 14)))
                let rows = (0..<200).map { _ in Int.random(in: 0..<table.count, using: &seed) }
                let ranks = try #require(Self.ranks(table, order))
                var reader = KeyReader(count: rows.count, textOrder: order)
                for (i, entry) in rows.enumerated() { _ = reader.read(.string(table[entry]), at: i) }
                for ascending in [true, false] {
                    let byText = try #require(SortKeys.sorted(count: rows.count, as: Int.self, keys: [(reader.keys, ascending)], progress: { _ in true }))
                    let rankKeys = SortKeys(.ints(rows.map { ranks[$0] ?? 0 }), missing: Self.missing(rows.map { ranks[$0] == nil }))
                    let byRank = try #require(SortKeys.sorted(count: rows.count, as: Int.self, keys: [(rankKeys, ascending)], progress: { _ in true }))
                    #expect(byRank == byText, "\(order) \(ascending) \(table)")
                }
            }
        }
    }

    @Test("reals and whole numbers rank as they sort: both zeros equal, NaN last, the infinities at the ends, a missing value unranked")
    func numbers() throws {
        let reals: [Double?] = [-0.0, 0.0, .nan, .infinity, -.infinity, 1.5, 1.5, 2, -3, nil, 7]
        let ranks = try #require(TextOrder.lexical.ranks(ofKeys: reals.count) { sink in
            for x in reals { if let x { sink.appendDouble(x) } else { sink.appendMissing() } }
        })
        #expect(ranks == [2, 2, 7, 6, 0, 3, 3, 4, 1, nil, 5])
        var seed = SeededRandom(seed: 70)
        for round in 0..<20 {
            let table = Array(reals.shuffled(using: &seed).prefix(3 + round % 8))
            let ranked = try #require(TextOrder.lexical.ranks(ofKeys: table.count) { sink in
                for x in table { if let x { sink.appendDouble(x) } else { sink.appendMissing() } }
            })
            let rows = (0..<300).map { _ in Int.random(in: 0..<table.count, using: &seed) }
            var reader = KeyReader(count: rows.count, textOrder: .lexical)
            for (i, entry) in rows.enumerated() { _ = reader.read(table[entry].map(TableValue.double) ?? .empty, at: i) }
            for ascending in [true, false] {
                let byValue = try #require(SortKeys.sorted(count: rows.count, as: Int.self, keys: [(reader.keys, ascending)], progress: { _ in true }))
                let rankKeys = SortKeys(.ints(rows.map { ranked[$0] ?? 0 }), missing: Self.missing(rows.map { ranked[$0] == nil }))
                let byRank = try #require(SortKeys.sorted(count: rows.count, as: Int.self, keys: [(rankKeys, ascending)], progress: { _ in true }))
                #expect(byRank == byValue, "\(ascending) \(table)")
            }
        }
    }

    @Test("a fill that puts in fewer keys than it said gives no ranks")
    func shortFill() {
        #expect(TextOrder.lexical.ranks(ofKeys: 3) { $0.appendInt(1) } == nil)
    }

    static func missing(_ flags: [Bool]) -> RowBits? {
        guard flags.contains(true) else { return nil }
        var bits = RowBits(count: flags.count)
        for (i, flag) in flags.enumerated() where flag { bits.insert(i) }
        return bits
    }
}
