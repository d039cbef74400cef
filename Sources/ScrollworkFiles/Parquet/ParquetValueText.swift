import Scrollwork

/// A leaf's values as a table shows them: integers as numbers, decimals exactly, dates and
/// times as ISO 8601 writes them, text as text, binary as hex.
extension ParquetValueKind {
    /// Value `i` of `values` (of physical type `type`) as a cell's value.
    func value(_ values: ParquetValues, at i: Int) -> TableValue {
        switch values {
        case let .indexed(dictionary, indices): return value(dictionary, at: Int(indices[i]))
        case let .booleans(v): return .string(v[i] ? "true" : "false")
        case let .int32(v): return integer(Int64(v[i]), bits: 32)
        case let .int64(v): return integer(v[i], bits: 64)
        case let .floats(v): return .string(v[i].description)
        case let .doubles(v): return .double(v[i])
        case let .bytes(starts, data): return bytes(data[starts[i]..<starts[i + 1]])
        }
    }

    /// The values at `slots` of `values` (a missing value for a slot outside them), the
    /// values' storage looked at once, not once a value, and each dictionary entry made once.
    func values(_ values: ParquetValues, at slots: [Int]) -> [TableValue] {
        let count = values.count
        func each(_ make: (Int) -> TableValue) -> [TableValue] { slots.map { $0 >= 0 && $0 < count ? make($0) : .missing("NULL") } }
        switch values {
        case let .indexed(dictionary, indices):
            // A few rows of a large dictionary (a screen's) make their values as they come: a
            // value an entry would cost more than the rows.
            if slots.count * 4 < dictionary.count {
                return each { slot in Int(indices[slot]) < dictionary.count ? value(dictionary, at: Int(indices[slot])) : .missing("NULL") }
            }
            var made = [TableValue?](repeating: nil, count: dictionary.count)
            return each { slot in
                let entry = Int(indices[slot])
                guard entry < made.count else { return .missing("NULL") }
                if let kept = made[entry] { return kept }
                let value = self.value(dictionary, at: entry)
                made[entry] = value
                return value
            }
        case let .int32(v): return each { integer(Int64(v[$0]), bits: 32) }
        case let .int64(v): return each { integer(v[$0], bits: 64) }
        case let .doubles(v): return each { .double(v[$0]) }
        case let .bytes(starts, data): return each { bytes(data[starts[$0]..<starts[$0 + 1]]) }
        case .booleans, .floats: return each { value(values, at: $0) }
        }
    }

    private func integer(_ raw: Int64, bits: Int) -> TableValue {
        switch self {
        case .unsigned:
            let value = bits == 32 ? UInt64(UInt32(truncatingIfNeeded: raw)) : UInt64(bitPattern: raw)
            return value <= UInt64(Int.max) ? .int(Int(value)) : .string(String(value))
        case let .decimal(scale): return .string(Self.decimal(magnitude: [raw.magnitude], negative: raw < 0, scale: scale))
        case .date, .time, .timestamp: return .string(Self.text { appendTemporal(raw, to: &$0) })
        default: return .int(Int(raw))
        }
    }

