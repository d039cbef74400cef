/// A size in bytes as Finder shows it: decimal units (1 KB is 1,000 bytes), whole kilobytes, one
/// decimal for megabytes and two for larger units, a fraction of zero left out: "Zero bytes",
/// "1 byte", "532 bytes", "12 KB", "1 MB", "3.9 MB", "1.25 GB". A negative count shows as
/// "Zero bytes".
public func finderByteCount(_ bytes: Int) -> String {
    guard bytes > 0 else { return "Zero bytes" }
    if bytes == 1 { return "1 byte" }
    if bytes < 1000 { return "\(bytes) bytes" }
    // The unit is chosen after rounding, so 999,999 bytes is "1 MB", not "1,000 KB".
    var unit = 0, size = 1e3
    while true {
        // Whole kilobytes, a decimal for megabytes, two for larger units.
        let decimals = Swift.min(unit, 2)
        let scale = decimals == 0 ? 1.0 : decimals == 1 ? 10 : 100
        let rounded = (Double(bytes) / size * scale).rounded() / scale
        if rounded < 1000 || unit == byteUnitNames.count - 1 { return decimal(rounded, decimals, unit: byteUnitNames[unit]) }
        unit += 1
        size *= 1e3
    }
}

/// Finder's units, from kilobytes up: names of two letters, so that a table formatting a
/// screen of sizes every frame it pages copies no strings.
private let byteUnitNames: [(UInt8, UInt8)] = [(75, 66), (77, 66), (71, 66), (84, 66), (80, 66), (69, 66)]

/// `value` with `decimals` digits after the point, or none when they are all zero, then a
/// space and `unit`.
private func decimal(_ value: Double, _ decimals: Int, unit: (UInt8, UInt8)) -> String {
    let scale = decimals == 0 ? 1 : decimals == 1 ? 10 : 100
    let scaled = Int(saturating: (value * Double(scale)).rounded())
    let whole = scaled / scale, fraction = scaled % scale
    let shown = decimals > 0 && fraction != 0 ? decimals : 0
    // Written from the last byte back into a small buffer: a table formats a screen of these
    // every frame it pages. Safe: at most 19 digits a part, a point, a sign and the unit's three
    // bytes are written from the end of 48, so `at` never goes below 0.
    return unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { bytes in
        var at = bytes.count - 3
        unsafe bytes[at] = UInt8(ascii: " ")
        unsafe bytes[at + 1] = unit.0
        unsafe bytes[at + 2] = unit.1
        func put(_ n: Int, digits: Int) {
            var value = n.magnitude, written = 0
            repeat {
                at -= 1
                unsafe bytes[at] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                written += 1
            } while value > 0 || written < digits
        }
        if shown > 0 {
            put(fraction, digits: shown)
            at -= 1
            unsafe bytes[at] = UInt8(ascii: ".")
        }
        put(whole, digits: 1)
        if scaled < 0 { at -= 1; unsafe bytes[at] = UInt8(ascii: "-") }
        return unsafe String(decoding: UnsafeBufferPointer(rebasing: bytes[at...]), as: UTF8.self)
    }
}
