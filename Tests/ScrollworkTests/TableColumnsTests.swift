import Testing
@testable import Scrollwork

@Suite struct TableColumnsTests {
    @Test("LT-12: widening many columns at once is widening each as a drag of its divider would: the stretched last column gives the room back")
    func LT_12_widenColumnsAtOnce() throws {
        func table() -> TableState<String> {
            var table = TableState(rows: ["a"], columns: (0..<4).map { i in
                TableColumn("C\(i)", width: ColumnWidth.clamping(min: 20, ideal: 50, max: 1000)) { .string($0) }
            })
            table.autoresizingStyle = .lastColumnOnly
            table.setAvailableWidth(400)
            return table
        }
        var one = table(), many = table()
        let wider = ColumnWidth.clamping(min: 20, ideal: 90, max: 1000)
        for column in [0, 1] {
            try one.setWidthLimits(wider, ofColumn: column)
            try one.dragDivider(after: column, by: wider.ideal - one.columnWidths[column])
        }
        try many.widenColumns([(0, wider), (1, wider)])
        #expect(many.columnWidths == one.columnWidths, "\(many.columnWidths) against \(one.columnWidths)")
        #expect(many.columnWidths[0] == 90 && many.columnWidths[1] == 90 && many.totalColumnWidth == 400)
        #expect(throws: TableError.self) { try many.widenColumns([(0, wider), (7, wider)]) }
        #expect(throws: TableError.self) { try many.replaceColumns([(Int.max, many.columns[0])]) }
        #expect(many.columnWidths[0] == 90, "a refused batch changes nothing")
        try many.replaceColumns([(2, TableColumn("New", width: ColumnWidth.clamping(min: 10, ideal: 10, max: 30)) { .string($0) })])
        #expect(many.columns[2].title == "New" && many.columnWidths[2] <= 30)
    }

    @Test("LT-12: a column added after a last column stretched to the edge takes the room it gave back: it shows, rather than past a stretch of empty cells")
    func LT_12_appendedColumnTakesTheStretch() {
        var table = TableState(rows: ["a"], columns: (0..<2).map { i in
            TableColumn("C\(i)", width: ColumnWidth.clamping(min: 20, ideal: 100, max: 1000)) { .string($0) }
        })
        table.autoresizingStyle = .lastColumnOnly
        table.setAvailableWidth(500)
        #expect(table.columnWidths == [100, 400])
        table.appendColumn(TableColumn("New", width: ColumnWidth.clamping(min: 20, ideal: 100, max: 1000)) { .string($0) })
        #expect(table.columnWidths == [100, 100, 300], "\(table.columnWidths)")
        // Another style leaves the columns as they were: the table grows wider.
        var uniform = TableState(rows: ["a"], columns: [TableColumn("C", width: ColumnWidth.clamping(min: 20, ideal: 100, max: 1000)) { .string($0) }])
        uniform.autoresizingStyle = .none
        uniform.setAvailableWidth(500)
        uniform.appendColumn(TableColumn("New", width: ColumnWidth.clamping(min: 20, ideal: 100, max: 1000)) { .string($0) })
        #expect(uniform.columnWidths == [100, 100], "\(uniform.columnWidths)")
    }

    @Test("LT-12: fitting a column of ten million rows reads the rows on screen and a bounded sample, not every row")
    func LT_12_autoFitIsBounded() throws {
        let counter = FetchCounter()
        var table = TableState(rows: GeneratedRows(count: 10_000_000) { i in
            counter.fetched.withLock { $0 += 1 }
            return i == 12 ? "the widest name, on screen" : "n\(i)"
        }, columns: [
            TableColumn("Name", width: try ColumnWidth(min: 1, ideal: 10, max: 1000)) { .string($0) },
        ])
        let width = try table.autoFit(column: 0, visible: 0..<40) { Double(displayWidth($0)) }
        #expect(width == 26 && table.columnWidths[0] == 26)
        #expect(counter.count <= 1040)
        #expect(throws: TableError.self) { try table.autoFit(column: 3) { _ in 1 } }
        // Within the column's limits, whatever the measure says.
        #expect(try table.autoFit(column: 0) { _ in .infinity } == 1, "a measure that is not finite counts as 0")
        #expect(try table.autoFit(column: 0) { _ in 5000 } == 1000)
    }

