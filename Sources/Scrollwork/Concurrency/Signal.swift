#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A count of things that happened, which threads can sleep on until it moves: what a thread
/// waiting for another's work blocks on, so that it takes no core meanwhile (a thread that waits
/// for a ``Locked`` value by taking its lock again and again spins in the kernel while the
/// holder runs).
///
/// A waiter reads ``generation`` before it looks at what it waits for, and waits past that
/// generation only if it was not there; the worker changes what it made, then calls ``signal()``.
/// So no wake-up is missed between the look and the wait.
@safe package final class Signal: @unchecked Sendable {
    // The mutex and condition live at fixed addresses (pthread's must not move); the count is
    // read and written only with the mutex held. Safe: both are allocated and initialised once in
    // `init`, used only between, and destroyed and freed once in `deinit`, when no thread can
    // hold a reference to wait on them.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var count: UInt64 = 0

    /// A signal that has not yet moved.
    package init() {
        unsafe mutex = .allocate(capacity: 1)
        unsafe pthread_mutex_init(mutex, nil)
        unsafe condition = .allocate(capacity: 1)
        unsafe pthread_cond_init(condition, nil)
    }

    deinit {
        unsafe pthread_cond_destroy(condition)
        unsafe condition.deallocate()
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deallocate()
    }

    /// How many times it has moved.
    package var generation: UInt64 {
        unsafe pthread_mutex_lock(mutex)
        defer { unsafe pthread_mutex_unlock(mutex) }
        return count
    }

    /// Moves it, waking every thread that waits.
    package func signal() {
        unsafe pthread_mutex_lock(mutex)
        count &+= 1
        unsafe pthread_cond_broadcast(condition)
        unsafe pthread_mutex_unlock(mutex)
    }

    /// Sleeps until it has moved past `generation` (at once if it already has).
    package func wait(past generation: UInt64) {
        unsafe pthread_mutex_lock(mutex)
        while count == generation { unsafe pthread_cond_wait(condition, mutex) }
        unsafe pthread_mutex_unlock(mutex)
    }
}
