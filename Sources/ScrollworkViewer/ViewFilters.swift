import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The filters of a table viewer and the rows they keep, worked out off the loop: a filter
/// added narrows the rows already kept; one removed, or rows the index finds later, start a pass
/// of their own. The rows kept are the rows' numbers (a file's, a sheet's), ascending, 4 bytes each.
struct ViewFilters {
    /// The filters asked for, in the order they were added.
    private(set) var filters: [RowFilter] = []
    /// The rows every filter of ``applied`` keeps; nil with no filter.
    private(set) var kept: [UInt32]? = nil
    /// The filters ``kept`` answers for.
    private(set) var applied: [RowFilter] = []
    /// The file's rows ``kept`` has looked at (the rest came later).
    private(set) var covered = 0
    /// The pass under way, and how far it is.
    private(set) var running: Pass? = nil
    private(set) var fraction = 0.0
    private let key: WorkKey<Pass>

    /// No filters; their passes run as work named `name`, which no other part of the screen uses.
    init(workName name: String = "filter") { key = WorkKey(name) }

    /// A pass: `filters` over rows `within`, whose result replaces the rows kept.
    struct Pass: Sendable {
        var filters: [RowFilter]
        var within: RowSet
        var through: Int
        var kept: [UInt32]? = nil
        var failure: String? = nil
        /// Values a regular expression stopped on at its step budget (they were left out).
        var unfinished = 0
    }

    /// True while a filter is being worked out.
    var isRunning: Bool { running != nil }

    /// Adds `filter`; the pass that works it out.
    mutating func add(_ filter: RowFilter, rows: some InPlaceRows, count: Int, missing: MissingValues) -> WorkRequest {
        filters.append(filter)
        // The rows kept so far, if they answer for every other filter, are all that need reading.
        if running == nil, applied == filters.dropLast(), covered == count, let kept {
            return start(Pass(filters: filters, within: .rows(kept), through: count), rows: rows, missing: missing)
        }
        return start(Pass(filters: filters, within: .all(count: count), through: count), rows: rows, missing: missing)
    }

    /// Removes the last filter; the pass that works out the rest, or nil when none is left (the
    /// whole file shows again at once).
    mutating func removeLast(rows: some InPlaceRows, count: Int, missing: MissingValues) -> WorkRequest? {
        guard !filters.isEmpty else { return nil }
        filters.removeLast()
        guard !filters.isEmpty else {
            let cancel = running.map { _ in WorkRequest.cancel(key.id) }
            self = ViewFilters(workName: key.id.name)
            return cancel
        }
        return start(Pass(filters: filters, within: .all(count: count), through: count), rows: rows, missing: missing)
    }

    private mutating func start(_ pass: Pass, rows: some InPlaceRows, missing: MissingValues) -> WorkRequest {
        running = pass
        fraction = 0
        return .start(Work(key) { progress -> Pass? in
            var done = pass
            do {
                let outcome = try RowFilter.filtering(rows, by: pass.filters, within: pass.within, missing: missing, concurrently: .processors,
                                                     keepGoing: { !progress.isCancelled }) { progress.report($0) }
                guard let outcome else { return nil }
                done.kept = outcome.rows
                done.unfinished = outcome.unfinishedMatches
            } catch {
                done.failure = "\(error)"
            }
            return done
        })
    }

    /// What a pass's update did to the rows kept.
    struct Answer {
        /// True when the rows kept changed (the table shows others).
        var changed = false
        /// Why the pass failed or left values out; nil when it did neither.
        var failure: String? = nil
        /// The base row the list focused before the rows kept changed (``focusedRow(in:)``), to
        /// focus again; nil when they did not change or nothing was focused.
        var focused: Int? = nil
    }

    /// Takes an update of a pass over the rows `list` shows; nil for other work.
    mutating func handle<Row>(_ update: WorkUpdate, shownIn list: ListState<Row>) -> Answer? {
        if let f = update.progress(of: key) {
            fraction = f
            return Answer()
        }
        if update.isCancellation(of: key) {
            running = nil
            return Answer()
        }
        guard let pass = update.result(of: key) else { return nil }
        running = nil
        if let failure = pass.failure {
            filters = applied
            return Answer(failure: failure)
        }
        guard let found = pass.kept else { return Answer() }
        let note = pass.unfinished > 0
            ? "\(grouped(pass.unfinished)) value\(pass.unfinished == 1 ? " was" : "s were") too long for the regular expression to finish (\(grouped(RowFilter.regularExpressionStepBudget)) steps each) and left out"
            : nil
        // Read through the rows kept until now: the list names its rows by their place among them.
        let focused = focusedRow(in: list)
        kept = found
        applied = pass.filters
        covered = pass.through
        return Answer(changed: true, failure: note, focused: focused)
    }

    /// Stops a pass under way: the filters go back to those the rows answer for. The work to cancel.
    mutating func cancel() -> WorkRequest? {
        guard running != nil else { return nil }
        running = nil
        filters = applied
        return .cancel(key.id)
    }

    /// The row of the view showing file row `row` (kept rows are ascending); nil when filtered out.
    func position(ofFileRow row: Int) -> Int? {
        guard let kept else { return row }
        guard row >= 0, row <= Int(UInt32.max) else { return nil }
        let target = UInt32(row)
        var low = 0, high = kept.count
        while low < high {
            let mid = (low + high) / 2
            if kept[mid] < target { low = mid + 1 } else { high = mid }
        }
        return low < kept.count && kept[low] == target ? low : nil
    }

    /// The newest base row kept, of `count` rows in all; nil when none is kept.
    func lastRow(of count: Int) -> Int? {
        if let kept { kept.last.map { Int($0) } } else { count > 0 ? count - 1 : nil }
    }

    /// The file row shown at position `position` of the view.
    func fileRow(at position: Int) -> Int? {
        guard let kept else { return position }
        return kept.indices.contains(position) ? Int(kept[position]) : nil
    }

    /// The base row (a file's row, the header not counted; a sheet's line) `list` focuses, read
    /// through the rows kept now. The list names its rows by their place among those kept, so
    /// this is taken before the filters change, to focus the same row again after.
    func focusedRow<Row>(in list: ListState<Row>) -> Int? {
        list.cursor.flatMap { list.indexPath(of: $0) }.flatMap { list.sourceRow(at: $0) }.flatMap { fileRow(at: $0.row) }
    }

    /// Where base row `row` is shown in `list` now; nil where the filters leave it out.
    func indexPath<Row>(ofRow row: Int, in list: ListState<Row>) -> IndexPath? {
        position(ofFileRow: row).flatMap { list.indexPath(ofSourceRow: $0) }
    }

    /// The filters for the status line: `carrier=AA, dep_delay>100`.
    var summary: String { filters.map(\.description).joined(separator: ", ") }
}
