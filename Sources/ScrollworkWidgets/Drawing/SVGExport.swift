/// Turns a buffer into an SVG picture of a terminal showing it, for documentation.
public enum SVGExport {
    /// The default colours of the picture's terminal.
    public static let background = "#1c1c1e", foreground = "#e5e5ea"

    /// An SVG of `buffer`: one text run per run of equally styled cells, coloured rectangles for
    /// backgrounds, in a monospace font at `cellWidth` × `cellHeight` pixels per cell.
    public static func svg(_ buffer: Buffer, cellWidth: Double = 8.4, cellHeight: Double = 17) -> String {
        let width = Double(buffer.columns) * cellWidth, height = Double(buffer.rows) * cellHeight
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width + 16))" height="\(format(height + 16))" viewBox="0 0 \(format(width + 16)) \(format(height + 16))">
        <rect width="100%" height="100%" rx="8" fill="\(background)"/>
        <g transform="translate(8 8)" font-family="Menlo, 'DejaVu Sans Mono', monospace" font-size="\(format(cellHeight * 0.8))">

        """
        for y in 0..<buffer.rows {
            var x = 0
            while x < buffer.columns {
                let cell = buffer[x, y]
                var end = x + 1
                var text = cell.text
                while end < buffer.columns, buffer[end, y].style == cell.style {
                    text += buffer[end, y].text
                    end += 1
                }
                let (fg, bg) = colors(cell.style)
                let left = Double(x) * cellWidth, top = Double(y) * cellHeight
                if let bg {
                    out += "<rect x=\"\(format(left))\" y=\"\(format(top))\" width=\"\(format(Double(end - x) * cellWidth))\" height=\"\(format(cellHeight))\" fill=\"\(bg)\"/>\n"
                }
                if text.contains(where: { $0 != " " }) {
                    var attributes = "fill=\"\(fg)\""
                    if cell.style.bold { attributes += " font-weight=\"bold\"" }
                    if cell.style.dim { attributes += " opacity=\"0.6\"" }
                    if cell.style.underline { attributes += " text-decoration=\"underline\"" }
                    out += "<text x=\"\(format(left))\" y=\"\(format(top + cellHeight * 0.78))\" textLength=\"\(format(Double(end - x) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\" \(attributes)>\(escape(text))</text>\n"
                }
                x = end
            }
        }
        return out + "</g>\n</svg>\n"
    }

    private static func colors(_ style: Style) -> (String, String?) {
        var fg = hex(style.foreground) ?? foreground
        var bg = hex(style.background)
        if style.reverse { (fg, bg) = (bg ?? background, fg) }
        return (fg, bg)
    }

    private static func hex(_ color: Color) -> String? {
        switch color {
        case .default: return nil
        case let .rgb(r, g, b): return "#" + [r, g, b].map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        case let .ansi(n):
            let table = ["#000000", "#c23621", "#25bc24", "#adad27", "#492ee1", "#d338d3", "#33bbc8", "#cbcccd",
                         "#818383", "#fc391f", "#31e722", "#eaec23", "#5833ff", "#f935f8", "#14f0f0", "#e9ebeb"]
            return table[Int(n % 16)]
        case let .palette(n):
            if n < 16 { return hex(.ansi(n)) }
            if n >= 232 { let v = UInt8(8 + (Int(n) - 232) * 10); return hex(.rgb(v, v, v)) }
            let i = Int(n) - 16
            func level(_ v: Int) -> UInt8 { v == 0 ? 0 : UInt8(55 + v * 40) }
            return hex(.rgb(level(i / 36), level((i / 6) % 6), level(i % 6)))
        }
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }

    private static func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
