/// How scroll indicators look and when they show (SV-01, SV-11, SV-13, SV-14).
public struct ScrollIndicatorStyle: Sendable, Hashable {
    /// Whether indicators float over the content or take room beside it.
    public enum Kind: Sendable, Hashable {
        /// Drawn over the content; never changes layout (iOS, and macOS with a trackpad).
        case overlay
        /// macOS legacy scrollers: a track beside the content that the layout leaves room for, so
        /// the content never moves when a scroller appears.
        case legacy
        /// visionOS: a small indicator of fixed length centred on the trailing (vertical) or bottom
        /// (horizontal) edge; dragging it is a jog control that sets a scrolling speed.
        case fixedCentered(length: Double)
    }

    /// When indicators show: the macOS "Show scroll bars" setting, generalised.
    public enum Visibility: Sendable, Hashable {
        /// Legacy scrollers always; overlay indicators while scrolling.
        case automatic
        /// Always shown.
        case always
        /// Shown while scrolling, then faded.
        case whenScrolling
        /// Never shown (tvOS).
        case never
    }

    /// macOS scroller sizes.
    public enum ControlSize: Sendable, Hashable {
        /// A 15 pt track, 26 pt minimum thumb.
        case regular
        /// An 11 pt track, 20 pt minimum thumb, for panels where every control is small.
        case small
    }

    /// Overlay, legacy or fixed-centred. A fixed length that is not a finite number is stored as
    /// 36 points, and one outside 0…10,000 is clamped.
    public var kind: Kind = .overlay {
        didSet {
            if case let .fixedCentered(length) = kind, !(length >= 0 && length <= 10_000) {
                kind = .fixedCentered(length: length.isFinite ? length.clamped(to: 0...10_000) : 36)
            }
        }
    }
    /// When the indicators show.
    public var visibility: Visibility = .automatic
    /// The scroller size (legacy track width and minimum thumb).
    public var controlSize: ControlSize = .regular
    // Lengths are clamped to 0…1,000 points (lengths of a thumb to 0…10,000), times to 0…60
    // seconds and the alpha to 0…1; NaN means the default.

    /// Thickness of an overlay thumb at rest.
    public var thickness: Double = 3 { didSet { thickness = thickness.isNaN ? 3 : thickness.clamped(to: 0...1000) } }
    /// Thickness of an overlay thumb while it is dragged.
    public var draggingThickness: Double = 8 { didSet { draggingThickness = draggingThickness.isNaN ? 8 : draggingThickness.clamped(to: 0...1000) } }
    /// Distance from the view's edges.
    public var edgeInset: Double = 3 { didSet { edgeInset = edgeInset.isNaN ? 3 : edgeInset.clamped(to: 0...1000) } }
    /// Shortest thumb when not overscrolled.
    public var minimumLength: Double = 36 { didSet { minimumLength = minimumLength.isNaN ? 36 : minimumLength.clamped(to: 0...10_000) } }
    /// Shortest thumb while overscrolled.
    public var minimumOverscrollLength: Double = 8 { didSet { minimumOverscrollLength = minimumOverscrollLength.isNaN ? 8 : minimumOverscrollLength.clamped(to: 0...10_000) } }
    /// Translucency of the thumb (iOS: 35% black on light, 50% white on dark).
    public var alpha: Double = 0.35 { didSet { alpha = alpha.isNaN ? 0.35 : alpha.clamped(to: 0...1) } }
    /// Seconds after scrolling stops before the fade starts.
    public var fadeDelay: Double = 1.2 { didSet { fadeDelay = fadeDelay.isNaN ? 1.2 : fadeDelay.clamped(to: 0...60) } }
    /// Seconds the fade lasts.
    public var fadeDuration: Double = 0.25 { didSet { fadeDuration = fadeDuration.isNaN ? 0.25 : fadeDuration.clamped(to: 0...60) } }
    /// `flashIndicators()`: fade in, hold, fade out, in seconds.
    public var flashTimings: (fadeIn: Double, hold: Double, fadeOut: Double) = (0.33, 1.5, 0.33) {
        didSet {
            func valid(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : v.clamped(to: 0...60) }
            flashTimings = (valid(flashTimings.fadeIn, 0.33), valid(flashTimings.hold, 1.5), valid(flashTimings.fadeOut, 0.33))
        }
    }

    /// The iOS style: 3 pt overlay indicators that fade.
    public init() {}

    /// True for scrollers that widen and show their track while the pointer is over them (an
    /// overlay scroller on macOS): the thumb takes ``draggingThickness`` in a track
    /// ``trackWidth`` wide, and stays shown until the pointer leaves.
    public var expandsOnHover = false

    /// The width a legacy track takes from the layout.
    public var trackWidth: Double { controlSize == .regular ? 15 : 11 }

    /// True when the indicators take room from the layout.
    public var reservesTrack: Bool { kind == .legacy }

    /// True when the indicators are shown only while scrolling.
    public var isTransient: Bool {
        switch visibility {
        case .always, .never: return false
        case .whenScrolling: return true
        case .automatic: return kind != .legacy
        }
    }

    /// macOS scrollers of the given kind and size.
    public static func macOS(_ kind: Kind = .overlay, visibility: Visibility = .automatic, size: ControlSize = .regular) -> ScrollIndicatorStyle {
        var style = ScrollIndicatorStyle()
        style.kind = kind
        style.visibility = visibility
        style.controlSize = size
        style.thickness = kind == .legacy ? style.trackWidth - 6 : 7
        style.draggingThickness = kind == .legacy ? style.trackWidth - 6 : 11
        style.edgeInset = kind == .legacy ? 3 : 2
        style.minimumLength = size == .regular ? 26 : 20
        style.alpha = 0.5
        style.expandsOnHover = kind == .overlay
        return style
    }

    /// visionOS: a fixed-length indicator centred on its edge.
    public static var visionOS: ScrollIndicatorStyle {
        var style = ScrollIndicatorStyle()
        style.kind = .fixedCentered(length: 36)
        style.thickness = 6
        style.draggingThickness = 10
        style.edgeInset = 6
        style.alpha = 0.5
        return style
    }

    /// tvOS: no indicators.
    public static var hidden: ScrollIndicatorStyle {
        var style = ScrollIndicatorStyle()
        style.visibility = .never
        return style
    }

    /// Styles are equal when every setting is.
    public static func == (a: ScrollIndicatorStyle, b: ScrollIndicatorStyle) -> Bool {
        a.kind == b.kind && a.visibility == b.visibility && a.controlSize == b.controlSize
            && a.thickness == b.thickness && a.draggingThickness == b.draggingThickness
            && a.edgeInset == b.edgeInset && a.minimumLength == b.minimumLength
            && a.minimumOverscrollLength == b.minimumOverscrollLength && a.alpha == b.alpha
            && a.fadeDelay == b.fadeDelay && a.fadeDuration == b.fadeDuration
            && a.flashTimings == b.flashTimings && a.expandsOnHover == b.expandsOnHover
    }

    /// Hashes every setting.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind); hasher.combine(visibility); hasher.combine(controlSize)
        hasher.combine(thickness); hasher.combine(draggingThickness); hasher.combine(edgeInset)
        hasher.combine(minimumLength); hasher.combine(minimumOverscrollLength); hasher.combine(alpha)
        hasher.combine(fadeDelay); hasher.combine(fadeDuration)
        hasher.combine(flashTimings.fadeIn); hasher.combine(flashTimings.hold); hasher.combine(flashTimings.fadeOut)
        hasher.combine(expandsOnHover)
    }
}
