import Scrollwork

/// How a field of a delimited file becomes a table value, from its text or straight from its
/// bytes (the same answer either way): empty is `TableValue.empty`, a missing word is
/// `TableValue.missing`, then an integer or real when the column holds numbers, else text.
public struct FieldValues: Sendable, Hashable {
    /// What a column's sampled values were.
    public enum Kind: Sendable, Hashable {
        /// Integers (a real further on is still a number).
        case integers
        /// Reals (integers among them too).
        case reals
        /// Text.
        case text
    }

    /// The column's kind.
    public var kind: Kind
    /// The words that stand for no value.
    public var missing: MissingValues { didSet { words = MissingBytes(missing) } }
    private var words: MissingBytes

    /// Values of a column of `kind`, with `missing`'s words as missing values.
    public init(kind: Kind, missing: MissingValues = .common) {
        self.kind = kind
        self.missing = missing
        words = MissingBytes(missing)
    }

    /// The kind of a column whose sampled fields are `sample`: integers when every present one
    /// is, reals when every one is a number, else text (also when none is present).
    /// A number of more than 64 bytes is taken as text.
    public static func kind(of sample: [String], missing: MissingValues = .common) -> Kind {
        var kinds = ColumnKinds(columns: 1, missing: missing)
        // Safe: each text's bytes are lent for the call.
        for var value in sample { value.withUTF8 { unsafe kinds.add($0, column: 0) } }
        return kinds.kind(ofColumn: 0)
    }

    /// The value of `field` (nil: the record has no such field): its bytes' value, so that a
    /// row shows what a sort, reading bytes, compared.
    public func value(_ field: String?) -> TableValue {
        guard var field else { return .empty }
        return field.withUTF8 { unsafe value($0) }
    }

    /// The value of a field's UTF-8 bytes (nil: the record has no such field): the value their
    /// text has, with no string made for a number.
    /// A whole number in a column of reals is an integer, so that it shows as the file writes
    /// it (`9`, not `9.0`); it sorts by value among the reals all the same.
    /// An empty text is missing (`TableValue.empty`) where ``MissingValues/emptyIsMissing``
    /// says so, else a value.
    public func value(_ bytes: UnsafeBufferPointer<UInt8>?) -> TableValue {
        // Safe: the caller's bytes, read inside their count; the words are compared only with bytes
        // that are not empty.
        guard let bytes = unsafe bytes else { return .empty }
        if bytes.isEmpty { return words.emptyIsMissing ? .empty : .string("") }
        if unsafe words.contain(bytes) { return unsafe .missing(String(decoding: bytes, as: UTF8.self)) }
        if kind != .text, let n = unsafe Self.integer(bytes) { return .int(n) }
        return unsafe realValue(bytes)
    }

    /// A real number, or text, of `bytes` (present, not missing): what the sort of a column of
    /// reals reads, every number as a `Double`.
    private func realValue(_ bytes: UnsafeBufferPointer<UInt8>) -> TableValue {
        if kind != .text, let x = unsafe NumberText.real(bytes) { return .double(x) }
        return unsafe .string(String(decoding: bytes, as: UTF8.self))
    }

    /// Puts the sort key of ``value(_:)-(UnsafeBufferPointer<UInt8>?)`` of `bytes` into `keys`,
    /// with no value made: an integer as it is read, text as its bytes.
    public func appendKey(_ bytes: UnsafeBufferPointer<UInt8>?, to keys: inout SortKeySink) {
        // Safe: the caller's bytes, read inside their count.
        guard unsafe !words.isMissing(bytes), let bytes = unsafe bytes else { return keys.appendMissing() }
        if kind == .integers, let n = unsafe Self.integer(bytes) { return keys.appendInt(n) }
        if kind == .text { return unsafe keys.appendText(bytes) }
        // A real read from its bytes, with no string made (a sort by reals costs what one by
        // integers does); other shapes go through the text.
        if let x = unsafe DecimalReal.value(bytes) { return keys.appendDouble(x) }
        unsafe keys.append(realValue(bytes))
    }

    /// The integer `bytes` spell as `Int(_:)` reads text: an optional sign and decimal digits,
    /// nil when anything else is there or it does not fit.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Safe: the caller's bytes, lent for the call.
        unsafe integer(bytes, as: Int.self)
    }

    /// The integer `bytes` spell by the rule of ``integer(_:)``, where it fits 128 bits and not
    /// always 64: an unsigned 64-bit number's upper half, a HUGEINT. Nil for anything else.
    static func wideInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int128? {
        // Safe: the caller's bytes, lent for the call.
        unsafe integer(bytes, as: Int128.self)
    }

    /// The integer `bytes` spell, as a `T` of 64 bits or more; nil when anything but an optional
    /// sign and decimal digits is there, or it does not fit.
    @inline(__always)
    private static func integer<T: FixedWidthInteger & SignedInteger>(_ bytes: UnsafeBufferPointer<UInt8>, as _: T.Type) -> T? {
        // Safe: the caller's bytes; every index read below is checked against their count first.
        guard let first = unsafe bytes.first else { return nil }
        var i = 0
        let negative = first == 0x2D
        if negative || first == 0x2B { i = 1 }
        guard i < bytes.count else { return nil }
        // Eighteen digits cannot overflow 64 bits, so the common field skips the checks.
        if bytes.count - i <= 18 {
            var n: T = 0
            while i < bytes.count {
                let digit = unsafe bytes[i] &- 0x30
                guard digit <= 9 else { return nil }
                n = n &* 10 &+ T(digit)
                i += 1
            }
            return negative ? 0 &- n : n
        }
        var n: T = 0
        while i < bytes.count {
            let digit = unsafe T(bytes[i]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, o1) = n.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            n = next
            i += 1
        }
        return n
    }
}
