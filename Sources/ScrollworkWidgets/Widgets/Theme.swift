/// The styles widgets draw with, chosen for a colour mode. With no colour, selection and focus
/// still show through reverse video and bold.
public struct Theme: Sendable, Hashable {
    /// Ordinary text.
    public var text = Style.plain
    /// Secondary text: subtitles, footers, values.
    public var secondary = Style(dim: true)
    /// Section headers and table headings.
    public var header = Style(bold: true)
    /// A selected row.
    public var selection = Style(reverse: true)
    /// The keyboard or focus cursor when it is not also the selection.
    public var focus = Style(bold: true, underline: true)
    /// Alternate rows of bordered lists and tables.
    public var zebra = Style.plain
    /// Scroll indicators at full opacity (drawn dim: translucent).
    public var indicator = Style(dim: true)
    /// Legacy scroller tracks.
    public var track = Style(dim: true)
    /// Separators and hard edges.
    public var separator = Style(dim: true)
    /// Accents: the current page dot, "show more", checkmarks.
    public var accent = Style(bold: true)
    /// Destructive controls (delete).
    public var destructive = Style(bold: true)
    /// The translucent background of a page control.
    public var controlBackground = Style(reverse: true)
    /// The background that translucent things fade into: a fading scroll indicator steps from
    /// its colour toward this one (with 24-bit colours; otherwise it turns dim at half opacity).
    public var background = Color.default

    /// The monochrome theme: attributes only, so it works with any terminal and with `NO_COLOR`.
    public init() {}

    /// The theme for `mode`.
    public static func standard(for mode: ColorMode) -> Theme {
        var t = Theme()
        guard mode != .none else { return t }
        t.selection = Style(foreground: .rgb(255, 255, 255), background: .rgb(10, 96, 204))
        t.focus = Style(background: .rgb(58, 58, 64), bold: true)
        t.zebra = Style(background: .rgb(40, 41, 48))
        t.indicator = Style(foreground: .rgb(150, 150, 155))
        t.track = Style(foreground: .rgb(70, 70, 76))
        t.separator = Style(foreground: .rgb(90, 90, 96))
        t.accent = Style(foreground: .rgb(64, 156, 255), bold: true)
        t.destructive = Style(foreground: .rgb(255, 69, 58), bold: true)
        t.header = Style(foreground: .rgb(235, 235, 240), bold: true)
        t.secondary = Style(foreground: .rgb(142, 142, 147))
        t.controlBackground = Style(background: .rgb(58, 58, 64))
        t.background = .rgb(0, 0, 0)
        return t
    }
}
