import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// `/`, `n` and `N` in a sorted view: the next row after the focus (or before it) in the order
/// shown whose fields hold the text, found off the loop a few thousand rows at a time, as a
/// database view searches. (In the file's order the search reads the file's bytes instead,
/// which is faster: ``FileSearch``.)
struct RowSearch {
    /// The text, as a whole-row test (smart case, as `/` in the file).
    private(set) var test: RowFilter? = nil
    /// The text searched for.
    private(set) var text = ""
    /// True while a search runs.
    private(set) var isRunning = false
    private let key = WorkKey<Step>("row search")

    /// Rows read at once: enough that a step is quick, few enough that Esc is heard at once.
    static let chunk = 4096

    /// A finished search: the position of the row found in the order shown, or nil.
    struct Step: Sendable {
        var position: Int?
    }

    /// Starts a search for `text` (nil: the last one's) through the positions after `position`
    /// (before it when not `forward`) of `list`, whose source rows are file rows `kept` names
    /// (all of them when nil) of `rows`; a message when there is nothing to search for.
    mutating func start(_ text: String?, after position: Int?, forward: Bool, in list: ListState<DelimitedRecord>, kept: [UInt32]?,
                        rows: FileRows) -> (work: WorkRequest?, note: String?) {
        if let text {
            do { test = try RowFilter(column: nil, test: .contains(text)) } catch { return (nil, "\(error)") }
            self.text = text
        }
        guard let test else { return (nil, "no search yet: / to search") }
        isRunning = true
        let total = list.numberOfRows
        let first = forward ? (position.map { $0 + 1 } ?? 0) : (position.map { $0 - 1 } ?? total - 1)
        return (.start(Work(key) { progress -> Step? in
            var from = first
            while forward ? from < total : from >= 0 {
                let positions = forward ? Array(from..<Swift.min(total, from + Self.chunk)) : Array((Swift.max(0, from - Self.chunk + 1)...from).reversed())
                let fileRows = positions.map { p -> Int in
                    guard let row = list.sourceRow(at: IndexPath(row: p))?.row else { return -1 }
                    guard let kept else { return row }
                    return kept.indices.contains(row) ? Int(kept[row]) : -1
                }
                let hits = rows.fields(at: fileRows) { _, fields in (0..<fields.count).contains { test.passes(fields[$0]) } }
                if let k = hits.firstIndex(of: true) { return Step(position: positions[k]) }
                from += forward ? positions.count : -positions.count
                let done = forward ? Double(from - first) : Double(first - from)
                guard progress.report(done / Double(Swift.max(1, total))) else { return nil }
            }
            return Step(position: nil)
        }), nil)
    }

    /// Takes an update: the position found, or a message saying none was; nil for other work.
    mutating func handle(_ update: WorkUpdate) -> Result<Int, FileSearch.Message>? {
        if update.isCancellation(of: key) {
            isRunning = false
            return nil
        }
        guard let step = update.result(of: key) else { return nil }
        isRunning = false
        guard let position = step.position else {
            return .failure(FileSearch.Message(text: "not found after the focus, in the order shown: \(text)"))
        }
        return .success(position)
    }

    /// Stops a search under way; the work to cancel.
    mutating func cancel() -> WorkRequest? {
        guard isRunning else { return nil }
        isRunning = false
        return .cancel(key.id)
    }
}
