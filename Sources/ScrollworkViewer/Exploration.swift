import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The frequency tables, summaries and saves a table screen runs off the loop, under keys of
/// its own: what each is doing, how far it has come and since when, and how it ended. A file's
/// screen and a database's hold one each, so both say the same thing the same way. A save and
/// a frequency table may run side by side (Ctrl-S, then `f` while the file is still read): each
/// is said in the status line until it ends, and Esc cancels them all.
struct Exploration<Failure: Error & Sendable> {
    /// One piece of work under way.
    struct Running: Equatable {
        /// The key it runs under.
        var id: WorkID
        /// What it does ("counting the values of origin").
        var what: String
        /// When it began, on the host's clock.
        var since: Double
        /// The share done, once the work says.
        var fraction = 0.0
    }

    /// What runs, in the order begun; one at most under each key (begun again, it is the new one).
    private(set) var running: [Running] = []
    /// What was asked for while the rows were still coming, in the order asked: each starts
    /// once its rows have all come, so that it covers every one of them.
    private(set) var waiting: [Waiting] = []
    /// What the status line says of the last that waits, and since when.
    private var waitingSays: (what: String, since: Double)? = nil
    let frequencyKey: WorkKey<Result<Counted, Failure>>
    let summaryKey: WorkKey<Result<Summarised, Failure>>
    let saveKey: WorkKey<Saved>
    /// What the wait is said under in the status line: no work runs under it.
    private let waitingID = WorkKey<Never>("waiting").id

    /// Nothing running; its work named "frequency", "summary" and "save" after `prefix`.
    init(prefix: String = "") {
        frequencyKey = WorkKey(prefix + "frequency")
        summaryKey = WorkKey(prefix + "summary")
        saveKey = WorkKey(prefix + "save")
    }

    /// What waits for every row before it starts.
    enum Waiting: Equatable {
        /// The frequency table of this column.
        case frequency(column: Int)
        /// The summary of every column.
        case summary
        /// A save to `path`, replacing what is there when the person said so.
        case save(path: String, replacing: Bool)

        /// True for a save, which reads the rows shown by name (a frequency table and a
        /// summary read them as the filters keep them).
        var readsNames: Bool { if case .save = self { true } else { false } }
    }

    /// How a piece of work ended, or that it came on.
    enum Update {
        case progressed
        case cancelled
        case counted(Result<Counted, Failure>)
        case summarised(Result<Summarised, Failure>)
        case saved(Saved)
    }

    /// True while something runs or waits for the rows.
    var isRunning: Bool { !running.isEmpty || !waiting.isEmpty }

    /// True while work under `id` runs.
    func runs(_ id: WorkID) -> Bool { running.contains { $0.id == id } }

    /// Says that `what` runs under `id` from `time`, in place of what ran under it before.
    mutating func begin(_ what: String, under id: WorkID, at time: Double) {
        running.removeAll { $0.id == id }
        running.append(Running(id: id, what: what, since: time))
    }

    /// Says that `asked`, said as `what`, waits for every row from `time`, after anything
    /// that waits already (asked twice, it waits once).
    mutating func wait(_ asked: Waiting, _ what: String, at time: Double) {
        waitingSays = ("\(what) once every row is read", time)
        waiting.removeAll { $0 == asked }
        waiting.append(asked)
    }

    /// Takes `ready` (of ``waiting``) out of the wait, to be started now.
    mutating func stopWaiting(for ready: [Waiting]) {
        waiting.removeAll { ready.contains($0) }
        if waiting.isEmpty { waitingSays = nil }
    }

    /// Stops everything that runs and forgets what waits; the work to cancel.
    mutating func cancel() -> [WorkRequest] {
        waiting = []
        waitingSays = nil
        defer { running = [] }
        return running.map { .cancel($0.id) }
    }

    /// Stops the work under `id` alone, when it runs; the work to cancel.
    mutating func cancel(_ id: WorkID) -> [WorkRequest] {
        guard runs(id) else { return [] }
        running.removeAll { $0.id == id }
        return [.cancel(id)]
    }

    /// Takes an update of its work; nil for any other.
    mutating func handle(_ update: WorkUpdate) -> Update? {
        guard let id = [frequencyKey.id, summaryKey.id, saveKey.id].first(where: { $0.isSameFamily(as: update.id) }) else { return nil }
        let ended: Update
        switch update {
        case let .progress(_, share):
            if let place = running.firstIndex(where: { $0.id == id }) { running[place].fraction = share }
            return .progressed
        case .cancelled: ended = .cancelled
        case .finished:
            if let counted = update.result(of: frequencyKey) {
                ended = .counted(counted)
            } else if let summarised = update.result(of: summaryKey) {
                ended = .summarised(summarised)
            } else if let saved = update.result(of: saveKey) {
                ended = .saved(saved)
            } else {
                return nil
            }
        }
        running.removeAll { $0.id == id }
        return ended
    }

    /// Everything the status line says, in the order begun, what waits for the rows last.
    private var said: [Running] {
        guard let says = waitingSays, !waiting.isEmpty else { return running }
        return running + [Running(id: waitingID, what: says.what, since: says.since)]
    }

    /// What the status line says while work runs or waits (only the work under `id` when
    /// given, all but the work under `besides`), each piece with the share done once it says,
    /// before that the seconds since it began as of `time` (an engine grouping says nothing until
    /// it is done); the share alone without a time. It ends by saying Esc cancels when
    /// `saysCancel` (a sheet over the table, which Esc closes first, says it without).
    func statusPart(at time: Double?, of id: WorkID? = nil, besides: WorkID? = nil, saysCancel: Bool = true) -> String? {
        let said = said.filter { (id == nil || $0.id == id) && $0.id != besides }
        guard !said.isEmpty else { return nil }
        let parts = said.map { work in
            let shown = work.fraction > 0 || time == nil ? "\(work.fraction.wholePercent)%" : "\(Int(Swift.max(0, (time ?? work.since) - work.since))) s"
            return "\(work.what)… \(shown)"
        }
        return parts.joined(separator: " · ") + (saysCancel ? " (Esc cancels)" : "")
    }

    /// The next whole second after `time` of any piece of work it says, for the seconds shown.
    func nextSecond(after time: Double) -> Double? {
        said.map { $0.since + Swift.max(0, (time - $0.since).rounded(.down)) + 1 }.min()
    }
}

/// A finished frequency table.
struct Counted: Sendable {
    var table: FrequencyTable
    var field: Int
    var title: String
    var rows: Int
}

/// A finished summary.
struct Summarised: Sendable {
    var summaries: [ColumnSummary]
    var rows: Int
}

/// A finished save.
struct Saved: Sendable {
    var path: String
    var rows: Int
    var failure: String?
}

extension TableProgress {
    /// The line to a table source from work running under `progress`: its reports and its
    /// cancelling.
    init(_ progress: WorkProgress) {
        self.init(report: { progress.report($0) }, isCancelled: { progress.isCancelled })
    }
}
