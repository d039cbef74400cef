/// What a column of a saved Parquet file holds: whole numbers (`INT64`), reals (`DOUBLE`) or
/// text (`BYTE_ARRAY` as UTF-8). A column is written in the narrowest kind that holds each of
/// its values exactly as the view shows it; a value that does not fit widens it.
public enum ParquetColumnKind: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Whole numbers written as decimal digits without leading zeros (`-12`, `0`), within 64 bits.
    case integer
    /// Numbers as the filters and sorts read them (`2.5`, `1e3`, `inf`), whole numbers up to
    /// 2^53 (where a double stops holding each one exactly).
    case real
    /// Anything.
    case text

    /// The narrowest kind holding both.
    public static func < (a: ParquetColumnKind, b: ParquetColumnKind) -> Bool { a.rawValue < b.rawValue }

    /// The kinds a save's columns start as: whole numbers where `numeric` says a column holds
    /// numbers (widened as values need), text elsewhere.
    static func starting(numeric: [Bool], count: Int) -> [ParquetColumnKind] {
        (0..<Swift.max(0, count)).map { numeric.indices.contains($0) && numeric[$0] ? .integer : .text }
    }

    /// The physical type in the file's schema.
    var physicalType: Int {
        switch self {
        case .integer: 2
        case .real: 5
        case .text: 6
        }
    }

    /// The narrowest kind at or above `self` that holds `bytes` exactly.
    func widened(toHold bytes: UnsafeBufferPointer<UInt8>) -> ParquetColumnKind {
        if self == .integer, Self.integer(bytes) != nil { return .integer }
        if self <= .real, Self.real(bytes) != nil { return .real }
        return .text
    }

    /// `bytes` as a whole number written without a sign but `-`, without leading zeros, within
    /// 64 bits: text that reads back the same from the number.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0
        let negative = bytes.first == 0x2D
        if negative { i = 1 }
        let digits = bytes.count - i
        guard digits > 0, digits <= 19, bytes[i] != 0x30 || digits == 1, !(negative && digits == 1 && bytes[i] == 0x30) else { return nil }
        var value: Int64 = 0
        while i < bytes.count {
            let d = bytes[i] &- 0x30
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
        guard let value = NumberText.real(bytes) else { return nil }
        guard let written = Decimal(bytes) else { return value }
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

        init?(_ bytes: UnsafeBufferPointer<UInt8>) { self.init(Array(bytes)) }

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
