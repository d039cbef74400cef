/// Escape sequences the host writes, as bytes.
enum ANSI {
    static let esc: UInt8 = 0x1B
    static func csi(_ body: String) -> [UInt8] { [esc, UInt8(ascii: "[")] + Array(body.utf8) }

    static let beginSynchronized = csi("?2026h")
    static let endSynchronized = csi("?2026l")
    static let clearScreen = csi("2J")
    static let resetStyle = csi("0m")
    static let resetScrollRegion = csi("r")

    static func moveTo(column: Int, row: Int) -> [UInt8] { csi("\(row + 1);\(column + 1)H") }
    static func forward(_ n: Int) -> [UInt8] { n == 1 ? csi("C") : csi("\(n)C") }
    static func scrollRegion(top: Int, bottom: Int) -> [UInt8] { csi("\(top + 1);\(bottom + 1)r") }
    static func scrollUp(_ n: Int) -> [UInt8] { n == 1 ? csi("S") : csi("\(n)S") }
    static func scrollDown(_ n: Int) -> [UInt8] { n == 1 ? csi("T") : csi("\(n)T") }
}
