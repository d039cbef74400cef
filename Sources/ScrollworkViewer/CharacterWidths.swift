import Scrollwork
import ScrollworkWidgets

/// Columns whose widths were counted in characters, as a terminal's 8-point cells (a file's
/// widest values, a sheet's sample), and the width of a digit in the type they were last fitted
/// to: in a window whose text the desktop sets larger, they grow to as many of its digits.
struct CharacterWidths {
    /// Each such column, by its id (columns may move or hide), and the width it was made with.
    let made: [String: ColumnWidth]
    /// The width of a digit the columns were last fitted to (a terminal's cell until a window's
    /// type is wider).
    private(set) var fittedDigit = 8.0

    /// The columns `made` names by id, at the widths given there.
    init(_ made: [String: ColumnWidth]) { self.made = made }

    /// `columns`, each at the width it has.
    init<Row>(_ columns: [TableColumn<Row>]) { made = Dictionary(columns.map { ($0.id, $0.width) }) { first, _ in first } }

    /// Widens the columns of `view` to as many of the digits `canvas`'s type draws at the
    /// view's idiom, where a digit is wider than a cell by more than a sixth (a window's text
    /// scale; not a terminal's cell, nor a window's usual type, whose digits are 8.3 points):
    /// larger text keeps the values whole. Once for each width of a digit; a column a person
    /// made wider stays as wide.
    mutating func fit<Row: Sendable>(_ view: inout TableView<Row>, on canvas: Canvas) throws(TableError) {
        let digit = canvas.measurer(for: view.pointIdiom).width(of: "0", font: .body)
        guard digit.isFinite, digit > fittedDigit, digit > 8 * 7 / 6 else { return }
        fittedDigit = digit
        let wanted = view.table.columns.indices.compactMap { c -> (column: Int, limits: ColumnWidth)? in
            guard let width = made[view.table.columns[c].id] else { return nil }
            let ideal = (width.ideal * digit / 8).rounded(.up)
            return (c, ColumnWidth.clamping(min: width.min, ideal: ideal, max: Swift.max(width.max, ideal)))
        }
        try view.table.widenColumns(wanted)
    }
}
