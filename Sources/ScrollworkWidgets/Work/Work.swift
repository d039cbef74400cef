import Synchronization

/// Work an app runs off the event loop, such as sorting a million rows: the loop runs its body on
/// a background thread, and its progress and result come back to the app as
/// ``Event/work(_:)`` events, so the screen keeps moving meanwhile.
///
/// An app asks for work through ``App/takeWork()``. Work with the identifier of work still
/// running replaces it: the old run is cancelled and nothing more is heard of it.
public struct Work: Sendable {
    /// The app's name for the work; updates carry it.
    public let id: String
    /// The body, given the progress to report and to check for cancellation.
    package let body: @Sendable (WorkProgress) -> (any Sendable)?

    /// Work called `id` that runs `body`. The body reports progress through the
    /// ``WorkProgress`` it is given and stops (returning nil) once ``WorkProgress/report(_:)``
    /// returns false; the value it returns arrives as ``WorkUpdate/finished(id:value:)``.
    public init<Value: Sendable>(id: String, _ body: @escaping @Sendable (WorkProgress) -> Value?) {
        self.id = id
        self.body = { progress in body(progress) }
    }

    /// Runs the work on this thread, with progress that goes nowhere, and returns its last
    /// update: what a host does when it has no background thread to give it.
    public func runHere() -> WorkUpdate {
        body(WorkProgress { _ in }).map { .finished(id: id, value: $0) } ?? .cancelled(id: id)
    }
}

/// What an app asks of the loop about work.
public enum WorkRequest: Sendable {
    /// Runs work in the background (replacing running work of the same identifier).
    case start(Work)
    /// Cancels the work with this identifier; a ``WorkUpdate/cancelled(id:)`` follows.
    case cancel(String)
}

/// News from work, delivered as ``Event/work(_:)``.
public enum WorkUpdate: Sendable, Hashable, CustomStringConvertible {
    /// The fraction of the work done so far, 0…1.
    case progress(id: String, fraction: Double)
    /// The work finished with `value` (cast it to the type the body returns).
    case finished(id: String, value: any Sendable)
    /// The work stopped before finishing because it was cancelled.
    case cancelled(id: String)

    /// The work's identifier.
    public var id: String {
        switch self {
        case let .progress(id, _), let .finished(id, _), let .cancelled(id): return id
        }
    }

    /// Updates are equal when they are the same kind for the same work (and the same fraction);
    /// a finished value is not compared.
    public static func == (a: WorkUpdate, b: WorkUpdate) -> Bool {
        switch (a, b) {
        case let (.progress(x, f), .progress(y, g)): return x == y && f == g
        case let (.finished(x, _), .finished(y, _)), let (.cancelled(x), .cancelled(y)): return x == y
        default: return false
        }
    }

    /// Hashes the kind and the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        switch self {
        case let .progress(_, f): hasher.combine(0); hasher.combine(f)
        case .finished: hasher.combine(1)
        case .cancelled: hasher.combine(2)
        }
    }

    /// A short account for logs and tests.
    public var description: String {
        switch self {
        case let .progress(id, f): return "\(id) \(Int(f * 100))%"
        case let .finished(id, _): return "\(id) finished"
        case let .cancelled(id): return "\(id) cancelled"
        }
    }
}

/// Running work's line to the loop: it reports how far it is and learns whether to stop.
public final class WorkProgress: Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let sink: @Sendable (Double) -> Void

    package init(sink: @escaping @Sendable (Double) -> Void) { self.sink = sink }

    /// Reports the fraction done (clamped to 0…1; NaN is ignored). Returns false once the work is
    /// cancelled: the body should then stop and return nil.
    @discardableResult
    public func report(_ fraction: Double) -> Bool {
        if !fraction.isNaN { sink(Swift.min(Swift.max(fraction, 0), 1)) }
        return !isCancelled
    }

    /// True once the work was cancelled or replaced.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Asks the work to stop.
    func cancel() { cancelled.store(true, ordering: .relaxed) }
}
