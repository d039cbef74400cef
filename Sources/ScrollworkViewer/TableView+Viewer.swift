import Scrollwork
import ScrollworkWidgets

/// What both of the viewers' tables (a file's, a database's) do with their table views.
extension TableView {
    /// The column of the cell `mouse` presses in the table's rows, when the table's gestures
    /// say the click chooses; nil on the header, elsewhere, or for any other gesture.
    func column(atCell mouse: MouseEvent) -> Int? {
        guard case .press = mouse.kind, gestures.command(for: mouse)?.chooses == true else { return nil }
        let cell = metrics.cell(of: mouse)
        guard body.contains(cell) else { return nil }
        let x = (Double(cell.column - body.column) + 0.5) * metrics.cellWidth
        return table.column(atX: table.contentX(atViewX: x))
    }

    /// Columns wider than the view bring the horizontal indicator over the bottom row: a row of
    /// inset there keeps the focused row, and the last one, clear of it (rows are revealed clear
    /// of the insets).
    mutating func keepRowsClearOfIndicator() {
        // The list keeps the columns' total as its content width: no sum of the columns a frame.
        let inset = table.list.contentWidth > table.list.scroll.viewportSize.width + 0.5 ? table.list.metrics.rowHeight : 0
        if table.list.scroll.contentInsets.bottom != inset { table.list.scroll.contentInsets.bottom = inset }
    }

    /// Moves the focus with the view (g, G and their like); what went wrong, if anything.
    mutating func moveFocus(_ move: ListMove, at time: Double) -> String? {
        do { try table.list.moveCursor(move, at: time) } catch { return "\(error)" }
        return nil
    }

    /// `#`: the focus on row `text` (from 1) or on `text` percent of the rows, shown; what to
    /// say about it ("row 12 of 340", or what was wrong with the text).
    mutating func goToRow(_ text: String, at time: Double) -> String {
        let count = table.list.numberOfRows
        switch RowTarget.row(text, of: count) {
        case let .failure(message): return message.text
        case let .success(row):
            do {
                try table.list.select(IndexPath(row: row), at: time)
                try table.list.revealRow(IndexPath(row: row), at: time)
                return "row \(grouped(row + 1)) of \(grouped(count))"
            } catch {
                return "\(error)"
            }
        }
    }

    /// Scrolls column `column` into view: its trailing edge, then its leading edge, so that a
    /// column wider than the view shows its start.
    mutating func revealColumn(_ column: Int, at time: Double) {
        guard table.columns.indices.contains(column) else { return }
        table.revealDivider(after: column, margin: 8, at: time)
        if column > 0 { table.revealDivider(after: column - 1, margin: 8, at: time) }
    }

    /// Selects the row at `position` of the order shown and scrolls it into view; what went
    /// wrong, if anything.
    mutating func selectAndReveal(_ position: Int, at time: Double) -> String? {
        do {
            try table.list.select(IndexPath(row: position), at: time)
            try table.list.revealRow(IndexPath(row: position), at: time)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
