import Scrollwork
import SnapshotTesting
import Testing
@testable import ScrollworkWidgets

func settings() -> ListState<String> {
    ListState(sections: [
        ListSection(["Wi-Fi", "Bluetooth", "Cellular"], header: RowContent("Network"), footer: RowContent("Connections to other devices")),
        ListSection(["Notifications", "Sounds", "Focus"], header: RowContent("Alerts")),
    ]) { title in
        switch title {
        case "Wi-Fi": return RowContent(title, secondaryText: "Home", leadingSymbol: "≋", accessory: .disclosureIndicator)
        case "Bluetooth": return RowContent(title, secondaryText: "On", leadingSymbol: "ᛒ", accessory: .detailDisclosureButton)
        case "Sounds": return RowContent(title, accessory: .detailButton)
        default: return RowContent(title, accessory: .disclosureIndicator)
        }
    }
}

func drawList<Row>(_ list: ListState<Row>, columns: Int = 36, rows: Int = 12, time: Double = 5) -> String {
    var view = ListView(list, theme: theme)
    return snapshotText(render(columns: columns, rows: rows) { b, area in view.render(in: area, into: &b, at: time) })
}

@Suite struct ListSnapshotTests {
    @Test("LT-08: every list style", arguments: ListStyle.allCases)
    func LT_08_styles(style: ListStyle) throws {
        var list = settings()
        list.style = style
        try list.select(IndexPath(row: 1, section: 0))
        assertSnapshot(of: drawList(list), as: .lines, named: "\(style)")
    }

    @Test("LT-01, LT-09, LT-10: headers, footers, symbols, secondary text and accessories")
    func LT_01_LT_09_LT_10_content() {
        let out = drawList(settings())
        #expect(out.contains("›") && out.contains("ⓘ"))
        assertSnapshot(of: out, as: .lines)
    }

    @Test("LT-03: edit mode shows delete controls and reorder handles")
    func LT_03_editMode() {
        var list = settings()
        list.isEditing = true
        assertSnapshot(of: drawList(list), as: .lines)
    }

    @Test("LT-04: an option list flashes, then shows a checkmark")
    func LT_04_checkmark() throws {
        var list = ListState(rows: ["Small", "Medium", "Large"]) { RowContent($0) }
        list.selectionFeedback = .checkmark
        _ = try list.activate(IndexPath(row: 1), at: 1)
        assertSnapshot(of: drawList(list, rows: 4, time: 1.1), as: .lines, named: "flash")
        assertSnapshot(of: drawList(list, rows: 4, time: 2), as: .lines, named: "checkmark")
    }

    @Test("LT-11: a contacts list with a section index on the trailing side")
    func LT_11_sectionIndex() {
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
        let list = ListState(sections: letters.map { l in
            ListSection(["\(l)da", "\(l)lex"], header: RowContent(l), indexTitle: l)
        }) { RowContent($0) }
        assertSnapshot(of: drawList(list, rows: 14), as: .lines)
    }

    @Test("LT-13: the tvOS focused row is raised")
    func LT_13_focus() throws {
        var list = settings()
        list.idiom = .tvOS
        list.selectionMode = .none
        try list.moveCursor(.down)
        try list.moveCursor(.down)
        assertSnapshot(of: drawList(list), as: .lines)
    }

    @Test("LT-14: a watchOS row limit with a show-more row")
    func LT_14_showMore() {
        var list = ListState(rows: (1...12).map { "Workout \($0)" }) { RowContent($0) }
        list.rowLimit = 4
        list.style = .elliptical
        assertSnapshot(of: drawList(list, columns: 24, rows: 6), as: .lines)
    }
}

@Suite struct TableSnapshotTests {
    struct File: Sendable { var name: String; var path: String; var size: Int }

    func table() throws -> TableState<File> {
        let files = (0..<30).map { i in File(name: "file-\(i).txt", path: "/Users/someone/Documents/Projects/\(i % 4)/file-\(i).txt", size: (i * 7919) % 1000) }
        return TableState(rows: files, columns: [
            TableColumn("Name", width: try ColumnWidth(min: 48, ideal: 96, max: 200)) { .string($0.name) },
            TableColumn("Path", width: try ColumnWidth(min: 64, ideal: 160), truncation: .middle) { .string($0.path) },
            TableColumn("Size", width: try ColumnWidth(min: 40, ideal: 64, max: 120), alignment: .trailing) { .int($0.size) },
        ])
    }

    func draw(_ t: TableState<File>, columns: Int = 48, rows: Int = 8) -> String {
        var view = TableView(t, theme: theme)
        return snapshotText(render(columns: columns, rows: rows) { b, area in view.render(in: area, into: &b, at: 5) })
    }

    @Test("LT-12, LT-06: sorted by size descending, zebra rows, middle-truncated paths")
    func LT_12_LT_06_sortedTable() throws {
        var t = try table()
        try t.chooseHeading(2)
        try t.chooseHeading(2)
        try t.list.select(IndexPath(row: 2))
        let out = draw(t)
        #expect(out.contains("▼") && out.contains("…"))
        assertSnapshot(of: out, as: .lines)
    }

    @Test("a heading sits as its column's values do: over numbers at the trailing edge, sorted or not")
    func headingsAlignedAsValues() throws {
        var t = try table()
        for sorted in [false, true] {
            if sorted { try t.chooseHeading(2) }
            let lines = draw(t).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let heading = lines[0], row = lines[1]
            // The heading (and its arrow) ends where the column's numbers end; Name starts where names do.
            let headingEnd = heading.distance(from: heading.startIndex, to: heading.lastIndex(where: { $0 != " " })!)
            let valueEnd = row.distance(from: row.startIndex, to: row.lastIndex(where: { $0 != " " })!)
            #expect(headingEnd == valueEnd, "\(heading) | \(row)")
            #expect(heading.firstIndex(of: "N").map { heading.distance(from: heading.startIndex, to: $0) } == row.firstIndex(of: "f").map { row.distance(from: row.startIndex, to: $0) })
        }
    }

    @Test("SV-08, LT-12: the pinned header gets a hard edge once rows scroll under it")
    func SV_08_LT_12_hardEdgeUnderHeader() throws {
        var view = TableView(try table(), theme: theme)
        let top = render(columns: 48, rows: 8) { b, area in view.render(in: area, into: &b, at: 5) }
        #expect(!top[1, 0].style.underline)
        try view.table.list.scroll.setOffset(Point(x: 0, y: 48), time: 0)
        let scrolled = render(columns: 48, rows: 8) { b, area in view.render(in: area, into: &b, at: 5) }
        #expect(scrolled[1, 0].style.underline)
        assertSnapshot(of: draw(view.table), as: .lines)
    }
}

@Suite struct OutlineSnapshotTests {
    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 3 ? 3 : 0 }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
    }

    @Test("LT-12: an outline with disclosure triangles and indentation")
    func LT_12_outline() throws {
        var o = OutlineState(source: Tree())
        try o.expand([0])
        try o.expand([0, 1])
        try o.setCursor([0, 1, 2])
        var view = OutlineView(o, theme: theme) { "Item " + $0.map(String.init).joined(separator: ".") }
        let out = snapshotText(render(columns: 30, rows: 10) { b, area in view.render(in: area, into: &b, at: 0) })
        #expect(out.contains("▾") && out.contains("▸"))
        assertSnapshot(of: out, as: .lines)
    }
}
