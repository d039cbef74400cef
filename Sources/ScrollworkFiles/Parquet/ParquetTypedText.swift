/// The text a Parquet file's typed values are shown as, read back into those types for a save:
/// a value is taken only where the type shows it again exactly as given (the view's own text
/// round-trips; `2024-02-30`, `13:45` or `1.50` for a scale of 1 do not, and widen the column).
extension ParquetColumnKind {
    /// `bytes` as the whole number this kind keeps (a boolean 0 or 1, days, units of a time or
    /// an instant, a decimal's unscaled digits); nil where they do not spell one exactly.
    func storedInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        // Whole numbers are read from the bytes; the other kinds compare text (made once here).
        switch self {
        // Safe: the caller's bytes; every read below is at an index checked against their count, or
        // inside a range whose length was checked first.
        case .integer: return unsafe Self.integer(bytes)
        case let .fixedWidthInteger(bits, signed: true):
            guard let v = unsafe Self.integer(bytes), bits == 64 || (v >= -(Int64(1) << (bits - 1)) && v < Int64(1) << (bits - 1)) else { return nil }
            return v
        case let .fixedWidthInteger(bits, signed: false):
            // Kept as their bits: a `uint64` past Int64.max is negative here.
            guard let v = unsafe Self.unsignedInteger(bytes), bits == 64 || v < UInt64(1) << bits else { return nil }
            return Int64(bitPattern: v)
        default: break
        }
        let all = 0..<bytes.count
        switch self {
        case .boolean: return unsafe bytes.elementsEqual("true".utf8) ? 1 : bytes.elementsEqual("false".utf8) ? 0 : nil
        case .date:
            guard let days = unsafe Self.days(bytes, all), days >= Int64(Int32.min), days <= Int64(Int32.max) else { return nil }
            return days
        case let .time(digits): return unsafe Self.clockUnits(bytes, all, digits: digits)
        case let .timestamp(digits, utc):
            var end = bytes.count
            if utc {
                guard end > 0, unsafe bytes[end - 1] == UInt8(ascii: "Z") else { return nil }
                end -= 1
            }
            // The date is all before the space (a year past 9999 is longer than four digits).
            guard let space = (0..<end).first(where: { unsafe bytes[$0] == UInt8(ascii: " ") }), let days = unsafe Self.days(bytes, 0..<space),
                  let units = unsafe Self.clockUnits(bytes, (space + 1)..<end, digits: digits) else { return nil }
            let (inDays, o1) = days.multipliedReportingOverflow(by: 86_400 * ParquetValueKind.power(digits))
            let (total, o2) = inDays.addingReportingOverflow(units)
            return o1 || o2 ? nil : total
        case let .decimal(precision, scale) where precision <= 18:
            guard let (negative, magnitude) = unsafe Self.unscaled(bytes, precision: precision, scale: scale), magnitude <= UInt64(Int64.max) else { return nil }
            return negative ? -Int64(magnitude) : Int64(magnitude)
        default: return nil
        }
    }

    /// `bytes` as a whole number of 64 bits without a sign, written without leading zeros.
    private static func unsignedInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !bytes.isEmpty, bytes.count <= 20, unsafe bytes[0] != 0x30 || bytes.count == 1 else { return nil }
        var value: UInt64 = 0
        for unsafe byte in unsafe bytes {
            let digit = byte &- 0x30
            guard digit <= 9 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times.addingReportingOverflow(UInt64(digit))
            guard !o1, !o2 else { return nil }
            value = next
        }
        return value
    }

    /// `bytes` as a float, when the float's own shortest digits are just these.
    static func float(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let text = unsafe String(decoding: bytes, as: UTF8.self)
        guard let v = Float(text), v.description == text else { return nil }
        return Double(v)
    }

    /// `bytes` as the bytes this kind keeps: a decimal past 18 digits as 16 bytes of big-endian
    /// two's complement, bytes shown as hex as those bytes; nil where they do not spell them
    /// (text is kept as it is, without asking).
    func storedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        switch self {
        case .binary:
            guard bytes.count % 2 == 0 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count / 2)
            var i = 0
            while i < bytes.count {
                // Safe: the count is even and `i < count`, so `i + 1 < count`.
                guard let high = unsafe Self.hexDigit(bytes[i]), let low = unsafe Self.hexDigit(bytes[i + 1]) else { return nil }
                out.append(high << 4 | low)
                i += 2
            }
            return out
        case let .decimal(precision, scale) where precision > 18:
            guard let (negative, magnitude) = unsafe Self.unscaled(bytes, precision: precision, scale: scale) else { return nil }
            let value = negative ? 0 &- magnitude : magnitude
            return (0..<16).map { UInt8(truncatingIfNeeded: value >> (8 * (15 - $0))) }
        default: return nil
        }
    }

    /// A lowercase hex digit's value (the view writes no other).
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The digits `bytes[range]` as a number; nil unless they are 1–18 digits.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        guard !range.isEmpty, range.count <= 18, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        var value: Int64 = 0
        for i in range {
            let digit = unsafe bytes[i] &- 0x30
            guard digit <= 9 else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value
    }

    /// `bytes[range]` as days since 1970-01-01, when they are the date
    /// ``ParquetValueKind/date(days:)`` writes for them: `2024-01-31` read at once (a year of
    /// four digits, a day its month has); a longer or negative year through the text written.
    private static func days(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        let at = range.lowerBound
        if range.count == 10, unsafe bytes[at + 4] == UInt8(ascii: "-"), unsafe bytes[at + 7] == UInt8(ascii: "-"),
           let y = unsafe number(bytes, at..<(at + 4)), let m = unsafe number(bytes, (at + 5)..<(at + 7)), let d = unsafe number(bytes, (at + 8)..<(at + 10)), (1...12).contains(m) {
            let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
            let length: Int64 = m == 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].contains(m) ? 30 : 31
            return (1...length).contains(d) ? civilDays(year: y, month: m, day: d) : nil
        }
        // Other years: parsed, then checked against the text the view writes.
        let text = unsafe String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let negative = text.first == "-"
        let parts = (negative ? text.dropFirst() : text[...]).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count <= 9, let y = Int64(parts[0]), let m = Int64(parts[1]), let d = Int64(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        let days = civilDays(year: negative ? -y : y, month: m, day: d)
        return ParquetValueKind.date(days: days) == text ? days : nil
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil).
    private static func civilDays(year y: Int64, month m: Int64, day d: Int64) -> Int64 {
        let year = y - (m <= 2 ? 1 : 0)
        let era = (year >= 0 ? year : year - 399) / 400
        let yoe = year - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// `bytes[range]` as units of 10^-`digits` seconds into a day, when they are the time
    /// ``ParquetValueKind/clock(_:digits:)`` writes for them: `13:45:30` and a point and
    /// `digits` digits.
    private static func clockUnits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, digits: Int) -> Int64? {
        let at = range.lowerBound
        guard digits > 0, range.count == 9 + digits, unsafe bytes[at + 2] == UInt8(ascii: ":"), unsafe bytes[at + 5] == UInt8(ascii: ":"), unsafe bytes[at + 8] == UInt8(ascii: "."),
              let h = unsafe number(bytes, at..<(at + 2)), let m = unsafe number(bytes, (at + 3)..<(at + 5)), let s = unsafe number(bytes, (at + 6)..<(at + 8)),
              let fraction = unsafe number(bytes, (at + 9)..<range.upperBound), h < 24, m < 60, s < 60 else { return nil }
        return ((h * 60 + m) * 60 + s) * ParquetValueKind.power(digits) + fraction
    }

    /// `bytes` as a decimal's sign and unscaled digits, when they are what
    /// ``ParquetValueKind/decimal(magnitude:negative:scale:)`` writes for them with `scale`, in
    /// at most `precision` digits: no leading zero but a lone one, `scale` digits after the
    /// point, no `-0`.
    private static func unscaled(_ bytes: UnsafeBufferPointer<UInt8>, precision: Int, scale: Int) -> (negative: Bool, magnitude: UInt128)? {
        let negative = unsafe bytes.first == UInt8(ascii: "-")
        var i = negative ? 1 : 0
        let start = i
        var magnitude: UInt128 = 0
        func take(_ byte: UInt8) -> Bool {
            let digit = byte &- 0x30
            guard digit <= 9 else { return false }
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, o2) = times.addingReportingOverflow(UInt128(digit))
            magnitude = next
            return !o1 && !o2
        }
        while i < bytes.count, unsafe bytes[i] != UInt8(ascii: ".") {
            guard unsafe take(bytes[i]) else { return nil }
            i += 1
        }
        let whole = i - start
        guard whole >= 1, unsafe whole == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if scale > 0 {
            guard i < bytes.count, bytes.count - (i + 1) == scale else { return nil }
            for k in (i + 1)..<bytes.count { guard unsafe take(bytes[k]) else { return nil } }
        } else {
            guard i == bytes.count else { return nil }
        }
        guard magnitude < tenToThe(precision), !(negative && magnitude == 0) else { return nil }
        return (negative, magnitude)
    }

    private static func tenToThe(_ power: Int) -> UInt128 { (0..<Swift.min(power, 38)).reduce(1) { r, _ in r * 10 } }
}
