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
    /// Behind the rows of a grouped list (UIKit's `systemGroupedBackground`); plain in a terminal.
    public var groupedBackground = Style.plain
    /// The rows of a grouped list (`secondarySystemGroupedBackground`); plain in a terminal.
    public var groupedRow = Style.plain
    /// A row under the pointer (not selected): a shade between the rows' and the selection's.
    public var hover = Style.plain
    /// The background that translucent things fade into: a fading scroll indicator steps from
    /// its colour toward this one (with 24-bit colours; otherwise it turns dim at half opacity).
    public var background = Color.default

    /// The monochrome theme: attributes only, so it works with any terminal and with `NO_COLOR`.
    public init() {}

    /// The theme for `mode`.
    public static func standard(for mode: ColorMode) -> Theme {
        mode == .none ? Theme() : Theme(ThemeColors.dark)
    }

    /// The theme that paints each role with `colors`' colour for it.
    init(_ colors: ThemeColors) {
        selection = Style(foreground: .rgb(255, 255, 255), background: colors.selection)
        focus = Style(background: colors.focus, bold: true)
        zebra = Style(background: colors.zebra)
        indicator = Style(foreground: colors.indicator)
        track = Style(foreground: colors.track)
        separator = Style(foreground: colors.separator)
        accent = Style(foreground: colors.accent, bold: true)
        destructive = Style(foreground: colors.destructive, bold: true)
        header = Style(foreground: colors.header, bold: true)
        secondary = Style(foreground: colors.secondary)
        controlBackground = Style(background: colors.controlBackground)
        groupedBackground = Style(background: colors.groupedBackground)
        groupedRow = Style(background: colors.groupedRow)
        hover = Style(background: colors.hover)
        background = colors.background
    }
}

/// A theme as the key of kept drawing (``DrawnArea``, the rows a table keeps) compares it: by its
/// bytes, a few word compares instead of fourteen styles compared field by field on every frame.
/// A theme is plain data (styles of colours and flags), so the same bytes are the same theme;
/// equal themes whose bytes differed would only be drawn again.
package struct ThemeIdentity: Equatable, Sendable {
    /// The theme.
    package let theme: Theme

    /// The identity of `theme`.
    package init(_ theme: Theme) { self.theme = theme }

    package static func == (a: ThemeIdentity, b: ThemeIdentity) -> Bool {
        // Safe: both are the same type, so their bytes have the same count, and every read lies
        // inside it (words while eight bytes are left, then bytes).
        unsafe withUnsafeBytes(of: a.theme) { x in
            unsafe withUnsafeBytes(of: b.theme) { y in
                var i = 0
                while i + 8 <= x.count {
                    guard unsafe x.loadUnaligned(fromByteOffset: i, as: UInt64.self) == y.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
                    i += 8
                }
                while i < x.count {
                    guard unsafe x[i] == y[i] else { return false }
                    i += 1
                }
                return true
            }
        }
    }
}
