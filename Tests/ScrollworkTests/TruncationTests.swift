import PropertyBased
import Testing
@testable import Scrollwork

@Suite struct TruncationTests {
    @Test("LT-06: middle truncation keeps the beginning and the end")
    func LT_06_middleKeepsBothEnds() {
        #expect("/usr/local/share/doc/readme.txt".truncated(toWidth: 15, .middle) == "/usr/lo…dme.txt")
        #expect("abcdefghij".truncated(toWidth: 5, .middle) == "ab…ij")
        #expect("abcdefghij".truncated(toWidth: 6, .middle) == "abc…ij")
    }

    @Test("LT-06: text holding control characters is cut where a host draws it: each control is a one-cell picture")
    func LT_06_controlsCountAsTheirPictures() async {
        let pieces = ["a", "\u{1B}", "\r\n", "滚", "👍🏽", "e\u{301}", "\u{85}", "\u{7F}", "x\u{7}y"]
        await propertyCheck(count: 300, input: Gen.int(in: 0..<pieces.count).array(of: 0...30)) { indices in
            let text = indices.map { pieces[$0] }.joined()
            for width in [0, 1, 2, 5, 13] {
                for mode in [Truncation.head, .middle, .tail] {
                    let cut = text.truncated(toWidth: width, mode)
                    #expect(drawnWidth(cut) <= width || drawnWidth(text) <= width, "\(text.debugDescription) cut to \(width): \(cut.debugDescription)")
                }
                #expect(text.wrapped(toWidth: max(2, width)).allSatisfy { drawnWidth($0) <= max(2, width) })
            }
        }
        #expect(drawnWidth("\u{1B}[31m") == 5 && displayWidth("\u{1B}[31m") == 4)
        #expect(drawnWidth(Character("\r\n")) == 2)
    }

    @Test("LT-06: head and tail truncation")
    func LT_06_headAndTail() {
        #expect("Scroll views".truncated(toWidth: 8, .tail) == "Scroll …")
        #expect("Scroll views".truncated(toWidth: 8, .head) == "…l views")
        #expect("fits".truncated(toWidth: 4, .tail) == "fits")
        #expect("fits".truncated(toWidth: 40, .middle) == "fits")
    }

    @Test("LT-06: widths 0, 1 and 2 are defined")
    func LT_06_tinyWidths() {
        for mode in Truncation.allCases {
            #expect("abc".truncated(toWidth: 0, mode) == "")
            #expect("abc".truncated(toWidth: 1, mode) == "…")
            #expect("ab".truncated(toWidth: 2, mode) == "ab")
            #expect("滚动".truncated(toWidth: 2, mode) == "… ".reversedIf(mode == .head))
            #expect("abc".truncated(toWidth: -3, mode) == "")
        }
        #expect("abc".truncated(toWidth: 2, .tail) == "a…")
        #expect("abc".truncated(toWidth: 2, .head) == "…c")
        #expect("abc".truncated(toWidth: 2, .middle) == "a…")
    }

    @Test("LT-06: a wide character at the cut is dropped and its cell padded")
    func LT_06_wideCharacterAtTheCut() {
        let text = "滚动视图页面"  // 12 cells
        #expect(text.truncated(toWidth: 6, .tail) == "滚动… ")
        #expect(displayWidth(text.truncated(toWidth: 6, .tail)) == 6)
        #expect(text.truncated(toWidth: 6, .head) == " …页面")
        #expect(text.truncated(toWidth: 7, .middle) == "滚…页面")
        #expect(text.truncated(toWidth: 6, .middle) == "滚… 面")
    }

    @Test("LT-06: grapheme clusters are never split")
    func LT_06_clustersStayWhole() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let text = "a\(family)b\(family)c"
        let cut = text.truncated(toWidth: 4, .tail)
        #expect(cut == "a\(family)…")
        #expect("e\u{301}e\u{301}e\u{301}e\u{301}".truncated(toWidth: 3, .tail) == "e\u{301}e\u{301}…")
    }

    @Test func fittedPadsShortText() {
        #expect("ab".fitted(toWidth: 4) == "ab  ")
        #expect("滚动视图".fitted(toWidth: 5, .tail) == "滚动…")
        #expect("滚动视图".fitted(toWidth: 6, .tail) == "滚动… ")
        #expect(displayWidth("滚动视图".fitted(toWidth: 5, .middle)) == 5)
    }

    /// For any string and width, the result is a prefix and a suffix of the input around "…", no
    /// wider than asked (exactly as wide when the input was wider), and unchanged when it fits.
    @Test("LT-06: truncation properties")
    func LT_06_properties() async {
        let pool: [String] = ["a", "b", "Z", "7", "é", "e\u{301}", "滚", "ペ", "한", "👍🏽", "🇯🇵",
                                 "👨\u{200D}👩\u{200D}👧", "\u{200B}", "ｶ", "Ж", "☺\u{FE0F}", "क्ष"]
        let text = Gen.int(in: 0...(pool.count - 1)).map { pool[$0] }.array(of: 0...30).map { $0.joined() }
        await propertyCheck(count: 400, input: text, Gen.int(in: 0...40), Gen<Truncation>.case) { text, width, mode in
            let result = text.truncated(toWidth: width, mode)
            let original = displayWidth(text)
            if original <= width {
                #expect(result == text)
                return
            }
            #expect(displayWidth(result) == width)
            guard width > 0 else { #expect(result.isEmpty); return }
            // Padding is spaces, which the pool never produces, so it can be removed safely.
            let parts = result.filter { $0 != " " }.split(separator: Truncation.ellipsis, omittingEmptySubsequences: false)
            #expect(parts.count == 2)
            guard parts.count == 2 else { return }
            let head = Array(parts[0]), tail = Array(parts[1]), all = Array(text)
            #expect(all.starts(with: head))
            #expect(all.reversed().starts(with: tail.reversed()))
            #expect(head.count + tail.count < all.count)
            if mode == .tail { #expect(tail.isEmpty) }
            if mode == .head { #expect(head.isEmpty) }
        }
    }
}

extension String {
    fileprivate func reversedIf(_ condition: Bool) -> String { condition ? String(reversed()) : self }
}
