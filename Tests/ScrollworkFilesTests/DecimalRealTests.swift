import PropertyBased
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// Reals read from their bytes without a string: exactly what `Double(_:)` reads from the text,
/// whenever the fast reading takes the shape, and the text path for every other shape.
@Suite struct DecimalRealTests {
    static func value(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { DecimalReal.value($0) }
    }

    @Test("the shapes files write are read from the bytes, to the same bits as Double(_:)")
    func commonShapes() throws {
        for text in ["2.0", "-3.5e2", "0.125", "1e5", "123456.789", "-0.0", "+7.25", "0.1", "3.14159", "1E-7", "007.50", "-2.0", "99999999999999999.0",
                     "1234567890.123456789", "0.000001", "6.02214076e23", "1e300", "123456789012345678901.5"] {
            let fast = Self.value(text)
            let slow = try #require(Double(text))
            if ["1e300", "123456789012345678901.5", "99999999999999999.0", "1234567890.123456789"].contains(text) {
                #expect(fast == nil, "\(text) is left to the text path")
            } else {
                #expect(fast?.bitPattern == slow.bitPattern, "\(text): \(String(describing: fast)) against \(slow)")
            }
        }
        for text in ["", ".5", "5.", "1e", "e5", "1.2.3", "--1", "inf", "nan", "0x1p3", " 1", "1 ", "1,5", "١٢"] {
            #expect(Self.value(text) == nil, "\(text) is not a shape the bytes are read in")
        }
    }

    @Test("random decimals: whenever the bytes are read, the value is Double(_:)'s, bit for bit")
    func agreesWithDouble() async {
        // The shape in one number: decimals (0–8), an exponent (−30…30), a sign and an exponent or not.
        await propertyCheck(count: 2000, input: Gen.int(in: 0...999_999_999), Gen.int(in: 0...(9 * 61 * 4 - 1))) { number, packed in
            let decimals = packed % 9, exponent = (packed / 9) % 61 - 30, shape = packed / (9 * 61)
            var text = String(number)
            if decimals > 0 {
                let padded = String(repeating: "0", count: Swift.max(0, decimals + 1 - text.count)) + text
                text = String(padded.dropLast(decimals)) + "." + String(padded.suffix(decimals))
            }
            if shape & 1 == 1 { text = "-" + text }
            if shape & 2 == 2 { text += "e\(exponent)" }
            guard let fast = Self.value(text) else { return }
            #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
