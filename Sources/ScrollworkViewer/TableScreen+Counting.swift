import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// How many rows a table has: the source's count of the whole table (its guess until the count
/// comes), and of a positional source's rows that meet the filters; with the work that counts them.
struct RowCount {
    /// The whole table's, once the source has counted.
    var total: Int? = nil
    /// The source's guess before.
    var estimate: Int?
    /// The rows of a positional source that meet the filters, once it has counted them.
    var filtered: Int? = nil
    let totalKey = WorkKey<Result<Int, TableSourceError>>("table-count")
    let filteredKey = WorkKey<(filters: [RowFilter], count: Result<Int, TableSourceError>)>("table-filtered-count")
    /// What the source says of itself once it has read it all (``TableSource/aboutOnceRead(progress:)``).
    let aboutKey = WorkKey<Result<String?, TableSourceError>>("table-about")

    /// The count of `source`, as work.
    func counting(_ source: any TableSource) -> Work {
        Work(totalKey.named("count")) { progress in
            let counted = Result { () throws(TableSourceError) in try source.rowCount(progress: TableProgress(progress)) }
            return progress.isCancelled ? nil : counted
        }
    }

    /// The rows of `source` that meet `tests`, counted, as work.
    func filteredCounting(_ source: any TableSource, where tests: [RowFilter]) -> Work {
        Work(filteredKey.named("count")) { progress in
            let counted = Result { () throws(TableSourceError) in try source.count(where: tests, progress: TableProgress(progress)) }
            return progress.isCancelled ? nil : (tests, counted)
        }
    }

    /// The wait for `source` to read all it says of itself, as work: the status line is drawn
    /// again when it ends.
    func describing(_ source: any TableSource) -> Work {
        Work(aboutKey.named("about")) { progress in
            let about = Result { () throws(TableSourceError) in try source.aboutOnceRead(progress: TableProgress(progress)) }
            return progress.isCancelled ? nil : about
        }
    }

    /// The work to cancel when the screen closes.
    var cancels: [WorkID] { [totalKey.named("count").id, filteredKey.named("count").id, aboutKey.named("about").id] }

    /// True for an update of its work.
    func owns(_ update: WorkUpdate) -> Bool {
        update.id.isSameFamily(as: totalKey.id) || update.id.isSameFamily(as: filteredKey.id) || update.id.isSameFamily(as: aboutKey.id)
    }

    /// What the status line says of the count: `kept` rows of the whole table under filters
    /// (nil while a view's are counted), else the whole table's (about so many until counted,
    /// or the rows read so far, `readSoFar`, where the engine has no guess).
    func statusPart(kept: Int??, readSoFar: Int?) -> String {
        let whole = total.map(grouped) ?? estimate.map { "about " + grouped($0) } ?? "?"
        if let kept { return "\(kept.map(grouped) ?? "counting") of \(whole) rows" }
        if let total { return counted(total, "row") }
        if let estimate { return "about \(grouped(estimate)) rows, counting…" }
        return readSoFar.map { counted($0, "row") + " so far, counting…" } ?? "counting the rows…"
    }
}

// The counts: the whole table's (an estimate until it comes), and the rows a filter keeps.
extension TableScreen {

    /// The count of the rows a filter keeps, or of the whole table.
    mutating func handleCountWork(_ update: WorkUpdate, at time: Double) -> Bool {
        // The status line reads the source's words as it is drawn: the answer is the frame's cue.
        if let described = update.result(of: counts.aboutKey) {
            if case let .failure(error) = described { failed(error, saying: "reading the table's description stopped: ", at: time) }
            return true
        }
        if let answer = update.result(of: counts.filteredKey) {
            guard answer.filters == shown.filters.map(\.filter), !byName else { return true }
            switch answer.count {
            case let .success(n):
                counts.filtered = n
                shown.pages.grow(to: n)
                showRows()
            case let .failure(error):
                failed(error, saying: "the filter stopped: ", at: time)
            }
            return true
        }
        if let counted = update.result(of: counts.totalKey) {
            switch counted {
            case let .success(n):
                counts.total = n
                if !byName && shown.filters.isEmpty {
                    shown.pages.grow(to: n)
                    showRows()
                }
            case let .failure(error):
                failed(error, saying: "counting stopped: ", at: time)
            }
            return true
        }
        return false
    }
}
