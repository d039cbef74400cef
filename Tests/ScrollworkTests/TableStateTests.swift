import Testing
@testable import Scrollwork

struct FileRow: Sendable, Hashable {
    var name: String
    var path: String
    var size: Int
    var kind: String
}

func fileColumns() throws -> [TableColumn<FileRow>] {
    [
        TableColumn("Name", width: try ColumnWidth(min: 40, ideal: 120, max: 300)) { .string($0.name) },
        TableColumn("Path", width: try ColumnWidth(min: 60, ideal: 200), truncation: .middle) { .string($0.path) },
        TableColumn("Size", width: try ColumnWidth(min: 40, ideal: 60, max: 100), alignment: .trailing) { .int($0.size) },
        TableColumn("Kind", width: try ColumnWidth(min: 40, ideal: 80, max: 160)) { .string($0.kind) },
    ]
}

let sampleFiles = [
    FileRow(name: "b.txt", path: "/docs/b.txt", size: 30, kind: "Text"),
    FileRow(name: "a.png", path: "/pics/a.png", size: 10, kind: "Image"),
    FileRow(name: "c.txt", path: "/docs/c.txt", size: 10, kind: "Text"),
    FileRow(name: "d.png", path: "/pics/d.png", size: 30, kind: "Image"),
    FileRow(name: "e.md", path: "/docs/e.md", size: 20, kind: "Text"),
]

@Suite struct TableStateTests {
    func names(_ t: TableState<FileRow>) -> [String] {
        (0..<t.list.numberOfRows).map { (try? t.list.row(at: IndexPath(row: $0)).name) ?? "?" }
    }

    @Test("LT-12: choosing a heading sorts ascending, choosing it again reverses")
    func LT_12_headingSorts() throws {
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        try t.chooseHeading(0)
        #expect(names(t) == ["a.png", "b.txt", "c.txt", "d.png", "e.md"])
        #expect(t.sortIndicator(forColumn: 0) == true)
        try t.chooseHeading(0)
        #expect(names(t) == ["e.md", "d.png", "c.txt", "b.txt", "a.png"])
        #expect(t.sortIndicator(forColumn: 0) == false)
        #expect(t.sortIndicator(forColumn: 2) == nil)
    }

    @Test("LT-12: the sort is stable and earlier keys break ties")
    func LT_12_stableWithTieBreakers() throws {
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        try t.chooseHeading(2)  // size: 10, 10, 20, 30, 30 in source order among equals
        #expect(names(t) == ["a.png", "c.txt", "e.md", "b.txt", "d.png"])
        try t.chooseHeading(3)  // kind, ties broken by size
        #expect(names(t) == ["a.png", "d.png", "c.txt", "e.md", "b.txt"])
        #expect(t.sortOrder.map(\.columnID) == ["Kind", "Size"])
    }

    @Test("LT-12: sorting reads each row once per key and copies no rows")
    func LT_12_sortIsAPermutation() throws {
        let counter = FetchCounter()
        let source = GeneratedRows(count: 10_000) { i in
            counter.fetched.withLock { $0 += 1 }
            return FileRow(name: "f\((i * 7919) % 10_000)", path: "/", size: (i * 31) % 97, kind: "Text")
        }
        var t = TableState(rows: source, columns: try fileColumns())
        try t.chooseHeading(2)
        #expect(counter.count == 10_000)
        var previous = -1
        for r in stride(from: 0, to: 10_000, by: 97) {
            let size = try t.list.row(at: IndexPath(row: r)).size
            #expect(size >= previous)
            previous = size
        }
    }

    @Test("LT-12: after the source's values change, reloadData sorts by the new values")
    func LT_12_reloadReadsNewKeys() throws {
        let store = MutableSizes()
        var t = TableState(rows: store.source, columns: [
            TableColumn("Size", width: .clamping(ideal: 80)) { .int($0) },
        ])
        try t.chooseHeading(0)
        #expect((0..<3).map { try! t.list.row(at: IndexPath(row: $0)) } == [1, 2, 3])
        store.values.withLock { $0 = [30, 20, 10] }
        t.reloadData()
        #expect((0..<3).map { try! t.list.row(at: IndexPath(row: $0)) } == [10, 20, 30])
    }

