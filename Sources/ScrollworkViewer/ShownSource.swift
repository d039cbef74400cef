import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The rows a table screen shows, as the exploring keys (`f`, `I`) and a save read them: one
/// ``TableSource`` with the filters that keep the rows shown and the order they are shown in,
/// or the rows' names in that order where the screen holds them. A file's screen, a database's
/// and a sheet each say theirs, and one path counts, summarises and saves every one.
struct ShownSource: Sendable {
    /// The rows, as a source.
    var source: any TableSource
    /// The filters that keep the rows shown (those not already applied by `source` itself).
    var filters: [RowFilter] = []
    /// The order the rows are shown in; empty for the source's own.
    var order: [ColumnOrder] = []
    /// The rows shown, the first ``count`` of them, by name in the order shown; nil reads them as
    /// ``filters`` and ``order`` say. Called off the loop: walking a list of millions takes a
    /// while.
    var names: @Sendable () -> RowOrder? = { nil }
    /// The number of rows shown.
    var count: Int

    /// The work that writes `columns` of the rows shown to `path` in `format` (a file there
    /// replaced only when `replacing`; never one of `protected`), under `key`: nil when
    /// cancelled, else how it ended.
    func save(to path: String, format: ExportFormat, columns: [Int], replacing: Bool, protecting protected: Set<FileIdentity>, key: WorkKey<Saved>) -> WorkRequest {
        let shown = self
        return .start(Work(key) { progress -> Saved? in
            do {
                let output = try OutputFile(path: path, replacingExisting: replacing, protecting: protected)
                let rows = try shown.source.write(names: shown.names(), count: shown.count, where: shown.filters, orderedBy: shown.order, columns: columns,
                                                  format: format, to: output, progress: TableProgress(progress))
                return Saved(path: path, rows: rows, failure: nil)
            } catch TableSourceError.cancelled {
                return nil
            } catch {
                return Saved(path: path, rows: 0, failure: "\(error)")
            }
        })
    }

    /// The work that counts the values of `column` among the rows shown, under `key`.
    func frequency(ofColumn column: Int, key: WorkKey<Result<Counted, TableSourceError>>) -> WorkRequest {
        let shown = self
        let title = source.columnTitles.indices.contains(column) ? source.columnTitles[column] : "column \(column + 1)"
        return .start(Work(key) { progress in
            let counted = Result { () throws(TableSourceError) -> Counted in
                let frequency = try shown.source.frequency(ofColumn: column, where: shown.filters, progress: TableProgress(progress))
                return Counted(table: frequency, field: column, title: title, rows: frequency.total)
            }
            return progress.isCancelled ? nil : counted
        })
    }

    /// The work that summarises every column among the rows shown, under `key`.
    func summary(key: WorkKey<Result<Summarised, TableSourceError>>) -> WorkRequest {
        let shown = self
        return .start(Work(key) { progress in
            let summarised = Result { () throws(TableSourceError) -> Summarised in
                let summaries = try shown.source.summary(where: shown.filters, progress: TableProgress(progress))
                return Summarised(summaries: summaries, rows: (summaries.first.map { $0.count + $0.missing }) ?? 0)
            }
            return progress.isCancelled ? nil : summarised
        })
    }
}
