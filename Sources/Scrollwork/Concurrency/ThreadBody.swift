#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A closure run once on a new thread, passed through pthread's context pointer: what the
/// package's helpers that wait (the window's screen-reader bridge and settings watcher on a bus,
/// a web server's answer arriving) run on.
package final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    private init(_ run: @escaping @Sendable () -> Void) { self.run = run }

    /// Runs `run` on a new thread; its handle, to join, or nil when no thread could be made.
    package static func spawn(_ run: @escaping @Sendable () -> Void) -> pthread_t? {
        var handle = pthread_t()
        // Safe: the body is retained once here and released once, by the thread that runs it, or
        // here when no thread could be made.
        let context = unsafe Unmanaged.passRetained(ThreadBody(run)).toOpaque()
        guard unsafe pthread_create(&handle, nil, { context in
            guard let context = unsafe context else { return nil }
            unsafe Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, unsafe context) == 0 else {
            unsafe Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return handle
    }

    /// Runs `run` on a new thread that no one joins (it ends by itself); false when no thread
    /// could be made.
    package static func detach(_ run: @escaping @Sendable () -> Void) -> Bool {
        guard let handle = spawn(run) else { return false }
        pthread_detach(handle)
        return true
    }
}
