import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// The filters' regular expressions: the same rows as Swift's `Regex` for the syntax they share,
/// in time linear in the value whatever the pattern, and a clear refusal of what needs
/// backtracking.
@Suite struct LinearRegexTests {
    static func search(_ pattern: String, _ text: String) throws -> LinearRegex.Outcome {
        let regex = try LinearRegex(pattern)
        var text = text
        return text.withUTF8 { regex.search($0) }
    }

    /// Pieces random patterns are made of, over the alphabet `a`, `b`, `-` and a line feed.
    static let atoms = ["a", "b", ".", "[ab]", "[^a]", "\\w", "\\W", "\\d", "-", "(a|b)", "(?:ab|a)", "^", "$", "[a-]", "(a*)", "x?"]
    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?"]

    @Test("invalid UTF-8 reads as Swift shows it: each maximal subpart one U+FFFD, so E2 82 is one character to ^.$")
    func invalidBytesAsShown() async throws {
        let bytes: [UInt8] = [0xE2, 0x82]
        let regex = try LinearRegex("^.$")
        #expect(bytes.withUnsafeBufferPointer { regex.search($0) } == .found)
        let pieces: [[UInt8]] = [[0x41], [0xE2, 0x82], [0xE2, 0x82, 0xAC], [0xF0, 0x9F], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
                                 [0x80], [0xFF], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80], [0xC2], [0xF1, 0x80, 0x80]]
        await propertyCheck(count: 300, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...8)) { picks in
            let bytes = picks.flatMap { pieces[$0] }
            var scalars: [UInt32] = []
            bytes.withUnsafeBufferPointer { b in
                var i = 0
                while i < b.count {
                    let (value, length, _) = UTF8Decoding.scalar(in: b, at: i)
                    scalars.append(value)
                    i += length
                }
            }
            #expect(scalars == String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value), "\(bytes)")
        }
    }

    @Test("a random pattern keeps the rows Swift's Regex keeps, on random text")
    func agreesWithSwiftRegex() async {
        let pattern = Gen.int(in: 0...(Self.atoms.count * Self.quantifiers.count - 1)).array(of: 1...5).map { parts in
            parts.map { Self.atoms[$0 % Self.atoms.count] + Self.quantifiers[$0 / Self.atoms.count] }.joined()
        }
        let alphabet = ["a", "b", "-", "1", "\n", "é"]
        let text = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...12).map { $0.map { alphabet[$0] }.joined() }
        await propertyCheck(count: 2000, input: pattern, text) { pattern, text in
            guard let swift = try? Regex(pattern) else { return }
            let expected = (try? swift.firstMatch(in: text)) != nil
            let found = try Self.search(pattern, text)
            #expect(found == (expected ? .found : .notFound), "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test("patterns that backtrack without end in other engines finish at once, with the right answer")
    func catastrophicPatternsFinish() throws {
        let a41 = String(repeating: "a", count: 41)
        #expect(try Self.search("^(a+)+$", a41) == .found)
        #expect(try Self.search("^(a+)+$", a41 + "!") == .notFound)
        let optional = String(repeating: "a?", count: 30) + String(repeating: "a", count: 30)
        #expect(try Self.search(optional, String(repeating: "a", count: 30)) == .found)
        #expect(try Self.search("(x+x+)+y", String(repeating: "x", count: 5000)) == .notFound)
        #expect(try Self.search("^(\\w+\\s?)*$", String(repeating: "word ", count: 2000) + "!") == .notFound)
    }

    @Test("a long value and a large pattern stop at the step budget: unfinished, not a hang")
    func budgetStopsLongSearches() throws {
        let big = String(repeating: "(a|b|c|d)", count: 400) + "z"
        let text = String(repeating: "abcd", count: 100_000)
        #expect(try Self.search(big, text) == .unfinished)
    }

    @Test("backreferences, lookaround and atomic groups are refused, saying why", arguments: [
        ("(a)\\1", "backreference"), ("a(?=b)", "lookahead"), ("(?<=a)b", "lookbehind"), ("(?>a)", "atomic"),
        ("(", "not closed"), ("a)", "closes no group"), ("[a", "not closed"), ("*a", "repeats nothing"), ("a{3,1}", "counts down"),
        ("(a{1000}){1000}", "too large"), ("a{5000}", "above 1000"), ("\\q", "not an escape"), ("(?z)", "unknown flag"),
        (String(repeating: "(", count: 300) + String(repeating: ")", count: 300), "nested deeper"),
    ])
    func refusals(pattern: String, reason: String) {
        #expect(throws: ExploreError.self) { try LinearRegex(pattern) }
        do {
            _ = try LinearRegex(pattern)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    @Test("flags, classes, escapes and anchors")
    func syntax() throws {
        let cases: [(String, String, Bool)] = [
            ("(?i)CAFÉ", "café", true), ("(?i:A)b", "aB", false), ("[[:digit:]]+x", "12x", true), ("\\x41\\u{1F600}", "A😀", true),
            ("^b", "a\nb", false), ("(?m)^b", "a\nb", true), ("a.b", "a\nb", false), ("(?s)a.b", "a\nb", true), ("a$", "a\n", false), ("a\\Z", "a\n", true),
            ("a\\z", "a\n", false), ("\\bcat\\b", "a cat!", true), ("\\bcat\\b", "concat", false), ("(?x) a b # c", "ab", true),
            ("(?<year>\\d{4})-\\d\\d", "on 2024-05", true), ("é", "e\u{301}", false), ("[é]", "é", true), ("a{,2}c", "c", true),
            ("a{x", "a{x", true), ("\\.", "a", false), ("[\\d-]+$", "12-3", true), ("[a\\]]", "]", true),
        ]
        for (pattern, text, expected) in cases {
            #expect(try Self.search(pattern, text) == (expected ? .found : .notFound), "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test("invalid UTF-8 reads as U+FFFD, never out of bounds")
    func invalidUTF8() throws {
        let regex = try LinearRegex("\u{FFFD}b")
        for bytes: [UInt8] in [[0xFF, 0x62], [0xC3, 0x62], [0xE2, 0x82, 0x62], [0xF4, 0x90, 0x80, 0x80, 0x62], [0xED, 0xA0, 0x80, 0x62]] {
            #expect(bytes.withUnsafeBufferPointer { regex.search($0) } == .found, "\(bytes)")
        }
    }
}
