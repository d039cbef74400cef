import Scrollwork
import ScrollworkFiles

/// The columns `/` searches: those shown. A source finds the rows that hold a text in any of
/// its columns (a file's bytes, an engine's `LIKE`); where the person hid some, a row that holds
/// it only there is passed over, as a match the screen could not show.
struct SearchedColumns: Sendable {
    /// The fields shown, in any order; nil when every field shows, and the source's answer is
    /// the search's.
    private let shown: [Int]?
    /// How a row's shown values are tested, as the source tests them.
    private let test: RowFilter?

    /// The fields `shown` of a table of `count` fields, searched for `text`.
    ///
    /// - Throws: what ``RowFilter/searching(_:)`` says when `text` cannot be a test, as the
    ///   source's own search of it would.
    init(shown: [Int], of count: Int, text: String) throws(TableSourceError) {
        let hidesSome = (0..<Swift.max(0, count)).contains { !shown.contains($0) }
        test = hidesSome ? try RowFilter.searching(text) : nil
        self.shown = hidesSome ? shown : nil
    }

    /// True when some field is hidden, so that a row the source finds is tested again.
    var hidesSome: Bool { shown != nil }

    /// True when `row` (every field, in the table's order) shows the text in a column shown.
    func shows(_ row: [TableValue]) -> Bool {
        guard let shown, let test else { return true }
        return test.passes(anyOf: shown.map { row.indices.contains($0) ? row[$0] : .empty })
    }

    /// The first position of `run` (the last, going back) that `find` finds in a range of it and
    /// whose row, as `read` reads it, shows the text: each hit in a hidden column alone is
    /// passed over, and the rest of the run searched again.
    func first(in run: Range<Int>, forward: Bool, find: (Range<Int>) throws(TableSourceError) -> Int?,
               read: (Int) throws(TableSourceError) -> [TableValue]?) throws(TableSourceError) -> Int? {
        var rest = run
        while !rest.isEmpty, let hit = try find(rest) {
            guard hidesSome, rest.contains(hit) else { return hit }
            if let row = try read(hit), shows(row) { return hit }
            rest = forward ? (hit + 1)..<rest.upperBound : rest.lowerBound..<hit
        }
        return nil
    }

    /// The first of `names` (the last, going back) whose row shows the text in a column shown,
    /// among those `holding` says hold it anywhere; rows read a thousand at a time by `read`.
    func first(among names: [Int], holding: Set<Int>, forward: Bool,
               read: ([Int]) throws(TableSourceError) -> [[TableValue]]) throws(TableSourceError) -> Int? {
        let places = (forward ? Array(names.indices) : names.indices.reversed()).filter { holding.contains(names[$0]) }
        var at = 0
        while at < places.count {
            let batch = Array(places[at..<Swift.min(places.count, at + 1000)])
            let rows = try read(batch.map { names[$0] })
            if let found = zip(batch, rows).first(where: { shows($0.1) }) { return found.0 }
            at += batch.count
        }
        return nil
    }
}
