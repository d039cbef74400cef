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

    static func moveTo(column: Int, row: Int) -> [UInt8] { csi("\(row + 1);\(column + 1)H") }

    /// Appends CSI row;column H (1-based) without building a string.
    static func appendMove(column: Int, row: Int, into out: inout [UInt8]) {
        out.append(esc)
        out.append(UInt8(ascii: "["))
        appendDecimal(row + 1, into: &out)
        out.append(UInt8(ascii: ";"))
        appendDecimal(column + 1, into: &out)
        out.append(UInt8(ascii: "H"))
    }

    /// Appends CSI n C (CSI C for one cell).
    static func appendForward(_ n: Int, into out: inout [UInt8]) {
        out.append(esc)
        out.append(UInt8(ascii: "["))
        if n != 1 { appendDecimal(n, into: &out) }
        out.append(UInt8(ascii: "C"))
    }

    /// Appends a non-negative number in decimal digits (a negative one as 0).
    static func appendDecimal(_ n: Int, into out: inout [UInt8]) {
        var n = Swift.max(0, n)
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(48 + n % 10)
                n /= 10
                count += 1
            } while n > 0
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }
    static func forward(_ n: Int) -> [UInt8] { n == 1 ? csi("C") : csi("\(n)C") }
    static func scrollRegion(top: Int, bottom: Int) -> [UInt8] { csi("\(top + 1);\(bottom + 1)r") }
    static func scrollUp(_ n: Int) -> [UInt8] { n == 1 ? csi("S") : csi("\(n)S") }
    static func scrollDown(_ n: Int) -> [UInt8] { n == 1 ? csi("T") : csi("\(n)T") }

    /// OSC 52: puts `text` on the clipboard, in terminals that allow programs to set it.
    static func setClipboard(_ text: String) -> [UInt8] {
        [esc] + Array("]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
    }

    /// Standard base64 with padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return out
    }
}
