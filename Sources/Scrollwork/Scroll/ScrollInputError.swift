/// Input a scroll view cannot act on, with what was wrong and what is allowed.
public enum ScrollInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A coordinate, delta, velocity, scale or time was NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// A zoom scale was zero or negative.
    case nonPositiveScale(Double)

    /// A sentence that says what was wrong and what is allowed.
    public var description: String {
        switch self {
        case let .notFinite(parameter, value):
            return "\(parameter) is \(value); coordinates, deltas, velocities, scales and times must be finite numbers"
        case let .nonPositiveScale(value):
            return "zoom scale \(value) is not allowed; a scale must be greater than 0"
        }
    }
}

@inline(__always)
func requireFinite(_ value: Double, _ name: @autoclosure () -> String) throws(ScrollInputError) {
    guard value.isFinite else { throw .notFinite(parameter: name(), value: value) }
}

@inline(__always)
func requireFinite(_ point: Point, _ name: @autoclosure () -> String) throws(ScrollInputError) {
    try requireFinite(point.x, "\(name()).x")
    try requireFinite(point.y, "\(name()).y")
}

/// `value` when it is finite, held within ±``ScrollState/maximumExtent`` (or ±`limit`), so that
/// sums and products of inputs stay finite numbers; a non-finite value throws.
@inline(__always)
func limited(_ value: Double, _ name: @autoclosure () -> String, limit: Double = ScrollState.maximumExtent) throws(ScrollInputError) -> Double {
    try requireFinite(value, name())
    return value.clamped(to: -limit...limit)
}

/// `point` with each coordinate as ``limited(_:_:limit:)`` makes it.
@inline(__always)
func limited(_ point: Point, _ name: @autoclosure () -> String, limit: Double = ScrollState.maximumExtent) throws(ScrollInputError) -> Point {
    try requireFinite(point, name())
    return Point(x: point.x.clamped(to: -limit...limit), y: point.y.clamped(to: -limit...limit))
}

/// `value` held within ±`limit`; NaN and the infinities, which only a host's arithmetic makes,
/// become 0, so that input calls never fail for them (see docs/bad-values.md).
@inline(__always)
func sanitized(_ value: Double, limit: Double = ScrollState.maximumExtent) -> Double {
    value.isFinite ? value.clamped(to: -limit...limit) : 0
}

/// `point` with each coordinate as ``sanitized(_:limit:)`` makes it.
@inline(__always)
func sanitized(_ point: Point, limit: Double = ScrollState.maximumExtent) -> Point {
    Point(x: sanitized(point.x, limit: limit), y: sanitized(point.y, limit: limit))
}
