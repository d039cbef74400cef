/// The easing of a timed animation (a programmatic scroll, a key press, a zoom step).
public enum TimingCurve: Sendable, Hashable {
    /// Constant speed.
    case linear
    /// Starts fast and settles gently: 1 − (1 − p)³.
    case easeOut
    /// Starts and ends gently.
    case easeInOut

    /// The eased progress for a linear progress `p` in [0, 1].
    public func value(_ p: Double) -> Double {
        let p = p.clamped(to: 0...1)
        switch self {
        case .linear: return p
        case .easeOut: let q = 1 - p; return 1 - q * q * q
        case .easeInOut: return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) * (-2 * p + 2) * (-2 * p + 2) / 2
        }
    }
}
