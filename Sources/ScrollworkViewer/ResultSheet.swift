import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A table the viewer shows over the file's: a frequency table of a column or the summary of
/// every column, sortable by its headings like any table; Enter acts on its focused row.
struct ResultSheet {
    /// What the sheet shows.
    enum Kind: Sendable, Hashable {
        /// The values of field `field`, titled `title`.
        case frequency(field: Int, title: String)
        /// One row a column.
        case summary
    }

    let kind: Kind
    /// The line above the table: what it is, and what its keys do.
    let caption: String
    /// The rows shown, in their own order (the table may sort them).
    let source: StringRows
    /// A frequency table's values, one a row of ``source`` (the rows past the last value, if
    /// any, have none): whether each is missing is known here, not from how it is spelled.
    let entries: [FrequencyTable.Entry]
    var view: TableView<DelimitedRecord>

    /// The frequency table of field `field` (titled `title`) among `rows` rows.
    init(frequency: FrequencyTable, field: Int, title: String, of rows: Int, theme: Theme) {
        kind = .frequency(field: field, title: title)
        let distinct = frequency.entries.count
        caption = "Frequency of \(title): \(grouped(distinct)) value\(distinct == 1 ? "" : "s") in \(grouped(rows)) rows · Enter keeps that value's rows · Esc returns"
        source = frequency.rows
        entries = frequency.entries
        let sample = source.rows(in: 0..<Swift.min(source.count, 5000))
        var columns = FrequencyTable.titles.indices.map { TableColumn.field($0, title: FrequencyTable.titles[$0], sample: sample) }
        let widest = frequency.entries.first.map { frequency.percent(of: $0) } ?? 100
        var bar = TableColumn<DelimitedRecord>("", id: "bar", width: .clamping(min: 40, ideal: 26 * 8, max: 800), isSortable: false) { record in
            .string(Self.bar(Double(record[2] ?? "") ?? 0, of: widest, cells: 24))
        }
        bar.isResizable = true
        columns.append(bar)
        view = Self.view(source, columns: columns, theme: theme)
    }

    /// The summary of the columns `summaries`.
    init(summaries: [ColumnSummary], rows: Int, theme: Theme) {
        kind = .summary
        caption = "Summary of \(summaries.count) columns in \(grouped(rows)) rows (the last column names the figures that are estimates) · Enter goes to the column · Esc returns"
        source = ColumnSummary.rows(summaries)
        entries = []
        let sample = source.rows(in: 0..<source.count)
        // Each column as wide as its values; the median is not stretched across the rest.
        view = Self.view(source, columns: ColumnSummary.titles.indices.map { TableColumn.field($0, title: ColumnSummary.titles[$0], sample: sample) },
                         style: .none, theme: theme)
    }

    private static func view(_ source: StringRows, columns: [TableColumn<DelimitedRecord>], style: ColumnAutoresizingStyle = .lastColumnOnly,
                             theme: Theme) -> TableView<DelimitedRecord> {
        var table = TableState(rows: source, columns: columns)
        table.list.idiom = .macOS
        table.autoresizingStyle = style
        var view = TableView(table, theme: theme)
        view.pageKeysScroll = false
        do { try view.table.list.select(IndexPath(row: 0), at: 0) } catch {
            // An empty table has no first row to focus.
        }
        return view
    }

    /// A bar of `cells` cells for `value` of `most`, in eighths of a cell.
    static func bar(_ value: Double, of most: Double, cells: Int) -> String {
        guard most > 0, value > 0, value.isFinite else { return "" }
        let eighths = Int((Swift.min(1, value / most) * Double(cells * 8)).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// The record at the focused row.
    var focused: DelimitedRecord? { focusedRow.map { source.row(at: $0) } }

    /// The frequency table's value at the focused row; nil on the row of the values past the last.
    var focusedEntry: FrequencyTable.Entry? { focusedRow.flatMap { entries.indices.contains($0) ? entries[$0] : nil } }

    /// The row of ``source`` the focus is on.
    private var focusedRow: Int? {
        guard let id = view.table.list.cursor, let path = view.table.list.indexPath(of: id) else { return nil }
        return view.table.list.sourceRow(at: path)?.row
    }
}
