import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// `/`, `n` and `N` in a sorted view: the next row from the focus (or before it) in the order
/// shown whose fields hold the text, going round past the end (``SearchSweep``), found off the
/// loop a few thousand rows at a time, as a database view searches. (In the file's order the search reads the file's bytes instead,
/// which is faster: ``FileSearch``.)
struct RowSearch {
    /// The text, as a whole-row test (smart case, as `/` in the file).
    private(set) var test: RowFilter? = nil
    /// The text searched for.
    private(set) var text = ""
    /// True while a search runs.
    private(set) var isRunning = false
    /// The direction of the last search.
    private(set) var forward = true
    private let key = WorkKey<Step>("row search")

    /// Rows read at once: enough that a step is quick, few enough that Esc is heard at once.
    static let chunk = 4096

    /// A finished search: the position of the row found in the order shown, or nil, and
    /// whether the search went round past the end to find it.
    struct Step: Sendable {
        var position: Int?
        var wentRound = false
        var forward = true
    }

    /// Starts a search for `text` (nil: the last one's, from the row after `focus` or before it
    /// when not `forward`; a new text from the focus itself) through the rows of `list` in the
    /// order shown, going round past the end, whose source rows are file rows `kept` names (all
    /// of them when nil) of `rows`; a message when there is nothing to search for.
    mutating func start(_ text: String?, focus: Int?, forward: Bool, in list: ListState<DelimitedRecord>, kept: [UInt32]?,
                        rows: FileRows) -> (work: WorkRequest?, note: String?) {
        if let text {
            do { test = try RowFilter(column: nil, test: .contains(text)) } catch { return (nil, "\(error)") }
            self.text = text
        }
        guard let test else { return (nil, "no search yet: / to search") }
        isRunning = true
        self.forward = forward
        let sweep = SearchSweep(total: list.numberOfRows, focus: focus, forward: forward, including: text != nil)
        return (.start(Work(key) { progress -> Step? in
            var tested = 0
            for batch in sweep.batches(of: Self.chunk) {
                let positions = sweep.rows(of: batch)
                let fileRows = positions.map { p -> Int in
                    guard let row = list.sourceRow(at: IndexPath(row: p))?.row else { return -1 }
                    guard let kept else { return row }
                    return kept.indices.contains(row) ? Int(kept[row]) : -1
                }
                let hits = rows.fields(at: fileRows) { _, fields in (0..<fields.count).contains { test.passes(fields[$0]) } }
                if let k = hits.firstIndex(of: true) { return Step(position: positions[k], wentRound: sweep.wentRound(to: positions[k]), forward: forward) }
                tested += positions.count
                guard progress.report(Double(tested) / Double(Swift.max(1, sweep.total))) else { return nil }
            }
            return Step(position: nil, forward: forward)
        }), nil)
    }

    /// Takes an update: the position found (and whether the search went round past the end),
    /// or a message saying none was; nil for other work.
    mutating func handle(_ update: WorkUpdate) -> Result<(position: Int, wentRound: Bool), FileSearch.Message>? {
        if update.isCancellation(of: key) {
            isRunning = false
            return nil
        }
        guard let step = update.result(of: key) else { return nil }
        isRunning = false
        guard let position = step.position else {
            return .failure(FileSearch.Message(text: "not found in any row: \(text)"))
        }
        return .success((position, step.wentRound))
    }

    /// Stops a search under way; the work to cancel.
    mutating func cancel() -> WorkRequest? {
        guard isRunning else { return nil }
        isRunning = false
        return .cancel(key.id)
    }
}
