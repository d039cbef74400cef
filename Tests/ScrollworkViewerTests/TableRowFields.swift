@testable import Scrollwork
@testable import ScrollworkFiles
@testable import ScrollworkViewer

/// A file's row on the table screen read as the file writes it: its fields, then its number
/// (the `#` column's value, read after the fields), so that tests read a row by field.
extension PagedRow where Row == [TableValue] {
    /// The values read, or none while the row is not read.
    var values: [TableValue] { if case let .loaded(values) = self { values } else { [] } }

    /// Field `c`'s text as the file writes it; nil past the row's fields or while it is not read.
    subscript(_ c: Int) -> String? { fields.indices.contains(c) ? fields[c] : nil }

    /// Every field's text, without the row's number.
    var fields: [String] { values.dropLast().map(\.description) }

    /// The row's number, from 1, as the `#` column shows it (nil while not read).
    var number: Int? {
        guard let last = values.last else { return nil }
        if case let .int(n) = last { return n }
        return Int(last.description.split(separator: " ").last ?? "")
    }

    /// True when the `#` column marks the row ⚠ (a record with more fields than its header, one
    /// cut short).
    var isMarked: Bool { values.last?.description.hasPrefix("⚠ ") == true }
}

/// What tests read of a file shown on the table screen: the file's table as the screen has it
/// now, and the screen's state under the names the file's own screen gave it.
extension TableViewer {
    /// The file's table as the screen has it now (nil for another source).
    var fileTable: FileTable? { source as? FileTable }
    /// How the file's records are read.
    var format: FileFormat? { fileTable?.shape.format }
    /// The file read.
    var file: FileBytes? { fileTable?.file }
    /// How far the file is indexed.
    var index: RecordIndex? { fileTable?.index }
    /// The rows found so far, read in place.
    var fileRows: FileRows? { fileTable?.fileRows }
    /// The words that stand for no value.
    var missing: MissingValues? { fileTable?.shape.missing }
    /// The columns' types, from the rows typed so far.
    var typing: ColumnTyping? { fileTable?.shape.typing }
    /// Whether each of `fields` holds only numbers so far.
    func numeric(_ fields: [Int]) -> [Bool] { fileTable?.shape.numeric(fields) ?? [] }
    /// True while the file is still being indexed.
    var indexing: Bool { source.growth.isFinding }
    /// True while standard input is still coming.
    var spooling: Bool { fileTable?.arrival.map { !$0.done } ?? false }
    /// True while G waits for the last row.
    var seekingEnd: Bool { screen.keyMemory.seeking != nil }
    /// The columns hidden with `-`, in the order they were hidden.
    var hiddenColumns: [ColumnArrangement<TableScreen.Row>.Hidden] { screen.columns.hidden }
    /// The filters' texts, in the order they were added.
    var filterTexts: [String] { screen.shown.filters.map(\.text) }
}
