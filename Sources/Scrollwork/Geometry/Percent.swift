extension Double {
    /// A fraction done as a whole percentage for a person to read: 0…100, rounded down, with
    /// NaN as 0 and fractions outside 0…1 held at its ends. (A file of its own: the input
    /// decoder's fuzzing build compiles it beside the work types, without the rest of the core.)
    @inlinable
    public var wholePercent: Int { Int((isNaN ? 0 : Swift.min(Swift.max(self, 0), 1)) * 100) }
}
