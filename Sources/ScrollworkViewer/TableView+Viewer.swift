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
}
