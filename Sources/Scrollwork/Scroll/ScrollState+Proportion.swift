extension ScrollState {
    /// How far the offset along `axis` stands between its bounds, from 0 to 1 (0 where there is
    /// no room to scroll or the offset is not a number): what a list or outline too tall for a
    /// scroll view reads as its place in proportion, and what a screen reader is told of a scroll
    /// view's place.
    public func fraction(_ axis: Axis) -> Double {
        let bounds = offsetBounds(axis), span = bounds.upperBound - bounds.lowerBound
        guard span > 0, offset[axis].isFinite else { return 0 }
        return ((offset[axis] - bounds.lowerBound) / span).clamped(to: 0...1)
    }

    /// Which of the items `0...last` stands at the top in proportion to ``fraction(_:)``, and how
    /// far into it (0 up to 1): where a compressed list or outline begins drawing.
    func proportionalItem(_ axis: Axis, last: Int) -> (item: Int, within: Double) {
        let exact = fraction(axis) * Double(Swift.max(0, last))
        let item = Swift.min(Swift.max(0, last), Swift.max(0, Int(flooringSaturating: exact)))
        return (item, (exact - Double(item)).clamped(to: 0...1))
    }

    /// The offset along `axis` that stands `fraction` (clamped to 0…1) of the way between the
    /// bounds: the inverse of ``fraction(_:)``.
    func offset(_ axis: Axis, atFraction fraction: Double) -> Double {
        let bounds = offsetBounds(axis)
        return bounds.lowerBound + (bounds.upperBound - bounds.lowerBound) * (fraction.isNaN ? 0 : fraction.clamped(to: 0...1))
    }
}
