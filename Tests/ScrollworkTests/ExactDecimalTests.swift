import ScrollworkTestSupport
import Testing
@testable import Scrollwork

/// Numbers written in decimal, compared exactly where a real would round them together.
@Suite struct ExactDecimalTests {
    @Test("decimal text reads as its digits and point: signs, a point at either end, exponents; anything else is refused")
    func reads() {
        for (text, shown) in [("-12.50", "-12.5"), ("+3", "3"), (".5", "0.5"), ("7.", "7"), ("1.5e-3", "0.0015"), ("1E3", "1000"), ("-0.00", "0"),
                              ("007", "7"), ("0.000", "0"), ("9007199254740993", "9007199254740993"), ("1e80", "1e+80"), ("-2.5e-70", "-2.5e-70")] {
            #expect(ExactDecimal(text)?.description == shown, "\(text)")
        }
        for text in ["", "-", ".", "e5", "1e", "1e+", "1.2.3", " 8", "8 ", "0x10", "inf", "nan", "1_000", "--1", "1e5.5"] {
            #expect(ExactDecimal(text) == nil, "\(text)")
        }
        #expect(ExactDecimal("-0") == ExactDecimal("0.0") && ExactDecimal("1.50") == ExactDecimal("15e-1"))
        #expect(ExactDecimal("1234567890123456.78")?.needsMoreThanAReal == true && ExactDecimal("123456789012345")?.needsMoreThanAReal == false)
        #expect(ExactDecimal("1e-400")?.isWithinReals == false && ExactDecimal("1e-400")?.needsMoreThanAReal == false)
        // A power of ten past what an Int holds is clamped, never a trap.
        #expect(ExactDecimal("1e99999999999999999999999")?.exponent == Int(Int32.max))
    }

    @Test("numbers order exactly, and their keys' bytes in the same order: whole numbers scaled by powers of ten, checked against products of 128-bit integers")
    func ordersExactly() {
        var rng = SeededRandom(seed: 38)
        func random() -> (text: String, mantissa: Int128, scale: Int) {
            // Mostly near neighbours: a few mantissas, differing in their last digits.
            let base: Int128 = [0, 1, 9_007_199_254_740_993, 123_456_789_012_345_678, 99_999_999_999_999_999].randomElement(using: &rng)!
            let mantissa = (base + Int128(Int.random(in: -3...3, using: &rng))) * (Bool.random(using: &rng) ? 1 : -1)
            let scale = Int.random(in: 0...6, using: &rng)
            let digits = String(mantissa.magnitude)
            let padded = String(repeating: "0", count: Swift.max(0, scale + 1 - digits.count)) + digits
            let text = (mantissa < 0 ? "-" : "") + (scale == 0 ? padded : padded.dropLast(scale) + "." + padded.suffix(scale))
            return (text, mantissa, scale)
        }
        func power(_ n: Int) -> Int128 { (0..<n).reduce(1) { r, _ in r * 10 } }
        for _ in 0..<4000 {
            let a = random(), b = random()
            let left = a.mantissa * power(6 - a.scale), right = b.mantissa * power(6 - b.scale)
            guard let x = ExactDecimal(a.text), let y = ExactDecimal(b.text) else { Issue.record("\(a.text) or \(b.text) unread"); continue }
            #expect((x < y) == (left < right) && (x == y) == (left == right), "\(a.text) \(b.text)")
            var keyX: [UInt8] = [], keyY: [UInt8] = []
            x.appendKey(to: &keyX)
            y.appendKey(to: &keyY)
            #expect(keyX.lexicographicallyPrecedes(keyY) == (left < right) && (keyX == keyY) == (left == right), "\(a.text) \(b.text)")
            // Reals that differ order as the decimals do.
            if let p = Double(a.text), let q = Double(b.text), p != q { #expect((p < q) == (left < right)) }
        }
    }

    @Test("LT-12: text of numbers a real cannot tell apart sorts exactly: neighbours past 2^53, decimals of 18 digits, whole numbers past Int.max beside others")
    func LT_12_textSortsExactly() {
        let texts = ["1234567890123456.78", "1234567890123456.77", "-1", "99999999999999999999", "9007199254740993", "9007199254740992", "0.5", "-99999999999999999999"]
        var reader = KeyReader(count: texts.count + 1, textOrder: .lexical)
        for (i, text) in texts.enumerated() { _ = reader.read(.string(text), at: i) }
        _ = reader.read(.missing("NA"), at: texts.count)
        let keys = reader.keys.numbersWhenAllAre()
        guard case let .textKeys(bytes) = keys.storage else { Issue.record("not exact keys: \(keys.storage)"); return }
        let order = texts.indices.sorted { bytes.precedes($0, $1) }
        #expect(order.map { texts[$0] } == ["-99999999999999999999", "-1", "0.5", "1234567890123456.77", "1234567890123456.78", "9007199254740992", "9007199254740993",
                                            "99999999999999999999"])
        #expect(keys.isMissing(texts.count))
        // Numbers a real keeps apart stay reals, as fast as before.
        var plain = KeyReader(count: 2, textOrder: .lexical)
        _ = plain.read(.string("0.25"), at: 0)
        _ = plain.read(.string("123456789012.345"), at: 1)
        guard case .doubles = plain.keys.numbersWhenAllAre().storage else { Issue.record("short decimals are not reals"); return }
    }
}