    @Test("LT-12: selection follows its row through a sort")
    func LT_12_selectionSurvivesSort() throws {
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        try t.list.select(IndexPath(row: 4))  // e.md
        try t.chooseHeading(0)
        #expect(t.list.selectedIndexPaths == [IndexPath(row: 4)])
        try t.chooseHeading(0)
        #expect(t.list.selectedIndexPaths == [IndexPath(row: 0)])
    }

    @Test("LT-12: a sorted table of its source's rows keeps them as source indexes (4 bytes a row); edits after it, selection and lookups are as with identities")
    func LT_12_sortedOrderIsCompact() throws {
        let rows = (0..<5000).map { ($0 * 7919) % 5000 }
        var t = TableState(rows: rows, columns: [TableColumn<Int>("N", width: .clamping(ideal: 80)) { .int($0) }])
        try t.list.select(IndexPath(row: 10))
        try t.chooseHeading(0)
        guard case let .explicit(order) = t.list.sections[0].order else { Issue.record("not sorted"); return }
        #expect(order.holdsSourceIndexes)
        #expect(try (0..<5000).map { try t.list.row(at: IndexPath(row: $0)) } == Array(0..<5000))
        // The selected row followed its identity: row 10 of the source, value 7919*10 % 5000.
        #expect(try t.list.selectedIndexPaths.map { try t.list.row(at: $0) } == [79190 % 5000])
        for position in [0, 1, 2500, 4999] {
            let id = try t.list.id(at: IndexPath(row: position))
            #expect(t.list.indexPath(of: id) == IndexPath(row: position))
        }
        try t.list.deleteRows(at: [IndexPath(row: 0)])
        #expect(try t.list.row(at: IndexPath(row: 0)) == 1 && t.list.numberOfRows == 4999)
    }

    @Test("LT-12: a table made from rows already wrapped as AnyRowSource still reads keys through its column's sourceValues (the wrapper is not wrapped again)")
    func LT_12_wrappedSourceKeepsItsReader() throws {
        let rows = Array((0..<300).reversed())
        let wrapped = AnyRowSource(AnyRowSource(rows))
        #expect(wrapped.base is [Int])
        // The rows' own values all tie; the source's reader gives the real ones.
        var column = TableColumn<Int>("N", width: .clamping(ideal: 80)) { _ in .int(0) }
        column.sourceValues = { source, range in (source as? [Int]).map { all in range.map { .int(all[$0]) } } }
        var t = TableState(rows: AnyRowSource(rows), columns: [column])
        try t.chooseHeading(0)
        #expect(try t.list.row(at: IndexPath(row: 0)) == 0 && t.list.row(at: IndexPath(row: 299)) == 299)
    }

    @Test("LT-12: dragging a divider resizes within the limits; neighbours follow the style")
    func LT_12_dividerDrag() throws {
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        t.autoresizingStyle = .none
        t.setAvailableWidth(460)
        #expect(t.columnWidths == [120, 200, 60, 80])
        try t.dragDivider(after: 0, by: 50)
        #expect(t.columnWidths == [170, 200, 60, 80])
        try t.dragDivider(after: 0, by: 500)
        #expect(t.columnWidths[0] == 300)
        try t.dragDivider(after: 0, by: -1000)
        #expect(t.columnWidths[0] == 40)

        var u = TableState(rows: sampleFiles, columns: try fileColumns())
        u.autoresizingStyle = .uniform
        u.setAvailableWidth(460)
        try u.dragDivider(after: 0, by: 60)
        #expect(u.columnWidths[0] == 180)
        // The others are at their ideal widths: none is crushed; they move, and the table widens.
        #expect(u.columnWidths == [180, 200, 60, 80])
        #expect(u.totalColumnWidth == 520)

        var last = TableState(rows: sampleFiles, columns: try fileColumns())
        last.autoresizingStyle = .lastColumnOnly
        last.setAvailableWidth(500)
        #expect(last.columnWidths == [120, 200, 60, 120])
        try last.dragDivider(after: 1, by: 30)
        #expect(last.columnWidths == [120, 230, 60, 90], "the last column gives the room it was given")
        // What the neighbours cannot give widens the table.
        try last.dragDivider(after: 1, by: 100)
        #expect(last.columnWidths == [120, 330, 60, 80])
        #expect(last.totalColumnWidth == 590)
    }

