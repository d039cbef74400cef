#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crashes on purpose, for the end-to-end tests that prove a crash gives the terminal back.
enum TestCrash {
    /// Crashes as `kind` says: "segv" dereferences a bad pointer, "abort" calls abort(3), and
    /// anything else traps as a failed precondition does.
    static func crash(_ kind: String) -> Never {
        switch kind {
        case "segv":
            // Not safe, on purpose: the fault is what the crash test needs.
            let bad = unsafe UnsafeMutablePointer<Int>(bitPattern: 8)!
            unsafe bad.pointee = 1
            fatalError("unreachable: the store above faults")
        case "abort":
            abort()
        default:
            fatalError("crash requested through SCROLLWORK_TEST_CRASH")
        }
    }
}