    @Test("LT-12: fitting many columns at once gives each the width fitting it alone gives, each row read once for all of them")
    func LT_12_autoFitManyColumns() throws {
        let counter = FetchCounter()
        func table() throws -> TableState<Int> {
            try TableState(rows: GeneratedRows(count: 500) { i in
                counter.fetched.withLock { $0 += 1 }
                return i
            }, columns: (0..<6).map { c in
                TableColumn("C\(c)", width: try ColumnWidth(min: 1, ideal: 10, max: 60)) { .string(String(repeating: "x", count: ($0 * (c + 3)) % 97)) }
            })
        }
        let measure: (String) -> Double = { Double(displayWidth($0)) }
        var alone = try table()
        let one = try (0..<6).map { try alone.autoFit(column: $0, visible: 0..<100, sample: 0, width: measure) }
        let readAlone = counter.count
        var many = try table()
        let all = try many.autoFit(columns: Array(0..<6), visible: 0..<100, sample: 0, width: measure)
        #expect(all == one && many.columnWidths == alone.columnWidths)
        #expect(readAlone == 600 && counter.count - readAlone == 100, "\(readAlone), \(counter.count - readAlone)")
        #expect(try many.fittingWidths(ofColumns: [5, 0], visible: 0..<100, sample: 0, width: measure) == [one[5], one[0]])
        // A column outside the table changes no width.
        #expect(throws: TableError.self) { try many.autoFit(columns: [0, 9], width: { _ in 1 }) }
        #expect(many.columnWidths == alone.columnWidths)
        let before = counter.count
        #expect(try many.fittingWidths(ofColumns: [], width: measure) == [])
        #expect(try many.autoFit(columns: [], width: measure) == [])
        #expect(counter.count == before, "no column to fit reads no row")
    }

    @Test("LT-12: fitting reads its rows in batches and misses none: the widest value of each column is found in the first row, inside a batch, at a batch's edge and in the last row read")
    func LT_12_autoFitEveryBatch() throws {
        for widest in [0, 255, 256, 300, 511, 512, 999] {
            let rows = (0..<1_000).map { $0 }
            let table = TableState(rows: rows, columns: [
                TableColumn<Int>("a", width: .clamping(min: 1, ideal: 10, max: 10_000)) { .string($0 == widest ? String(repeating: "x", count: 500) : "x") },
                TableColumn<Int>("b", width: .clamping(min: 1, ideal: 10, max: 10_000)) { .string($0 == 999 - widest ? String(repeating: "y", count: 400) : "y") },
            ])
            let widths = try table.fittingWidths(ofColumns: [1, 0], sample: 1_000) { Double($0.count) }
            #expect(widths == [400, 500], "\(widest): \(widths)")
        }
    }

    @Test("LT-12: sideways positions: pinned columns stay, the others move with the scroll")
    func LT_12_sidewaysGeometry() throws {
        var table = TableState(rows: ["a"], columns: (0..<4).map { i in
            TableColumn("C\(i)", width: try! ColumnWidth(min: 100, ideal: 100, max: 100)) { .string($0) }
        })
        table.pinnedColumns = 9
        #expect(table.pinnedColumns == 4, "clamped to the columns")
        table.pinnedColumns = 1
        table.setAvailableWidth(200)
        table.list.setViewport(Size(width: 200, height: 100))
        #expect(table.list.scroll.contentSize.width == 400)
        try table.list.scroll.setOffset(Point(x: 150, y: 0), time: 0)
        #expect(table.viewX(ofColumn: 0) == 0 && table.viewX(ofColumn: 2) == 50)
        #expect(table.contentX(atViewX: 50) == 50 && table.contentX(atViewX: 120) == 270)
        #expect(table.column(atX: table.contentX(atViewX: 120)) == 2)
        table.revealDivider(after: 1, at: 1)
        #expect(table.list.scroll.offset.x == 100, "the divider after C1, at 200, shows just right of the pinned column")
    }

