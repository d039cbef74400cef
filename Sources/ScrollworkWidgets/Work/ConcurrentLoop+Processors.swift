import Dispatch
import Scrollwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ConcurrentLoop {
    /// Every online processor of the machine, through Dispatch's concurrent loop: what a sort in
    /// the background reads keys with. The event loop stays responsive meanwhile: it sleeps
    /// until input comes, and its frames take a fraction of a millisecond.
    public static let processors = ConcurrentLoop(width: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) { count, body in
        DispatchQueue.concurrentPerform(iterations: Swift.max(0, count), execute: body)
    }
}
