import Scrollwork
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

/// Calls of the terminal layer that trapped or hung for some value of their parameters' types,
/// each in its own process.
@Suite struct TotalTerminalCallTests {
    @Test("buffers of any size, drawn into at any position")
    func buffersAtExtremes() async {
        await #expect(processExitsWith: .success) {
            var big = Buffer(columns: .max, rows: .max)
            precondition(big.columns == Buffer.maximumSide && big.rows == Buffer.maximumSide)
            big = Buffer(columns: .min, rows: 3)
            var b = Buffer(columns: 10, rows: 3)
            for (x, y) in [(Int.max, 0), (Int.min, 1), (Int.max - 1, Int.max), (5, Int.min), (-3, 2)] {
                b.draw("wide 滚动 text 👍🏽", column: x, row: y)
                b.draw("ascii", column: x, row: y, clip: CellRect(column: Int.min, row: Int.min, columns: Int.max, rows: Int.max))
                b.fill(CellRect(column: x, row: y, columns: Int.max, rows: Int.max))
                b.restyle(CellRect(column: x, row: y, columns: .max, rows: .max)) { $0.bold = true }
                _ = b[x, y]
                b[x, y] = Cell("z")
            }
            _ = CellRect(column: .max, row: .min, columns: .max, rows: .max).inset(top: .min, left: .max, bottom: .min, right: .max)
            _ = CellRect(column: .min, row: .min, columns: .max, rows: .max).intersection(CellRect(column: .max, row: .max, columns: .max, rows: .max))
        }
    }

    @Test("a scroll view with enormous content scrolled to its end, drawn with zero-sized cells")
    func hugeOffsetsAndZeroCells() async {
        await #expect(processExitsWith: .success) {
            var state = ScrollState(viewport: Size(width: 80, height: 160), content: Size(width: 1e300, height: 1e300))
            state.perform(.bottom, time: 0)
            state.tick(at: 5)
            var widget = ScrollView(RowNumbers(), scroll: state)
            widget.metrics.cellWidth = 0
            widget.metrics.cellHeight = -.infinity
            precondition(widget.metrics.cellWidth == 8 && widget.metrics.cellHeight == 16)
            var buffer = Buffer(columns: 10, rows: 10)
            widget.render(in: buffer.area, into: &buffer, at: 5)
        }
    }

    @Test("a virtual screen given parameters near Int.max and a scroll region to Int.max")
    func virtualScreenExtremes() async {
        await #expect(processExitsWith: .success) {
            var v = VirtualScreen(columns: 10, rows: 5)
            let big = String(Int.max), near = String(Int.max - 1)
            for sequence in ["\(big);\(big)H", "\(near)C", "1;\(big)r", "\(big)S", "\(big)T", "\(big);\(big)r", "0;0r", "5;2r",
                             "\(near);\(near)H", "38;2;\(big);\(big);\(big)m", "99999999999999999999999C", "-5;-5H"] {
                v.apply(Array("\u{1B}[\(sequence)x\u{1B}[1;1H".utf8))
                v.apply(Array("\u{1B}[\(sequence)".utf8))
            }
            v.apply(Array("\u{1B}[1;\(big)r\u{1B}[\(big)S".utf8))
        }
    }
}

/// Each row's number, as scroll view content.
struct RowNumbers: ScrollContent {
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        canvas.cells.draw("row \(window.firstRow)", column: window.rect.column, row: window.rect.row)
    }
}
