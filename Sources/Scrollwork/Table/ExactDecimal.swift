/// A number written in decimal ("-12.50", "+3", ".5", "7.", "1.5e-3"), read exactly: its
/// significant digits and where the point goes. A `Double` keeps about 15 of those digits, so
/// 1234567890123456.78 and …77, or 9007199254740993 and …992, read as one real; sorts and
/// filters that must tell them apart (a Parquet or database decimal, an identifier of 19 digits)
/// compare them as this.
package struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// True below zero (never for zero itself: -0.00 is zero).
    package let negative: Bool
    /// The significant digits, each 0–9, from the first one that is not 0 to the last one that
    /// is not 0; none for zero.
    package let digits: [UInt8]
    /// Where the point goes: the value is 0.`digits` × 10^`exponent`.
    package let exponent: Int

    /// The most significant digits a `Double` tells apart in every case (`DBL_DIG`): two
    /// numbers of at most this many digits, in the range of normal reals, read as two reals in
    /// their order.
    package static let digitsARealKeeps = 15

    /// The number `text` spells: an optional sign, digits with an optional point (a digit at
    /// least), and an optional exponent (`e` or `E`, an optional sign, digits); nil for anything
    /// else (spaces, `inf`, `nan`, hexadecimal). A power of ten past ±2^31 is clamped there, which
    /// no comparison of numbers people write can notice.
    package init?(_ text: Span<UInt8>) {
        var i = 0
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var digits: [UInt8] = []
        var seenDigit = false, seenPoint = false
        // Digits before the point, leading zeros left out.
        var pointAt = 0
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                seenDigit = true
                let digit = byte - UInt8(ascii: "0")
                if digits.isEmpty, digit == 0 {
                    // A leading zero after the point moves the point; one before it does not.
                    if seenPoint { pointAt -= 1 }
                } else {
                    digits.append(digit)
                    if !seenPoint { pointAt += 1 }
                }
            } else {
                break
            }
            i += 1
        }
        guard seenDigit else { return nil }
        var shift = 0
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var seenExponentDigit = false
            while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") {
                seenExponentDigit = true
                shift = Swift.min(1 << 40, shift * 10 + Int(text[i] - UInt8(ascii: "0")))
                i += 1
            }
            guard seenExponentDigit else { return nil }
            if exponentNegative { shift = -shift }
        }
        guard i == text.count else { return nil }
        while digits.last == 0 { digits.removeLast() }
        self.negative = negative && !digits.isEmpty
        self.digits = digits
        exponent = digits.isEmpty ? 0 : Int(Int32(clamping: pointAt + shift))
    }

    /// The number the UTF-8 of `text` spells (``init(_:)-(Span<UInt8>)``).
    package init?(_ text: String) {
        guard let number = ExactDecimal(text.utf8.span) else { return nil }
        self = number
    }

    /// True for zero.
    package var isZero: Bool { digits.isEmpty }

    /// True within the range of normal reals (about 1e-300 to 1e300) and for zero. Past it a
    /// number reads as a real's infinity or zero on every path (a file's, SQLite's, PostgreSQL's),
    /// and is compared as that.
    package var isWithinReals: Bool { isZero || (-300...300).contains(exponent) }

    /// True when a `Double` read from the same text could take this number for another within
    /// the normal reals: more than ``digitsARealKeeps`` significant digits.
    package var needsMoreThanAReal: Bool { isWithinReals && digits.count > Self.digitsARealKeeps }

    package static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.negative != b.negative { return a.negative }
        // Both at or above zero, or both below: compare the magnitudes, the order turned below.
        let magnitudeLess: Bool
        if a.isZero || b.isZero {
            magnitudeLess = a.isZero && !b.isZero
        } else if a.exponent != b.exponent {
            magnitudeLess = a.exponent < b.exponent
        } else {
            magnitudeLess = a.digits.lexicographicallyPrecedes(b.digits)
        }
        if a.negative { return !magnitudeLess && a != b }
        return magnitudeLess
    }

    /// Appends a key whose bytes order as the numbers do (the first differing byte decides, a
    /// key that is a prefix of another comes first): zero as one byte; a number above zero as a
    /// byte, its exponent and its digits; one below zero as a byte, then its exponent and digits
    /// turned over and a closing byte, so that a longer magnitude sorts first.
    package func appendKey(to key: inout [UInt8]) {
        guard !isZero else {
            key.append(0x80)
            return
        }
        let bits = UInt32(bitPattern: Int32(clamping: exponent)) ^ 0x8000_0000
        let flip: UInt8 = negative ? 0xFF : 0
        key.append(negative ? 0x7F : 0x81)
        for shift in stride(from: 24, through: 0, by: -8) { key.append(UInt8(truncatingIfNeeded: bits >> UInt32(shift)) ^ flip) }
        for digit in digits { key.append((UInt8(ascii: "0") + digit) ^ flip) }
        if negative { key.append(0xFF) }
    }

    /// The number in decimal, as people write it: "-12.5", "9007199254740993", "0.001"; with an
    /// exponent ("1.5e+80") only where it would take more than 60 zeros.
    package var description: String {
        guard !isZero else { return "0" }
        var text = negative ? "-" : ""
        let figures = String(decoding: digits.map { UInt8(ascii: "0") + $0 }, as: UTF8.self)
        if exponent > 60 || exponent < -60 {
            text += String(figures.prefix(1)) + (digits.count > 1 ? "." + figures.dropFirst() : "")
            return text + "e" + (exponent > 0 ? "+" : "") + "\(exponent - 1)"
        }
        if exponent <= 0 { return text + "0." + String(repeating: "0", count: -exponent) + figures }
        if exponent >= digits.count { return text + figures + String(repeating: "0", count: exponent - digits.count) }
        return text + figures.prefix(exponent) + "." + figures.dropFirst(exponent)
    }
}
