import Scrollwork

/// One character cell of the screen.
///
/// A wide character (two cells) is stored in its first cell with width 2; the cell after it is a
/// continuation with width 0 and no text of its own.
public struct Cell: Sendable, Hashable {
    /// The grapheme cluster shown, or "" for the second half of a wide character.
    public var text: String
    /// 1 for normal characters, 2 for the first cell of a wide one, 0 for its second cell.
    public var width: UInt8
    /// How it looks.
    public var style: Style

    /// A cell showing `text` (one grapheme cluster) in `style`.
    public init(_ text: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(" ", width: 1, style: style) }

    /// True for the second half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
