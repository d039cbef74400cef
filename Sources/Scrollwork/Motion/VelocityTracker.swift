/// Estimates a pointer's velocity from its recent positions by a least-squares line per axis, so
/// one jittery sample does not decide a flick.
///
/// Samples older than ``window`` are forgotten; a pointer that has rested for longer than
/// ``stillness`` before release has no velocity.
public struct VelocityTracker: Sendable, Hashable {
    /// How far back samples count, in seconds; clamped to 0.001…10 (NaN means 0.1).
    public var window: Double = 0.1 { didSet { window = window.isNaN ? 0.1 : window.clamped(to: 0.001...10) } }
    /// A pause this long before release means the pointer stopped, in seconds; clamped to
    /// 0…10 (NaN means 0.04).
    public var stillness: Double = 0.04 { didSet { stillness = stillness.isNaN ? 0.04 : stillness.clamped(to: 0...10) } }
    /// The most samples kept, clamped to 2…10,000 (a line needs two).
    public var capacity: Int = 20 { didSet { capacity = capacity.clamped(to: 2...10_000) } }
    private var samples: [(time: Double, point: Point)] = []

    /// Creates an empty tracker.
    public init() {}

    /// The most recent sample.
    var lastSample: (time: Double, point: Point)? { samples.last }

    /// Forgets every sample.
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Records where the pointer was at `time`.
    public mutating func add(_ point: Point, at time: Double) {
        guard time.isFinite, point.x.isFinite, point.y.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        samples.append((time, point))
        if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
    }

    /// The velocity in points per second at `time`.
    public func velocity(at time: Double) -> Point {
        guard let last = samples.last, time - last.time <= stillness else { return .zero }
        let recent = samples.filter { last.time - $0.time <= window }
        guard recent.count >= 2 else { return .zero }
        let n = Double(recent.count)
        let meanT = recent.reduce(0) { $0 + $1.time } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        let meanX = recent.reduce(0) { $0 + $1.point.x } / n
        let meanY = recent.reduce(0) { $0 + $1.point.y } / n
        for s in recent {
            let dt = s.time - meanT
            stt += dt * dt
            stx += dt * (s.point.x - meanX)
            sty += dt * (s.point.y - meanY)
        }
        guard stt > 1e-12 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }

    /// Two trackers are equal when they hold the same samples.
    public static func == (lhs: VelocityTracker, rhs: VelocityTracker) -> Bool {
        lhs.samples.count == rhs.samples.count
            && zip(lhs.samples, rhs.samples).allSatisfy { $0.time == $1.time && $0.point == $1.point }
    }

    /// Hashes the samples.
    public func hash(into hasher: inout Hasher) {
        for s in samples { hasher.combine(s.time); hasher.combine(s.point) }
    }
}
