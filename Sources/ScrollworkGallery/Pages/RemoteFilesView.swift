#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkWidgets

/// 100,000 files from a deliberately slow source: pages of 100 rows that take 5 to 50 ms each
/// to arrive, loaded off the event loop, one page in fifty failing the first time. Rows not yet
/// loaded show as placeholders at their final height; a failed page shows an error row that
/// Enter or a click retries; pages that scroll away before they arrive are cancelled.
struct RemoteFilesView: WrappingWidget {
    /// The answer for one page, from the background.
    struct Answer: Sendable {
        var page: Int
        var rows: [FileRow]?
        var error: String?
    }

    static let count = 100_000
    var view: TableView<PagedRow<FileRow>>
    var source = PagedRows<FileRow>(count: RemoteFilesView.count, pageSize: 100)
    /// Sleep in the background as a slow service would (off in tests, which never sleep).
    var simulatesLatency: Bool
    /// Pages that failed once; their retry succeeds.
    var failedOnce: Set<Int> = []
    var note: String? = nil
    /// The key of every page's work: one family, a name a page.
    private let pageKey = WorkKey<Answer>("page")

    init(theme: Theme, scroll: ScrollState, simulatesLatency: Bool) {
        self.simulatesLatency = simulatesLatency
        let columns: [TableColumn<PagedRow<FileRow>>] = [
            TableColumn("Name", width: ColumnWidth.clamping(min: 64, ideal: 200, max: 400), isSortable: false) { row in
                switch row {
                case let .loaded(file): return .string(file.name)
                case .loading: return .string("Loading…")
                case let .failed(page, message): return .string("⚠ rows \(grouped(page * 100 + 1))–\(grouped(page * 100 + 100)): \(message) · Enter retries")
                }
            },
            TableColumn("Size", width: ColumnWidth.clamping(min: 56, ideal: 88, max: 160), isSortable: false, alignment: .trailing,
                        format: { if case let .int(bytes) = $0 { finderByteCount(bytes) } else { $0.description } }) { row in
                if case let .loaded(file) = row { return .int(file.size) } else { return .empty }
            },
            TableColumn("Kind", width: ColumnWidth.clamping(min: 56, ideal: 112, max: 200), isSortable: false) { row in
                if case let .loaded(file) = row { return .string(file.kind) } else { return .empty }
            },
            TableColumn("Date Modified", width: ColumnWidth.clamping(min: 88, ideal: 112, max: 160), isSortable: false) { row in
                if case let .loaded(file) = row { return .string(file.date) } else { return .empty }
            },
        ]
        var table = TableState(rows: source, columns: columns)
        table.list.scroll = scroll
        table.list.selectionMode = .single
        view = TableView(table, theme: theme)
        view.sortsOnHeadingClick = false
    }

    var status: String {
        let loading = source.requested.count
        var parts = ["\(grouped(Self.count)) files from a slow source, 100 rows a page (Alt+M: next source)"]
        parts.append(loading == 0 ? "all shown pages in" : "waiting for " + counted(loading, "page"))
        if let note { parts.append(note) }
        return parts.joined(separator: " · ")
    }

    /// Draws the rows in `bounds`.
    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        view.render(in: bounds, into: &canvas, at: time)
    }

    /// The pages the rows last drawn need that are not asked for yet, and the cancelling of those
    /// no longer needed: what the page's app returns from drawing.
    mutating func workForShownRows() -> [Effect] {
        source.pageWork(visible: view.shownRows, velocity: view.table.list.scroll.velocity(.vertical), key: pageKey, load: loader)
    }

    /// What makes the background work that fetches a page and its rows (made apart from `self`,
    /// which is being changed while the pages are planned).
    private var loader: (_ page: Int, _ rows: Range<Int>) -> Work {
        let slow = simulatesLatency, failedOnce = self.failedOnce, pageKey = self.pageKey
        return { page, rows in
            let fails = page % 50 == 17 && !failedOnce.contains(page)
            return Work(pageKey.named(PagedRows<FileRow>.pageWorkName(page))) { progress -> Answer? in
                if slow {
                    // 5 to 50 ms, the same for a page every time.
                    let milliseconds = 5 + (page &* 2_654_435_761 & 0xFFFF) % 46
                    usleep(UInt32(milliseconds * 1000))
                }
                guard progress.report(1) else { return nil }
                if fails { return Answer(page: page, rows: nil, error: "the service timed out") }
                return Answer(page: page, rows: rows.map { FileRow(index: $0) }, error: nil)
            }
        }
    }

    /// A page arrived or failed.
    private mutating func handleWork(_ update: WorkUpdate) {
        guard let answer = update.result(of: pageKey) else { return }
        if let rows = answer.rows {
            guard source.deliver(rows, page: answer.page) else { return }
        } else {
            failedOnce.insert(answer.page)
            guard source.fail(page: answer.page, message: answer.error ?? "failed") else { return }
        }
        view.table.replaceRows(with: source)
    }

    /// Keys and the pointer go to the table; Enter or a click on an error row retries its page.
    mutating func handle(_ event: Event, at time: Double) -> Reply<TableEvent> {
        if case let .work(update) = event, update.id.isSameFamily(as: pageKey.id) {
            handleWork(update)
            return .handled
        }
        let reply = view.handle(event, at: time)
        if let message = errorNote(reply.errors) { note = message }
        for case let .row(activation) in reply.reports {
            guard case let .selectionChanged(path) = activation else { continue }
            do {
                if case let .failed(page, _) = try view.table.list.row(at: path) {
                    source.retry(page: page)
                    view.table.replaceRows(with: source)
                    note = "retrying rows \(grouped(page * 100 + 1))–\(grouped(page * 100 + 100))"
                }
            } catch { note = "\(error)" }
        }
        return reply
    }
}