    private func bytes(_ slice: ArraySlice<UInt8>) -> TableValue {
        switch self {
        case .text: return .string(String(decoding: slice, as: UTF8.self))
        case let .decimal(scale):
            // Big-endian two's complement of any length.
            let negative = (slice.first ?? 0) & 0x80 != 0
            var magnitude = Array(slice)
            if negative {
                var carry = 1
                for k in magnitude.indices.reversed() {
                    let sum = Int(~magnitude[k]) + carry
                    magnitude[k] = UInt8(truncatingIfNeeded: sum)
                    carry = sum >> 8
                }
            }
            var words: [UInt64] = []
            var k = magnitude.count
            while k > 0 {
                let start = Swift.max(0, k - 8)
                words.append(magnitude[start..<k].reduce(0) { $0 << 8 | UInt64($1) })
                k = start
            }
            return .string(Self.decimal(magnitude: words, negative: negative, scale: scale))
        case .int96 where slice.count == 12:
            let b = Array(slice)
            let nanos = (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[$1]) << (8 * UInt64($1)) }
            let julian = (8..<12).reduce(UInt64(0)) { $0 | UInt64(b[$1]) << (8 * UInt64($1 - 8)) }
            let days = Int64(julian) - 2_440_588
            return .string(Self.date(days: days) + " " + Self.clock(Int64(nanos % 86_400_000_000_000), digits: 9))
        case .uuid where slice.count == 16:
            let hex = HexText.lowercase(slice)
            let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { r in String(hex[hex.index(hex.startIndex, offsetBy: r.lowerBound)..<hex.index(hex.startIndex, offsetBy: r.upperBound)]) }
            return .string(parts.joined(separator: "-"))
        case .float16 where slice.count == 2:
            let bits = UInt16(slice[slice.startIndex]) | UInt16(slice[slice.startIndex + 1]) << 8
            return .string(halfFloat(bits).description)
        default: return .string(HexText.lowercase(slice))
        }
    }

    /// A whole number of little-endian 64-bit `magnitude` words, with `scale` digits after the
    /// point.
    package static func decimal(magnitude: [UInt64], negative: Bool, scale: Int) -> String {
        var words = magnitude
        var digits: [UInt8] = []
        // Divide by 10^18 again and again, the words taken from the top.
        while words.contains(where: { $0 != 0 }) {
            var remainder: UInt64 = 0
            for k in words.indices.reversed() {
                let (q, r) = UInt64(1_000_000_000_000_000_000).dividingFullWidth((remainder, words[k]))
                words[k] = q
                remainder = r
            }
            var chunk = Array(String(remainder).utf8)
            if words.contains(where: { $0 != 0 }) { chunk = Array(repeating: UInt8(ascii: "0"), count: 18 - chunk.count) + chunk }
            digits = chunk + digits
        }
        if digits.isEmpty { digits = [UInt8(ascii: "0")] }
        let scale = Swift.min(scale, 1000)
        if scale > 0 {
            if digits.count <= scale { digits = Array(repeating: UInt8(ascii: "0"), count: scale - digits.count + 1) + digits }
            digits.insert(UInt8(ascii: "."), at: digits.count - scale)
        }
        let text = String(decoding: digits, as: UTF8.self)
        return negative && magnitude.contains(where: { $0 != 0 }) ? "-" + text : text
    }

    /// The day `days` after 1970-01-01 as 2024-01-31 (the proleptic Gregorian calendar).
    package static func date(days: Int64) -> String { text { appendDate(days: days, to: &$0) } }

    /// `units` of 10^-`digits` seconds into a day as 13:45:30.123.
    package static func clock(_ units: Int64, digits: Int) -> String { text { appendClock(units, digits: digits, to: &$0) } }

    /// The text `write` appends to no bytes.
    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text ``value(_:at:)`` gives a date, time of day or timestamp stored as the
    /// whole number `raw`, written straight into `bytes` (a save writes millions); nothing for
    /// other kinds.
    func appendTemporal(_ raw: Int64, to bytes: inout [UInt8]) {
        switch self {
        case .date: Self.appendDate(days: raw, to: &bytes)
        case let .time(digits): Self.appendClock(raw, digits: digits, to: &bytes)
        case let .timestamp(digits, utc):
            let (days, inDay) = Self.floorDivide(raw, 86_400 * Self.power(digits))
            Self.appendDate(days: days, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            Self.appendClock(inDay, digits: digits, to: &bytes)
            if utc { bytes.append(UInt8(ascii: "Z")) }
        default: break
        }
    }

    /// The bytes of ``appendTemporal(_:to:)``'s text of a date, time or timestamp of the years
    /// 0 to 9999 (the others take a few more); 0 for other kinds.
    var temporalTextLength: Int {
        switch self {
        case .date: 10
        case let .time(digits): 8 + (digits > 0 ? 1 + Swift.min(digits, 64) : 0)
        case let .timestamp(digits, utc): 19 + (digits > 0 ? 1 + Swift.min(digits, 64) : 0) + (utc ? 1 : 0)
        default: 0
        }
    }

    /// Appends ``date(days:)``'s text.
    static func appendDate(days: Int64, to bytes: inout [UInt8]) {
        // Howard Hinnant's days_from_civil, inverted.
        let z = days.clamped(to: -1_000_000_000...1_000_000_000) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        appendPadded(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, 2, to: &bytes)
    }

    /// Appends ``clock(_:digits:)``'s text.
    static func appendClock(_ units: Int64, digits: Int, to bytes: inout [UInt8]) {
        let unit = power(digits)
        let (seconds, fraction) = floorDivide(units, unit)
        let (_, inDay) = floorDivide(seconds, 86_400)
        appendPadded(inDay / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(inDay / 60 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(inDay % 60, 2, to: &bytes)
        guard digits > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        appendPadded(fraction, digits, to: &bytes)
    }

    static func power(_ digits: Int) -> Int64 { (0..<Swift.min(Swift.max(0, digits), 18)).reduce(1) { r, _ in r * 10 } }

    static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Appends `value`'s digits, zeros before them up to `width` digits, and a minus sign
    /// before those when it is negative.
    private static func appendPadded(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendDigits(of: value.magnitude, atLeast: width)
    }
}

/// IEEE half-precision bits read as a Float, without relying on Float16 (missing on some
/// platforms).
func halfFloat(_ bits: UInt16) -> Float {
    let sign: Float = bits & 0x8000 != 0 ? -1 : 1
    let exponent = Int((bits >> 10) & 0x1F), mantissa = Float(bits & 0x3FF)
    switch exponent {
    case 0: return sign * mantissa * 0x1p-24
    case 31: return mantissa == 0 ? sign * .infinity : .nan
    default: return sign * (1 + mantissa / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
    }
}
