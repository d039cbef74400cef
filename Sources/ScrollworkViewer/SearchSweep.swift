import ScrollworkFiles

/// The rows a search in the order shown tests, and in what order: from its start to the end
/// (back to the first row, going back), then round from the other end to just before the start,
/// each row once, as `less` and vim wrap a search. One rule for every view: a file's, a sorted
/// view's, a database table's.
struct SearchSweep: Sendable, Hashable {
    /// The number of rows.
    let total: Int
    /// The first row tested (clamped to the rows).
    let start: Int
    /// True for a search towards the end.
    let forward: Bool
    /// True when the start is past an end already (`n` from the last row starts at the first):
    /// every match then lies round from the focus.
    let startsRound: Bool

    /// A sweep of `total` rows (none when negative) from `focus` for `/` (`including` the focus)
    /// or for `n` and `N` (the row after or before it); with no focus, from the first row (the
    /// last, going back).
    init(total: Int, focus: Int?, forward: Bool, including: Bool) {
        let count = Swift.max(0, total)
        self.total = count
        self.forward = forward
        guard count > 0, let focus = focus.map({ $0.clamped(to: 0...(count - 1)) }) else {
            start = forward ? 0 : Swift.max(0, count - 1)
            startsRound = false
            return
        }
        let step = including ? 0 : (forward ? 1 : -1)
        // Past an end: round to the other.
        startsRound = !(0..<count).contains(focus + step)
        start = ((focus + step) % count + count) % count
    }

    /// The runs of rows in the order they are tested: each run is read from its lower bound up
    /// when going forward, from its upper bound down when going back.
    var runs: [Range<Int>] {
        guard total > 0 else { return [] }
        if forward { return [start..<total, 0..<start].filter { !$0.isEmpty } }
        return [0..<(start + 1), (start + 1)..<total].filter { !$0.isEmpty }
    }

    /// ``runs``, with the rows of `visible` that the sweep tests first (from its start, when the
    /// start is on screen) split off as a run of their own, marked: a search reads and tests
    /// those rows themselves, so a match on screen shows at once, before a source's search of
    /// the whole table (a file's bytes read end to end) for the rest.
    func runs(onScreenFirst visible: Range<Int>) -> [(rows: Range<Int>, onScreen: Bool)] {
        let all = runs
        guard let first = all.first, visible.contains(start) else { return all.map { ($0, false) } }
        let head = forward ? first.lowerBound..<Swift.min(first.upperBound, visible.upperBound)
                           : Swift.max(first.lowerBound, visible.lowerBound)..<first.upperBound
        let tail = forward ? head.upperBound..<first.upperBound : first.lowerBound..<head.lowerBound
        return [(head, true)] + ([tail] + all.dropFirst()).filter { !$0.isEmpty }.map { ($0, false) }
    }

    /// ``runs(onScreenFirst:)`` with every run past the screen cut into batches of at most
    /// `batch` rows (at least one), in the order they are tested.
    func runs(onScreenFirst visible: Range<Int>, batch: Int) -> [(rows: Range<Int>, onScreen: Bool)] {
        runs(onScreenFirst: visible).flatMap { run, onScreen in
            onScreen ? [(run, true)] : run.searchBatches(of: batch, forward: forward).map { ($0, false) }
        }
    }

    /// The runs cut into batches of at most `size` rows (at least one), in the order they are
    /// tested: each batch's rows are tested from its lower bound up going forward, from its
    /// upper bound down going back.
    func batches(of size: Int) -> [Range<Int>] {
        runs.flatMap { $0.searchBatches(of: size, forward: forward) }
    }

    /// The rows of `batch` in the order they are tested.
    func rows(of batch: Range<Int>) -> [Int] { forward ? Array(batch) : batch.reversed() }

    /// True when `row`, found by the search, lies past the end it went towards: the search went
    /// round, which the status line says.
    func wentRound(to row: Int) -> Bool { startsRound || (forward ? row < start : row > start) }

    /// What the status line adds when a search `forward` (or back) went round, as less says it.
    static func roundNote(forward: Bool) -> String {
        forward ? "search hit the end, went on from the top" : "search hit the top, went on from the end"
    }
}
