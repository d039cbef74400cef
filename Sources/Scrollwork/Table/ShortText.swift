/// ASCII text of at most eight characters packed into one word that orders as the text does:
/// seven bits a character from the top (ASCII needs no more), then four bits of length, so that
/// text that begins another sorts first. Codes, tags and identifiers (a carrier, a tail number,
/// a state) are nearly always this short: a column of them sorts as integers do, in 8 bytes a row
/// instead of a 16-byte string, with no bytes to fetch per comparison.
enum ShortText {
    /// The most characters a word holds.
    static let maximumLength = 8

    /// `text` packed, or nil when it is longer than ``maximumLength`` or not all ASCII.
    @inline(__always)
    static func pack(_ text: String) -> UInt64? {
        var word: UInt64 = 0, count = 0
        for byte in text.utf8 {
            guard byte < 0x80, count < maximumLength else { return nil }
            word |= UInt64(byte) << UInt64(57 - 7 * count)
            count += 1
        }
        return word | UInt64(count)
    }

    /// ``pack(_:)`` of text given as its UTF-8 bytes.
    @inline(__always)
    static func pack(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard utf8.count <= maximumLength else { return nil }
        var word: UInt64 = 0
        // Safe: the bytes the caller lends for the call, read below their count.
        for unsafe (count, byte) in unsafe utf8.enumerated() {
            guard byte < 0x80 else { return nil }
            word |= UInt64(byte) << UInt64(57 - 7 * count)
        }
        return word | UInt64(utf8.count)
    }

    /// The text `word` packs.
    static func unpack(_ word: UInt64) -> String {
        let count = Swift.min(Int(word & 0xF), maximumLength)
        return String(decoding: (0..<count).map { UInt8(truncatingIfNeeded: word >> UInt64(57 - 7 * $0)) & 0x7F }, as: UTF8.self)
    }
}
