import Scrollwork

/// How wide text is in points for each ``FontRole``, and how tall its lines are: what a widget
/// needs to truncate text and size columns for the host that will draw it.
///
/// A terminal's measurer counts cells (``cells(_:)``); a pixel host builds one from its fonts
/// (``init(sizes:lineHeights:ascents:advances:boldAdvances:wideAdvance:symbolAdvances:)``) with the advance of each
/// printable ASCII character, and an advance for other characters by how many cells they take.
/// A table of numbers rather than a call into the host, so that it is a value a widget keeps
/// and measuring never leaves the widget's thread.
public struct TextMeasurer: Sendable, Hashable {
    /// The point size of each role, indexed by `FontRole.rawValue`.
    public let sizes: [Double]
    /// The distance between the baselines of two lines of each role.
    public let lineHeights: [Double]
    /// How far each role's baseline lies below the top of its line.
    public let ascents: [Double]
    /// Each role's advances of the printable ASCII characters (space to tilde, 95 each), or
    /// empty for a cell grid; then the same in bold, at `FontRole.allCases.count + rawValue`.
    private let advances: [[Double]]
    /// Each role's advance of one cell of a character outside printable ASCII (a wide character
    /// takes two).
    private let cellAdvances: [Double]
    /// The advances of the ``symbols`` a host measured in its fonts, each role's (a negative
    /// one: not measured, counted by its cells).
    private let symbolAdvances: [Unicode.Scalar: [Double]]

    /// The symbols outside ASCII that keys, controls and status lines show, which a host
    /// measures in its own fonts: arrows, page and edit keys, bullets, ticks, chevrons, quotes.
    public static let symbols = "←→↑↓↖↘⇞⇟⇤⇥⇧⌃⌥⌘⌫⌦⎋⏎↵␣…•·–—▲▼◀▶✓✗›‹ⓘ●○◉★☆≡⊖⊕│─×÷°“”‘’«»§¶€£¥"

    /// A measurer from a host's fonts. Each array has one entry per ``FontRole`` (missing ones
    /// take the body's, and a value that is not a finite number ≥ 0 counts as 0); `advances`
    /// holds 95 advances a role, for space to tilde (missing ones take `wideAdvance` / 2), and
    /// `boldAdvances` the same for bold text (empty: as `advances`).
    /// `symbolAdvances` gives, for any of ``symbols`` (or other single code points), its advance
    /// in each role (bold text takes the same; a value that is not a finite number ≥ 0 leaves
    /// that role counting cells).
    public init(sizes: [Double], lineHeights: [Double], ascents: [Double], advances: [[Double]], boldAdvances: [[Double]] = [],
                wideAdvance: [Double], symbolAdvances: [Unicode.Scalar: [Double]] = [:]) {
        func filled(_ values: [Double]) -> [Double] {
            FontRole.allCases.map { role in
                let v = role.rawValue < values.count ? values[role.rawValue] : (values.first ?? 0)
                return v.isFinite && v >= 0 ? v : 0
            }
        }
        self.sizes = filled(sizes)
        self.lineHeights = filled(lineHeights)
        self.ascents = filled(ascents)
        let wide = filled(wideAdvance)
        cellAdvances = wide.map { $0 / 2 }
        func table(_ advances: [[Double]]) -> [[Double]] {
            FontRole.allCases.map { role in
                let given = role.rawValue < advances.count ? advances[role.rawValue] : (advances.first ?? [])
                return (0..<95).map { i in
                    let v = i < given.count ? given[i] : wide[role.rawValue] / 2
                    return v.isFinite && v >= 0 ? v : 0
                }
            }
        }
        self.advances = table(advances) + table(boldAdvances.isEmpty ? advances : boldAdvances)
        self.symbolAdvances = symbolAdvances.mapValues { given in
            FontRole.allCases.map { role in
                let v = role.rawValue < given.count ? given[role.rawValue] : -1
                return v.isFinite && v >= 0 ? v : -1
            }
        }
    }

    /// A terminal's measurer: every cell `metrics.cellWidth` wide, every line one cell tall.
    public static func cells(_ metrics: CellMetrics) -> TextMeasurer {
        // Asked for every frame: the usual 8 × 16 cell is built once.
        if metrics == CellMetrics() { return standardCells }
        return TextMeasurer(cellWidth: metrics.cellWidth, cellHeight: metrics.cellHeight, count: FontRole.allCases.count)
    }

    /// The measurer of the usual 8 × 16-point cell.
    private static let standardCells = TextMeasurer(cellWidth: CellMetrics().cellWidth, cellHeight: CellMetrics().cellHeight,
                                                    count: FontRole.allCases.count)

    private init(cellWidth: Double, cellHeight: Double, count: Int) {
        sizes = Array(repeating: cellHeight * 0.8, count: count)
        lineHeights = Array(repeating: cellHeight, count: count)
        ascents = Array(repeating: cellHeight * 0.8, count: count)
        advances = Array(repeating: [], count: 2 * count)
        cellAdvances = Array(repeating: cellWidth, count: count)
        symbolAdvances = [:]
    }

    /// True for a grid's measurer (``cells(_:)``): every character a cell, every line a row;
    /// text laid out by it is laid out in cells.
    public var countsCells: Bool { advances.first?.isEmpty ?? true }
    /// The point size of `font`.
    public func size(_ font: FontRole) -> Double { sizes[font.rawValue] }
    /// The height of one line of `font`.
    public func lineHeight(_ font: FontRole) -> Double { lineHeights[font.rawValue] }
    /// How far `font`'s baseline lies below the top of its line.
    public func ascent(_ font: FontRole) -> Double { ascents[font.rawValue] }

