/// What a column of a saved Parquet file holds. A view's column is written in the narrowest
/// kind that holds each of its values exactly as the view shows it (whole numbers `INT64`,
/// reals `DOUBLE`, else UTF-8 text), or in the type its source declares (a Parquet file's own
/// dates, times, timestamps, decimals, booleans and bytes: a file saved again keeps them); a
/// value that does not fit widens it, and the save starts over.
public enum ParquetColumnKind: Sendable, Hashable {
    /// Whole numbers written as decimal digits without leading zeros (`-12`, `0`), within 64 bits.
    case integer
    /// Numbers as the filters and sorts read them (`2.5`, `1e3`, `inf`), whole numbers up to
    /// 2^53 (where a double stops holding each one exactly).
    case real
    /// Anything.
    case text
    /// Whole numbers of `bits` bits (8, 16, 32 or 64), signed or not: `INT32` or `INT64` with
    /// the integer type that says which (a file's `uint64` past `Int64.max` included).
    case fixedWidthInteger(bits: Int, signed: Bool)
    /// Reals a `FLOAT` holds, shown as the float's own shortest digits (`-62.4`).
    case float
    /// `true` and `false` (`BOOLEAN`).
    case boolean
    /// Days as `2024-01-31` (`INT32` `DATE`).
    case date
    /// A time of day as `13:45:30.123`, with `digits` digits after the second (3, 6 or 9:
    /// `TIME` in milliseconds, microseconds or nanoseconds).
    case time(digits: Int)
    /// An instant as `2024-01-31 13:45:30.123456`, `digits` digits after the second (3, 6 or
    /// 9), ending in `Z` where `utc` (`INT64` `TIMESTAMP`, adjusted to UTC or local).
    case timestamp(digits: Int, utc: Bool)
    /// An exact decimal as `-498.63`: `scale` digits after the point, at most `precision` in
    /// all (1–38; `INT64` up to 18 digits, else 16 bytes).
    case decimal(precision: Int, scale: Int)
    /// Bytes shown as lowercase hex (`BYTE_ARRAY` without a text type).
    case binary

    /// The kinds a save's columns start as: whole numbers where `numeric` says a column holds
    /// numbers (widened as values need), text elsewhere.
    static func starting(numeric: [Bool], count: Int) -> [ParquetColumnKind] {
        (0..<Swift.max(0, count)).map { numeric.indices.contains($0) && numeric[$0] ? .integer : .text }
    }

    /// The kind a save must have to hold the values of both: the wider of whole numbers and
    /// reals, and text where two other kinds differ.
    public func joined(with other: ParquetColumnKind) -> ParquetColumnKind {
        if self == other { return self }
        if isWhole && other.isWhole { return .integer }
        return (isWhole || self == .float || self == .real) && (other.isWhole || other == .float || other == .real) ? .real : .text
    }

    /// True for the kinds of whole numbers.
    private var isWhole: Bool {
        if case .fixedWidthInteger = self { return true }
        return self == .integer
    }

    /// The kind a declared type is written as, checked: a time or timestamp of 3, 6 or 9
    /// digits, a decimal of 1–38 digits with a scale from 0 to its precision; anything else
    /// is written as the values show (nil).
    var checked: ParquetColumnKind? {
        switch self {
        case let .time(digits), let .timestamp(digits, _): [3, 6, 9].contains(digits) ? self : nil
        case let .decimal(precision, scale): (1...38).contains(precision) && (0...precision).contains(scale) ? self : nil
        case let .fixedWidthInteger(bits, _): [8, 16, 32, 64].contains(bits) ? self : nil
        default: self
        }
    }

    /// The physical type in the file's schema.
    var physicalType: Int {
        switch self {
        case .boolean: Physical.boolean
        case .date, .time(digits: 3): Physical.int32
        case let .fixedWidthInteger(bits, _): bits <= 32 ? Physical.int32 : Physical.int64
        case .integer, .time, .timestamp: Physical.int64
        case .float: Physical.float
        case let .decimal(precision, _): precision <= 18 ? Physical.int64 : Physical.fixedLengthByteArray
        case .real: Physical.double
        case .text, .binary: Physical.byteArray
        }
    }

    /// The width of a fixed-length value (a decimal past 18 digits), nil for the others.
    var fixedLength: Int? {
        if case let .decimal(precision, _) = self, precision > 18 { return 16 }
        return nil
    }