    @Test("LT-12: a divider held at the trailing edge grows its column at auto-scroll speed while the table scrolls to keep it in view")
    func LT_12_dividerHeldAtEdge() throws {
        var table = TableState(rows: ["a"], columns: (0..<3).map { i in
            TableColumn("C\(i)", width: try! ColumnWidth(min: 50, ideal: 100, max: 5000)) { .string($0) }
        })
        table.autoresizingStyle = .none
        table.setAvailableWidth(300)
        table.list.setViewport(Size(width: 300, height: 100))
        // The default model: 600 points a second at the edge, less inside the band.
        try table.holdDividerAtEdge(after: 2, for: 0.5, pointerInset: 0, at: 1)
        #expect(table.columnWidths[2] == 400)
        #expect(table.list.scroll.offset.x == 300, "the divider, at 600, is at the view's trailing edge")
        try table.holdDividerAtEdge(after: 2, for: .nan, pointerInset: 0, at: 2)
        try table.holdDividerAtEdge(after: 2, for: 1, pointerInset: 200, at: 2)
        #expect(table.columnWidths[2] == 400, "no time, or a pointer outside the band, grows nothing")
        #expect(throws: TableError.self) { try table.holdDividerAtEdge(after: 9, for: 1, pointerInset: 0, at: 3) }
    }
}

/// Widening a column pushes the columns after it aside rather than crushing them.
@Suite struct DividerDragRoomTests {
    static func table(style: ColumnAutoresizingStyle) -> TableState<Int> {
        var t = TableState(rows: [1, 2, 3], columns: [
            TableColumn("Name", width: .clamping(min: 32, ideal: 100, max: 2000)) { .int($0) },
            TableColumn("Size", width: .clamping(min: 32, ideal: 80)) { .int($0) },
            TableColumn("Kind", width: .clamping(min: 32, ideal: 90)) { .int($0) },
        ])
        t.autoresizingStyle = style
        t.setAvailableWidth(400)
        return t
    }

    @Test("LT-12: a divider dragged to the right edge takes the room the others were given, then moves them off screen: none is crushed below its ideal width")
    func LT_12_dragPushesColumnsAside() throws {
        for style in [ColumnAutoresizingStyle.lastColumnOnly, .uniform, .sequential] {
            var t = Self.table(style: style)
            #expect(t.totalColumnWidth == 400, "\(style) fills the view")
            let before = t.columnWidths[0]
            try t.dragDivider(after: 0, by: 600)
            #expect(t.columnWidths[1] >= 80 && t.columnWidths[2] >= 90, "\(style): \(t.columnWidths)")
            #expect(t.columnWidths[0] == before + 600 && t.totalColumnWidth > 400, "\(style): the table is wider than the view and scrolls")
            // Narrowing again gives the room back to the view's width.
            try t.dragDivider(after: 0, by: -600)
            #expect(t.totalColumnWidth == 400, "\(style) \(t.columnWidths)")
        }
    }
}

@Suite struct TableRowsReplacedTests {
    @Test("LT-12: rows replaced altogether show in their own order, unsorted, with nothing selected; columns come out and go back in at clamped places")
    func replacedAndColumns() throws {
        var table = TableState(rows: [3, 1, 2], columns: [TableColumn<Int>("n", id: "n") { .int($0) }, TableColumn<Int>("m", id: "m") { .int(-$0) }])
        table.setSortOrder([SortOrder(columnID: "n")])
        try table.list.select(IndexPath(row: 0))
        table.replaceRowsUnsorted(with: [9, 7, 8, 6])
        #expect(table.sortOrder.isEmpty && table.list.selection.isEmpty && table.list.cursor == nil)
        #expect(try (0..<4).map { try table.list.row(at: IndexPath(row: $0)) } == [9, 7, 8, 6])
        table.pinnedColumns = 1
        let removed = try table.removeColumn(0)
        #expect(removed.column.id == "n" && table.pinnedColumns == 0 && table.columns.map(\.id) == ["m"])
        #expect(throws: TableError.self) { try table.removeColumn(0) }
        #expect(throws: TableError.self) { try table.removeColumn(.max) }
        table.insertColumn(removed.column, width: .nan, at: .min)
        table.insertColumn(removed.column, width: .infinity, at: .max)
        #expect(table.columns.map(\.id) == ["n", "m", "n"] && table.columnWidths.allSatisfy(\.isFinite))
    }
}
