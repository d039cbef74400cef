import Scrollwork

extension Widget {
    /// Draws the widget over the cells `area` of `buffer`, on a terminal's canvas of that
    /// buffer (8 × 16 points a cell): how the package's tests draw a widget into bare cells.
    package mutating func render(in area: CellRect, into buffer: inout Buffer, at time: Double) {
        var canvas = Canvas(cells: buffer)
        // Given up while the canvas draws, so that its cells are not copied on the first write.
        buffer = Buffer(columns: 0, rows: 0)
        render(in: canvas.points(area), into: &canvas, at: time)
        buffer = canvas.cells
    }
}

extension Rect {
    /// The cells of a terminal's grid (8 × 16 points a cell) this rectangle covers: how the
    /// package's tests of cells read a widget's frame.
    package var gridCells: CellRect { CellMetrics().cells(in: self) }
}

extension App {
    /// Draws the app over the whole of `buffer`, on a terminal's canvas of that buffer: how the
    /// package's tests draw an app into bare cells. Returns what drawing asked of the host, which
    /// a test that only looks at the cells leaves.
    @discardableResult
    package mutating func render(into buffer: inout Buffer, at time: Double) -> [Effect] {
        var canvas = Canvas(cells: buffer)
        buffer = Buffer(columns: 0, rows: 0)
        let effects = render(into: &canvas, at: time)
        buffer = canvas.cells
        return effects
    }
}
