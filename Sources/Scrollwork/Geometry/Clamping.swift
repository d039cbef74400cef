extension Double {
    /// The value moved into `range`; NaN becomes the lower bound so a bad number never escapes.
    public func clamped(to range: ClosedRange<Double>) -> Double {
        guard !isNaN else { return range.lowerBound }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

extension Comparable {
    /// The value moved into `range`.
    public func clamped(to range: ClosedRange<Self>) -> Self {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

extension Point {
    /// The point moved into `rect` along each axis (the right and bottom edges included), so an
    /// offset can be clamped into its allowed range in one call.
    public func clamped(to rect: Rect) -> Point {
        let r = rect.standardized
        return Point(x: x.clamped(to: r.minX...r.maxX), y: y.clamped(to: r.minY...r.maxY))
    }
}

extension Int {
    /// `value` rounded toward zero, with NaN as 0 and values beyond `Int`'s range held at
    /// `Int.min` or `Int.max`: a conversion from points to cells or rows that cannot trap.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.223372036854775807e18 {
            self = .max
        } else if value <= -9.223372036854775808e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
