import Scrollwork

/// The rows the last search of a table found holding its text, by the text searched: `n`, `N`
/// and a search that goes round ask for the same text again, and a table that finds them by
/// reading all of itself (a file's bytes, a Parquet file's pages) then reads nothing. A table
/// value whose rows change makes a new one.
package final class KeptSearch<Marks: Sendable>: Sendable {
    private let last = Locked<(text: String, marks: Marks)?>(nil)

    /// Nothing kept yet.
    package init() {}

    /// The rows found for `text`, if it was the last searched.
    package func marks(for text: String) -> Marks? { last.withLock { $0?.text == text ? $0?.marks : nil } }

    /// Keeps what a search for `text` found, in place of the last.
    package func keep(_ marks: Marks, for text: String) { last.withLock { $0 = (text, marks) } }
}
