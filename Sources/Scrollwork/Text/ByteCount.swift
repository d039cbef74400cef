/// A size in bytes as Finder shows it: decimal units (1 KB is 1,000 bytes), whole kilobytes, one
/// decimal for megabytes and two for larger units, a fraction of zero left out: "Zero bytes",
/// "1 byte", "532 bytes", "12 KB", "1 MB", "3.9 MB", "1.25 GB". A negative count shows as
/// "Zero bytes".
public func finderByteCount(_ bytes: Int) -> String {
    let units = byteUnits
    guard bytes > 0 else { return "Zero bytes" }
    if bytes == 1 { return "1 byte" }
    if bytes < 1000 { return "\(bytes) bytes" }
    // The unit is chosen after rounding, so 999,999 bytes is "1 MB", not "1,000 KB".
    for (i, unit) in units.enumerated() {
        let scale = Double(Int(saturating: pow10(unit.decimals)))
        let rounded = (Double(bytes) / unit.size * scale).rounded() / scale
        if rounded < 1000 || i == units.count - 1 {
            var text = decimal(rounded, unit.decimals)
            text += " "
            text += unit.name
            return text
        }
    }
    return "\(bytes) bytes"
}

/// Finder's units, with the decimals each shows.
private let byteUnits: [(name: String, size: Double, decimals: Int)] = [("KB", 1e3, 0), ("MB", 1e6, 1), ("GB", 1e9, 2), ("TB", 1e12, 2), ("PB", 1e15, 2), ("EB", 1e18, 2)]

private func pow10(_ n: Int) -> Double { n <= 0 ? 1 : 10 * pow10(n - 1) }

/// `value` with `decimals` digits after the point, or none when they are all zero.
private func decimal(_ value: Double, _ decimals: Int) -> String {
    let scale = Int(saturating: pow10(decimals))
    let scaled = Int(saturating: (value * Double(scale)).rounded())
    let whole = scaled / scale, fraction = scaled % scale
    let shown = decimals > 0 && fraction != 0 ? decimals : 0
    // Written from the last digit back into a small buffer: a table formats a screen of these
    // every frame it pages.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { bytes in
        var at = bytes.count
        func put(_ n: Int, digits: Int) {
            var value = n.magnitude, written = 0
            repeat {
                at -= 1
                bytes[at] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                written += 1
            } while value > 0 || written < digits
        }
        if shown > 0 {
            put(fraction, digits: shown)
            at -= 1
            bytes[at] = UInt8(ascii: ".")
        }
        put(whole, digits: 1)
        if scaled < 0 { at -= 1; bytes[at] = UInt8(ascii: "-") }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[at...]), as: UTF8.self)
    }
}
