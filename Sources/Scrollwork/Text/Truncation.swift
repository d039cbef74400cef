/// Where text that is too wide for its space loses characters, replaced by an ellipsis "…".
///
/// Use `middle` for file paths and other text whose beginning and end both matter (LT-06).
public enum Truncation: Sendable, Hashable, CaseIterable {
    /// Keep the end: "…ble view".
    case head
    /// Keep both ends: "/Users/…/notes.txt".
    case middle
    /// Keep the beginning: "Table vi…".
    case tail

    /// The widest text ``Swift/String/fitted(toWidth:_:)`` pads to, in cells: far wider than any
    /// screen, and small enough that padding never exhausts memory.
    public static let maximumPaddedWidth = 1 << 16

    /// The ellipsis that marks the cut.
    public static let ellipsis: Character = "…"

    /// Fits `text` into `width` terminal cells.
    ///
    /// Text that fits is returned unchanged. Otherwise the result is exactly `width` cells wide:
    /// whole grapheme clusters from the kept end(s), the ellipsis, and, when a wide character
    /// would have straddled the cut, one space of padding beside the ellipsis in its place. A
    /// negative width is treated as zero, giving an empty string.
    ///
    /// ```swift
    /// Truncation.middle.apply(to: "/usr/local/share/doc", width: 12)  // "/usr/l…e/doc"
    /// ```
    public func apply(to text: String, width: Int) -> String {
        let width = Swift.max(0, width)
        // Short ASCII text fits without measuring: one cell per byte at most.
        if text.utf8.count <= width { return text }
        guard let parts = parts(of: text, width: width) else { return text }
        if width == 0 { return "" }
        var result = String(text[..<parts.prefixEnd])
        if self == .head { result += String(repeating: " ", count: parts.padding) }
        result.append(Truncation.ellipsis)
        if self != .head { result += String(repeating: " ", count: parts.padding) }
        result += text[parts.suffixStart...]
        return result
    }

    /// For text of `count` characters one cell wide each (printable ASCII): how many to keep
    /// from its start and from its end around the ellipsis to fit `width` cells (a negative
    /// width is 0, which keeps none); nil when it fits whole. What ``apply(to:width:)`` cuts,
    /// for a host that writes the kept characters without making the cut string.
    public func keptEnds(ofCharacters count: Int, width: Int) -> (head: Int, tail: Int)? {
        guard count > Swift.max(0, width) else { return nil }
        let budget = Swift.max(0, width - 1)
        switch self {
        case .tail: return (budget, 0)
        case .head: return (0, budget)
        case .middle: return ((budget + 1) / 2, budget - (budget + 1) / 2)
        }
    }

    /// True when every byte is printable ASCII; read as memory when the text is stored contiguously.
    private static func isPrintableASCII(_ utf8: String.UTF8View) -> Bool {
        unsafe utf8.withContiguousStorageIfAvailable(isPrintableASCII) ?? utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// True when every byte is printable ASCII (0x20…0x7E), read eight at a time; the last
    /// eight (or four) overlap the ones before, so a short text is one or two reads.
    package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        // Safe: every load lies inside the buffer the caller lends for the call: at offsets `i`
        // with `i + 8 < count`, then the last eight (or four) bytes, read only when there are as
        // many; a shorter text byte by byte below `count`.
        let raw = unsafe UnsafeRawPointer(start)
        let count = bytes.count
        // A byte below 0x20 borrows into its top bit when 0x20 is taken from it, one of 0x7F
        // reaches it when 1 is added, and one from 0x80 has it set already; a borrow or a carry
        // between bytes only follows such a byte.
        @inline(__always) func printable(_ word: UInt64) -> Bool {
            ((word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080 == 0
        }
        @inline(__always) func printable(_ word: UInt32) -> Bool {
            ((word &- 0x2020_2020) | (word &+ 0x0101_0101) | word) & 0x8080_8080 == 0
        }
        if count >= 8 {
            var i = 0
            while i &+ 8 < count {
                if unsafe !printable(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return false }
                i &+= 8
            }
            return unsafe printable(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
        if count >= 4 {
            return unsafe printable(raw.loadUnaligned(as: UInt32.self)) && printable(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
        }
        for i in 0..<count where unsafe start[i] < 0x20 || start[i] >= 0x7F { return false }
        return true
    }

    /// Where to cut: the kept prefix ends at `prefixEnd`, the kept suffix starts at `suffixStart`,
    /// and `padding` cells are filled with spaces. Nil when the text fits.
    private func parts(of text: String, width: Int) -> (prefixEnd: String.Index, suffixStart: String.Index, padding: Int)? {
        // Printable ASCII is one cell per byte and every byte a cluster: cut by offsets.
        let utf8 = text.utf8
        if Self.isPrintableASCII(utf8) {
            guard let (left, right) = keptEnds(ofCharacters: utf8.count, width: width) else { return nil }
            return (utf8.index(utf8.startIndex, offsetBy: left), utf8.index(utf8.endIndex, offsetBy: -right), 0)
        }
        // Find out whether the text fits without measuring more of it than `width` + 1 cells.
        var total = 0
        for character in text {
            total += drawnWidth(character)
            if total > width { break }
        }
        guard total > width else { return nil }
        let budget = Swift.max(0, width - 1)
        switch self {
        case .tail:
            let (end, used) = Self.prefix(of: text, budget: budget)
            return (end, text.endIndex, budget - used)
        case .head:
            let (start, used) = Self.suffix(of: text, budget: budget, notBefore: text.startIndex)
            return (text.startIndex, start, budget - used)
        case .middle:
            let (firstEnd, firstUsed) = Self.prefix(of: text, budget: (budget + 1) / 2)
            let (start, rightUsed) = Self.suffix(of: text, budget: budget - firstUsed, notBefore: firstEnd)
            // Space the suffix could not use (a wide character in the way) goes back to the prefix.
            let (end, leftUsed) = Self.prefix(of: text, budget: budget - rightUsed, notAfter: start)
            return (end, start, budget - leftUsed - rightUsed)
        }
    }

    /// The longest run of whole clusters from the start that fits in `budget` cells.
    private static func prefix(of text: String, budget: Int, notAfter limit: String.Index? = nil) -> (String.Index, Int) {
        let limit = limit ?? text.endIndex
        var index = text.startIndex, used = 0
        while index < limit {
            let w = drawnWidth(text[index])
            if used + w > budget { break }
            used += w
            text.formIndex(after: &index)
        }
        return (index, used)
    }

    /// The longest run of whole clusters from the end that fits in `budget` cells.
    private static func suffix(of text: String, budget: Int, notBefore limit: String.Index) -> (String.Index, Int) {
        var index = text.endIndex, used = 0
        while index > limit {
            let before = text.index(before: index)
            let w = drawnWidth(text[before])
            if used + w > budget { break }
            used += w
            index = before
        }
        return (index, used)
    }
}

extension String {
    /// This string fitted into `width` cells; see ``Truncation/apply(to:width:)``.
    public func truncated(toWidth width: Int, _ mode: Truncation = .tail) -> String {
        mode.apply(to: self, width: width)
    }

    /// This string truncated or padded with spaces so that it is exactly `width` cells wide.
    /// Padding stops at ``Truncation/maximumPaddedWidth`` cells: a larger width pads to that.
    public func fitted(toWidth width: Int, _ mode: Truncation = .tail) -> String {
        let cut = mode.apply(to: self, width: width)
        let missing = Swift.min(Swift.max(0, width), Truncation.maximumPaddedWidth) - drawnWidth(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }
}
