import Scrollwork

/// Where a ``Driver`` runs work: on background threads (``WorkRunner``), on the loop's own thread
/// when there are none (``ImmediateWork``), or when a test says so (``ManualWork``). The driver
/// hands it every request and delivers every update it gives back, so the rules (a start
/// replaces running work of the same identifier, a cancel is answered by a cancellation) hold
/// alike in every host.
public protocol WorkScheduler {
    /// Starts or cancels work.
    mutating func perform(_ request: WorkRequest)
    /// The updates since the last call, in order.
    mutating func takeUpdates() -> [WorkUpdate]
    /// True while updates wait for ``takeUpdates()``: a host's loop then does not sleep.
    var hasUpdates: Bool { get }
}

/// Runs each piece of work at once on the loop's thread: a host with no background thread.
public struct ImmediateWork: WorkScheduler {
    private var outbox: [WorkUpdate] = []

    /// Nothing run yet.
    public init() {}

    /// Runs started work to its end now; a cancel finds nothing running.
    public mutating func perform(_ request: WorkRequest) {
        if case let .start(work) = request { outbox.append(work.runHere()) }
    }

    /// The results since the last call.
    public mutating func takeUpdates() -> [WorkUpdate] {
        defer { outbox = [] }
        return outbox
    }

    /// True while results wait for ``takeUpdates()``.
    public var hasUpdates: Bool { !outbox.isEmpty }
}

/// Keeps work until a test runs it (``run(named:)``), so that a test decides what happens while
/// work is pending; the headless drivers use it.
public struct ManualWork: WorkScheduler {
    /// Work asked for that has not run, oldest first.
    public private(set) var pending: [Work] = []
    private var outbox: [WorkUpdate] = []

    /// Nothing pending.
    public init() {}

    /// A start replaces pending work of the same identifier; a cancel removes it and answers
    /// with a cancellation.
    public mutating func perform(_ request: WorkRequest) {
        switch request {
        case let .start(work):
            pending.removeAll { $0.id == work.id }
            pending.append(work)
        case let .cancel(id):
            guard pending.contains(where: { $0.id == id }) else { return }
            pending.removeAll { $0.id == id }
            outbox.append(.cancelled(id: id))
        }
    }

    /// Runs the oldest pending work called `name` (any, when nil) on this thread; its progress
    /// (in quarters, so the app sees a few steps) and its end wait in ``takeUpdates()``. Returns
    /// false when no such work is pending.
    public mutating func run(named name: String? = nil) -> Bool {
        guard let index = pending.firstIndex(where: { name == nil || $0.id.name == name }) else { return false }
        let work = pending.remove(at: index)
        let reports = QuarterReports()
        let value = work.body(WorkProgress { reports.add($0) })
        outbox += reports.steps.map { .progress(id: work.id, fraction: $0) }
        outbox.append(value.map { .finished(id: work.id, value: WorkValue($0)) } ?? .cancelled(id: work.id))
        return true
    }

    /// The updates since the last call.
    public mutating func takeUpdates() -> [WorkUpdate] {
        defer { outbox = [] }
        return outbox
    }

    /// True while updates wait for ``takeUpdates()``.
    public var hasUpdates: Bool { !outbox.isEmpty }
}

/// Progress reported by work run in a test, kept as quarters.
private final class QuarterReports: Sendable {
    private let seen = Locked<[Double]>([])

    func add(_ fraction: Double) {
        seen.withLock { steps in
            if fraction >= (steps.last ?? -1) + 0.25 || (fraction == 1 && steps.last != 1) { steps.append(fraction) }
        }
    }

    var steps: [Double] { seen.withLock { $0 } }
}
