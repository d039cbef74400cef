#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scheduling priority of the threads background work runs on, kept below the event loop's,
/// as Apple's platforms run such work at a lower quality of service than the main thread.
///
/// On Linux each thread has a nice value of its own. A sort or a summary started from the screen
/// runs on Dispatch's worker threads beside the event loop and, under a window, the display
/// server: at the same priority, a frame drawn while a sort runs waited its turn for a core. At
/// a nice value of 10 the scheduler gives a waiting event loop about nine tenths of a busy core,
/// and background work still has every idle core to itself. Against other programs it costs
/// little where Linux groups a session's processes (autogroups, on by default in desktop
/// kernels): nice values then rank threads within the session, and sessions share the CPU
/// evenly whatever their threads' nice values.
package enum ThreadPriority {
    /// The nice value background work runs at.
    package static let background: Int32 = 10

    #if os(Linux)
    /// `PRIO_PROCESS` with no id: on Linux, the calling thread alone (the nice value is a
    /// thread's, not the process's, under NPTL).
    private static let callingThread = __priority_which_t(PRIO_PROCESS.rawValue)
    #endif

    /// The calling thread's nice value (0 where it cannot be read).
    package static func current() -> Int32 {
        #if os(Linux)
        errno = 0
        let value = getpriority(callingThread, 0)
        return errno == 0 ? value : 0
        #else
        return 0
        #endif
    }

    /// Lowers the calling thread's priority to nice value `nice` (clamped to 0…19) where it is
    /// higher. Called only on threads that run background work (a work runner's, and those that
    /// help a loop such a thread started), never on the event loop's. Never raised again: an
    /// unprivileged process cannot, and the worker threads lowered run nothing but background work.
    package static func lower(to nice: Int32) {
        #if os(Linux)
        let nice = Swift.min(Swift.max(nice, 0), 19)
        guard nice > 0, current() < nice else { return }
        // Refused (a sandbox without the call): the work runs at the priority it has.
        _ = setpriority(callingThread, 0, nice)
        #endif
    }
}
