import Synchronization

/// Work a widget or an app runs off the event loop, such as sorting a million rows: the host's
/// driver runs its body on a background thread, and its progress and result come back as
/// ``Event/work(_:)`` events, so the screen keeps moving meanwhile.
///
/// Work is handed out as an ``Effect`` (``Effect/work(_:)``). Work with the identifier of work
/// still running replaces it: the old run is cancelled and nothing more is heard of it.
public struct Work: Sendable {
    /// Which work this is; updates carry it.
    public let id: WorkID
    /// The body, given the progress to report and to check for cancellation; its value is what
    /// ``WorkUpdate/result(of:)`` hands back for the key the work was made with.
    package let body: @Sendable (WorkProgress) -> (any Sendable)?

    /// Work for `key` that runs `body`. The body reports progress through the ``WorkProgress``
    /// it is given and stops (returning nil) once ``WorkProgress/report(_:)`` returns false; the
    /// value it returns arrives in a ``WorkUpdate/finished(id:value:)`` that
    /// ``WorkUpdate/result(of:)`` reads with the same key, typed.
    public init<Value: Sendable>(_ key: WorkKey<Value>, _ body: @escaping @Sendable (WorkProgress) -> Value?) {
        id = key.id
        self.body = { progress in body(progress) }
    }

    /// Runs the work on this thread, with progress that goes nowhere, and returns its last
    /// update: what a host does when it has no background thread to give it.
    public func runHere() -> WorkUpdate {
        body(WorkProgress { _ in }).map { .finished(id: id, value: WorkValue($0)) } ?? .cancelled(id: id)
    }
}

/// Names work and the type of the value it finishes with. A widget keeps its keys (a table its
/// sort's) and reads the results that come back with them, typed: no string to match and no cast.
///
/// Keys are told apart by identity, not by name: two tables that both sort have two keys, and
/// the result of one never reaches the other. Copies of a key are the same key.
public struct WorkKey<Value: Sendable>: Sendable, Hashable {
    /// The identifier work made with this key carries.
    public let id: WorkID

    /// A new key, unlike every other; `name` is for logs and tests (``WorkID/name``).
    public init(_ name: String) { id = WorkID(name: name, family: WorkFamily()) }

    private init(id: WorkID) { self.id = id }

    /// A key of the same family under another name: work under each name runs side by side (the
    /// pages of a remote source), and ``WorkUpdate/result(of:)`` with any key of the family reads
    /// the results of all of them.
    public func named(_ name: String) -> WorkKey<Value> { WorkKey(id: WorkID(name: name, family: id.family)) }
}

/// What makes a family of keys one: its identity.
package final class WorkFamily: Sendable {
    package init() {}
}

/// Which work an update is about: a key's family and a name within it.
public struct WorkID: Sendable, Hashable, CustomStringConvertible {
    /// The name given to the key ("sort", "index", "page-3").
    public let name: String
    package let family: WorkFamily

    /// The same name in the same family.
    public static func == (a: WorkID, b: WorkID) -> Bool { a.family === b.family && a.name == b.name }

    /// Hashes the family's identity and the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(family))
        hasher.combine(name)
    }

    /// The name.
    public var description: String { name }

    /// True when both come from the same key or its ``WorkKey/named(_:)`` relatives.
    public func isSameFamily(as other: WorkID) -> Bool { family === other.family }
}

/// A finished work's value, read back typed through the key that made the work
/// (``WorkUpdate/result(of:)``).
public struct WorkValue: Sendable {
    package let value: any Sendable

    package init(_ value: any Sendable) { self.value = value }
}

/// What an app or a widget asks of the driver about work.
public enum WorkRequest: Sendable {
    /// Runs work in the background (replacing running work of the same identifier).
    case start(Work)
    /// Cancels the work with this identifier; a ``WorkUpdate/cancelled(id:)`` follows when it
    /// was running.
    case cancel(WorkID)
}

/// News from work, delivered as ``Event/work(_:)``.
public enum WorkUpdate: Sendable, Hashable, CustomStringConvertible {
    /// The fraction of the work done so far, 0…1.
    case progress(id: WorkID, fraction: Double)
    /// The work finished with `value` (read it with ``result(of:)``).
    case finished(id: WorkID, value: WorkValue)
    /// The work stopped before finishing because it was cancelled.
    case cancelled(id: WorkID)

    /// The work's identifier.
    public var id: WorkID {
        switch self {
        case let .progress(id, _), let .finished(id, _), let .cancelled(id): return id
        }
    }

    /// The finished value of work made with `key` or a key of its family, typed; nil for any
    /// other update.
    public func result<Value>(of key: WorkKey<Value>) -> Value? {
        guard case let .finished(id, box) = self, id.isSameFamily(as: key.id) else { return nil }
        // Work of this family was made by `Work.init(_:_:)` with a body returning `Value`.
        return box.value as? Value
    }

    /// The fraction done, when this is progress of work made with `key` or its family.
    public func progress<Value>(of key: WorkKey<Value>) -> Double? {
        guard case let .progress(id, fraction) = self, id.isSameFamily(as: key.id) else { return nil }
        return fraction
    }

    /// True when this says that work made with `key` or its family was cancelled.
    public func isCancellation<Value>(of key: WorkKey<Value>) -> Bool {
        guard case let .cancelled(id) = self else { return false }
        return id.isSameFamily(as: key.id)
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
        case let .progress(id, f): return "\(id) \(f.wholePercent)%"
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
    package func cancel() { cancelled.store(true, ordering: .relaxed) }
}
