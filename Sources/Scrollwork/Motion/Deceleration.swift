import RealModule

/// How quickly a flicked scroll view slows down: the fraction of velocity kept per millisecond.
///
/// UIKit's `.normal` keeps 0.998 per millisecond (about 13.5% per second), `.fast` keeps 0.99.
public struct DecelerationRate: Sendable, Hashable, RawRepresentable {
    /// The fraction of velocity kept per millisecond, in (0, 1).
    public let rawValue: Double

    /// Creates a rate; values outside (0, 1) are clamped into [0.5, 0.9999] so motion always ends.
    public init(rawValue: Double) {
        self.rawValue = rawValue.isFinite ? rawValue.clamped(to: 0.5...0.9999) : 0.998
    }

    /// The rate of a normal scroll view: 0.998 per millisecond.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// A quicker stop, as for paging or pickers: 0.99 per millisecond.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// `1000 · ln(rate)`: the exponent per second (negative).
    public var exponent: Double { 1000 * Double.log(rawValue) }
}

/// Momentum along one axis after a flick, in closed form: v(t) = v₀·d^(1000t).
///
/// With k = 1000·ln(d): x(t) = x₀ + v₀·(d^(1000t) − 1)/k, and the motion comes to rest at
/// x₀ − v₀/k. Being closed-form, any frame rate gives the same curve.
public struct Deceleration: Sendable, Hashable {
    /// Where the motion started.
    public var initialPosition: Double
    /// The velocity at the start, in points per second.
    public var initialVelocity: Double
    /// How quickly the velocity decays.
    public var rate: DecelerationRate

    /// Creates a deceleration.
    public init(from position: Double, velocity: Double, rate: DecelerationRate = .normal) {
        self.initialPosition = position
        self.initialVelocity = velocity
        self.rate = rate
    }

    /// The position `t` seconds after the start.
    public func position(at t: Double) -> Double {
        let k = rate.exponent
        return initialPosition + initialVelocity * (Double.exp(k * t) - 1) / k
    }

    /// The velocity `t` seconds after the start.
    public func velocity(at t: Double) -> Double {
        initialVelocity * Double.exp(rate.exponent * t)
    }

    /// Where the motion comes to rest.
    public var restPosition: Double { initialPosition - initialVelocity / rate.exponent }

    /// Seconds until the speed falls below `threshold` points per second (0 when it already has).
    public func duration(threshold: Double = 0.5) -> Double {
        let speed = abs(initialVelocity)
        guard speed > threshold, threshold > 0 else { return 0 }
        return Double.log(threshold / speed) / rate.exponent
    }

    /// Seconds until the motion is within `distance` points of its rest position:
    /// t = ln(−k·ε/|v₀|)/k, ScrollMechanics' stopping rule (3.450 s for ε = 0.5, v₀ = 1000).
    public func settlingTime(within distance: Double = 0.5) -> Double {
        duration(threshold: distance * -rate.exponent)
    }

    /// The first time at which the motion reaches `position`, or nil if it never does.
    public func time(toReach position: Double) -> Double? {
        let distance = position - initialPosition
        if distance == 0 { return 0 }
        guard initialVelocity != 0, distance.sign == initialVelocity.sign else { return nil }
        let fraction = 1 + rate.exponent * distance / initialVelocity
        guard fraction > 0 else { return nil }
        return Double.log(fraction) / rate.exponent
    }
}
