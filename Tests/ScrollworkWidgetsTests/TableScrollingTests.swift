import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A table wider than its view: sideways scrolling with the vertical physics, pinned columns,
/// and a divider dragged against the edge.
@Suite struct TableSidewaysScrollingTests {
    struct File: Sendable { var name: String; var path: String; var size: Int; var kind: String }

    /// Four columns of 20 cells in a view of 40: twice as wide as the view, the Name column pinned.
    func view(pinned: Int = 1) throws -> TableView<File> {
        let files = (0..<200).map { i in File(name: "file-\(i)", path: "/p/\(i)", size: i * 10, kind: i % 2 == 0 ? "Text" : "Image") }
        let width = try ColumnWidth(min: 160, ideal: 160, max: 800)
        var table = TableState(rows: files, columns: [
            TableColumn("Name", width: width) { .string($0.name) },
            TableColumn("Path", width: width) { .string($0.path) },
            TableColumn("Size", width: width, alignment: .trailing) { .int($0.size) },
            TableColumn("Kind", width: width) { .string($0.kind) },
        ])
        table.pinnedColumns = pinned
        var view = TableView(table, theme: Theme())
        var buffer = Buffer(columns: 40, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    func screen(_ view: inout TableView<File>, at time: Double) -> Buffer {
        var buffer = Buffer(columns: 40, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: time)
        return buffer
    }

    func line(_ buffer: Buffer, _ row: Int) -> String { buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[row] }

    @Test("LT-12: a table wider than its view scrolls sideways by arrow keys, Shift+wheel and the horizontal wheel, the headings moving with their columns")
    func LT_12_scrollsSideways() throws {
        var v = try view()
        #expect(v.table.list.scroll.contentSize.width == 640 && v.table.list.scroll.canScroll(.horizontal, forward: true))
        let before = screen(&v, at: 0)
        #expect(line(before, 0).contains("Path") && !line(before, 0).contains("Kind"))
        _ = v.handle(.key(KeyEvent(.right)), at: 1)
        _ = v.tick(at: 2)
        let moved = v.table.list.scroll.offset.x
        #expect(moved == 32, "an arrow moves four cells")
        _ = v.handle(.mouse(MouseEvent(.wheel(.down), column: 30, row: 5, modifiers: .shift)), at: 3)
        _ = v.tick(at: 4)
        #expect(v.table.list.scroll.offset.x > moved && v.table.list.scroll.offset.y == 0, "Shift turns the wheel sideways")
        for i in 0..<4 { _ = v.handle(.mouse(MouseEvent(.wheel(.right), column: 30, row: 5)), at: 5 + 0.01 * Double(i)) }
        _ = v.tick(at: 6)
        #expect(v.table.list.scroll.offset.x == 320, "the horizontal wheel scrolls to the end and no further")
        let after = screen(&v, at: 6)
        // The pinned Name column stays; Size and Kind have come into view with their headings.
        #expect(line(after, 0).hasPrefix(" Name") && line(after, 0).contains("Kind") && !line(after, 0).contains("Path"))
        #expect(line(after, 1).hasPrefix(" file-0") && line(after, 1).contains("Text"))
        // The horizontal indicator shows along the bottom.
        #expect(line(after, 11).contains { "▁▂▃▄▅▆▇█━─▔".contains($0) })
    }

    @Test("LT-12, SV-02: a sideways flick glides on with momentum and bounces at the edge, while moving through rows leaves it where it is")
    func LT_12_SV_02_sidewaysPhysics() throws {
        var v = try view()
        _ = v.handle(.mouse(MouseEvent(.press, column: 30, row: 5)), at: 0)
        for (i, c) in [28, 24, 20, 16].enumerated() {
            _ = v.handle(.mouse(MouseEvent(.drag, column: c, row: 5)), at: 0.016 * Double(i + 1))
        }
        _ = v.handle(.mouse(MouseEvent(.release, column: 16, row: 5)), at: 0.07)
        let released = v.table.list.scroll.offset.x
        #expect(v.table.list.scroll.offset.y == 0, "a sideways drag does not scroll down (directional lock)")
        _ = v.tick(at: 0.2)
        #expect(v.table.list.scroll.offset.x > released, "momentum carries on after release")
        var beyond = false
        for t in stride(from: 0.2, through: 4, by: 0.016) {
            _ = v.tick(at: t)
            if v.table.list.scroll.offset.x > 320 { beyond = true }
        }
        #expect(beyond, "the content rubber-bands past the trailing edge")
        #expect(v.table.list.scroll.offset.x == 320 && !v.isAnimating, "and settles back at it")
        for _ in 0..<15 { _ = v.handle(.key(KeyEvent(.down)), at: 5) }
        _ = v.tick(at: 6)
        #expect(v.table.list.scroll.offset.x == 320 && v.table.list.scroll.offset.y > 0)
    }

    @Test("LT-12: a heading click hits the column drawn there, also when scrolled sideways or pinned")
    func LT_12_headingHitTesting() throws {
        var v = try view()
        for i in 0..<4 { _ = v.handle(.mouse(MouseEvent(.wheel(.right), column: 30, row: 5)), at: 0.01 * Double(i)) }
        _ = v.tick(at: 1)
        _ = screen(&v, at: 1)
        let kind = try #require(line(screen(&v, at: 1), 0).range(of: "Kind"))
        let column = line(screen(&v, at: 1), 0).distance(from: line(screen(&v, at: 1), 0).startIndex, to: kind.lowerBound)
        _ = v.handle(.mouse(MouseEvent(.press, column: column + 1, row: 0)), at: 2)
        #expect(v.handle(.mouse(MouseEvent(.release, column: column + 1, row: 0)), at: 2.05).reports == [.headingClicked(column: 3)])
        _ = v.handle(.mouse(MouseEvent(.press, column: 3, row: 0)), at: 3)
        #expect(v.handle(.mouse(MouseEvent(.release, column: 3, row: 0)), at: 3.05).reports == [.headingClicked(column: 0)])
    }

    @Test("LT-12: a divider held against the trailing edge keeps widening its column, and the table scrolls with it")
    func LT_12_dividerAgainstTheEdge() throws {
        var v = try view(pinned: 0)
        // The divider after Name is at cell 20; drag it to the last cell and hold it there.
        _ = v.handle(.mouse(MouseEvent(.press, column: 19, row: 0)), at: 0)
        _ = v.handle(.mouse(MouseEvent(.drag, column: 39, row: 0)), at: 0.1)
        let width = v.table.columnWidths[0]
        #expect(width == 320 && v.isAnimating)
        for t in stride(from: 0.1, through: 1.1, by: 0.05) { _ = v.tick(at: t) }
        #expect(v.table.columnWidths[0] > width + 100, "the column keeps growing while held")
        let divider = v.table.dividerPositions[0] - v.table.list.scroll.offset.x
        #expect(divider > 280 && divider <= 320, "the divider stays at the edge of the view")
        let release = v.handle(.mouse(MouseEvent(.release, column: 39, row: 0)), at: 1.2)
        let released = v.table.columnWidths[0]
        let tick = v.tick(at: 2)
        #expect(v.table.columnWidths[0] == released && release.reports.isEmpty && tick.reports.isEmpty, "a drag is not a heading click")
    }
}

/// Selecting several rows as on macOS: Shift (or Alt) extends, Ctrl toggles, by identity.
@Suite struct TableMultipleSelectionTests {
    struct File: Sendable { var name: String; var size: Int }

    func view() throws -> TableView<File> {
        let files = (0..<50).map { File(name: "file-\($0)", size: ($0 * 37) % 50) }
        var table = TableState(rows: files, columns: [
            TableColumn("Name", width: try ColumnWidth(min: 80, ideal: 160)) { .string($0.name) },
            TableColumn("Size", width: try ColumnWidth(min: 80, ideal: 160), alignment: .trailing) { .int($0.size) },
        ])
        table.list.selectionMode = .multiple
        table.list.idiom = .macOS
        var view = TableView(table, theme: Theme())
        var buffer = Buffer(columns: 40, rows: 20)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    @discardableResult
    func click(_ v: inout TableView<File>, row: Int, _ modifiers: Modifiers = [], at time: Double) -> Reply<TableEvent> {
        // Row r of the table is on screen row r + 1, under the header.
        var reply = v.handle(.mouse(MouseEvent(.press, column: 5, row: row + 1, modifiers: modifiers)), at: time)
        reply.merge(v.handle(.mouse(MouseEvent(.release, column: 5, row: row + 1, modifiers: modifiers)), at: time + 0.05))
        return reply
    }

    func names(_ v: TableView<File>) -> [String] {
        v.table.list.selectedIndexPaths.compactMap { try? v.table.list.row(at: $0).name }
    }

    @Test("LT-01, LT-12: Shift-click selects a range, Ctrl-click toggles one row, Alt-click extends where Shift-click is the terminal's")
    func LT_01_LT_12_clickSelection() throws {
        var v = try view()
        click(&v, row: 2, at: 0)
        click(&v, row: 5, .shift, at: 1)
        #expect(names(v) == ["file-2", "file-3", "file-4", "file-5"])
        click(&v, row: 3, .control, at: 2)
        #expect(names(v) == ["file-2", "file-4", "file-5"])
        click(&v, row: 7, .alt, at: 3)
        #expect(names(v) == ["file-3", "file-4", "file-5", "file-6", "file-7"], "the range runs from the row last toggled")
        click(&v, row: 9, at: 4)
        #expect(names(v) == ["file-9"], "a plain click selects one row again")
    }

    @Test("LT-01, LT-12: Shift+arrows extend the selection, Ctrl+A selects every row, and the selection survives a sort")
    func LT_01_LT_12_keysAndSorting() throws {
        var v = try view()
        click(&v, row: 10, at: 0)
        for _ in 0..<3 { _ = v.handle(.key(KeyEvent(.down, .shift)), at: 1) }
        #expect(names(v) == ["file-10", "file-11", "file-12", "file-13"])
        let chosen = Set(names(v))
        _ = v.handle(.mouse(MouseEvent(.press, column: 25, row: 0)), at: 2)
        let sorting = v.handle(.mouse(MouseEvent(.release, column: 25, row: 0)), at: 2.05)
        finishWork(&v, asked: sorting, at: 2.1)
        #expect(v.table.sortOrder.first?.columnID == "Size")
        #expect(Set(names(v)) == chosen, "the same rows stay selected, wherever the sort put them")
        #expect(v.table.list.selectedIndexPaths.map(\.row) != [10, 11, 12, 13])
        #expect(v.handle(.key(KeyEvent(.character("a"), .control)), at: 3).result == .handled)
        #expect(v.table.list.selection.count == 50)
    }

    @Test("LT-03: on iOS outside edit mode, modifier clicks select one row, as a tap does")
    func LT_03_iOSKeepsOneRow() throws {
        var v = try view()
        v.table.list.idiom = .iOS
        click(&v, row: 2, at: 0)
        click(&v, row: 5, .shift, at: 1)
        #expect(names(v) == ["file-5"])
        #expect(v.handle(.key(KeyEvent(.character("a"), .control)), at: 2).result == .ignored)
    }
}

/// Fitting a column to its content and moving columns by their headings, as in macOS tables.
@Suite struct TableColumnArrangementTests {
    struct File: Sendable { var name: String; var size: Int; var kind: String }

    func view(reorderable: Bool = true, pinned: Int = 0) throws -> TableView<File> {
        let files = (0..<30).map { File(name: $0 == 4 ? "a-much-longer-file-name-4" : "f\($0)", size: $0, kind: "Text") }
        var table = TableState(rows: files, columns: [
            TableColumn("Name", width: try ColumnWidth(min: 40, ideal: 80, max: 400)) { .string($0.name) },
            TableColumn("Size", width: try ColumnWidth(min: 40, ideal: 80)) { .int($0.size) },
            TableColumn("Kind", width: try ColumnWidth(min: 40, ideal: 80)) { .string($0.kind) },
        ])
        table.allowsColumnReordering = reorderable
        table.pinnedColumns = pinned
        var view = TableView(table, theme: Theme())
        var buffer = Buffer(columns: 60, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    @discardableResult
    func click(_ v: inout TableView<File>, column: Int, at time: Double) -> Reply<TableEvent> {
        var reply = v.handle(.mouse(MouseEvent(.press, column: column, row: 0)), at: time)
        reply.merge(v.handle(.mouse(MouseEvent(.release, column: column, row: 0)), at: time + 0.05))
        return reply
    }

    @Test("LT-12: in a window, Size to Fit measures the values in the window's font and pads them as the rows are drawn, not as 8-point cells")
    func LT_12_fitMeasuresInTheHostsFont() throws {
        var v = try view()
        // Every character 5 points wide in the body type, 6 in the headings'.
        let measurer = TextMeasurer(sizes: [13, 13], lineHeights: [16, 16], ascents: [12, 12], advances: [Array(repeating: 5, count: 95), Array(repeating: 6, count: 95)],
                                    wideAdvance: [10, 12])
        var canvas = Canvas(cells: Buffer(columns: 60, rows: 12), metrics: CellMetrics(), size: Size(width: 480, height: 192),
                            pointContext: PointContext(size: Size(width: 480, height: 192)) { _ in measurer })
        v.render(in: canvas.bounds, into: &canvas, at: 0)
        _ = v.fitColumn(0)
        // "a-much-longer-file-name-4" is 25 characters; the widest of the two types, and macOS's 6-point padding each side.
        #expect(v.table.columnWidths[0] == 25 * 6 + 2 * v.cellPadding, "\(v.table.columnWidths[0])")
        #expect(v.table.columnWidths[0] != 27 * 8)
    }

    @Test("LT-12: fitted to given rows, a column measures those rows and its title alone (the long name in row 4 counts only when row 4 is given)")
    func LT_12_fitToGivenRows() throws {
        var v = try view()
        #expect(v.fitColumn(0, toRows: 10..<20).reports == [.columnFitted(column: 0)])
        // "Name ▲" (6 cells) is wider than "f19" and narrower than the column's minimum of 40 points.
        #expect(v.table.columnWidths[0] == 64)
        _ = v.fitColumn(0, toRows: 0..<5)
        #expect(v.table.columnWidths[0] == 27 * 8)
        _ = v.fitColumn(0, toRows: 20..<Int.max)
        #expect(v.table.columnWidths[0] == 64, "rows past the end are clamped away")
        _ = v.fitColumn(0, toRows: Int.min..<Int.max)
        #expect(v.table.columnWidths[0] == 27 * 8, "every row, however the range is written")
        #expect(v.fitColumn(0, toRows: Int.min..<0).reports == [.columnFitted(column: 0)] && v.table.columnWidths[0] == 64)
        #expect(!v.fitColumn(9, toRows: 0..<5).errors.isEmpty, "a column the table does not have is an error, not a trap")
    }

    @Test("LT-12: a host's own fit takes a limit: no column wider than it, a limit below the least width gives that width, NaN and ∞ are none")
    func LT_12_fitWithALimit() throws {
        var v = try view()
        #expect(v.fitColumns([0], toRows: 0..<5, atMost: 100).reports == [.columnFitted(column: 0)])
        #expect(v.table.columnWidths[0] == 100, "27 cells of name would be 216")
        _ = v.fitColumns([0], toRows: 0..<5, atMost: -5)
        #expect(v.table.columnWidths[0] == v.table.columns[0].width.min)
        _ = v.fitColumns([0], toRows: 0..<5, atMost: .nan)
        #expect(v.table.columnWidths[0] == 27 * 8)
        _ = v.fitColumns([0], toRows: 10..<20, atMost: 100)
        #expect(v.table.columnWidths[0] == 64, "a limit wider than the values changes nothing")
        _ = v.fitColumns([0], toRows: 0..<5)
        #expect(v.table.columnWidths[0] == 27 * 8, "no limit unless one is given")
    }

    @Test("LT-12: a divider is grabbed 4 points to either side in a window, as AppKit's and GTK's are, and a cell and a half on a grid")
    func LT_12_dividerGrabFollowsTheHost() throws {
        var v = try view()
        let divider = v.table.dividerPositions[0]
        #expect(v.pointerShape(at: Point(x: divider - 10, y: 8)) == .resizeLeftRight, "a grid's pointer moves a cell at a time")
        var canvas = Canvas(cells: Buffer(columns: 60, rows: 12), metrics: CellMetrics(), size: Size(width: 480, height: 192),
                            pointContext: PointContext(size: Size(width: 480, height: 192)) { _ in TextMeasurer.cells(CellMetrics()) })
        v.render(in: canvas.bounds, into: &canvas, at: 0)
        let drawn = v.table.dividerPositions[0]
        #expect(v.pointerShape(at: Point(x: drawn - 3, y: 8)) == .resizeLeftRight)
        #expect(v.pointerShape(at: Point(x: drawn + 3, y: 8)) == .resizeLeftRight)
        #expect(v.pointerShape(at: Point(x: drawn - 10, y: 8)) == .arrow, "10 points off is the heading, to sort by")
    }

    @Test("LT-12: a double-click on a divider fits the column before it to its widest value; a click on the │ does not sort")
    func LT_12_autoFit() throws {
        var v = try view()
        // The Name column is 10 cells wide here (the table is stretched to 60), its │ in the last.
        let bar = v.columnCells[0].column + v.columnCells[0].width - 1
        let once = click(&v, column: bar, at: 0)
        #expect(v.table.sortOrder.isEmpty && once.reports.isEmpty, "one click on the divider neither sorts nor fits")
        #expect(click(&v, column: bar, at: 0.3).reports == [.columnFitted(column: 0)])
        // "a-much-longer-file-name-4" is 25 cells, and a cell of padding each side.
        #expect(v.table.columnWidths[0] == 27 * 8)
        #expect(v.table.sortOrder.isEmpty)
        let size = v.columnCells[1].column + 2
        click(&v, column: size, at: 2)
        let sorting = click(&v, column: size, at: 2.2)
        finishWork(&v, asked: sorting, at: 2.3)
        #expect(v.table.sortOrder.first?.columnID == "Size", "clicks beside the divider still sort")
    }

    @Test("LT-12: dragging a heading moves its column, the sort order staying; not where reordering is off or across pinned columns")
    func LT_12_reorderColumns() throws {
        var v = try view()
        try v.table.chooseHeading(1)
        let size = v.columnCells[1].column + 2, name = v.columnCells[0].column + 2
        _ = v.handle(.mouse(MouseEvent(.press, column: size, row: 0)), at: 0)
        let moved = v.handle(.mouse(MouseEvent(.drag, column: name, row: 0)), at: 0.1)
        let released = v.handle(.mouse(MouseEvent(.release, column: name, row: 0)), at: 0.2)
        #expect(v.table.columns.map(\.title) == ["Size", "Name", "Kind"])
        #expect(moved.reports == [.columnMoved(from: 1, to: 0)] && released.reports.isEmpty)
        #expect(v.table.sortOrder == [SortOrder(columnID: "Size", ascending: true)] && v.table.sortIndicator(forColumn: 0) == true)

        var fixed = try view(reorderable: false)
        var fixedReply = fixed.handle(.mouse(MouseEvent(.press, column: size, row: 0)), at: 0)
        fixedReply.merge(fixed.handle(.mouse(MouseEvent(.drag, column: name, row: 0)), at: 0.1))
        fixedReply.merge(fixed.handle(.mouse(MouseEvent(.release, column: name, row: 0)), at: 0.2))
        #expect(fixed.table.columns.map(\.title) == ["Name", "Size", "Kind"] && fixedReply.reports.isEmpty)

        var pinned = try view(pinned: 1)
        #expect(throws: TableError.self) { try pinned.table.moveColumn(2, to: 0) }
        try pinned.table.moveColumn(2, to: 1)
        #expect(pinned.table.columns.map(\.title) == ["Name", "Kind", "Size"])
    }
}
