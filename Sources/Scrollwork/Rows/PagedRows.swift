/// A row of ``PagedRows``: there, still on its way, or lost with its page.
public enum PagedRow<Row: Sendable>: Sendable {
    /// The row.
    case loaded(Row)
    /// Its page has not arrived yet: draw a placeholder at the row's final height.
    case loading
    /// Its page failed; `message` says why. ``PagedRows/retry(page:)`` asks for it again.
    case failed(page: Int, message: String)
}

/// Rows that arrive in pages from somewhere slow (a file being read, a database, a network
/// service), as a value the app keeps: it asks which pages to load (``plan(visible:direction:)``),
/// loads them off the event loop, hands the results in (``deliver(_:page:)``, ``fail(page:message:)``)
/// and gives the list the new value (``ListState/replaceRows(with:)``).
///
/// Rows not loaded yet read as ``PagedRow/loading``; a list draws them as placeholders of the
/// same height, so nothing moves when they arrive. The source may also grow while it is shown
/// (``grow(to:)``): a stream, a file being indexed.
public struct PagedRows<Row: Sendable>: RowSource, Sendable {
    /// The number of rows, loaded or not.
    public private(set) var count: Int
    /// Rows per page (at least 1).
    public let pageSize: Int
    /// The pages asked for and not answered yet.
    public private(set) var requested: Set<Int> = []
    private var loaded: [Int: [Row]] = [:]
    private var failures: [Int: String] = [:]

    /// `count` rows (negative counts as 0) in pages of `pageSize` (clamped to 1…1,000,000),
    /// none loaded yet.
    public init(count: Int, pageSize: Int = 100) {
        self.count = Swift.max(0, count)
        self.pageSize = Swift.min(Swift.max(1, pageSize), 1_000_000)
    }

    /// The row at `index`: loaded, loading or failed.
    // A table viewer's rows (its sources' values), made ahead of time: unspecialised, a row read
    // spent 2,000 instructions looking up the generic dictionary of pages.
    @_specialize(where Row == [TableValue])
    public func row(at index: Int) -> PagedRow<Row> {
        let page = self.page(ofRow: index)
        if let rows = loaded[page] {
            let offset = index - page * pageSize
            return rows.indices.contains(offset) ? .loaded(rows[offset]) : .loading
        }
        if let message = failures[page] { return .failed(page: page, message: message) }
        return .loading
    }

    /// The page that holds row `index` (rows outside the source count as the nearest page).
    public func page(ofRow index: Int) -> Int { Swift.max(0, index) / pageSize }

    /// The rows of `page`, clipped to the source: empty for a page past the end.
    public func rows(ofPage page: Int) -> Range<Int> {
        let (first, overflow) = Swift.max(0, page).multipliedReportingOverflow(by: pageSize)
        let start = overflow ? count : Swift.min(count, first)
        return start..<Swift.min(count, start.addingSaturating(pageSize))
    }

    /// True when every row of `page` has arrived.
    public func isLoaded(page: Int) -> Bool { loaded[page] != nil }

    /// Plans loading for the rows shown now, `visible`, while the view moves in `direction`
    /// (positive toward the end, negative toward the start, 0 at rest).
    ///
    /// The window to keep is the visible rows plus one screen ahead in the direction of motion
    /// (a screen either way at rest). Pages in it that are neither loaded, failed nor requested
    /// are requested now; pages requested earlier that fell out of it are cancelled. Both lists
    /// come back in order, and the source marks them, so asking twice never asks for a page twice.
    /// At most ``maximumPlannedPages`` pages are kept, from the first: a range of any size plans
    /// in bounded time.
    public mutating func plan(visible: Range<Int>, direction: Int) -> (load: [Int], cancel: [Int]) {
        guard count > 0 else {
            defer { requested = [] }
            return ([], requested.sorted())
        }
        // Not `visible.count`, which traps for ranges wider than Int.max.
        let screen = Swift.max(1, visible.upperBound.subtractingSaturating(visible.lowerBound))
        let low = visible.lowerBound.subtractingSaturating(direction > 0 ? 0 : screen)
        let high = visible.upperBound.addingSaturating(direction < 0 ? 0 : screen)
        let first = page(ofRow: Swift.min(Swift.max(0, low), count - 1))
        let last = page(ofRow: Swift.min(Swift.max(0, high - 1), count - 1))
        let window = first...Swift.min(Swift.max(first, last), first.addingSaturating(Self.maximumPlannedPages - 1))
        let cancel = requested.filter { !window.contains($0) }.sorted()
        requested.subtract(cancel)
        // Pages far from the window are let go once many are held: scrolling through ten
        // million rows keeps a bounded number of them, and one scrolled back to loads again.
        if loaded.count > Self.maximumLoadedPages {
            let centre = window.lowerBound + (window.upperBound - window.lowerBound) / 2
            let farthest = loaded.keys.sorted { $0.subtractingSaturating(centre).magnitude > $1.subtractingSaturating(centre).magnitude }
            for page in farthest.prefix(loaded.count - Self.maximumLoadedPages) where !window.contains(page) { loaded[page] = nil }
        }
        let load = window.filter { loaded[$0] == nil && failures[$0] == nil && !requested.contains($0) }
        requested.formUnion(load)
        return (load, cancel)
    }

    /// The most pages one plan keeps: far more than any screen and the one ahead of it need.
    public static var maximumPlannedPages: Int { 1000 }

    /// The most pages held loaded; past it, a plan lets go of those farthest from the rows shown.
    public static var maximumLoadedPages: Int { 256 }

    /// The rows of a requested page arrived. A page no longer requested (cancelled meanwhile) is
    /// ignored, and rows past the page's end are dropped, so that a late or wrong answer cannot
    /// change the count. Returns true when the rows were taken.
    @discardableResult
    public mutating func deliver(_ rows: [Row], page: Int) -> Bool {
        guard requested.remove(page) != nil else { return false }
        loaded[page] = Array(rows.prefix(pageSize))
        failures[page] = nil
        return true
    }

    /// A requested page failed with `message`: its rows read as ``PagedRow/failed(page:message:)``
    /// until ``retry(page:)``. Returns true when the page was still requested.
    @discardableResult
    public mutating func fail(page: Int, message: String) -> Bool {
        guard requested.remove(page) != nil else { return false }
        failures[page] = message
        return true
    }

    /// Forgets `page`'s failure, so that the next plan asks for it again.
    public mutating func retry(page: Int) {
        failures[page] = nil
    }

    /// The source grew to `count` rows (a smaller count is ignored: rows never disappear here).
    /// A page that was short because the source ended in it is asked for again.
    public mutating func grow(to count: Int) {
        guard count > self.count else { return }
        let lastPage = page(ofRow: Swift.max(0, self.count - 1))
        if let rows = loaded[lastPage], rows.count < pageSize { loaded[lastPage] = nil }
        self.count = count
    }
}
