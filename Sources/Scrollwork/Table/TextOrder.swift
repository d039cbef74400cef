/// How a table column orders text when it sorts.
public enum TextOrder: Sendable, Hashable, CaseIterable {
    /// By Unicode code points, as Swift's `<` on strings orders them.
    case lexical
    /// As Finder orders file names: ignoring case, and reading runs of digits as numbers, so
    /// "alpha-2" comes before "alpha-10" and "alpha-10010" before "alpha-100000".
    case finder

    /// The bytes whose plain byte order is this order, for `text`. Sorting by these keys (one
    /// memory comparison each) is what makes Finder order nearly as fast as sorting bare bytes.
    ///
    /// Letters are lowercased; a run of ASCII digits becomes `0x30`, the run's length without
    /// leading zeros (two bytes, big-endian) and those digits, so a shorter number sorts first and
    /// equal lengths compare digit by digit; digits stay between punctuation and letters, as in
    /// ASCII.
    public func sortKey(_ text: String) -> [UInt8] {
        guard self == .finder else { return Array(text.utf8) }
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 4)
        var digits: [UInt8] = []
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == 0x30 }
            let run = significant.isEmpty ? [0x30] : Array(significant)
            let length = Swift.min(run.count, 0xFFFF)
            key.append(0x30)
            key.append(UInt8(length >> 8))
            key.append(UInt8(length & 0xFF))
            key.append(contentsOf: run)
            digits.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x30 && v <= 0x39 { digits.append(UInt8(v)); continue }
            flushDigits()
            if v < 0x80 {
                key.append(v >= 0x41 && v <= 0x5A ? UInt8(v + 0x20) : UInt8(v))
            } else {
                key.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        flushDigits()
        return key
    }
}