    @Test("LT-12: column layout styles fit the available width", arguments: ColumnAutoresizingStyle.allCases)
    func LT_12_autoresizingStyles(style: ColumnAutoresizingStyle) throws {
        let limits = try fileColumns().map(\.width)
        let widths = limits.map(\.ideal)
        let resizable = [true, true, true, true]
        let wider = ColumnLayout.fit(widths, limits: limits, resizable: resizable, available: 560, style: style)
        switch style {
        case .none: #expect(wider == widths)
        case .uniform, .widestFirst: #expect(wider == [145, 225, 85, 105])
        case .sequential: #expect(wider == [120, 200, 80, 160])
        case .reverseSequential: #expect(wider == [220, 200, 60, 80])
        case .lastColumnOnly: #expect(wider == [120, 200, 60, 160])
        case .firstColumnOnly: #expect(wider == [220, 200, 60, 80])
        }
        for (w, limit) in zip(wider, limits) { #expect(w >= limit.min && w <= limit.max) }
    }

    @Test("LT-06: a narrowing table takes room from its widest column first, so narrow columns keep their text; widening gives it back", arguments: [300.0, 340, 380, 420])
    func LT_06_widestColumnShrinksFirst(available: Double) throws {
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        #expect(t.autoresizingStyle == .widestFirst)
        t.setAvailableWidth(460)
        #expect(t.columnWidths == [120, 200, 60, 80])
        t.setAvailableWidth(available)
        let w = t.columnWidths
        #expect(abs(t.totalColumnWidth - available) < 1e-9)
        // Size and Kind are the narrow ones: untouched while Name and Path have room to give.
        #expect(w[2] == 60 && w[3] == 80)
        // Path gives alone down to Name's width, then the two give together.
        if available >= 380 { #expect(w[0] == 120 && w[1] == available - 260) } else { #expect(w[0] == w[1]) }
        t.setAvailableWidth(460)
        #expect(t.columnWidths == [120, 200, 60, 80])
        // Narrower than the narrow columns allow, every column ends at its minimum.
        t.setAvailableWidth(100)
        #expect(t.columnWidths == [40, 60, 40, 40])
        t.setAvailableWidth(460)
        #expect(t.columnWidths.map { $0.rounded() } == [120, 200, 60, 80])
    }

    @Test func hitTestingColumnsAndDividers() throws {
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        t.autoresizingStyle = .none
        #expect(t.dividerPositions == [120, 320, 380, 460])
        #expect(t.column(atX: 0) == 0 && t.column(atX: 119.9) == 0 && t.column(atX: 120) == 1 && t.column(atX: 500) == nil)
        #expect(t.divider(nearX: 318) == 1)
        #expect(t.divider(nearX: 200) == nil)
    }

    @Test("LT-06: paths are middle-truncated in their column; numbers align trailing")
    func LT_06_cellTruncation() throws {
        let long = FileRow(name: "report.pdf", path: "/Users/someone/Documents/Projects/2026/report.pdf", size: 1234, kind: "PDF")
        let t = TableState(rows: [long], columns: try fileColumns())
        let path = try t.cellText(at: IndexPath(row: 0), column: 1, width: 20)
        #expect(path == "/Users/som…eport.pdf")
        #expect(displayWidth(path) == 20)
        #expect(try t.cellText(at: IndexPath(row: 0), column: 2, width: 8) == "    1234")
    }

    @Test("LT-07: headings with ending punctuation or not in title case are diagnosed")
    func LT_07_headingDiagnostics() throws {
        let ok = TableState(rows: sampleFiles, columns: try fileColumns())
        #expect(ok.diagnostics().isEmpty)
        let bad = TableState(rows: sampleFiles, columns: [
            TableColumn("Name:", width: ColumnWidth(ideal: 100)) { .string($0.name) },
            TableColumn("date of birth", width: ColumnWidth(ideal: 100)) { .string($0.name) },
            TableColumn("Date of Birth", width: ColumnWidth(ideal: 100)) { .string($0.name) },
        ])
        let found = bad.diagnostics()
        #expect(found.count == 2 && found.allSatisfy { $0.guideline == "LT-07" })
        #expect(found[1].message.contains("Date of Birth"))
    }

    @Test("LT-07: a one-column table needs a heading or a header label")
    func LT_07_oneColumnNeedsALabel() throws {
        var t = TableState(rows: sampleFiles, columns: [TableColumn("", width: ColumnWidth(ideal: 100)) { .string($0.name) }])
        #expect(t.diagnostics().map(\.guideline) == ["LT-07"])
        t.headerLabel = "Files"
        #expect(t.diagnostics().isEmpty)
    }

    @Test("LT-12: multicolumn tables alternate row backgrounds")
    func LT_12_zebraRows() throws {
        let t = TableState(rows: sampleFiles, columns: try fileColumns())
        #expect(t.list.style == .bordered)
        let looks = (0..<4).map { t.list.appearance(at: IndexPath(row: $0)).usesAlternateBackground }
        #expect(looks == [false, true, false, true])
    }

    @Test func badColumnInput() throws {
        #expect(throws: TableError.invalidWidth(min: 50, ideal: 60, max: 40)) { try ColumnWidth(min: 50, ideal: 60, max: 40) }
        #expect(throws: TableError.self) { try ColumnWidth(min: .nan, ideal: 60) }
        #expect(try ColumnWidth(min: 10, ideal: 500, max: 100).ideal == 100)
        // The common case cannot fail: an ideal alone is clamped, never refused.
        #expect(ColumnWidth(ideal: 100) == ColumnWidth.clamping(min: 16, ideal: 100))
        #expect(ColumnWidth(ideal: .nan).ideal == 16 && ColumnWidth(ideal: -5).ideal == 16 && ColumnWidth(ideal: 3).min == 16)
        #expect(ColumnWidth(ideal: .infinity).ideal.isFinite && ColumnWidth(ideal: 100).max == .infinity)
        let clamped = ColumnWidth.clamping(min: 50, ideal: 10, max: 40)
        #expect(clamped.min == 50 && clamped.max == 50 && clamped.ideal == 50)
        #expect(ColumnWidth.clamping(min: .nan, ideal: .nan).min == 0)
        var t = TableState(rows: sampleFiles, columns: try fileColumns())
        #expect(throws: TableError.columnOutOfRange(9, count: 4)) { try t.chooseHeading(9) }
        var fixed = try fileColumns()
        fixed[0].isSortable = false
        fixed[0].isResizable = false
        t = TableState(rows: sampleFiles, columns: fixed)
        #expect(throws: TableError.self) { try t.chooseHeading(0) }
        #expect(throws: TableError.self) { try t.dragDivider(after: 0, by: 10) }
    }
}


/// A source whose values can change while its count stays the same.
final class MutableSizes: Sendable {
    let values = Locked([3, 1, 2])
    var source: Source { Source(store: self) }
    struct Source: RowSource, Sendable {
        let store: MutableSizes
        var count: Int { store.values.withLock { $0.count } }
        func row(at index: Int) -> Int { store.values.withLock { $0[index] } }
    }
}
