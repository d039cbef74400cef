import ScrollworkFiles

// How a value read from a file's bytes is written for the screen, checked against a second,
// plain reading: a Parquet decimal of any words and scale is its digits with the point in place;
// a date of any day number reads back (by the civil calendar's own arithmetic) as that day; a
// time of day of any count of units reads back as that count modulo a day; hex is two digits a
// byte. And a number in text, read as a table's numbers are, is the number Swift reads from the
// same text where both read one. The first byte chooses the case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let body = input.body
    let words = stride(from: 0, to: body.count - body.count % 8, by: 8).map { start in
        body[start..<(start + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    switch input.settings % 5 {
    case 0: decimal(Array(words.prefix(4)), negative: input.settings & 8 != 0, scale: Int(body.last ?? 0) % 60)
    case 1: words.forEach(date)
    case 2: words.forEach { clock(Int64(bitPattern: $0), digits: [0, 3, 6, 9][Int(input.settings >> 3) % 4]) }
    case 3:
        let hex = Array(HexText.lowercase(body).utf8)
        let read = stride(from: 0, to: hex.count - hex.count % 2, by: 2).compactMap { UInt8(String(decoding: hex[$0...($0 + 1)], as: UTF8.self), radix: 16) }
        agree(hex.count == 2 * body.count && read == body, "hex of \(body.count) bytes reads back as \(read.count) other bytes")
    default: number(String(decoding: body, as: UTF8.self))
    }
    return 0
}

/// The decimal of `magnitude` (little-endian words) and `scale`, against digits made by dividing
/// by ten one digit at a time.
private func decimal(_ magnitude: [UInt64], negative: Bool, scale: Int) {
    let text = ParquetValueKind.decimal(magnitude: magnitude, negative: negative, scale: scale)
    var words = magnitude
    var digits: [Character] = []
    while words.contains(where: { $0 != 0 }) {
        var remainder: UInt64 = 0
        for k in words.indices.reversed() {
            let (q, r) = UInt64(10).dividingFullWidth((remainder, words[k]))
            words[k] = q
            remainder = r
        }
        digits.insert(Character(String(remainder)), at: 0)
    }
    if digits.count <= scale { digits = Array(repeating: "0", count: scale - digits.count + 1) + digits }
    if scale > 0 { digits.insert(".", at: digits.count - scale) }
    let expected = (negative && magnitude.contains { $0 != 0 } ? "-" : "") + String(digits)
    agree(text == expected, "\(magnitude) scale \(scale) written \(text), not \(expected)")
}

/// Day `raw` (as a signed number, within the ±10⁹ days the writer keeps to) written as a date
/// reads back as the same day.
private func date(_ raw: UInt64) {
    let days = Int64(bitPattern: raw) % 1_000_000_001
    let text = ParquetValueKind.date(days: days)
    let negativeYear = text.hasPrefix("-")
    let parts = (negativeYear ? text.dropFirst() : Substring(text)).split(separator: "-")
    guard parts.count == 3, let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]) else {
        return agree(false, "day \(days) written \(text)")
    }
    agree((1...12).contains(month) && (1...31).contains(day) && parts[1].count == 2 && parts[2].count == 2, "day \(days) written \(text)")
    agree(civilDays(year: negativeYear ? -year : year, month: month, day: day) == days, "day \(days) written \(text), which reads as another day")
}

/// The days from 1970-01-01 to a civil date (Howard Hinnant's days_from_civil).
private func civilDays(year y: Int64, month m: Int64, day d: Int64) -> Int64 {
    let year = m <= 2 ? y - 1 : y
    let era = (year >= 0 ? year : year - 399) / 400
    let yoe = year - era * 400
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
}

/// `units` of 10^-`digits` seconds written as a time of day reads back as `units` modulo a day.
private func clock(_ units: Int64, digits: Int) {
    let text = ParquetValueKind.clock(units, digits: digits)
    let unit = (0..<digits).reduce(Int64(1)) { r, _ in r * 10 }
    let pieces = text.split(separator: ":")
    let seconds = pieces.count == 3 ? pieces[2].split(separator: ".", omittingEmptySubsequences: false) : []
    guard pieces.count == 3, let h = Int64(pieces[0]), let m = Int64(pieces[1]), let s = seconds.first.flatMap({ Int64($0) }),
          (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s), (seconds.count == 2) == (digits > 0) else {
        return agree(false, "\(units) units of 10^-\(digits) s written \(text)")
    }
    let fraction = seconds.count == 2 ? Int64(seconds[1]) : 0
    agree(seconds.count == 1 || seconds[1].count == digits, "\(units) written \(text): not \(digits) digits after the point")
    let day = 86_400 * unit
    let expected = (units % day + day) % day
    agree(((h * 3600 + m * 60 + s) * unit + (fraction ?? -1)) == expected, "\(units) units of 10^-\(digits) s written \(text)")
}

/// A number in `text`: the table's reading and Swift's agree where the table reads one.
private func number(_ text: String) {
    guard let read = NumberText.real(text) else { return }
    let lower = text.lowercased()
    if lower.hasSuffix("nan") { return agree(read.isNaN, "\(text) read as \(read)") }
    if lower.contains("inf") { return agree(read.isInfinite && (read < 0) == text.hasPrefix("-"), "\(text) read as \(read)") }
    // Swift reads no `5.` or `.5` without a digit beside the point, nor a leading `+`.
    var plain = text.hasPrefix("+") ? String(text.dropFirst()) : text
    plain = plain.replacingOccurrences(".e", with: ".0e")
    if plain.hasSuffix(".") { plain += "0" }
    if plain.hasPrefix(".") { plain = "0" + plain } else if plain.hasPrefix("-.") { plain = "-0" + plain.dropFirst() }
    guard let swift = Double(plain) else { return agree(false, "\(text) read as \(read), and Swift reads no number in \(plain)") }
    agree(read == swift || (read.isNaN && swift.isNaN), "\(text) read as \(read), Swift reads \(swift)")
}

extension String {
    /// Without Foundation: each `target` replaced.
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
