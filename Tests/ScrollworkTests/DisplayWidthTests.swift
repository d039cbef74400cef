import Testing
@testable import Scrollwork

@Suite struct DisplayWidthTests {
    @Test("LT-06: the width vectors of physics.md", arguments: [
        ("abc", 3), ("滚动视图", 8), ("ページ", 6), ("👍🏽", 2), ("e\u{301}", 1),
    ])
    func LT_06_referenceVectors(text: String, width: Int) {
        #expect(displayWidth(text) == width)
    }

    @Test func emojiPresentationAndSequences() {
        #expect(displayWidth("☺") == 1)
        #expect(displayWidth("☺\u{FE0F}") == 2)
        #expect(displayWidth("🇯🇵") == 2)
        #expect(displayWidth("🇯🇵🇫🇷") == 4)
        #expect(displayWidth("👨\u{200D}👩\u{200D}👧") == 2)
        #expect(displayWidth("1\u{FE0F}\u{20E3}") == 2)
        #expect(displayWidth("🧑🏿\u{200D}💻") == 2)
    }

    @Test func marksFormatAndControlsHaveNoWidth() {
        #expect(displayWidth("\u{301}") == 0)
        #expect(displayWidth("\u{200B}") == 0)
        #expect(displayWidth("\u{7}") == 0)
        #expect(displayWidth("\u{85}") == 0)
        #expect(displayWidth("") == 0)
        #expect(displayWidth("x\u{308}\u{323}") == 1)
    }

    @Test func hangulJamoSequencesAreOneWideCell() {
        #expect(displayWidth("\u{1100}\u{1161}\u{11A8}") == 2)
        #expect(displayWidth("한국어") == 6)
    }

    @Test func characterAndStringAgree() {
        for (text, _) in widthOracle.prefix(60) {
            #expect(displayWidth(text) == text.reduce(0) { $0 + displayWidth($1) })
        }
    }

    @Test func substringsAreMeasuredToo() {
        let text = "表示 view"
        #expect(displayWidth(text.dropFirst(1)) == 7)
    }

    /// Every string of the generated corpus (HIG lines in Chinese and Japanese, emoji sequences,
    /// random mixes) measures as the `wcwidth` Python package says.
    @Test("LT-06: widths agree with the wcwidth oracle")
    func LT_06_agreesWithWcwidthOracle() {
        #expect(widthOracle.count > 700)
        var mismatches: [String] = []
        for (text, width) in widthOracle where displayWidth(text) != width {
            mismatches.append("\(text.unicodeScalars.map { String($0.value, radix: 16) }): ours \(displayWidth(text)), wcwidth \(width)")
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test func tableIsSortedAndDisjoint() {
        for table in [WidthTable.wide, WidthTable.zero] {
            for (a, b) in zip(table, table.dropFirst()) {
                #expect(a.upperBound < b.lowerBound)
            }
        }
    }
}
