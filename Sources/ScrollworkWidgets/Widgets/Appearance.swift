/// Light or dark: which of the two palettes a window draws with (HIG "Dark Mode"). A terminal
/// keeps its own background, so the terminal host always draws the dark theme's colours on it.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// Dark text on light backgrounds: the default of GTK and macOS when no preference is set.
    case light
    /// Light text on dark backgrounds.
    case dark
}

extension Theme {
    /// The theme a window draws with in `appearance`, for `mode`: the desktop's colours, as
    /// GNOME's Adwaita paints a list view (its view and window backgrounds, blue accent,
    /// borders and dimmed text). With no colour (`mode` is `.none`) both are the monochrome
    /// theme. A terminal draws ``standard(for:)`` on its own background instead.
    public static func standard(for mode: ColorMode, appearance: Appearance) -> Theme {
        standard(for: mode, appearance: appearance, highContrast: false)
    }

    /// The theme a window draws with in `appearance`, with `highContrast` the colours Apple's
    /// Increase Contrast uses (and GTK's high-contrast theme asks for): secondary text,
    /// separators, indicators and tracks nearer the text's colour, a darker selection and
    /// accent on light.
    public static func standard(for mode: ColorMode, appearance: Appearance, highContrast: Bool) -> Theme {
        guard mode != .none else { return Theme() }
        switch (appearance, highContrast) {
        case (.dark, false): return Theme(ThemeColors.adwaitaDark)
        case (.light, false): return Theme(ThemeColors.adwaitaLight)
        case (.dark, true): return Theme(ThemeColors.darkHighContrast)
        case (.light, true): return Theme(ThemeColors.lightHighContrast)
        }
    }
}

/// One appearance's colour for each role of a ``Theme``.
struct ThemeColors {
    var selection, focus, zebra, indicator, track, separator, accent, destructive, header, secondary, controlBackground, background: Color
    /// A grouped list's background and its rows' (UIKit's grouped background colours).
    var groupedBackground: Color, groupedRow: Color
    /// A row under the pointer.
    var hover: Color

    /// Dark: the terminal's colours and a dark window's.
    static let dark = ThemeColors(
        selection: .rgb(10, 96, 204), focus: .rgb(58, 58, 64), zebra: .rgb(40, 41, 48), indicator: .rgb(150, 150, 155),
        track: .rgb(70, 70, 76), separator: .rgb(90, 90, 96), accent: .rgb(64, 156, 255), destructive: .rgb(255, 69, 58),
        header: .rgb(235, 235, 240), secondary: .rgb(142, 142, 147), controlBackground: .rgb(58, 58, 64), background: .rgb(0, 0, 0),
        groupedBackground: .rgb(0, 0, 0), groupedRow: .rgb(28, 28, 30), hover: .rgb(56, 58, 70))

    /// Light: macOS's selected content background, alternating row colour and system grays,
    /// iOS's light label, separator, blue and red.
    static let light = ThemeColors(
        selection: .rgb(0, 99, 225), focus: .rgb(229, 229, 234), zebra: .rgb(244, 245, 245), indicator: .rgb(120, 120, 128),
        track: .rgb(229, 229, 234), separator: .rgb(198, 198, 200), accent: .rgb(0, 122, 255), destructive: .rgb(255, 59, 48),
        header: .rgb(0, 0, 0), secondary: .rgb(138, 138, 142), controlBackground: .rgb(242, 242, 247), background: .rgb(255, 255, 255),
        groupedBackground: .rgb(242, 242, 247), groupedRow: .rgb(255, 255, 255), hover: .rgb(226, 232, 242))

    /// A dark window: Adwaita's dark view (#1e1e1e) with rows a shade lighter every other one,
    /// its header bar's grey for headings and the focused row, its window background behind
    /// grouped lists and cards on it, the blue accent, white text dimmed to 55 % for secondary
    /// text and 15 % for borders.
    static let adwaitaDark = ThemeColors(
        selection: .rgb(53, 132, 228), focus: .rgb(48, 48, 48), zebra: .rgb(37, 37, 37), indicator: .rgb(150, 150, 150),
        track: .rgb(50, 50, 50), separator: .rgb(64, 64, 64), accent: .rgb(120, 174, 237), destructive: .rgb(255, 123, 99),
        header: .rgb(255, 255, 255), secondary: .rgb(154, 154, 154), controlBackground: .rgb(58, 58, 58), background: .rgb(30, 30, 30),
        groupedBackground: .rgb(36, 36, 36), groupedRow: .rgb(54, 54, 54), hover: .rgb(50, 50, 50))

    /// A light window: Adwaita's light view (white) with rows a shade darker every other one,
    /// its header bar's grey for headings and the focused row, its window background (#fafafa)
    /// behind grouped lists and white cards on it, the blue accent, text at 80 % black, dimmed
    /// for secondary text and borders.
    static let adwaitaLight = ThemeColors(
        selection: .rgb(53, 132, 228), focus: .rgb(235, 235, 235), zebra: .rgb(247, 247, 247), indicator: .rgb(145, 145, 145),
        track: .rgb(235, 235, 235), separator: .rgb(222, 222, 222), accent: .rgb(28, 113, 216), destructive: .rgb(192, 28, 40),
        header: .rgb(51, 51, 51), secondary: .rgb(128, 128, 128), controlBackground: .rgb(235, 235, 235), background: .rgb(255, 255, 255),
        groupedBackground: .rgb(250, 250, 250), groupedRow: .rgb(255, 255, 255), hover: .rgb(232, 232, 232))

    /// Dark with Increase Contrast: iOS's high-contrast secondary label, separator and blue.
    static let darkHighContrast = ThemeColors(
        selection: .rgb(0, 80, 190), focus: .rgb(88, 88, 98), zebra: .rgb(48, 48, 56), indicator: .rgb(210, 210, 215),
        track: .rgb(112, 112, 120), separator: .rgb(150, 150, 158), accent: .rgb(112, 184, 255), destructive: .rgb(255, 105, 97),
        header: .rgb(255, 255, 255), secondary: .rgb(210, 210, 215), controlBackground: .rgb(72, 72, 80), background: .rgb(0, 0, 0),
        groupedBackground: .rgb(0, 0, 0), groupedRow: .rgb(36, 36, 40), hover: .rgb(72, 76, 96))

    /// Light with Increase Contrast: iOS's high-contrast secondary label, separator, blue and red.
    static let lightHighContrast = ThemeColors(
        selection: .rgb(0, 64, 221), focus: .rgb(208, 208, 216), zebra: .rgb(234, 234, 238), indicator: .rgb(60, 60, 67),
        track: .rgb(178, 178, 188), separator: .rgb(110, 110, 118), accent: .rgb(0, 64, 221), destructive: .rgb(215, 0, 21),
        header: .rgb(0, 0, 0), secondary: .rgb(60, 60, 67), controlBackground: .rgb(228, 228, 234), background: .rgb(255, 255, 255),
        groupedBackground: .rgb(228, 228, 234), groupedRow: .rgb(255, 255, 255), hover: .rgb(200, 212, 236))
}
