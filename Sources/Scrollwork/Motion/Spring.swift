import RealModule

/// A damped spring, used to bounce back to an edge and to settle on a page.
///
/// Positions are displacements from the spring's rest point. Critically damped by default (mass 1,
/// stiffness 100, damping ratio 1: ω = 10 rad/s), as ScrollMechanics models UIKit's bounce.
public struct Spring: Sendable, Hashable {
    /// The mass, 0.001…1,000; a value that is not a positive finite number means 1, others are clamped.
    public var mass: Double { didSet { mass = Self.valid(mass, 1e-3...1e3, fallback: 1) } }
    /// The stiffness, 0.001…1,000,000; a value that is not a positive finite number means 100.
    public var stiffness: Double { didSet { stiffness = Self.valid(stiffness, 1e-3...1e6, fallback: 100) } }
    /// 1 is critically damped, below 1 oscillates, above 1 creeps; 0.01…100, and a value that is
    /// not a positive finite number means 1.
    public var dampingRatio: Double { didSet { dampingRatio = Self.valid(dampingRatio, 1e-2...1e2, fallback: 1) } }

    private static func valid(_ value: Double, _ range: ClosedRange<Double>, fallback: Double) -> Double {
        value > 0 && value.isFinite ? value.clamped(to: range) : fallback
    }

    /// Creates a spring; parameters follow the rules of the properties.
    public init(mass: Double = 1, stiffness: Double = 100, dampingRatio: Double = 1) {
        self.mass = Self.valid(mass, 1e-3...1e3, fallback: 1)
        self.stiffness = Self.valid(stiffness, 1e-3...1e6, fallback: 100)
        self.dampingRatio = Self.valid(dampingRatio, 1e-2...1e2, fallback: 1)
    }

    /// The bounce of a scroll view: critically damped at ω = 10 rad/s.
    public static let bounce = Spring()

    /// The undamped angular frequency ω₀ = √(k/m).
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The displacement and velocity `t` seconds after starting at `x0` with velocity `v0`.
    public func state(at t: Double, from x0: Double, velocity v0: Double) -> (position: Double, velocity: Double) {
        let w = angularFrequency, z = dampingRatio
        if abs(z - 1) < 1e-9 {
            let e = Double.exp(-w * t)
            let b = v0 + w * x0
            return ((x0 + b * t) * e, (b - w * (x0 + b * t)) * e)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let e = Double.exp(-z * w * t)
            let b = (v0 + z * w * x0) / wd
            let c = Double.cos(wd * t), s = Double.sin(wd * t)
            let x = e * (x0 * c + b * s)
            let v = e * ((b * wd - z * w * x0) * c - (x0 * wd + z * w * b) * s)
            return (x, v)
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1
        let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}
