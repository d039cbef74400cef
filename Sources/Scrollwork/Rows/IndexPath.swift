/// The position of a row: its section and its index within the section.
public struct IndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The row within the section.
    public var row: Int

    /// Creates an index path.
    public init(row: Int, section: Int = 0) {
        self.row = row
        self.section = section
    }

    /// Orders by section, then row.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// `[section, row]`.
    public var description: String { "[\(section), \(row)]" }
}
