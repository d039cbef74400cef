import Scrollwork

/// Whether rows are still being found in a ``TableSource``, and how a viewer asks for those
/// found since it last asked (``TableSource/grown(following:progress:)``).
public enum TableGrowth: Sendable, Hashable {
    /// Every row is there: rows added later are read by name after the last one when the
    /// person follows the end (`F`), as a database table's are. The default.
    case settled
    /// Rows are still being found (a file being indexed), `share` of the table (0…1) read so
    /// far: a viewer shows those found and asks for more at once, again and again.
    case finding(share: Double)
    /// Every row there was is found, and rows written since are found cheaply (a file's size
    /// looked at): a viewer asks once a second.
    case watched
    /// Every row that has come is found, and more are coming as a writer writes them (standard
    /// input, a pipe): a viewer asks ten times a second, so lines show as they come.
    case arriving

    /// True while rows are still being found.
    public var isFinding: Bool { if case .finding = self { true } else { false } }
}

/// What ``TableSource/grown(following:progress:)`` found: the table now, and whether its rows
/// are still those shown.
public struct GrownTable: Sendable {
    /// The table with the rows found since.
    public var source: any TableSource
    /// True when the table started over and the rows shown are no longer its rows (a file cut
    /// shorter, a log rotated away and a new file at its path): a viewer reads it again from
    /// its first row.
    public var startedOver: Bool
    /// What to tell the person of it ("the file was replaced (rotated): following the new file
    /// from its start"); nil for nothing.
    public var note: String?

    /// `source`, which `startedOver` or grew, `note` to say.
    public init(_ source: any TableSource, startedOver: Bool = false, note: String? = nil) {
        self.source = source
        self.startedOver = startedOver
        self.note = note
    }
}

extension TableSource {
    /// Rows are read off the loop.
    public var readsInPlace: Bool { false }
    /// The first page, like any other, is read off the loop.
    public var readsFirstPageAtOnce: Bool { false }
    /// Every row is there.
    public var growth: TableGrowth { .settled }
    /// Nothing changed: rows added are read after the last name.
    public func grown(following: Bool, progress: TableProgress) throws(TableSourceError) -> GrownTable? { nil }
    /// The source's own reading to the end: its columns' types are its own to find.
    public func readToEnd(typing columns: [Int]?, progress: TableProgress) throws(TableSourceError) -> any TableSource {
        try readToEnd(progress: progress)
    }
    /// Asks for more while the source is finding rows.
    public func readToEnd(progress: TableProgress) throws(TableSourceError) -> any TableSource {
        var source: any TableSource = self
        while source.growth.isFinding {
            guard let grown = try source.grown(following: false, progress: progress) else { break }
            source = grown.source
        }
        return source
    }
    /// Not known before the rows come.
    public func widestValue(ofColumn column: Int) -> Int? { nil }
    /// Names are the table's own ids.
    public var namesNumberRows: Bool { false }
}
