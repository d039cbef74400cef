#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock every host runs its loop on: seconds that only go forward (CLOCK_MONOTONIC), so a
/// change of the wall clock never jumps an animation.
public enum MonotonicClock {
    /// Seconds on the monotonic clock, from an arbitrary start.
    public static func now() -> Double {
        var t = timespec()
        // Safe: the call fills the local it is lent.
        unsafe clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