    /// How the builder keeps a value of this kind: a whole number (booleans, days, times,
    /// decimals of up to 18 digits too), a double, a float (as a double), text as it is, or
    /// bytes read from the text shown (hex, a long decimal's 16 bytes).
    enum Storage { case integers, reals, floats, text, bytes }

    /// Where the builder keeps this kind's values.
    var storage: Storage {
        switch self {
        case .real: .reals
        case .float: .floats
        case .text: .text
        case .binary: .bytes
        case .decimal where fixedLength != nil: .bytes
        default: .integers
        }
    }

    /// The narrowest kind at or above `self` that holds `bytes` exactly. A whole number written
    /// with a leading zero (`007`, a postal code `02134`) widens to text, as DuckDB's reader types
    /// such a column: a real would keep its number and lose how it is written (`7.0`).
    func widened(toHold bytes: UnsafeBufferPointer<UInt8>) -> ParquetColumnKind {
        switch self {
        // Safe: the caller's bytes, read inside their count here and below.
        case .integer where unsafe Self.integer(bytes) != nil, .fixedWidthInteger where unsafe Self.integer(bytes) != nil: return .integer
        case .integer, .fixedWidthInteger, .real, .float:
            if unsafe Self.hasLeadingZero(bytes) { return .text }
            return unsafe Self.real(bytes) != nil ? .real : .text
        default: return .text
        }
    }

    /// True for a number written with a zero before another digit (`007`, `-01`, `00.5`).
    static func hasLeadingZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Safe: the caller's bytes; the two bytes are read only where the count holds them.
        let start = unsafe bytes.first == 0x2D || bytes.first == 0x2B ? 1 : 0
        return unsafe bytes.count >= start + 2 && bytes[start] == 0x30 && bytes[start + 1] &- 0x30 <= 9
    }

    /// `bytes` as a whole number written without a sign but `-`, without leading zeros, within
    /// 64 bits: text that reads back the same from the number.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0
        // Safe: `bytes[i]` is read only once `digits > 0` says a byte lies at `i`, and the loop
        // stays below the count.
        let negative = unsafe bytes.first == 0x2D
        if negative { i = 1 }
        let digits = bytes.count - i
        guard digits > 0, digits <= 19, unsafe bytes[i] != 0x30 || digits == 1, unsafe !(negative && digits == 1 && bytes[i] == 0x30) else { return nil }
        var value: Int64 = 0
        while i < bytes.count {
            let d = unsafe bytes[i] &- 0x30
            guard d <= 9 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(Int64(d)) : times.addingReportingOverflow(Int64(d))
            guard !o1, !o2 else { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// `bytes` as a real, when the double read from them says the same number back: up to 15
    /// significant digits always do; more only where they are the double's own shortest digits
    /// (`0.30000000000000004`, as pandas writes it), not a neighbour's (`9007199254740993`).
    /// `1e400` and `1e-400` name numbers a double has no room for.
    static func real(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = unsafe NumberText.real(bytes) else { return nil }
        guard let written = unsafe Decimal(bytes) else { return value }
        if value.isInfinite || (value == 0 && !written.digits.isEmpty) { return nil }
        guard written.digits.count > 15 else { return value }
        return Decimal(Array(value.description.utf8)) == written ? value : nil
    }

    /// A decimal number's significant digits (no leading or trailing zeros) and the power of
    /// ten of the first; nil for `inf` and `nan`.
    private struct Decimal: Equatable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>) { unsafe self.init(Array(bytes)) }

        init?(_ bytes: [UInt8]) {
            var i = 0
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D {
                negative = bytes[i] == 0x2D
                i += 1
            }
            var point: Int? = nil
            var leading = 0
            var seen = 0
            while i < bytes.count, bytes[i] != 0x65, bytes[i] != 0x45 {
                let b = bytes[i]
                if b == 0x2E {
                    point = seen
                } else if b &- 0x30 <= 9 {
                    if digits.isEmpty && b == 0x30 { leading += 1 } else { digits.append(b) }
                    seen += 1
                } else {
                    return nil
                }
                i += 1
            }
            var power = 0
            if i < bytes.count {
                guard let e = Int(String(decoding: bytes[(i + 1)...], as: UTF8.self)) else { return nil }
                power = e
            }
            while digits.last == 0x30 { digits.removeLast() }
            exponent = (point ?? seen) - leading - 1 + power
            if digits.isEmpty { (negative, exponent) = (false, 0) }
        }
    }
}

private typealias Physical = ParquetCode.Physical
