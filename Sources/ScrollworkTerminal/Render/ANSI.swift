import Scrollwork
import ScrollworkWidgets
/// Escape sequences the host writes, as bytes.
enum ANSI {
    static let esc: UInt8 = 0x1B
    static func csi(_ body: String) -> [UInt8] { [esc, UInt8(ascii: "[")] + Array(body.utf8) }

    static let beginSynchronized = csi("?2026h")
    static let endSynchronized = csi("?2026l")
    static let clearScreen = csi("2J")
    static let resetStyle = csi("0m")
    static let resetScrollRegion = csi("r")
    static let showCursor = csi("?25h")

    /// Appends CSI row;column H (1-based) without building a string: a frame moves the cursor
    /// once a run.
    static func appendMove(column: Int, row: Int, into out: inout [UInt8]) {
        appendCSI(row.addingSaturating(1), column.addingSaturating(1), UInt8(ascii: "H"), into: &out)
    }

    /// Appends CSI `first`;`second` followed by `final`: a cursor move, a scroll region.
    private static func appendCSI(_ first: Int, _ second: Int, _ final: UInt8, into out: inout [UInt8]) {
        out.append(esc)
        out.append(UInt8(ascii: "["))
        appendDecimal(first, into: &out)
        out.append(UInt8(ascii: ";"))
        appendDecimal(second, into: &out)
        out.append(final)
    }

    /// Appends CSI n C (CSI C for one cell).
    static func appendForward(_ n: Int, into out: inout [UInt8]) {
        out.append(esc)
        out.append(UInt8(ascii: "["))
        if n != 1 { appendDecimal(n, into: &out) }
        out.append(UInt8(ascii: "C"))
    }

    /// Appends a non-negative number in decimal digits (a negative one as 0).
    @inline(__always)
    static func appendDecimal(_ n: Int, into out: inout [UInt8]) {
        // A screen's rows and columns, the usual numbers, a byte at a time without a loop.
        guard n >= 0 && n < 1000 else { return appendLongDecimal(n, into: &out) }
        if n >= 100 { out.append(48 &+ UInt8(truncatingIfNeeded: n / 100)) }
        if n >= 10 { out.append(48 &+ UInt8(truncatingIfNeeded: n / 10 % 10)) }
        out.append(48 &+ UInt8(truncatingIfNeeded: n % 10))
    }

    /// ``appendDecimal(_:into:)`` for any other number.
    private static func appendLongDecimal(_ n: Int, into out: inout [UInt8]) {
        // Safe: the longest number, Int.max, has 19 digits of the 20.
        unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { bytes in
            unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<putDecimal(n, into: bytes, at: 0)]))
        }
    }

    /// Writes a non-negative number's decimal digits (a negative one as 0) into `bytes` from
    /// `start`, which must leave room for 20; returns the index after the last.
    static func putDecimal(_ n: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        // Safe where the caller leaves room for 20 from `start` (as it must): at most 19 digits.
        var value = UInt(Swift.max(0, n)), digits = 1
        while value >= 10 { value /= 10; digits += 1 }
        value = UInt(Swift.max(0, n))
        for place in stride(from: start + digits - 1, through: start, by: -1) {
            unsafe bytes[place] = UInt8(48 + value % 10)
            value /= 10
        }
        return start + digits
    }

    /// Appends what scrolls rows `top...bottom` (0-based) up `n` lines (down when `up` is
    /// false): the region (DECSTBM), SU or SD (without a count for one line), and the whole
    /// screen as the region again. Written straight out: a one-row scroll does this each frame.
    static func appendScroll(top: Int, bottom: Int, up: Bool, lines n: Int, into out: inout [UInt8]) {
        appendCSI(top.addingSaturating(1), bottom.addingSaturating(1), UInt8(ascii: "r"), into: &out)
        out.append(esc)
        out.append(UInt8(ascii: "["))
        if n != 1 { appendDecimal(n, into: &out) }
        out.append(up ? UInt8(ascii: "S") : UInt8(ascii: "T"))
        out.append(esc)
        out.append(UInt8(ascii: "["))
        out.append(UInt8(ascii: "r"))
    }

    /// OSC 52: puts `text` on the clipboard, in terminals that allow programs to set it.
    static func setClipboard(_ text: String) -> [UInt8] {
        [esc] + Array("]52;c;".utf8) + Base64.encode(Array(text.utf8)) + [0x07]
    }
}
