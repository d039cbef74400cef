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
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 6)
        appendSortKey(text, to: &key)
        return key
    }

    /// Appends ``sortKey(_:)`` of `text` to `key`: many keys share one buffer this way.
    func appendSortKey(_ text: String, to key: inout [UInt8]) {
        guard self == .finder else { key.append(contentsOf: text.utf8); return }
        var writer = FinderKeyWriter()
        swap(&writer.key, &key)
        defer { swap(&writer.key, &key) }
        let start = writer.key.count
        // ASCII, the common case, byte by byte; other text scalar by scalar, starting over.
        var ascii = true
        for byte in text.utf8 {
            guard byte < 0x80 else {
                ascii = false
                break
            }
            writer.put(byte)
        }
        if !ascii {
            writer.key.removeSubrange(start...)
            writer.run = nil
            for scalar in text.unicodeScalars {
                if scalar.value < 0x80 {
                    writer.put(UInt8(scalar.value))
                } else {
                    writer.endRun()
                    writer.key.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                }
            }
        }
        writer.endRun()
    }
}

/// Writes Finder keys: ASCII letters lowercased, runs of digits as a header (0x30 and the run's
/// length without leading zeros, two bytes) and those digits, straight into the key.
private struct FinderKeyWriter {
    var key: [UInt8] = []
    /// Where the current run of digits has its header, and whether a digit other than a leading
    /// zero has come yet.
    var run: (header: Int, significant: Bool)? = nil

    mutating func put(_ byte: UInt8) {
        guard byte >= 0x30 && byte <= 0x39 else {
            endRun()
            key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            return
        }
        if run == nil {
            run = (key.count, false)
            key.append(0x30)
            key.append(0)
            key.append(0)
        }
        if byte != 0x30 || run?.significant == true {
            run?.significant = true
            key.append(byte)
        }
    }

    mutating func endRun() {
        guard let r = run else { return }
        if !r.significant { key.append(0x30) }
        let length = Swift.min(key.count - r.header - 3, 0xFFFF)
        key[r.header + 1] = UInt8(length >> 8)
        key[r.header + 2] = UInt8(length & 0xFF)
        run = nil
    }
}
