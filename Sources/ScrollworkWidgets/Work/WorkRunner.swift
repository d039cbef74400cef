import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// Runs ``Work`` on background threads for a host's ``Driver`` and hands its updates back on the
/// loop's thread. When there is news it writes a byte to ``wakePipe`` (a terminal's loop polls it
/// beside its input) and calls the `onNews` it was made with (a window's loop posts itself an
/// event), so a loop sleeps while work runs.
public final class WorkRunner: WorkScheduler, Sendable {
    /// One running piece of work: the token that tells its updates from a replaced run's.
    private struct Running: Sendable {
        var token: Int
        var progress: WorkProgress
        var lastReported: Double
    }

    private let state = Locked<(running: [WorkID: Running], outbox: [WorkUpdate], next: Int)>(([:], [], 0))
    /// The pipe the loop polls: a byte means there are updates.
    public let wakePipe: [Int32]

    private let onNews: @Sendable () -> Void
    /// Runs started while the runner is held (``hold()``), to begin on ``release()``; nil when not held.
    private let held = Locked<[@Sendable () -> Void]?>(nil)

    /// A runner with its wake pipe, which calls `onNews` (from a background thread) whenever it
    /// has updates; nil when the system has no pipe to give.
    public init?(onNews: @escaping @Sendable () -> Void = {}) {
        var fds: [Int32] = [0, 0]
        // Safe: `pipe` fills the two numbers of the array it is lent.
        guard unsafe pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        wakePipe = fds
        self.onNews = onNews
    }

    deinit {
        for fd in wakePipe { close(fd) }
    }

    /// Keeps work asked for from now on from beginning until ``release()``: a host holds it
    /// while it draws its first frame, so that an app's opening work (an index read in the
    /// background) does not take a core from that frame. Cancelling and replacing work behave
    /// as ever meanwhile; their updates come as usual.
    public func hold() {
        held.withLock { if $0 == nil { $0 = [] } }
    }

    /// Begins the work held since ``hold()``, in the order it was asked for.
    public func release() {
        let pending = held.withLock { pending -> [@Sendable () -> Void] in
            defer { pending = nil }
            return pending ?? []
        }
        for begin in pending { begin() }
    }

    /// Starts or cancels work as the app asks.
    public func perform(_ request: WorkRequest) {
        switch request {
        case let .start(work): start(work)
        case let .cancel(id):
            let stopped = state.withLock { s -> Bool in
                guard let running = s.running.removeValue(forKey: id) else { return false }
                running.progress.cancel()
                s.outbox.append(.cancelled(id: id))
                return true
            }
            if stopped { wake() }
        }
    }

    private func start(_ work: Work) {
        let id = work.id
        let token = state.withLock { s -> Int in
            s.running[id]?.progress.cancel()
            s.next += 1
            return s.next
        }
        let progress = WorkProgress { [weak self] fraction in self?.progressed(id, token: token, fraction) }
        state.withLock { $0.running[id] = Running(token: token, progress: progress, lastReported: -1) }
        let begin: @Sendable () -> Void = {
            DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                // Below the event loop, which draws the frames while the work runs.
                ThreadPriority.lower(to: ThreadPriority.background)
                let value = work.body(progress)
                self?.finished(id, token: token, value: value, cancelled: progress.isCancelled)
            }
        }
        let waits = held.withLock { pending -> Bool in
            pending?.append(begin)
            return pending != nil
        }
        if !waits { begin() }
    }

    /// Progress of a run: passed on when it moved a percent or more, so the loop is not flooded.
    private func progressed(_ id: WorkID, token: Int, _ fraction: Double) {
        let send = state.withLock { s -> Bool in
            guard var running = s.running[id], running.token == token, fraction >= running.lastReported + 0.01 || fraction == 1 else { return false }
            running.lastReported = fraction
            s.running[id] = running
            s.outbox.append(.progress(id: id, fraction: fraction))
            return true
        }
        if send { wake() }
    }

    private func finished(_ id: WorkID, token: Int, value: (any Sendable)?, cancelled: Bool) {
        let send = state.withLock { s -> Bool in
            // A run that was replaced or cancelled has already been answered for.
            guard let running = s.running[id], running.token == token else { return false }
            s.running[id] = nil
            if let value, !cancelled { s.outbox.append(.finished(id: id, value: WorkValue(value))) } else { s.outbox.append(.cancelled(id: id)) }
            return true
        }
        if send { wake() }
    }

    private func wake() {
        _ = systemWrite(wakePipe[1], [1])
        onNews()
    }

    /// The updates since the last call, in order; empties the wake pipe.
    public func takeUpdates() -> [WorkUpdate] {
        var scratch = [UInt8](repeating: 0, count: 256)
        while systemRead(wakePipe[0], into: &scratch) > 0 {}
        return state.withLock { s in
            defer { s.outbox = [] }
            return s.outbox
        }
    }

    /// True while updates wait for ``takeUpdates()`` (the wake pipe says so too).
    public var hasUpdates: Bool { state.withLock { !$0.outbox.isEmpty } }

    /// Asks every run to stop (the program is ending).
    public func cancelAll() {
        state.withLock { s in
            for running in s.running.values { running.progress.cancel() }
            s.running = [:]
        }
    }
}
