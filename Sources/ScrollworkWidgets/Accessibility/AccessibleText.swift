import Scrollwork

/// The text a scroll view shows, as a screen reader reads it (``ScrollContent/accessibleText(around:)``):
/// the lines around what shows, which is the first shown (where the caret goes), where each
/// line lies, and the characters selected.
public struct AccessibleText: Sendable, Hashable {
    /// The lines, without their line breaks.
    public var lines: [String]
    /// The index in ``lines`` of the first line shown.
    public var firstShown: Int
    /// Where each line lies, in points in the window (lines scrolled away lie outside the view);
    /// empty when the content does not say. A character's box is its share of its line's width
    /// (exact for monospaced text, an even share of a line of proportional text).
    public var lineFrames: [Rect]
    /// The characters selected, as offsets into the lines joined by line breaks; nil when none are.
    public var selection: Range<Int>?

    /// Text of `lines`, the first shown `firstShown`, lying in `lineFrames` (or unknown), with `selection`.
    public init(lines: [String], firstShown: Int = 0, lineFrames: [Rect] = [], selection: Range<Int>? = nil) {
        self.lines = lines
        self.firstShown = firstShown
        self.lineFrames = lineFrames
        self.selection = selection
    }

    /// The offset of the start of line `line` in the lines joined by line breaks (clamped to the lines there are).
    public func offset(ofLine line: Int) -> Int {
        lines.prefix(Swift.max(0, line)).reduce(0) { $0 + $1.count + 1 }
    }
}
