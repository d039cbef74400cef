/// Decimal real numbers read straight from a field's bytes, as `Double(_:)` reads their text, for
/// the common shapes (`2.0`, `-3.5e2`, `0.125`): up to 19 significant digits scaled by a power of
/// ten a `Double` holds exactly, so one multiplication or division rounds once and the result is
/// the correctly rounded value `Double(_:)` gives (Clinger's fast path). Anything else (more
/// digits, a far exponent, `inf`, hex, a lone `.`) is nil, and the caller parses the text.
enum DecimalReal {
    /// The powers of ten a `Double` holds exactly.
    private static let exactPowers: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { value, _ in value * 10 } }

    /// The value of `bytes`: `[+-]digits[.digits][(e|E)[+-]digits]`, digits on both sides of a
    /// point; nil for any other shape, or a value outside the fast path.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        guard count > 0, count <= 64 else { return nil }
        var i = 0
        // Safe: the bytes are checked above to be 1 to 64, and every index read below is checked
        // against `count` first.
        let negative = unsafe bytes[0] == 0x2D
        if unsafe negative || bytes[0] == 0x2B { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, exponent = 0, sawDigit = false
        // Leading zeros are not significant digits.
        while i < count, unsafe bytes[i] == 0x30 { i += 1; sawDigit = true }
        while i < count, case let d = unsafe bytes[i] &- 0x30, d <= 9 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
            sawDigit = true
            i += 1
        }
        if i < count, unsafe bytes[i] == 0x2E {
            i += 1
            var fraction = false
            while i < count, case let d = unsafe bytes[i] &- 0x30, d <= 9 {
                if mantissa != 0 || d != 0 { mantissa = mantissa &* 10 &+ UInt64(d); digits += 1 }
                exponent -= 1
                fraction = true
                i += 1
            }
            guard sawDigit, fraction else { return nil }
        }
        guard sawDigit, digits <= 19 else { return nil }
        if i < count, unsafe bytes[i] | 0x20 == 0x65 {
            i += 1
            var negativeExponent = false
            if i < count, unsafe bytes[i] == 0x2D || bytes[i] == 0x2B { negativeExponent = unsafe bytes[i] == 0x2D; i += 1 }
            var e = 0, exponentDigits = 0
            while i < count, case let d = unsafe bytes[i] &- 0x30, d <= 9 {
                if e < 10_000 { e = e * 10 + Int(d) }
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += negativeExponent ? -e : e
        }
        guard i == count else { return nil }
        // Exact in a Double (2^53), scaled by an exact power: one correctly rounded operation.
        guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return mantissa == 0 ? (negative ? -0.0 : 0) : nil }
        let m = Double(mantissa)
        let magnitude = exponent >= 0 ? m * exactPowers[exponent] : m / exactPowers[-exponent]
        return negative ? -magnitude : magnitude
    }
}
