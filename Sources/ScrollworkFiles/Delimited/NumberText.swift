/// The one reading of a real number from a value's text, for every path that asks whether a
/// value is a number: a column's type, a sort's keys, a filter's comparison, a summary, and the
/// same test written for SQLite and PostgreSQL. A number is decimal, as data files write it:
/// an optional sign, digits with an optional point (`5`, `5.`, `.5`, `-2.25`) and an optional
/// exponent (`1e-3`); or `inf`, `infinity` and `nan` in any case (as pandas and NumPy write
/// them; `nan` without a sign). Nothing around it: `" 8"` is text, and so are `0x10` (a hex
/// code, not sixteen) and `1_000`.
public enum NumberText {
    /// The value of `bytes` by the rule above (more than 64 bytes are text); nil for text.
    public static func real(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        // Safe: the caller's bytes, checked above not to be empty; every index read below is
        // checked against their count.
        if let x = unsafe DecimalReal.value(bytes) { return x }
        guard unsafe isNumber(bytes) else { return nil }
        // The shape is right: `Double(_:)` rounds long digit strings correctly.
        return unsafe Double(String(decoding: bytes, as: UTF8.self))
    }

    /// The whole number `bytes` spell, as `Int(_:)` reads text (an optional sign and decimal
    /// digits, within 64 bits); nil for anything else.
    public static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Safe: the caller's bytes, which the reader reads inside their count.
        unsafe FieldValues.integer(bytes)
    }

    /// The value of `text` by the same rule.
    public static func real(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { unsafe real($0) }
    }

    /// The rule as a POSIX regular expression, for engines that test it themselves
    /// (PostgreSQL's `~*`, which ignores case).
    public static let pattern = "^([+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)(e[+-]?[0-9]+)?|[+-]?inf(inity)?|nan)$"

    /// True when `bytes` have the shape of a number.
    static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let count = bytes.count
        let signed = unsafe bytes[0] == 0x2B || bytes[0] == 0x2D
        if signed { i = 1 }
        let word = unsafe bytes[i...].map { $0 | 0x20 }
        if word.elementsEqual("inf".utf8) || word.elementsEqual("infinity".utf8) { return true }
        if !signed, word.elementsEqual("nan".utf8) { return true }
        var digits = 0
        while i < count, unsafe bytes[i] &- 0x30 <= 9 { i += 1; digits += 1 }
        if i < count, unsafe bytes[i] == 0x2E {
            i += 1
            while i < count, unsafe bytes[i] &- 0x30 <= 9 { i += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if i < count, unsafe bytes[i] | 0x20 == 0x65 {
            i += 1
            if i < count, unsafe bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            var exponent = 0
            while i < count, unsafe bytes[i] &- 0x30 <= 9 { i += 1; exponent += 1 }
            guard exponent > 0 else { return false }
        }
        return i == count
    }
}
