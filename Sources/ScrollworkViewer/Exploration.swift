import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The frequency table, summary or save a table screen runs off the loop, under keys of its
/// own: what it is doing, how far it has come and since when, and how it ended. A file's
/// screen and a database's hold one each, so both say the same thing the same way.
struct Exploration<Failure: Error & Sendable> {
    /// What runs ("counting the values of origin"); nil when nothing does.
    private(set) var running: String? = nil
    /// The share done, once the work says.
    private(set) var fraction = 0.0
    /// When it began, on the host's clock.
    private(set) var since = 0.0
    /// What was asked for while the rows were still coming, in the order asked, the last said
    /// as running: each starts once its rows have all come, so that it covers every one of them.
    private(set) var waiting: [Waiting] = []
    /// What the status line says of the last that waits, and since when: said again when other
    /// work ends before it starts.
    private var waitingSays: (what: String, since: Double)? = nil
    let frequencyKey: WorkKey<Result<Counted, Failure>>
    let summaryKey: WorkKey<Result<Summarised, Failure>>
    let saveKey: WorkKey<Saved>

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

    /// True while something runs.
    var isRunning: Bool { running != nil }

    /// Says that `what` runs from `time`.
    mutating func begin(_ what: String, at time: Double) {
        running = what
        fraction = 0
        since = time
    }

    /// Says that `asked`, said as `what`, waits for every row from `time`, after anything
    /// that waits already (asked twice, it waits once).
    mutating func wait(_ asked: Waiting, _ what: String, at time: Double) {
        let says = "\(what) once every row is read"
        begin(says, at: time)
        waitingSays = (says, time)
        waiting.removeAll { $0 == asked }
        waiting.append(asked)
    }

    /// Takes `ready` (of ``waiting``) out of the wait, to be started now; once nothing waits,
    /// nothing is said running until it begins for real.
    mutating func stopWaiting(for ready: [Waiting]) {
        guard !ready.isEmpty else { return }
        waiting.removeAll { ready.contains($0) }
        if waiting.isEmpty { running = nil }
    }

    /// Nothing runs now: what still waits is said again, as when it was asked for.
    private mutating func ended() {
        guard !waiting.isEmpty, let says = waitingSays else {
            running = nil
            return
        }
        begin(says.what, at: says.since)
    }

    /// Stops what runs; the work to cancel (none when nothing ran).
    mutating func cancel() -> [WorkRequest] {
        waiting = []
        guard running != nil else { return [] }
        running = nil
        return [.cancel(frequencyKey.id), .cancel(summaryKey.id), .cancel(saveKey.id)]
    }

    /// Takes an update of its work; nil for any other.
    mutating func handle(_ update: WorkUpdate) -> Update? {
        if let share = update.progress(of: frequencyKey) ?? update.progress(of: summaryKey) ?? update.progress(of: saveKey) {
            fraction = share
            return .progressed
        }
        if update.isCancellation(of: frequencyKey) || update.isCancellation(of: summaryKey) || update.isCancellation(of: saveKey) {
            ended()
            return .cancelled
        }
        let ended: Update
        if let counted = update.result(of: frequencyKey) {
            ended = .counted(counted)
        } else if let summarised = update.result(of: summaryKey) {
            ended = .summarised(summarised)
        } else if let saved = update.result(of: saveKey) {
            ended = .saved(saved)
        } else {
            return nil
        }
        self.ended()
        return ended
    }

    /// What the status line says while it runs: the share done once the work says, before
    /// that the seconds since it began as of `time` (an engine grouping says nothing until it
    /// is done); the share alone without a time.
    func statusPart(at time: Double?) -> String? {
        guard let running else { return nil }
        let shown = fraction > 0 || time == nil ? "\(fraction.wholePercent)%" : "\(Int(Swift.max(0, (time ?? since) - since))) s"
        return "\(running)… \(shown) (Esc cancels)"
    }

    /// The next whole second after `time` while something runs, for the seconds it shows.
    func nextSecond(after time: Double) -> Double? {
        guard running != nil else { return nil }
        return since + Swift.max(0, (time - since).rounded(.down)) + 1
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
