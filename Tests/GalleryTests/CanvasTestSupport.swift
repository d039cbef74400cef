import Scrollwork
import ScrollworkWidgets

/// The grid of a canvas read as its buffer is, for tests that look at a window's cells.
extension Canvas {
    /// Width in cells.
    var columns: Int { cells.columns }
    /// Height in cells.
    var rows: Int { cells.rows }
    /// The cell at `column`, `row`.
    subscript(column: Int, row: Int) -> Cell { cells[column, row] }
}
