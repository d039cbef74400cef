/// Light or dark: which of the two palettes a window draws with (HIG "Dark Mode"). A terminal
/// keeps its own background, so the terminal host always draws the dark theme's colours on it.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// Dark text on light backgrounds: the default of GTK and macOS when no preference is set.
    case light
    /// Light text on dark backgrounds.
    case dark
}

extension Theme {
    /// The theme for `mode` in `appearance`: Apple's system colours for that appearance
    /// (label, secondary label, separator, system blue and red, the alternating row and
    /// selected content backgrounds). With no colour (`mode` is `.none`) both are the
    /// monochrome theme.
    public static func standard(for mode: ColorMode, appearance: Appearance) -> Theme {
        switch appearance {
        case .dark: return standard(for: mode)
        case .light: return mode == .none ? Theme() : light
        }
    }

    /// The light appearance's colours.
    private static var light: Theme {
        var t = Theme()
        t.selection = Style(foreground: .rgb(255, 255, 255), background: .rgb(0, 99, 225))
        t.focus = Style(background: .rgb(229, 229, 234), bold: true)
        t.zebra = Style(background: .rgb(244, 245, 245))
        t.indicator = Style(foreground: .rgb(120, 120, 128))
        t.track = Style(foreground: .rgb(229, 229, 234))
        t.separator = Style(foreground: .rgb(198, 198, 200))
        t.accent = Style(foreground: .rgb(0, 122, 255), bold: true)
        t.destructive = Style(foreground: .rgb(255, 59, 48), bold: true)
        t.header = Style(foreground: .rgb(0, 0, 0), bold: true)
        t.secondary = Style(foreground: .rgb(138, 138, 142))
        t.controlBackground = Style(background: .rgb(242, 242, 247))
        t.background = .rgb(255, 255, 255)
        return t
    }
}
