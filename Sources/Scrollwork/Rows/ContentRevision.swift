/// Names one state of something a view draws (a list's rows, a table's columns): a new revision
/// is made at every change, and two revisions are equal only when they are the same one, so a
/// view that keeps what it drew knows it is still right.
///
/// Unlike a counter, a revision made in one copy of a state can never equal one made in another
/// copy, or in a list built separately, however their histories line up.
public struct ContentRevision: Sendable, Equatable {
    private final class Token: Sendable {}
    private let token = Token()

    /// A revision unlike any other.
    public init() {}

    /// True when both are the same revision.
    public static func == (a: ContentRevision, b: ContentRevision) -> Bool { a.token === b.token }
}
