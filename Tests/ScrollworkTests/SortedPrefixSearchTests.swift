import ScrollworkTestSupport
import Testing
@testable import Scrollwork

/// Type-ahead by binary search in rows sorted by their text byte by byte (a file's text columns,
/// every database's order), against a scan of every row.
@Suite struct SortedPrefixSearchTests {
    /// The first row of `keys` (in the order shown) whose text starts with `prefix` ignoring
    /// case, by brute force.
    static func scanned(_ keys: [SortedPrefixSearch.Key], _ prefix: String) -> Int? {
        keys.firstIndex { key in
            guard case let .text(bytes) = key else { return false }
            return String(decoding: bytes, as: UTF8.self).lowercased().hasPrefix(prefix.lowercased())
        }
    }

    @Test("LT-12: every prefix of every row of words in mixed case, sorted byte by byte either way with missing values last, is found where a scan finds it, reading a few rows")
    func LT_12_agreesWithAScan() throws {
        var generator = SeededRandom(seed: 65)
        let letters = Array("abcTRtrÉé_-0 ".utf8)
        var words: [String] = []
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 6) + 1
            words.append(String(decoding: (0..<length).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }, as: UTF8.self))
        }
        for ascending in [true, false] {
            let sorted = words.map { Array($0.utf8) }.sorted { ascending ? $0.lexicographicallyPrecedes($1) : $1.lexicographicallyPrecedes($0) }
            let keys = sorted.map(SortedPrefixSearch.Key.text) + Array(repeating: .missing, count: 40)
            for prefix in Set(words.prefix(400).map { String($0.prefix(2)) } + ["TR", "tr", "Tr", "é", "É", "zz", "a", "0", "_t"]) {
                var reads = 0
                let found = SortedPrefixSearch.firstRow(startingWith: prefix, count: keys.count, ascending: ascending) { i in
                    reads += 1
                    return keys[i]
                }
                let expected = Self.scanned(keys, prefix)
                #expect(found == (expected.map(SortedPrefixSearch.Outcome.found) ?? .notFound), "\(prefix) \(ascending)")
                // A binary search a spelling: at most 4 spellings of 2 letters, 12 reads each.
                #expect(reads <= 4 * 13, "\(prefix): \(reads) reads")
            }
        }
    }

    @Test("LT-12: a value that is not text, or too many spellings, leave it to a scan; text that reads as a number is not text where numbers sort as numbers")
    func LT_12_whatItCannotSearch() {
        #expect(SortedPrefixSearch.firstRow(startingWith: "a", count: 3, ascending: true) { _ in .other } == .unsearchable)
        #expect(SortedPrefixSearch.firstRow(startingWith: "abcdefg", count: 3, ascending: true) { _ in .missing } == .unsearchable)
        #expect(SortedPrefixSearch.firstRow(startingWith: "", count: 3, ascending: true) { _ in .missing } == .unsearchable)
        #expect(SortedPrefixSearch.firstRow(startingWith: "a", count: Int.min, ascending: false) { _ in .other } == .notFound)
        #expect(SortedPrefixSearch.key(.string("12"), numericTextSortsAsNumbers: true) == .other)
        #expect(SortedPrefixSearch.key(.string("12"), numericTextSortsAsNumbers: false) == .text(Array("12".utf8)))
        #expect(SortedPrefixSearch.key(.int(3), numericTextSortsAsNumbers: false) == .other)
        #expect(SortedPrefixSearch.key(.empty, numericTextSortsAsNumbers: false) == .missing)
        // ß has no one-character capital: its spellings are itself.
        #expect(SortedPrefixSearch.spellings(of: "ßa") == ["ßa", "ßA"])
    }

    @Test("LT-12: a table sorted by a column of text in its plain order finds a row past the first 100,000 by binary search")
    func LT_12_tableSortedByText() throws {
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Trent", "trout", "zulu"]
        var t = TableState(rows: GeneratedRows(count: 300_000) { $0 }, columns: [
            TableColumn("Name", width: .clamping(ideal: 100)) { .string("\(names[$0 % 8]) \($0)") },
        ])
        try t.chooseHeading(0)
        var typed = TypeAheadState()
        let hit = t.typeAhead("tr", state: &typed, at: 0)
        #expect(hit.method == .binarySearch)
        let row = try #require(hit.row)
        // Byte order puts capitals first: the first "Trent" is the first row starting with "tr".
        #expect(try t.cellText(at: row, column: 0, width: 40).trimmingSpaces .hasPrefix("Trent 1000") && row.row == 187_500, "\(row)")
        #expect(try t.cellText(at: IndexPath(row: row.row - 1), column: 0, width: 40).trimmingSpaces.hasPrefix("Echo"))
    }
}
