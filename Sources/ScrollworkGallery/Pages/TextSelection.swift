import Scrollwork
import ScrollworkWidgets

/// A place in the document: a line and a character offset in the text the line shows (a
/// heading's without its "#"s).
struct TextPosition: Comparable, Hashable, Sendable {
    var line: Int
    var offset: Int

    static func < (a: TextPosition, b: TextPosition) -> Bool { (a.line, a.offset) < (b.line, b.offset) }
}

/// What a key does to the document's selected text.
enum TextSelectionCommand: Sendable, Hashable {
    /// Moves the selection's moving end a character back or on (`characters`) or a line up or
    /// down (`lines`), the other end staying.
    case extend(characters: Int, lines: Int)
}

extension TextSelectionCommand {
    /// Shift with the arrows extends the selection, as in every text view.
    static let keys = CommandTable<TextSelectionCommand>("Document text", [
        KeyBinding(.extend(characters: -1, lines: 0), "extend the selection a character back", keys: KeyEvent(.left, .shift)),
        KeyBinding(.extend(characters: 1, lines: 0), "extend the selection a character on", keys: KeyEvent(.right, .shift)),
        KeyBinding(.extend(characters: 0, lines: -1), "extend the selection a line up", keys: KeyEvent(.up, .shift)),
        KeyBinding(.extend(characters: 0, lines: 1), "extend the selection a line down", keys: KeyEvent(.down, .shift)),
    ])
}

extension DocumentText {
    /// The text line `index` shows and its type: a heading without its "#"s in the headline's.
    func shown(_ index: Int) -> (text: String, font: FontRole) {
        guard lines.indices.contains(index) else { return ("", .body) }
        if let heading = Self.heading(lines[index]) { return (String(heading), .headline) }
        return (lines[index], .body)
    }

    /// The offset in line `index` nearest `x` points from where its text starts, measured by
    /// `measurer`: past a character's middle is after it, and its middle itself before it (a
    /// terminal reports a pointer in a cell at the cell's middle, and means its character).
    func offset(atX x: Double, line index: Int, measurer: TextMeasurer) -> Int {
        let (text, font) = shown(index)
        var edge = 0.0, offset = 0
        for character in text {
            let width = measurer.width(of: character, font: font)
            if x <= edge + width / 2 { return offset }
            edge += width
            offset += 1
        }
        return offset
    }

    /// The selected characters of line `index`, as offsets (empty where only the line's end
    /// is); nil when the line is not within a selection by characters.
    func selectedSpan(ofLine index: Int) -> Range<Int>? {
        guard let span = characters, span.start.line <= index, index <= span.end.line else { return nil }
        let count = shown(index).text.count
        let start = index == span.start.line ? Swift.min(span.start.offset, count) : 0
        let end = index == span.end.line ? Swift.min(span.end.offset, count) : count
        return start..<Swift.max(start, end)
    }

    /// The word around `position`: the letters and digits on both sides, or the one character
    /// there when it is neither.
    func word(at position: TextPosition) -> (start: TextPosition, end: TextPosition) {
        let characters = Array(shown(position.line).text)
        guard !characters.isEmpty else { return (position, position) }
        let at = Swift.min(Swift.max(position.offset, 0), characters.count - 1)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "'" }
        guard isWord(characters[at]) else { return (TextPosition(line: position.line, offset: at), TextPosition(line: position.line, offset: at + 1)) }
        var start = at, end = at + 1
        while start > 0, isWord(characters[start - 1]) { start -= 1 }
        while end < characters.count, isWord(characters[end]) { end += 1 }
        return (TextPosition(line: position.line, offset: start), TextPosition(line: position.line, offset: end))
    }

    /// The selected text: the characters selected, or the whole lines selected, one line a line.
    var selectedText: String? {
        if let span = characters, span.start < span.end {
            return (span.start.line...span.end.line).map { index in
                String(Array(shown(index).text)[selectedSpan(ofLine: index) ?? 0..<0])
            }.joined(separator: "\n")
        }
        guard let lines = selection else { return nil }
        return lines.map { shown($0).text }.joined(separator: "\n")
    }

    /// Selects every character of the document; false when it has none.
    mutating func selectAll() -> Bool {
        guard let last = lines.indices.last else { return false }
        select(from: TextPosition(line: 0, offset: 0), to: TextPosition(line: last, offset: shown(last).text.count))
        return true
    }

    /// Selects from `anchor` to `head` by characters, whichever comes first; the lines they
    /// cover are the selected lines too.
    mutating func select(from anchor: TextPosition, to head: TextPosition) {
        let (start, end) = anchor <= head ? (anchor, head) : (head, anchor)
        characters = (start, end)
        selection = start.line...end.line
    }
}
