import ScrollworkWidgets
/// Picks the terminal's answers to ``TerminalSession/probeWidthModel(timeout:)`` out of the bytes
/// it reads: cursor position reports, the reports for modes 2027 (grapheme clusters) and 1016
/// (mouse positions in pixels), the size of a cell in pixels and the device attributes that end
/// the exchange. Everything else is kept, in order, as input.
struct TerminalAnswers {
    /// Columns (1-based) the cursor stood at after each probe cluster.
    private(set) var cursorColumns: [Int] = []
    /// The terminal's state of mode 2027: 0 unknown, 1 set, 2 reset, 3 permanently set, 4 permanently reset; nil before an answer.
    private(set) var graphemeModeState: Int? = nil
    /// The terminal's state of mode 1016, SGR-Pixels mouse reports (as for 2027); nil before an answer.
    private(set) var pixelMouseState: Int? = nil
    /// A cell's size in pixels, from the answer to `CSI 16 t`; nil before one.
    private(set) var cellPixels: (width: Int, height: Int)? = nil
    /// True once the device attributes arrived.
    private(set) var isComplete = false
    /// Bytes that were not an answer.
    private(set) var otherBytes: [UInt8] = []
    private var pending: [UInt8] = []

    /// A cell's size in pixels when the terminal can report the mouse in pixels (it knows mode
    /// 1016 and said how large a cell is); nil otherwise.
    var pixelMouse: (width: Int, height: Int)? {
        guard let state = pixelMouseState, (1...3).contains(state), let cell = cellPixels, cell.width > 0, cell.height > 0 else { return nil }
        return cell
    }

    /// The model the answers support.
    var widthModel: TerminalWidthModel {
        if let state = graphemeModeState, (1...3).contains(state) { return .graphemeClusters }
        // Both probe clusters are two cells wide in the grapheme model: the cursor ends at column 3.
        if cursorColumns.count == 2, cursorColumns.allSatisfy({ $0 == 3 }) { return .graphemeClusters }
        return .conservative
    }

    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var i = 0
        while i < pending.count {
            guard pending[i] == 0x1B else { otherBytes.append(pending[i]); i += 1; continue }
            guard i + 1 < pending.count else { break }
            guard pending[i + 1] == UInt8(ascii: "[") else { otherBytes.append(pending[i]); i += 1; continue }
            var j = i + 2
            while j < pending.count, (0x20...0x3F).contains(pending[j]) { j += 1 }
            guard j < pending.count else { break }
            let body = Array(pending[(i + 2)..<j])
            if !take(body, final: pending[j]) { otherBytes += pending[i...j] }
            i = j + 1
        }
        pending.removeFirst(i)
    }

    /// Records an answer; false when the sequence was none (a key, say).
    private mutating func take(_ body: [UInt8], final: UInt8) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        switch final {
        case UInt8(ascii: "R") where cursorColumns.count < 2:
            let parts = text.split(separator: ";").compactMap { Int($0) }
            guard parts.count == 2 else { return false }
            cursorColumns.append(parts[1])
            return true
        case UInt8(ascii: "y") where text.hasPrefix("?2027;") && text.hasSuffix("$"):
            graphemeModeState = Int(text.dropFirst(6).dropLast())
            return true
        case UInt8(ascii: "y") where text.hasPrefix("?1016;") && text.hasSuffix("$"):
            pixelMouseState = Int(text.dropFirst(6).dropLast())
            return true
        case UInt8(ascii: "t") where text.hasPrefix("6;"):
            let parts = text.split(separator: ";").compactMap { Int($0) }
            guard parts.count == 3 else { return false }
            cellPixels = (parts[2], parts[1])
            return true
        case UInt8(ascii: "c") where text.hasPrefix("?"):
            isComplete = true
            return true
        default:
            return false
        }
    }
}
