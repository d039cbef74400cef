import Scrollwork
import ScrollworkFiles

/// What a table file's records are: their format, the fields a record should have, the names of
/// its fields (the header, or the JSON keys seen so far), the words that stand for no value,
/// and the fields' types as the rows read so far say. A file's screen holds one, and every pass
/// over its rows reads them through it.
struct FileShape {
    /// How the records are read.
    let format: FileFormat
    /// The field count of the header (or of the first record): rows with another are marked.
    /// Nil for JSON Lines, whose rows have a field a key.
    var expectedFields: Int?
    /// JSON: every key seen so far, the columns after `#`.
    var keys: [String] = []
    /// The words that stand for no value, for columns made now and later (new JSON keys).
    let missing: MissingValues
    /// The columns' types, from the first rows and then from every row as the index finds them.
    var typing: ColumnTyping
    /// The names of the file's fields, in the file's order (the header, or JSON keys).
    var fieldTitles: [String] = []
    /// The widest value of each field among the first rows, in cells.
    var sampleWidths: [Int] = []
    /// JSON, once every line is read (a batch run): the lines that are no object (the first,
    /// counted from 0, with why, and how many); nil when every line is one, or not all are read.
    var unreadLines: (first: Int, problem: String, count: Int)?

    /// The rows `index` has found in `file`, read as the format says.
    func rows(file: FileBytes, index: RecordIndex) -> FileRows { Self.rows(file: file, index: index, format: format, keys: keys) }

    /// The rows `index` has found in `file`, read as `format` says (JSON objects by `keys`).
    static func rows(file: FileBytes, index: RecordIndex, format: FileFormat, keys: [String]) -> FileRows {
        switch format {
        case let .delimited(dialect): return .delimited(DelimitedRows(file: file, index: index, dialect: dialect))
        case let .json(framing): return .json(JSONLinesRows(file: file, index: index, keys: keys, framing: framing))
        }
    }

    /// True when the file's first record names the columns.
    var hasHeader: Bool {
        if case let .delimited(dialect) = format { return dialect.hasHeader }
        return false
    }

    /// Which of `fields` hold numbers in every row typed so far: what a save writes as JSON
    /// numbers (each value still only when it is one).
    func numeric(_ fields: [Int]) -> [Bool] {
        fields.map { typing.kinds.kind(ofColumn: $0) != .text }
    }

    /// What the status line says of the format: its separator and quote, or JSON's framing.
    var description: String {
        switch format {
        case let .delimited(dialect):
            return "separated by " + (dialect.separator == 0x09 ? "tab" : String(UnicodeScalar(dialect.separator)))
                + (dialect.quote == 0x22 ? "" : ", quoted with " + String(UnicodeScalar(dialect.quote)))
        case .json(.lines): return "JSON Lines"
        case .json(.arrayElements): return "JSON array"
        }
    }
}
