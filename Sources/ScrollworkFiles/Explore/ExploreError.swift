/// Why a filter, a column name or a save could not be done, said so that the person can put it
/// right: what was wrong and what is allowed.
public struct ExploreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }

    /// No column is called `name`; `titles` are the ones there are.
    static func unknownColumn(_ name: String, titles: [String]) -> ExploreError {
        let shown = titles.prefix(30).map { "'\($0)'" }.joined(separator: ", ") + (titles.count > 30 ? ", … (\(titles.count) in all)" : "")
        return ExploreError("no column is called '\(name)'; the columns are \(shown) (or a number from 1 to \(titles.count))")
    }
}
