#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if !SCROLLWORK_PTHREAD_LOCKS
import Synchronization
#endif

/// A value shared between threads, reached only under its lock: the package's one lock, so that
/// a build for ThreadSanitizer can swap what is under it.
///
/// Built normally it is the standard library's `Mutex` (a futex on Linux). Built with
/// `SCROLLWORK_PTHREAD_LOCKS` (a sanitized build, `scripts/test-sanitized`) it is a POSIX mutex,
/// which ThreadSanitizer models: it does not model the futex `Mutex` waits on, and so reports
/// the state a contended `Mutex` guards as raced.
@safe package struct Locked<Value: ~Copyable>: ~Copyable {
    #if SCROLLWORK_PTHREAD_LOCKS
    // Safe to hold: the mutex and the box are this lock's own memory, made in `init` and freed in
    // `deinit` (the lock cannot be copied), and the value is reached only with the mutex held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let box: UnsafeMutablePointer<Value>

    /// `value`, from now on reached only through ``withLock(_:)``.
    package init(_ value: consuming sending Value) {
        unsafe mutex = .allocate(capacity: 1)
        unsafe pthread_mutex_init(mutex, nil)
        unsafe box = .allocate(capacity: 1)
        unsafe box.initialize(to: value)
    }

    deinit {
        unsafe box.deinitialize(count: 1)
        unsafe box.deallocate()
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    package borrowing func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        unsafe pthread_mutex_lock(mutex)
        defer { unsafe pthread_mutex_unlock(mutex) }
        return try unsafe body(&box.pointee)
    }
    #else
    private let mutex: Mutex<Value>

    /// `value`, from now on reached only through ``withLock(_:)``.
    package init(_ value: consuming sending Value) { mutex = Mutex(value) }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    package borrowing func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        try mutex.withLock(body)
    }
    #endif
}

// The value is reached only with the lock held, from whichever thread.
extension Locked: @unchecked Sendable where Value: ~Copyable {}
