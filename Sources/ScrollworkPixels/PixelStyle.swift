#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
/// The looks of the parts a pixel host draws in points, where the core gives geometry but no
/// colour. Each default names where its number comes from; `shared/reference/physics.md` gives
/// the geometry (indicator thickness, inset, minimum length, fade; macOS tracks; dot spacing).
public struct PixelStyle: Sendable, Hashable {
    /// The family of the text drawn in points (a window's own type): fontconfig's Sans unless
    /// the desktop or `--font` names another (``DesktopSettings``). Read when a canvas is made.
    public var interfaceFontFamily = PixelCanvas.interfaceFontFamily
    /// How much larger text in points is set than the idiom's type scale says: the desktop's
    /// text scaling factor or `--text-scale`, clamped to 0.5…3 (NaN is 1). Read when a canvas is made.
    public var textScale = 1.0 { didSet { textScale = textScale.isFinite ? Swift.min(Swift.max(textScale, 0.5), 3) : 1 } }
    /// The overlay indicator in light mode: black, at the indicator's own alpha (0.35 by
    /// default; Flutter's `CupertinoScrollbar`, colours read from iOS 13.1).
    public var indicatorLight = PixelColor(0, 0, 0)
    /// The overlay indicator in dark mode: white, at the alpha scaled by 50/35 (the same source
    /// gives black at 35% in light mode and white at 50% in dark).
    public var indicatorDark = PixelColor(255, 255, 255)
    /// How much more opaque the dark-mode indicator is than the style's light-mode alpha.
    public var darkIndicatorAlphaRatio = 0.5 / 0.35
    /// A legacy macOS scroller's track in dark mode (an estimate from Apple's macOS design
    /// resources: a near-black well with a hairline on its leading edge).
    public var trackDark = PixelColor(30, 30, 30)
    /// A legacy macOS scroller's track in light mode (the same source: a near-white well).
    public var trackLight = PixelColor(250, 250, 250)
    /// The track's leading hairline.
    public var trackEdge = PixelColor(128, 128, 128, alpha: 0.35)
    /// Page dots other than the current one: white at 30% on dark content (an estimate of
    /// UIKit's unpublished `pageIndicatorTintColor`, as observed; Apple's iOS design resources
    /// draw the inactive dots at about 30%).
    public var pageDot = PixelColor(255, 255, 255, alpha: 0.3)
    /// The current page's dot: white (UIKit's `currentPageIndicatorTintColor` default).
    public var currentPageDot = PixelColor(255, 255, 255)
    /// Page dots other than the current one on light content: black at 30%, the dark dots
    /// mirrored (UIKit's dots follow the appearance since iOS 14; the value is an estimate).
    public var pageDotLight = PixelColor(0, 0, 0, alpha: 0.3)
    /// The current page's dot on light content: black, as the label colour.
    public var currentPageDotLight = PixelColor(0, 0, 0)
    /// The rounded platter behind the dots while scrubbing or with the prominent style
    /// (an estimate: a translucent grey capsule as in Apple's iOS design resources).
    public var pageControlBackground = PixelColor(120, 120, 128, alpha: 0.32)
    /// watchOS: the crown's page dots (an estimate from Apple's watchOS design resources: about
    /// 6 points wide, 3 apart, 2 from the trailing edge).
    public var crownDotDiameter = 6.0
    /// watchOS: the space between the crown's page dots.
    public var crownDotSpacing = 3.0
    /// watchOS: from the trailing edge to the crown's page dots.
    public var crownDotInset = 2.0
    /// The divider of a hard scroll edge effect: a hairline of the separator colour (UIKit's
    /// `separator` in dark mode, #545458 at 60%).
    public var hardEdgeDivider = PixelColor(84, 84, 88, alpha: 0.6)
    /// The hard edge's hairline in light mode: UIKit's `separator`, #3C3C43 at 29%.
    public var hardEdgeDividerLight = PixelColor(60, 60, 67, alpha: 0.29)

    /// The inactive page dot for content of `isDark`.
    public func pageDot(onDark isDark: Bool) -> PixelColor { isDark ? pageDot : pageDotLight }
    /// The current page's dot for content of `isDark`.
    public func currentPageDot(onDark isDark: Bool) -> PixelColor { isDark ? currentPageDot : currentPageDotLight }
    /// The hard edge's hairline for content of `isDark`.
    public func hardEdgeDivider(onDark isDark: Bool) -> PixelColor { isDark ? hardEdgeDivider : hardEdgeDividerLight }

    /// A push button's bezel in light mode: white, as AppKit's and GTK's (an estimate from
    /// Apple's macOS design resources).
    public var buttonFillLight = PixelColor(255, 255, 255)
    /// A push button's bezel in dark mode: a lighter grey than the window (the same source).
    public var buttonFillDark = PixelColor(101, 101, 104)
    /// The bezel's hairline in light mode.
    public var buttonEdgeLight = PixelColor(0, 0, 0, alpha: 0.2)
    /// The bezel's hairline in dark mode.
    public var buttonEdgeDark = PixelColor(255, 255, 255, alpha: 0.1)
    /// A push button's corner radius (macOS's regular push button: 5 points).
    public var buttonCornerRadius = 5.0
    /// A push button's title size (macOS's small control size: 11 points).
    public var buttonFontSize = 11.0

    /// The defaults above.
    public init() {}
}
#endif
