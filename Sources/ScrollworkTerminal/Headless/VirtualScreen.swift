import Scrollwork
import ScrollworkWidgets

/// A model terminal that applies the escape sequences the renderer writes, so tests can check that
/// the bytes really produce the intended frame (cursor moves, SGR, scroll regions, wide text).
public struct VirtualScreen: Sendable {
    /// What the screen shows.
    public private(set) var buffer: Buffer
    /// True while the alternate screen is active.
    public private(set) var isAlternateScreen = false
    private var column = 0, row = 0
    private var style = Style.plain
    private var top = 0, bottom: Int
    private var pending: [UInt8] = []

    /// A blank screen of the given size.
    public init(columns: Int, rows: Int) {
        buffer = Buffer(columns: columns, rows: rows)
        bottom = Swift.max(0, buffer.rows - 1)
    }

    /// Applies `bytes` as a terminal would.
    public mutating func apply(_ bytes: [UInt8]) {
        let data = pending + bytes
        pending = []
        var i = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            write(String(decoding: text, as: UTF8.self))
            text.removeAll()
        }
        while i < data.count {
            let b = data[i]
            if b == 0x1B {
                flushText()
                guard i + 1 < data.count else { pending = Array(data[i...]); return }
                if data[i + 1] == UInt8(ascii: "[") {
                    var j = i + 2
                    while j < data.count, !(0x40...0x7E).contains(data[j]) { j += 1 }
                    guard j < data.count else { pending = Array(data[i...]); return }
                    csi(String(decoding: data[(i + 2)..<j], as: UTF8.self), final: data[j])
                    i = j + 1
                } else {
                    i += 2
                }
                continue
            }
            if b == 0x0D { flushText(); column = 0; i += 1; continue }
            if b == 0x0A { flushText(); row = Swift.min(row + 1, buffer.rows - 1); i += 1; continue }
            text.append(b)
            i += 1
        }
        flushText()
    }

    private mutating func write(_ string: String) {
        for character in string {
            let w = displayWidth(character)
            if w == 0 {
                if column > 0 { buffer[column - 1, row].text.append(character) }
                continue
            }
            guard column + w <= buffer.columns else { continue }
            buffer[column, row] = Cell(String(character), width: UInt8(w), style: style)
            if w == 2 { buffer[column + 1, row] = Cell("", width: 0, style: style) }
            column = Swift.min(column + w, buffer.columns - 1 + (column + w == buffer.columns ? 1 : 0))
        }
    }

    /// Applies one CSI sequence. Parameters are clamped to the screen (a terminal does the same),
    /// so no value, however large, can trap or loop for long.
    private mutating func csi(_ body: String, final: UInt8) {
        let params = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let limit = Swift.max(buffer.columns, buffer.rows) + 1
        func p(_ i: Int, _ fallback: Int) -> Int { (i < params.count ? (params[i] ?? fallback) : fallback).clamped(to: 0...limit) }
        let lastRow = Swift.max(0, buffer.rows - 1), lastColumn = Swift.max(0, buffer.columns - 1)
        switch final {
        case UInt8(ascii: "H"):
            row = (Swift.max(1, p(0, 1)) - 1).clamped(to: 0...lastRow)
            column = (Swift.max(1, p(1, 1)) - 1).clamped(to: 0...lastColumn)
        case UInt8(ascii: "C"): column = Swift.min(lastColumn, column + Swift.max(1, p(0, 1)))
        case UInt8(ascii: "J"): if p(0, 0) == 2 { buffer = Buffer(columns: buffer.columns, rows: buffer.rows) }
        case UInt8(ascii: "r"):
            let t = body.isEmpty ? 0 : Swift.max(1, p(0, 1)) - 1
            let b = body.isEmpty ? lastRow : Swift.max(1, p(1, buffer.rows)) - 1
            // A region that is not at least two rows inside the screen is ignored, as xterm does.
            if t < b && b <= lastRow { top = t; bottom = b } else if body.isEmpty { top = 0; bottom = lastRow }
            row = 0; column = 0
        case UInt8(ascii: "S"): scroll(up: Swift.max(1, p(0, 1)))
        case UInt8(ascii: "T"): scroll(up: -Swift.max(1, p(0, 1)))
        case UInt8(ascii: "m"): sgr(params.map { ($0 ?? 0).clamped(to: 0...255) })
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            if body == "?1049" { isAlternateScreen = final == UInt8(ascii: "h") }
        default: break
        }
    }

    private mutating func scroll(up n: Int) {
        let old = buffer
        let height = bottom - top + 1
        guard height > 0, top >= 0, bottom < buffer.rows else { return }
        let n = n.clamped(to: -height...height)
        for y in top...bottom {
            let source = y + n
            for x in 0..<buffer.columns {
                buffer[x, y] = source >= top && source <= bottom ? old[x, source] : .blank()
            }
        }
    }

    private mutating func sgr(_ params: [Int]) {
        var i = 0
        let params = params.isEmpty ? [0] : params
        while i < params.count {
            let v = params[i]
            switch v {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 30...37: style.foreground = .ansi(UInt8(v - 30))
            case 90...97: style.foreground = .ansi(UInt8(v - 90 + 8))
            case 40...47: style.background = .ansi(UInt8(v - 40))
            case 100...107: style.background = .ansi(UInt8(v - 100 + 8))
            case 39: style.foreground = .default
            case 49: style.background = .default
            case 38, 48:
                var color: Color = .default
                if i + 2 < params.count, params[i + 1] == 5 { color = .palette(UInt8(clamping: params[i + 2])); i += 2 }
                else if i + 4 < params.count, params[i + 1] == 2 {
                    color = .rgb(UInt8(clamping: params[i + 2]), UInt8(clamping: params[i + 3]), UInt8(clamping: params[i + 4])); i += 4
                }
                if v == 38 { style.foreground = color } else { style.background = color }
            default: break
            }
            i += 1
        }
    }
}
