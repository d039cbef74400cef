/// A terminal colour.
public enum Color: Sendable, Hashable {
    /// The terminal's own default.
    case `default`
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// An entry of the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

extension Color {
    /// This colour moved `fraction` (0…1) of the way toward `other`, when both are 24-bit colours;
    /// otherwise the colour as it is (a palette has no colours between its entries to step through).
    public func blended(toward other: Color, fraction: Double) -> Color {
        guard case let .rgb(r, g, b) = self, case let .rgb(r2, g2, b2) = other else { return self }
        let f = fraction.isNaN ? 0 : fraction.clamped(to: 0...1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return .rgb(mix(r, r2), mix(g, g2), mix(b, b2))
    }
}

/// How a cell looks: colours and attributes.
public struct Style: Sendable, Hashable {
    /// Text colour.
    public var foreground: Color = .default
    /// Background colour.
    public var background: Color = .default
    /// Bold.
    public var bold = false
    /// Dim (faint); how translucent things such as scroll indicators are drawn.
    public var dim = false
    /// Italic.
    public var italic = false
    /// Underlined.
    public var underline = false
    /// Foreground and background swapped; selection and focus in monochrome.
    public var reverse = false

    /// The terminal's default look.
    public static let plain = Style()

    /// Creates a style.
    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
                italic: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }
}

extension Color {
    /// The closest colour `mode` can show; nil when colour is off.
    package func downsampled(to mode: ColorMode) -> Color? {
        switch (self, mode) {
        case (_, .none): return nil
        case (.default, _): return .default
        case (.rgb, .trueColor), (.palette, .trueColor), (.palette, .palette256), (.ansi, _): return self
        case let (.rgb(r, g, b), .palette256): return .palette(Self.paletteIndex(r, g, b))
        case let (.rgb(r, g, b), .ansi16): return .ansi(Self.ansiIndex(r, g, b))
        case let (.palette(p), .ansi16): return .ansi(p < 16 ? p : Self.ansiIndex(fromPalette: p))
        }
    }

    static func paletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        if r == g && g == b {
            if r < 8 { return 16 }
            if r > 248 { return 231 }
            return UInt8(232 + (Int(r) - 8) / 10)
        }
        return UInt8(16 + 36 * level(r) + 6 * level(g) + level(b))
    }

    static func ansiIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let bright = Int(r) + Int(g) + Int(b) > 382
        let bits = (r > 127 ? 1 : 0) | (g > 127 ? 2 : 0) | (b > 127 ? 4 : 0)
        return UInt8(bits + (bright ? 8 : 0))
    }

    static func ansiIndex(fromPalette p: UInt8) -> UInt8 {
        if p >= 232 { return p >= 244 ? 7 : 8 }
        let i = Int(p) - 16
        let r = UInt8((i / 36) * 51), g = UInt8(((i / 6) % 6) * 51), b = UInt8((i % 6) * 51)
        return ansiIndex(r, g, b)
    }
}
