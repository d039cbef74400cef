/// A list operation that cannot be carried out, with what was wrong and what is allowed.
public enum ListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A section index outside the list.
    case sectionOutOfRange(Int, count: Int)
    /// A row index outside its section.
    case rowOutOfRange(IndexPath, rowsInSection: Int)
    /// The edit is not allowed by the list's edit permissions.
    case editNotAllowed(String)
    /// A source answered a different count than it did when the list last loaded it.
    case sourceCountChanged(section: Int, expected: Int, actual: Int)
    /// A number that must be finite was not.
    case notFinite(parameter: String, value: Double)
    /// Nothing to undo or redo.
    case nothingToUndo

    /// A sentence that says what was wrong and what is allowed.
    public var description: String {
        switch self {
        case let .sectionOutOfRange(s, count):
            return "section \(s) does not exist; sections run from 0 to \(count - 1) (\(count) sections)"
        case let .rowOutOfRange(path, rows):
            return "row \(path.row) of section \(path.section) does not exist; that section has \(rows) rows (0 to \(rows - 1))"
        case let .editNotAllowed(what):
            return "\(what) is not allowed by this list's edit permissions"
        case let .sourceCountChanged(section, expected, actual):
            return "the source of section \(section) had \(expected) rows and now has \(actual); call reloadData() after changing a source"
        case let .notFinite(parameter, value):
            return "\(parameter) is \(value); it must be a finite number"
        case .nothingToUndo:
            return "there is nothing to undo or redo"
        }
    }
}
