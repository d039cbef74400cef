/// Bytes of text from outside made safe to hand to a terminal as they come, a piece at a time:
/// each control character but a line feed and a tab shows as its picture
/// (`Unicode.Scalar.visibleSubstitute`: ␛ for escape, ␍ for a carriage return, U+FFFD for a C1
/// control), and bytes that are no UTF-8 as U+FFFD, so that no value a file holds can move the
/// cursor, set the window's title or start a sequence the terminal obeys. A character cut between
/// two pieces is held until the next (or ``end()``) rather than shown as two wrong ones.
public struct VisibleText: Sendable {
    /// The start of a UTF-8 sequence the last piece ended inside.
    private var carried: [UInt8] = []

    /// Text shown as it is given.
    public init() {}

    /// `bytes` as they may be shown: the same bytes when they are printable ASCII, line feeds
    /// and tabs only (the common case, passed through without decoding).
    public mutating func shown(_ bytes: [UInt8]) -> [UInt8] {
        if carried.isEmpty && bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) { return bytes }
        var text = carried + bytes
        let cut = Self.incompleteTail(of: text)
        carried = Array(text[cut...])
        text.removeSubrange(cut...)
        return Self.substituted(text)
    }

    /// What is still held at the end of the text: a character cut short, shown as U+FFFD.
    public mutating func end() -> [UInt8] {
        defer { carried = [] }
        return carried.isEmpty ? [] : Self.substituted(carried)
    }

    /// Where a UTF-8 sequence begins that `bytes` end before it is whole; `bytes.count` when they
    /// end whole (or with bytes no sequence could complete, which are shown as U+FFFD now).
    private static func incompleteTail(of bytes: [UInt8]) -> Int {
        var start = bytes.count
        // A sequence is at most four bytes: its lead byte is among the last three.
        while start > 0 && bytes.count - start < 3 {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 && byte < 0xF0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 1
                return length > bytes.count - start ? start : bytes.count
            }
        }
        return bytes.count
    }

    /// `bytes` decoded (bytes that are no UTF-8 as U+FFFD) with each control character but a
    /// line feed and a tab as its picture.
    private static func substituted(_ bytes: [UInt8]) -> [UInt8] {
        var shown = String.UnicodeScalarView()
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            shown.append(scalar == "\n" || scalar == "\t" ? scalar : scalar.visibleSubstitute)
        }
        return Array(String(shown).utf8)
    }
}
