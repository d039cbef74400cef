import Testing
@testable import Scrollwork

/// A cell's text is what Swift writes for its value, whichever way it is made: whole numbers
/// digit by digit, other reals by Swift's shortest digits.
@Suite struct TableValueTextTests {
    /// Reals at the edges of the digit-by-digit form: 2⁵³ and its neighbours, the signed zeros,
    /// powers of ten and two on both sides of it, fractions, the non-finite values.
    static var edges: [Double] {
        let limit = 9_007_199_254_740_992.0
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 2013, -2013, 1e15, 1e16, -1e16, limit, -limit, limit.nextUp, limit.nextDown, -limit.nextUp,
                                limit * 2, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                .leastNormalMagnitude, .infinity, -.infinity, .nan, -.nan, .signalingNaN, 0.1, 1.5, 4503599627370495.5, 123456789.25]
        for p in 0...70 { values += [Double(sign: .plus, exponent: p, significand: 1), -Double(sign: .plus, exponent: p, significand: 1)] }
        var ten = 1.0
        for _ in 0...20 { values += [ten, ten - 1, -ten, ten + 0.5]; ten *= 10 }
        return values
    }

    @Test("a real's text is String(value) for every real: whole numbers up to 2⁵³ written digit by digit with .0, the rest (exponents, fractions, -0.0, NaN, infinities) as Swift writes them")
    func realsAsSwiftWritesThem() {
        for value in Self.edges {
            #expect(TableValue.double(value).description == String(value), "\(value)")
        }
        // Random bits: every kind of real, and whole numbers of every size.
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<20_000 {
            let bits = Double(bitPattern: generator.next())
            let whole = Double(Int64(bitPattern: generator.next()) >> (generator.next() % 64))
            #expect(TableValue.double(bits).description == String(bits), "\(bits)")
            #expect(TableValue.double(whole).description == String(whole), "\(whole)")
        }
        #expect(TableValue.double(2013).description == "2013.0" && TableValue.double(-0.0).description == "-0.0")
    }

    /// A small seeded generator of 64-bit words (SplitMix64), so the test is the same each run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
