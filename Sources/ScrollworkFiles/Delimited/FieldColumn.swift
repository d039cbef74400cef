import Scrollwork

extension TableColumn where Row == DelimitedRecord {
    /// Field `field` of a file's records as a column titled `title`, typed and sized from
    /// `sample`: numbers (trailing) where every sampled value that is not missing is one, else
    /// text, which still sorts as numbers when every value in the file is one. Every value shows
    /// as the file writes it (`007`, `605.60`). Missing values (an empty field and `missing`'s
    /// words: `NA`, `null`, … by default) sort last in either direction. A sort of rows from a
    /// ``DelimitedRows`` or ``JSONLinesRows`` reads the column's keys straight from the file's bytes.
    public static func field(_ field: Int, title: String, sample: [DelimitedRecord], missing: MissingValues = .common) -> TableColumn<DelimitedRecord> {
        let fields = sample.compactMap { $0[field] }
        let kind = FieldValues.kind(of: fields, missing: missing)
        // Missing values count as they show, written out: a column of `null`s is not cut to `n…`.
        let content = fields.map { displayWidth($0) }.max() ?? 0
        return .field(field, title: title, kind: kind, width: fieldWidth(content: content, title: title), missing: missing)
    }

    /// The width of a column titled `title` whose widest sampled value takes `content` cells: as
    /// wide as that, and an eighth more for longer ones further on (ids that gain a digit); a
    /// heading may be cut: only its first 8 cells count. At most 40 cells, and a cell of padding
    /// each side. A content below 0 counts as 0.
    public static func fieldWidth(content: Int, title: String) -> ColumnWidth {
        // Past the widest every width is the same, so a huge content cannot overflow.
        let content = Swift.min(Swift.max(0, content), widestFieldCells)
        let widest = Swift.min(Swift.max(content + Swift.max(1, content / 8), Swift.min(displayWidth(title), 8)), widestFieldCells)
        return ColumnWidth.clamping(min: 32, ideal: Double(widest + 2) * 8, max: 8000)
    }

    /// The widest a field's column is made, in cells of its values: a long note or a blob's hex
    /// would otherwise take the screen and hide the columns after it (a person widens it).
    public static var widestFieldCells: Int { 40 }

    /// ``widestFieldCells`` in points, with the cell of padding each side: the most an
    /// automatic fit makes a column (`_` fits it whole).
    public static var widestFieldWidth: Double { Double(widestFieldCells + 2) * 8 }

    /// Field `field` as a column titled `title` of values of `kind` (numbers trailing, text
    /// leading), `width` wide: what ``field(_:title:sample:missing:)`` makes once the kind is
    /// known, and what a viewer makes again when more rows decide another kind.
    /// A text column still sorts as numbers where every value spells one, unless
    /// `numbersSortAsNumbers` is false (its source wrote them as text: a JSON string).
    public static func field(_ field: Int, title: String, kind: FieldValues.Kind, width: ColumnWidth, missing: MissingValues = .common,
                             numbersSortAsNumbers: Bool = true) -> TableColumn<DelimitedRecord> {
        let parse = FieldValues(kind: kind, missing: missing)
        var column = TableColumn(title, id: "\(field)", width: width, alignment: kind == .text ? .leading : .trailing) { record in
            parse.value(record[field])
        }
        // Shown as the file writes it: "007" is not 7, nor "605.60" 605.6, to the person who
        // wrote them, and a JSON null as `null`; the value (none for a null) is what sorts and filters.
        column.text = { record in record.fields.indices.contains(field) ? record.fields[field] : "" }
        // Safe: a field's bytes are lent to the parse for its call only.
        column.sourceValues = { source, range in unsafe eachField(field, of: source, in: range) { unsafe parse.value($0) } }
        column.sourceKeys = { source, range, keys in unsafe eachField(field, of: source, in: range) { unsafe parse.appendKey($0, to: &keys) } != nil }
        // The rows seen may hold no numbers where the rest holds nothing else (their values all
        // missing, say): the sort takes the type from every value.
        column.sortsNumericTextAsNumbers = kind == .text && numbersSortAsNumbers
        return column
    }

    /// `body` of field `field`'s bytes in each of rows `range` of `source`, for every source
    /// whose rows are read in place (``InPlaceRows``: a delimited or JSON Lines file, the
    /// viewer's ``FileRows`` of either, a filtered view of any of them, rows held in memory);
    /// nil for any other source, whose rows are then read whole.
    ///
    /// Any in-place rows, not a list of their types: a list missed ``FileRows`` when the viewer
    /// came to hold its file's rows as one, and every sort in `scrollwork open` read whole
    /// records into strings, four times the time of reading the keys in place.
    private static func eachField<T>(_ field: Int, of source: any Sendable, in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> [T]? {
        // The common ones by their own type, read without opening an existential.
        if let rows = source as? DelimitedRows { return unsafe rows.values(ofField: field, in: range, body) }
        if let rows = source as? FileRows { return unsafe rows.values(ofField: field, at: range.clamped(to: 0..<rows.count), body) }
        guard let rows = source as? any InPlaceRows else { return nil }
        return unsafe rows.values(ofField: field, at: range.clamped(to: 0..<rows.count), body)
    }
}
