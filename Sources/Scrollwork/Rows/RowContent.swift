/// What a row, header or footer shows: a content configuration (LT-05, LT-09, LT-10).
public struct RowContent: Sendable, Hashable {
    /// The trailing accessory of a row.
    public enum Accessory: Sendable, Hashable {
        /// Nothing.
        case none
        /// A chevron: activating the row drills into the next level (›).
        case disclosureIndicator
        /// An info button: reveals more about the row, never navigates (ⓘ).
        case detailButton
        /// An info button and a chevron: the button shows details, the row navigates.
        case detailDisclosureButton
        /// A checkmark: the row is the chosen option (✓).
        case checkmark

        /// True for accessories that sit at the trailing edge, where a section index would be.
        public var isTrailingControl: Bool { self != .none }
    }

    /// A small symbol at the leading end, e.g. "★".
    public var leadingSymbol: String?
    /// The main text, one line.
    public var title: String
    /// A second line in a smaller style.
    public var subtitle: String?
    /// Text at the trailing end, such as a value.
    public var secondaryText: String?
    /// The trailing accessory.
    public var accessory: Accessory

    /// Creates a configuration.
    public init(_ title: String, subtitle: String? = nil, secondaryText: String? = nil,
                leadingSymbol: String? = nil, accessory: Accessory = .none) {
        self.title = title
        self.subtitle = subtitle
        self.secondaryText = secondaryText
        self.leadingSymbol = leadingSymbol
        self.accessory = accessory
    }

    /// The lines a host draws in `width` cells: the title on one line (with the leading symbol,
    /// and the secondary text at the trailing edge, where iOS's settings show a value), the
    /// subtitle on a second; long text is clipped with an ellipsis, never wrapped, so items stay
    /// short (LT-05). A negative width counts as 0.
    public func lines(width: Int, truncation: Truncation = .tail) -> [String] {
        let width = Swift.min(Swift.max(0, width), Truncation.maximumPaddedWidth)
        let symbol = leadingSymbol.map { $0 + " " } ?? ""
        let trailing = secondaryText.map { " " + $0 } ?? ""
        let titleWidth = Swift.max(0, width - displayWidth(symbol) - displayWidth(trailing))
        let title = title.truncated(toWidth: titleWidth, truncation)
        // The value against the trailing edge: the room between stays blank.
        let gap = secondaryText == nil ? 0 : Swift.max(0, titleWidth - displayWidth(title))
        var result = [symbol + title + String(repeating: " ", count: gap) + trailing]
        if let subtitle { result.append(subtitle.truncated(toWidth: Swift.max(0, width - displayWidth(symbol)), truncation)) }
        return result
    }
}
