/// Where a paging key turns a paged view's pages.
public enum PageTurn: Sendable, Hashable {
    /// A page back.
    case previous
    /// A page on.
    case next
    /// The first page.
    case first
    /// The last page.
    case last

    /// The page this turn goes to from page `current` of `count` pages, held within them (a
    /// count below 1 counts as 1).
    public func page(from current: Int, of count: Int) -> Int {
        let last = Swift.max(1, count) - 1
        switch self {
        case .previous: return Swift.min(last, Swift.max(0, current.subtractingSaturating(1)))
        case .next: return Swift.max(0, Swift.min(last, current.addingSaturating(1)))
        case .first: return 0
        case .last: return last
        }
    }
}
