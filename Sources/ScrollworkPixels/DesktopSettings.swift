#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import ScrollworkWidgets

/// What the desktop says about type, motion, colours and contrast, as GTK reads it from the XDG
/// desktop portal: the interface font and the text scale (`org.gnome.desktop.interface`
/// `font-name` and `text-scaling-factor`), whether to animate (`enable-animations`), and light
/// or dark (`org.freedesktop.appearance` `color-scheme`), high contrast (`contrast`) and the
/// accent colour (`accent-color`). What the portal does not say is nil, and a window keeps its
/// own choice (fontconfig's Sans, scale 1, motion, light, normal contrast, system blue).
public struct DesktopSettings: Sendable, Hashable {
    /// The interface font's family ("Cantarell" of "Cantarell 11").
    public var fontFamily: String?
    /// How much larger text is drawn (the desktop's text scaling factor, 0.5 to 3).
    public var textScale: Double?
    /// True when the desktop turned animations off: the window reduces motion.
    public var reducesMotion: Bool?
    /// True when the desktop asks for high contrast.
    public var highContrast: Bool?
    /// Light or dark, as the desktop prefers (nil when it has no preference).
    public var colorScheme: Appearance?
    /// The desktop's accent colour, each channel 0…255.
    public var accentColor: (red: UInt8, green: UInt8, blue: UInt8)? {
        get { accent.map { ($0[0], $0[1], $0[2]) } }
        set { accent = newValue.map { [$0.red, $0.green, $0.blue] } }
    }
    /// The accent's channels, kept as an array so that the settings stay Hashable.
    private var accent: [UInt8]?

    /// Settings of the given values.
    public init(fontFamily: String? = nil, textScale: Double? = nil, reducesMotion: Bool? = nil, highContrast: Bool? = nil,
                accentColor: (red: UInt8, green: UInt8, blue: UInt8)? = nil, colorScheme: Appearance? = nil) {
        self.fontFamily = fontFamily
        self.textScale = textScale
        self.reducesMotion = reducesMotion
        self.highContrast = highContrast
        self.accentColor = accentColor
        self.colorScheme = colorScheme
    }

    /// The settings in the portal's `Settings.ReadAll` reply as `gdbus` prints it
    /// (`({'org.gnome.desktop.interface': {'font-name': <'Cantarell 11'>, …}},)`); what it does
    /// not hold, or holds out of range, is nil.
    public static func parse(portalReply reply: String) -> DesktopSettings {
        var settings = DesktopSettings()
        if let font = value(of: "font-name", in: reply), font.hasPrefix("'"), font.hasSuffix("'"), font.count > 2 {
            // "Cantarell 11", "Noto Sans Bold 10": the family is what comes before the size.
            var words = font.dropFirst().dropLast().split(separator: " ")
            if let last = words.last, Double(last) != nil { words.removeLast() }
            if !words.isEmpty { settings.fontFamily = words.joined(separator: " ") }
        }
        if let factor = value(of: "text-scaling-factor", in: reply).flatMap(Double.init), factor.isFinite, (0.5...3).contains(factor) {
            settings.textScale = factor
        }
        switch value(of: "enable-animations", in: reply) {
        case "true": settings.reducesMotion = false
        case "false": settings.reducesMotion = true
        default: break
        }
        // "(0.21, 0.52, 0.89)": three channels 0…1; out of range (the portal's "unset" is -1) is none.
        if let triple = value(of: "accent-color", in: reply), triple.hasPrefix("("), triple.hasSuffix(")") {
            let channels = triple.dropFirst().dropLast().split(separator: ",").compactMap { Double($0.filter { $0 != " " }) }
            if channels.count == 3, channels.allSatisfy({ $0.isFinite && (0...1).contains($0) }) {
                let c = channels.map { UInt8(($0 * 255).rounded()) }
                settings.accentColor = (c[0], c[1], c[2])
            }
        }
        switch value(of: "color-scheme", in: reply) {
        case "uint32 1": settings.colorScheme = .dark
        case "uint32 2": settings.colorScheme = .light
        default: break
        }
        switch value(of: "contrast", in: reply) {
        case "uint32 1": settings.highContrast = true
        case "uint32 0": settings.highContrast = false
        default: break
        }
        return settings
    }

    /// What stands between `<` and `>` after `'key': ` in `reply`.
    private static func value(of key: String, in reply: String) -> String? {
        guard let found = reply.firstRange(of: "'\(key)': <") else { return nil }
        let rest = reply[found.upperBound...]
        // A quoted string may hold ">": its end is the closing quote's.
        if rest.hasPrefix("'") {
            guard let close = rest.dropFirst().firstIndex(of: "'") else { return nil }
            return String(rest[...close])
        }
        return rest.firstIndex(of: ">").map { String(rest[..<$0]) }
    }

    /// The desktop's settings now, asked of the portal on `environment`'s session bus; none
    /// without a bus or an answer.
    public static func current(environment: [String: String]) -> DesktopSettings {
        Portal.call(method: "ReadAll", arguments: ["['org.gnome.desktop.interface', 'org.freedesktop.appearance']"], environment: environment)
            .map(parse(portalReply:)) ?? DesktopSettings()
    }
}

extension Theme {
    /// A window's theme in `appearance` on a desktop with `settings`: Increase Contrast's
    /// colours when the desktop asks for high contrast, and the desktop's accent colour for the
    /// accent, focus rings and selected rows when it has one.
    public static func desktop(appearance: Appearance, settings: DesktopSettings) -> Theme {
        var theme = Theme.standard(for: .trueColor, appearance: appearance, highContrast: settings.highContrast == true)
        if let accent = settings.accentColor {
            let colour = Color.rgb(accent.red, accent.green, accent.blue)
            theme.accent.foreground = colour
            theme.selection.background = colour
        }
        return theme
    }
}

extension TypeScale {
    /// This scale with every size `factor` times as large (the desktop's text scale).
    func scaled(by factor: Double) -> TypeScale {
        guard factor != 1 else { return self }
        return TypeScale(body: size(.body) * factor, headline: size(.headline) * factor, footnote: size(.footnote) * factor,
                         largeTitle: size(.largeTitle) * factor, title: size(.title) * factor)
    }
}
#endif
