#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import ScrollworkWidgets

/// A colour with alpha, each channel 0…1, as Cairo takes it.
public struct PixelColor: Sendable, Hashable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// A colour from channels 0…1; each is clamped to 0…1 (NaN is 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        self.red = unit(red)
        self.green = unit(green)
        self.blue = unit(blue)
        self.alpha = unit(alpha)
    }

    /// A colour from 8-bit channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    /// The same colour at `alpha` times its opacity (clamped to 0…1).
    public func withAlpha(_ factor: Double) -> PixelColor {
        PixelColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// This colour moved `fraction` (0…1) of the way to `other`.
    public func mixed(with other: PixelColor, _ fraction: Double) -> PixelColor {
        let f = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        return PixelColor(red: red + (other.red - red) * f, green: green + (other.green - green) * f,
                          blue: blue + (other.blue - blue) * f, alpha: alpha + (other.alpha - alpha) * f)
    }

    /// Relative luminance (Rec. 709 weights), 0 for black and 1 for white.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}

/// How a pixel host turns terminal colours into pixels: the default text and background, the
/// 16 ANSI colours and xterm's 256-colour palette.
public struct PixelPalette: Sendable, Hashable {
    /// What `Color/default` means for text.
    public var foreground: PixelColor
    /// What `Color/default` means for backgrounds.
    public var background: PixelColor

    /// Dark mode: white text on Adwaita's dark view background (#1e1e1e), as GNOME draws a list.
    public static let dark = PixelPalette(foreground: PixelColor(255, 255, 255), background: PixelColor(30, 30, 30))
    /// Light mode: Adwaita's text (black at 80 %) on white.
    public static let light = PixelPalette(foreground: PixelColor(51, 51, 51), background: PixelColor(255, 255, 255))

    /// The palette of `appearance`.
    public static func standard(_ appearance: Appearance) -> PixelPalette { appearance == .dark ? .dark : .light }

    /// A palette with these defaults.
    public init(foreground: PixelColor, background: PixelColor) {
        self.foreground = foreground
        self.background = background
    }

    /// True when the background is dark, which decides the colours of indicators and dots.
    public var isDark: Bool { background.luminance < 0.5 }

    /// `color` as a pixel colour; `isForeground` picks which default `Color/default` is.
    public func resolve(_ color: Color, isForeground: Bool) -> PixelColor {
        switch color {
        case .default: return isForeground ? foreground : background
        case let .rgb(r, g, b): return PixelColor(r, g, b)
        case let .ansi(n): return Self.xterm(Int(n % 16))
        case let .palette(n): return Self.xterm(Int(n))
        }
    }

    /// Entry `n` of xterm's 256-colour palette: 16 system colours, a 6 × 6 × 6 cube, 24 greys.
    static func xterm(_ n: Int) -> PixelColor {
        let system: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if n < 16 { let c = system[Swift.max(0, n)]; return PixelColor(c.0, c.1, c.2) }
        if n >= 232 { let v = UInt8(8 + 10 * (n - 232)); return PixelColor(v, v, v) }
        let i = n - 16
        func level(_ v: Int) -> UInt8 { v == 0 ? 0 : UInt8(55 + 40 * v) }
        return PixelColor(level(i / 36), level((i / 6) % 6), level(i % 6))
    }
}
#endif
