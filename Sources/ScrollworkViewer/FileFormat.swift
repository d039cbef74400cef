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

    /// The rows that may hold `text`: their bytes hold it as typed or as the format spells it
    /// (a quote doubled, a JSON escape), with the JSON rows that may show otherwise, read on
    /// every core; `progress` hears half the fraction read (the rows' test is the other half)
    /// and stops the pass (nil) by returning false.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    func rowsHolding(_ text: String, progress: (Double) -> Bool) throws(FileError) -> RowMarks? {
        let spellings = ([text] + FileSearch.spellings(of: text, in: format)).compactMap(TextSearch.init)
        return try rowsHolding(spellings, concurrently: .processors, progress: { progress($0 / 2) })
    }
}
