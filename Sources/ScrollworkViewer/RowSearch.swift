import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// `/`, `n` and `N` in a sorted view: the next row from the focus (or before it) in the order
/// shown whose fields hold the text, going round past the end (``SearchSweep``), as a database
/// view searches. In a delimited file the rows whose bytes hold the text are marked first, at
/// the speed of memory (`DelimitedRows/rowsHolding(_:pieceSize:concurrently:progress:)`), and only those
/// are read and tested in the order shown: about the time of the same search in the file's
/// order (``FileSearch``), where testing every row in the order shown read the file row by row
/// at random. A JSON row that may show other than its bytes (escapes, nested values) is always tested.
struct RowSearch {
    /// The text, as a whole-row test (smart case, as `/` in the file).
    private(set) var test: RowFilter? = nil
    /// The text searched for.
    private(set) var text = ""
    /// True while a search runs.
    private(set) var isRunning = false
    /// The direction of the last search.
    private(set) var forward = true
    private let key: WorkKey<Step>

    /// No search yet; searches run as work named `name`, which no other part of the screen uses.
    init(workName name: String = "row search") { key = WorkKey(name) }

    /// Rows read at once: enough that a step is quick, few enough that Esc is heard at once.
    static let chunk = 4096

    /// A finished search: the position of the row found in the order shown, or nil, and
    /// whether the search went round past the end to find it.
    struct Step: Sendable {
        var position: Int?
        var wentRound = false
        var forward = true
        /// Why the file could not be searched.
        var failure: String?
    }

    /// Starts a search for `text` (nil: the last one's, from the row after `focus` or before it
    /// when not `forward`; a new text from the focus itself) through the rows of `list` in the
    /// order shown, going round past the end, whose source rows are file rows `kept` names (all
    /// of them when nil) of `rows`; a message when there is nothing to search for.
    mutating func start(_ text: String?, focus: Int?, forward: Bool, in list: ListState<DelimitedRecord>, kept: [UInt32]?,
                        rows: some InPlaceRows) -> (work: WorkRequest?, note: String?) {
        if let text {
            do { test = try RowFilter.searching(text) } catch { return (nil, "\(error)") }
            self.text = text
        }
        guard let test else { return (nil, "no search yet: / to search") }
        isRunning = true
        self.forward = forward
        let sweep = SearchSweep(total: list.numberOfRows, focus: focus, forward: forward, including: text != nil)
        let searched = self.text
        return (.start(Work(key) { progress -> Step? in
            // The rows that can hold the text.
            var marks: RowMarks?
            if let fileRows = rows as? FileRows {
                do {
                    guard let found = try fileRows.rowsHolding(searched, progress: progress.report) else { return nil }
                    marks = found
                } catch {
                    return Step(position: nil, forward: forward, failure: "\(error)")
                }
                if marks?.count == 0 { return Step(position: nil, forward: forward) }
            }
            var tested = 0
            for batch in sweep.batches(of: Self.chunk) {
                let positions = sweep.rows(of: batch)
                let fileRows = positions.map { p -> Int in
                    guard let row = list.sourceRow(at: IndexPath(row: p))?.row else { return -1 }
                    guard let kept else { return row }
                    return kept.indices.contains(row) ? Int(kept[row]) : -1
                }
                let candidates = fileRows.indices.filter { k in fileRows[k] >= 0 && marks.map { $0.contains(fileRows[k]) } ?? true }
                if !candidates.isEmpty {
                    // Safe: a row's fields are lent for the closure's call and read only inside it.
                    let hits = unsafe rows.fields(at: candidates.map { fileRows[$0] }) { _, fields in unsafe (0..<fields.count).contains { unsafe test.passes(fields[$0]) } }
                    if let k = hits.firstIndex(of: true) {
                        let position = positions[candidates[k]]
                        return Step(position: position, wentRound: sweep.wentRound(to: position), forward: forward)
                    }
                }
                tested += positions.count
                let done = Double(tested) / Double(Swift.max(1, sweep.total))
                guard progress.report(marks == nil ? done : 0.5 + done / 2) else { return nil }
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
        if let failure = step.failure { return .failure(FileSearch.Message(text: failure)) }
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