    /// The width a symbol (a chevron, a checkmark) drawn at `font`'s size takes: about its size
    /// square in a host's fonts; its cells on a grid.
    public func symbolWidth(_ symbol: String, font: FontRole) -> Double {
        advances[font.rawValue].isEmpty ? Double(displayWidth(symbol)) * cellAdvances[font.rawValue] : size(font)
    }

    /// The advance of `character` in `font`, bold or not.
    public func width(of character: Character, font: FontRole, bold: Bool = false) -> Double {
        let table = advances[font.rawValue + (bold ? FontRole.allCases.count : 0)]
        if !table.isEmpty, let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return table[Int(ascii) - 0x20] }
        if !symbolAdvances.isEmpty, character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
           let measured = symbolAdvances[scalar]?[font.rawValue], measured >= 0 {
            return measured
        }
        return Double(drawnWidth(character)) * cellAdvances[font.rawValue]
    }

    /// The width of `text` in `font`, bold or not: the sum of its characters' advances.
    public func width(of text: some StringProtocol, font: FontRole, bold: Bool = false) -> Double {
        let table = advances[font.rawValue + (bold ? FontRole.allCases.count : 0)]
        // Printable ASCII, most of what tables show, is summed by its bytes: walking characters
        // (grapheme clusters) costs more than the text's drawing. On a grid each such byte is a cell.
        var total = 0.0
        let cell = cellAdvances[font.rawValue]
        // Safe: the text's bytes are lent for the call and read inside their count. (Through the
        // bytes lent at once: iterating a text of any kind went through its protocol a byte at a
        // time, 3,300 instructions a frame of the table.)
        if let width = text.utf8.withContiguousStorageIfAvailable({ unsafe Self.asciiWidth(of: $0, advances: table, cell: cell) }), let width {
            return width
        }
        if table.isEmpty { return Double(displayWidth(String(text))) * cell }
        total = 0
        for character in text { total += width(of: character, font: font, bold: bold) }
        return total
    }

    /// The width of `bytes` when they are all printable ASCII: their advances from `advances`
    /// (`cell` each where it is empty, a grid); nil for any other byte.
    private static func asciiWidth(of bytes: UnsafeBufferPointer<UInt8>, advances: [Double], cell: Double) -> Double? {
        var total = 0.0
        for i in 0..<bytes.count {
            // Safe: `i` runs below the bytes' count.
            let byte = unsafe bytes[i]
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            if !advances.isEmpty { total += advances[Int(byte) - 0x20] }
        }
        return advances.isEmpty ? Double(bytes.count) * cell : total
    }

    /// `text` broken into lines at most `width` points wide in `font` (bold or not), at spaces
    /// where it can (the core's `String.wrapped(toWidth:measure:)` with this measurer's widths).
    public func wrapped(_ text: String, toWidth width: Double, font: FontRole, bold: Bool = false) -> [String] {
        text.wrapped(toWidth: width) { self.width(of: $0, font: font, bold: bold) }
    }

    /// `text` cut to fit `width` points in `font` (bold or not), with "…" where it was cut (at the
    /// end, both ends kept or the start kept, as `mode` says); text that fits is returned
    /// unchanged. A width that is negative or NaN gives "", one too narrow for the ellipsis gives "".
    public func truncated(_ text: String, toWidth width: Double, font: FontRole, bold: Bool = false, _ mode: Truncation = .tail) -> String {
        fitted(text, toWidth: width, font: font, bold: bold, mode).text
    }

    /// ``truncated(_:toWidth:font:bold:_:)`` with the width of what it gives, measured once.
    public func fitted(_ text: String, toWidth width: Double, font: FontRole, bold: Bool = false,
                       _ mode: Truncation = .tail) -> (text: String, width: Double) {
        guard width > 0 else { return ("", 0) }
        let whole = self.width(of: text, font: font, bold: bold)
        if whole <= width { return (text, whole) }
        let ellipsis = self.width(of: Truncation.ellipsis, font: font, bold: bold)
        let budget = width - ellipsis
        guard budget >= 0 else { return ("", 0) }
        let characters = Array(text)
        func prefix(_ room: Double, upTo limit: Int) -> (count: Int, used: Double) {
            var used = 0.0, count = 0
            while count < limit {
                let w = self.width(of: characters[count], font: font, bold: bold)
                if used + w > room { break }
                used += w
                count += 1
            }
            return (count, used)
        }
        func suffix(_ room: Double, downTo limit: Int) -> (count: Int, used: Double) {
            var used = 0.0, count = 0
            while characters.count - count > limit {
                let w = self.width(of: characters[characters.count - 1 - count], font: font, bold: bold)
                if used + w > room { break }
                used += w
                count += 1
            }
            return (count, used)
        }
        switch mode {
        case .tail:
            let kept = prefix(budget, upTo: characters.count)
            return (String(characters[..<kept.count]) + String(Truncation.ellipsis), kept.used + ellipsis)
        case .head:
            let kept = suffix(budget, downTo: 0)
            return (String(Truncation.ellipsis) + String(characters[(characters.count - kept.count)...]), kept.used + ellipsis)
        case .middle:
            // As with cells, room the end leaves goes to the beginning.
            let right = suffix(budget / 2, downTo: 0)
            let left = prefix(budget - right.used, upTo: characters.count - right.count)
            return (String(characters[..<left.count]) + String(Truncation.ellipsis) + String(characters[(characters.count - right.count)...]),
                    left.used + ellipsis + right.used)
        }
    }
}
