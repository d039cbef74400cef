import Testing
@testable import Scrollwork

/// `Unicode.Scalar.standaloneDisplayWidth` lets hosts skip grapheme breaking; these tests hold it
/// to the promise that makes that safe.
@Suite struct StandaloneWidthTests {
    /// Every code point that has a standalone width.
    static let standalone: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter { $0.standaloneDisplayWidth != nil }

    @Test("a standalone width is the code point's own cluster width, never 0")
    func widthsAgree() {
        #expect(Self.standalone.count > 30_000)
        for scalar in Self.standalone {
            let width = scalar.standaloneDisplayWidth ?? -1
            #expect(width == displayWidth(Character(scalar)), "U+\(String(scalar.value, radix: 16))")
            #expect(width > 0)
        }
    }

    @Test("a standalone code point never joins its neighbour into one cluster")
    func neverJoins() {
        // Each against every 2003rd of them, and against ASCII letters and CJK on either side.
        let partners = Self.standalone.enumerated().filter { $0.offset % 2003 == 0 }.map(\.element) + ["a", "中", "…"]
        for scalar in Self.standalone {
            for partner in partners {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(partner)
                if String(pair).count != 2 { Issue.record("U+\(String(scalar.value, radix: 16)) joins U+\(String(partner.value, radix: 16))") }
            }
        }
    }

    @Test("LT-06: a string's width is the sum of its clusters' widths, on the fast path and off it", arguments: [
        "Résumé — naïve café…", "/Users/ada/…/notes.txt", "│ ▲ ▼ ▁▂▃", "中文字符と한국어", "ＦＵＬＬ",
        "e\u{301}tude", "a\u{300}\u{301}", "👍🏽 and 👨‍👩‍👧", "한\u{11A8}", "\u{1100}\u{1161}", "🇫🇷…",
    ])
    func sumsClusters(_ text: String) {
        #expect(displayWidth(text) == text.reduce(0) { $0 + displayWidth($1) })
    }
}
