import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// #71 item 5: a table of thousands of columns costs a frame what its columns on screen cost:
/// a column off screen is neither read nor drawn, whichever way the table is scrolled.
@Suite struct WideTableTests {
    /// Counts the cells read, column by column.
    final class Reads: Sendable {
        let columns = Locked([Int: Int]())
        func read(_ column: Int) { columns.withLock { $0[column, default: 0] += 1 } }
        var read: [Int: Int] { columns.withLock { $0 } }
    }

    static func view(columns: Int, pinned: Int, reads: Reads) throws -> TableView<Int> {
        let width = try ColumnWidth(min: 80, ideal: 80, max: 80)
        var table = TableState(rows: Array(0..<1_000), columns: (0..<columns).map { c in
            TableColumn("C\(c)", width: width, alignment: .trailing) { row in
                reads.read(c)
                return .int(row * 10_000 + c)
            }
        })
        table.pinnedColumns = pinned
        return TableView(table, theme: Theme())
    }

    @Test("LT-12: of 5,000 columns only those on screen are read, in the first frame and after scrolling far sideways; pinned ones stay read")
    func LT_12_columnsOffScreenAreNotRead() throws {
        for pinned in [0, 1] {
            let reads = Reads()
            var view = try Self.view(columns: 5_000, pinned: pinned, reads: reads)
            var buffer = Buffer(columns: 60, rows: 12)
            view.render(in: buffer.area, into: &buffer, at: 0)
            // 60 cells of 8 points: six columns of 80 points.
            #expect(Set(reads.read.keys) == Set(0..<6), "\(reads.read.keys.sorted())")
            #expect(buffer.text.contains("C5") && !buffer.text.contains("C7"))
            for i in 0..<200 { _ = view.handle(.mouse(MouseEvent(.wheel(.right), column: 30, row: 5)), at: 1 + 0.001 * Double(i)) }
            _ = view.tick(at: 3)
            let offset = view.table.list.scroll.offset.x
            #expect(offset > 80 * 50, "scrolled past fifty columns: \(offset)")
            let before = reads.read
            var moved = Buffer(columns: 60, rows: 12)
            view.render(in: moved.area, into: &moved, at: 3)
            let now = reads.read.filter { before[$0.key] != $0.value }.keys
            let first = Int(offset / 80)
            let expected = Set((pinned > 0 ? [0] : []) + Array((first + (pinned > 0 ? 1 : 0))...(first + 7)))
            #expect(Set(now).isSubset(of: expected) && now.count >= 6, "columns read after the scroll: \(now.sorted()), near \(first)")
            #expect(moved.text.contains("C\(first + 2)"))
        }
    }

    @Test("the columns shown: pinned ones, then the scrolled ones that reach across the box and out from under the pinned, found by halving as by looking at each")
    func shownColumnsAgreeWithEachColumn() {
        for pinned in 0...3 {
            for shift in stride(from: -50.0, through: 900, by: 37) {
                var x = 0.0
                let widths = [30.0, 0, 45, 80, 80, 10, 0, 120, 64, 64, 64, 200, 5]
                var columns: [(x: Double, width: Double)] = []
                for (i, width) in widths.enumerated() {
                    columns.append((x: x - (i < pinned ? 0 : shift), width: width))
                    x += width
                }
                let edge = pinned > 0 ? columns[pinned - 1].x + columns[pinned - 1].width : 0
                let layout = TableLayout(box: Rect(x: 0, y: 0, width: 300, height: 100), header: .zero, body: .zero, padding: 8,
                                         columns: columns, pinnedEdge: Swift.min(edge, 300))
                let each = columns.indices.filter { layout.shows(columns[$0], at: $0, pinned: pinned) }
                #expect(layout.shownColumns(pinned: pinned) == each, "pinned \(pinned), shift \(shift)")
            }
        }
    }
}
