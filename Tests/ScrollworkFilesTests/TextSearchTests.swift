import PropertyBased
import Testing
@testable import ScrollworkFiles

/// Search finds candidates with `memchr` and compares them whole: it finds exactly the matches
/// a byte-by-byte comparison finds, in either case mode.
@Suite struct TextSearchTests {
    /// Every offset where `needle` starts in `bytes`, compared byte by byte.
    static func reference(_ search: TextSearch, _ bytes: [UInt8]) -> [Int] {
        guard bytes.count >= search.needle.count else { return [] }
        return (0...(bytes.count - search.needle.count)).filter { i in
            search.needle.indices.allSatisfy { j in
                (search.ignoresCase ? TextSearch.lower(bytes[i + j]) : bytes[i + j]) == search.needle[j]
            }
        }
    }

    @Test("random text and needles of both cases: memchr's candidates give every match and no other")
    func matchesAgreeWithReference() async {
        let alphabet = Array("aAbB,1 é".unicodeScalars).map(String.init)
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...80).map { $0.map { alphabet[$0] }.joined() }
        let needle = Gen.int(in: 0...(alphabet.count - 1)).array(of: 1...4).map { $0.map { alphabet[$0] }.joined() }
        await propertyCheck(count: 800, input: text, needle) { text, needle in
            guard let search = TextSearch(needle) else { return }
            let bytes = Array(text.utf8)
            let expected = Self.reference(search, bytes)
            #expect(search.matches(in: bytes) == expected, "\(needle) in \(text)")
            for from in [0, 1, bytes.count / 2, bytes.count, -1, .max] {
                #expect(search.firstMatch(in: bytes, from: from) == (from < 0 ? nil : expected.first { $0 >= from }), "\(needle) in \(text) from \(from)")
            }
        }
    }

    @Test("a lower-case needle finds both cases; one with a capital only itself")
    func smartCase() throws {
        let bytes = Array("xx Tmux tmux TMUX".utf8)
        #expect(try #require(TextSearch("tmux")).matches(in: bytes) == [3, 8, 13])
        #expect(try #require(TextSearch("Tmux")).matches(in: bytes) == [3])
        #expect(try #require(TextSearch("x t")).matches(in: bytes) == [1, 6, 11])
    }
}
