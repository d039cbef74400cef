/// One section of a list: a lazy source of rows with an optional header, footer and index title.
public struct ListSection<Row>: Sendable {
    /// The header's content; nil for none.
    public var header: RowContent?
    /// The footer's content; nil for none.
    public var footer: RowContent?
    /// The title of this section in a section index ("A", "B", …).
    public var indexTitle: String?
    /// The rows, asked for only when shown.
    public var rows: AnyRowSource<Row>

    /// Creates a section over `rows`.
    @inlinable
    public init<Source: RowSource & Sendable>(_ rows: Source, header: RowContent? = nil, footer: RowContent? = nil,
                                              indexTitle: String? = nil) where Source.Row == Row {
        self.rows = AnyRowSource(rows)
        self.header = header
        self.footer = footer
        self.indexTitle = indexTitle
    }
}
