/// One scroll indicator as a host draws it, in viewport coordinates.
public struct ScrollIndicator: Sendable, Hashable {
    /// The axis the indicator shows.
    public var axis: Axis
    /// The strip the thumb moves in (for legacy scrollers, the track drawn behind it).
    public var track: Rect
    /// The thumb.
    public var thumb: Rect
    /// 0 (invisible) to 1: the fade envelope; multiply by ``alpha`` for the drawn translucency.
    public var opacity: Double
    /// The translucency of the style.
    public var alpha: Double
    /// True for a legacy scroller whose track is drawn.
    public var showsTrack: Bool
    /// True while the thumb is being dragged (drawn thicker).
    public var isDragged: Bool
    /// visionOS jog bar: the offset of the moving tick marks within one tick spacing, in points;
    /// nil for other styles.
    public var jogTickPhase: Double?
}

/// The fixed shape of the overlay indicator's length, from Flutter's model of the iOS scrollbar.
public enum IndicatorGeometry {
    /// The thumb length for a track of `track` points showing `visibleFraction` of the content,
    /// shrinking while overscrolled by `overscrollFraction` of the viewport (at 20% the minimum
    /// reaches zero, floored at `overscrollMinimum`).
    public static func thumbLength(track: Double, visibleFraction: Double, overscrollFraction: Double,
                                   minimum: Double, overscrollMinimum: Double) -> Double {
        guard track > 0 else { return 0 }
        let fraction = visibleFraction.clamped(to: 0...1)
        let shrink = overscrollFraction.clamped(to: 0...0.2) / 0.2
        let newMinimum = Swift.min(minimum * (1 - shrink), track)
        let base = Swift.max(Swift.min(track, overscrollMinimum), track * fraction)
        return Swift.min(Swift.max(base, newMinimum), track)
    }
}
