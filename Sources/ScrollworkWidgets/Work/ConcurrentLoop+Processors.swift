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
    /// until input comes, and the threads that help a loop started from background work run at
    /// that work's lower priority, so they too leave a busy core to the event loop first.
    public static let processors = ConcurrentLoop(width: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) { count, body in
        let nice = ThreadPriority.current()
        DispatchQueue.concurrentPerform(iterations: Swift.max(0, count)) { index in
            ThreadPriority.lower(to: nice)
            body(index)
        }
    }
}
