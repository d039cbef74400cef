extension Double {
    /// The value moved into `range`; NaN becomes the lower bound so a bad number never escapes.
    @inlinable
    public func clamped(to range: ClosedRange<Double>) -> Double {
        guard !isNaN else { return range.lowerBound }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

extension Double {
    /// The number halfway between `a` and `b`, computed so that it cannot overflow while both are
    /// finite (of 10³⁰⁸ and 10³⁰⁸ it is 10³⁰⁸): what a median of two values is.
    @inlinable
    public static func midpoint(_ a: Double, _ b: Double) -> Double {
        // With opposite signs the sum cannot overflow; with the same sign the difference cannot.
        (a < 0) != (b < 0) ? (a + b) / 2 : a + (b - a) / 2
    }
}

extension Comparable {
    /// The value moved into `range`. Inlinable, so that callers in other modules get it compiled
    /// for their type instead of running the generic version.
    @inlinable
    public func clamped(to range: ClosedRange<Self>) -> Self {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

extension Point {
    /// The point moved into `rect` along each axis (the right and bottom edges included), so an
    /// offset can be clamped into its allowed range in one call.
    /// A side of `rect` that is NaN does not limit the point.
    public func clamped(to rect: Rect) -> Point {
        let r = rect.standardized
        func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double {
            var result = v
            if !low.isNaN { result = Swift.max(result, low) }
            if !high.isNaN { result = Swift.min(result, high) }
            return result
        }
        return Point(x: clamp(x, r.minX, r.maxX), y: clamp(y, r.minY, r.maxY))
    }
}

extension Int {
    /// `self + other`, held at `Int.max` or `Int.min` instead of overflowing.
    @inlinable
    public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self * other`, held at `Int.max` or `Int.min` instead of overflowing.
    @inlinable
    public func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }

    /// `self - other`, held at `Int.max` or `Int.min` instead of overflowing.
    @inlinable
    public func subtractingSaturating(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// `value` rounded down, with NaN as 0 and values beyond `Int`'s range held at `Int.min` or
    /// `Int.max`: `Int(saturating: value.rounded(.down))` without a call to the C library's
    /// `floor`, for the conversions from points to cells that every drawing call makes.
    @inlinable
    public init(flooringSaturating value: Double) {
        guard value > -9.223372036854775808e18 else {
            self = value.isNaN ? 0 : .min
            return
        }
        guard value < 9.223372036854775807e18 else {
            self = .max
            return
        }
        let truncated = Int(value)
        self = Double(truncated) > value ? truncated - 1 : truncated
    }

    /// `value` rounded toward zero, with NaN as 0 and values beyond `Int`'s range held at
    /// `Int.min` or `Int.max`: a conversion from points to cells or rows that cannot trap.
    @inlinable
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
