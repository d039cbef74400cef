#if Window
#if canImport(Glibc)
import Glibc
#endif

/// A closure run once on a new thread, passed through pthread's context pointer: what the
/// window's helpers that wait on a bus (the screen reader's bridge, the settings watcher) run on.
final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    private init(_ run: @escaping @Sendable () -> Void) { self.run = run }

    /// Runs `run` on a new thread; its handle, to join, or nil when no thread could be made.
    static func spawn(_ run: @escaping @Sendable () -> Void) -> pthread_t? {
        var handle = pthread_t()
        let context = Unmanaged.passRetained(ThreadBody(run)).toOpaque()
        guard pthread_create(&handle, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return handle
    }
}
#endif
