/// A custom page indicator: a simple symbol the host tints (PC-06 to PC-10).
///
/// Customise the default dot only when the image reinforces meaning, such as a location symbol
/// for the page of the current location (PC-08). Keep images simple: one symbol, no text, no
/// colour of their own; the host tints them like the dots (PC-07, PC-10).
public struct IndicatorImage: Sendable, Hashable, CustomStringConvertible {
    /// The symbol, e.g. "➤" for a location; drawn in one or two cells by a terminal.
    public var symbol: String
    /// A colour the image insists on, as an RGB hex such as "#FF0000"; nil lets the host tint it.
    public var color: String?

    /// Creates an image from a symbol.
    public init(_ symbol: String, color: String? = nil) {
        self.symbol = symbol
        self.color = color
    }

    /// The default dot.
    public static let dot = IndicatorImage("●")

    /// True when the image is more than one symbol, or is text (letters or digits).
    public var isTextOrMultipleSymbols: Bool {
        symbol.count != 1 || symbol.contains { $0.isLetter || $0.isNumber }
    }

    /// The symbol.
    public var description: String { symbol }
}
