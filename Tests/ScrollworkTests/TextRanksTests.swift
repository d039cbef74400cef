@testable import Scrollwork
import ScrollworkTestSupport
import Testing

/// Ranks of a small table's texts stand in for the texts in a sort (a Parquet dictionary's
/// entries): sorting rows by rank must give exactly what sorting them by text gives.
@Suite struct TextRanksTests {
    static func ranks(_ texts: [String], _ order: TextOrder) -> [Int?]? {
        let bytes = texts.map { Array($0.utf8) }
        return order.ranks(ofTexts: texts.count) { i in bytes[i].withUnsafeBufferPointer { UnsafeBufferPointer(start: $0.baseAddress, count: $0.count) } }
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

    static func missing(_ flags: [Bool]) -> RowBits? {
        guard flags.contains(true) else { return nil }
        var bits = RowBits(count: flags.count)
        for (i, flag) in flags.enumerated() where flag { bits.insert(i) }
        return bits
    }
}
