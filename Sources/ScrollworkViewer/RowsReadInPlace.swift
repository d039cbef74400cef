import Scrollwork
import ScrollworkFiles

/// The rows a table screen shows from a source that reads in place (a file's): each read as it
/// is asked for, by its name in the order shown, so that any row is there at once, whether
/// drawn, copied, or read by a screen reader far from the screen; one that cannot be read says why.
struct RowsReadInPlace: RowSource, Sendable {
    /// The rows shown.
    let count: Int
    /// Reads rows at positions of the order shown (``TableScreen/pageReader``).
    let read: @Sendable (Range<Int>, TableProgress) throws(TableSourceError) -> [[TableValue]]

    /// Row `index`, read now.
    func row(at index: Int) -> PagedRow<[TableValue]> {
        rows(in: index..<index.addingSaturating(1)).first ?? .loading
    }

    /// Rows `range` (clipped to the rows), read together.
    func rows(in range: Range<Int>) -> [PagedRow<[TableValue]>] {
        let range = range.clamped(to: 0..<count)
        do {
            return try read(range, .unwatched).map { .loaded($0) }
        } catch {
            return range.map { _ in .failed(page: 0, message: "\(error)") }
        }
    }
}
