import Scrollwork

/// Text in a frame: a caption, a heading, a status line, a paragraph. One line cut to fit as
/// ``truncation`` says, or, with ``wraps``, broken at spaces over as many lines as the frame
/// holds, the last that fits ending in "…" when more remains. Drawn in a ``FontRole`` and a
/// ``Style``, placed by ``alignment``, measured by the host (a cell a column on a terminal, the
/// idiom's font in a window). Text is data: control characters are drawn as pictures.
///
/// A label takes no keys and no clicks (the events go on to what lies around it), and tells a
/// screen reader its text.
public struct Label: Widget {
    /// The text; lines break at "\n" where it wraps, and read as spaces where it does not.
    public var text: String
    /// Colours and attributes.
    public var style: Style
    /// The type: its size in a window, bold for a headline.
    public var font: FontRole
    /// Where each line sits in the frame's width.
    public var alignment: ColumnAlignment
    /// Where a line too long for the frame is cut.
    public var truncation: Truncation
    /// True to break the text over lines; false for one line.
    public var wraps: Bool
    /// The idiom whose type the text is measured in where a host draws in points.
    public var idiom: ScrollIdiom
    /// The area of the last render.
    public private(set) var frame = Rect.zero
    /// The lines the last render showed, as drawn (cut lines with their "…").
    public private(set) var shownLines: [String] = []

    /// A label of `text`.
    public init(_ text: String, style: Style = .plain, font: FontRole = .body, alignment: ColumnAlignment = .leading,
                truncation: Truncation = .tail, wraps: Bool = false, idiom: ScrollIdiom = .iOS) {
        self.text = text
        self.style = style
        self.font = font
        self.alignment = alignment
        self.truncation = truncation
        self.wraps = wraps
        self.idiom = idiom
    }

    /// Lays the text out in `bounds` and draws the lines that fit, from the top.
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        shownLines = []
        guard bounds.width > 0, bounds.height > 0 else { return }
        var shown: [String] = []
        let (text, style, font, alignment, truncation, wraps) = (text, style, font, alignment, truncation, wraps)
        canvas.draw(bounds, idiom: idiom) { c in
            let m = c.textMeasurer
            let lineHeight = Swift.max(1, c.alignedRow(m.lineHeight(font)))
            let room = Swift.max(1, Int(flooringSaturating: (bounds.height + 0.001) / lineHeight))
            var lines = wraps
                ? text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
                    let wrapped = m.wrapped(String(paragraph), toWidth: bounds.width, font: font, bold: style.bold)
                    return wrapped.isEmpty ? [""] : wrapped
                }
                : [String(text.map { $0.isNewline ? " " : $0 })]
            if lines.count > room {
                // The last line that fits says there is more.
                lines = Array(lines.prefix(room))
                let mark = String(Truncation.ellipsis)
                let budget = bounds.width - m.width(of: " " + mark, font: font, bold: style.bold)
                var cut = m.truncated(lines[room - 1], toWidth: budget, font: font, bold: style.bold)
                if !cut.hasSuffix(mark) { cut += (cut.isEmpty ? "" : " ") + mark }
                lines[room - 1] = cut
            }
            for (i, line) in lines.enumerated() {
                // Cut once here; the canvas then draws what fits as it is.
                let fitted = m.truncated(line, toWidth: bounds.width, font: font, bold: style.bold, truncation)
                let top = bounds.minY + Double(i) * lineHeight + (lineHeight - m.lineHeight(font)) / 2
                c.text(fitted, at: Point(x: bounds.minX, y: top), width: bounds.width, font: font, style: style, alignment: alignment, truncation: truncation)
                shown.append(fitted)
            }
        }
        shownLines = shown
    }

    /// A label takes no events.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Never> { .ignored }
    /// A label takes no keys.
    public var acceptsFocus: Bool { false }
    /// Its text, as static text.
    public var accessibility: AccessibilityElement? {
        AccessibilityElement(role: .staticText, name: text, frame: frame)
    }
}
