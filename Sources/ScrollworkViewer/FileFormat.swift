import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// How a file's records are read.
enum FileFormat: Sendable, Hashable {
    /// CSV, TSV and the like.
    case delimited(DelimitedDialect)
    /// JSON objects: one a line (JSON Lines), or the elements of one array.
    case json(JSONFraming)
}

extension FileRows {
    /// How these rows' records are read.
    var format: FileFormat {
        switch self {
        case let .delimited(rows): .delimited(rows.dialect)
        case let .json(rows): .json(rows.framing)
        }
    }
}
