import Scrollwork
import ScrollworkTestSupport
import Testing
@testable import ScrollworkWidgets

/// What widgets tell a screen reader, read from the layout they drew.
@Suite struct AccessibilityTests {
    struct Flight: Sendable { var number: Int }

    static func flights(_ count: Int) -> TableView<Flight> {
        var state = TableState(rows: GeneratedRows(count: count) { Flight(number: $0) }, columns: [
            TableColumn("Flight", width: .clamping(ideal: 120)) { .int($0.number) },
            TableColumn("Gate", width: .clamping(ideal: 80)) { .string("G\($0.number % 40)") },
        ])
        state.list.selectionMode = .multiple
        var view = TableView(state)
        view.sortsInBackground = false
        return view
    }

    @Test("LT-12: a ten-million-row table says how many rows and columns it has, and gives the rows on screen with their indexes and cells")
    func LT_12_tenMillionRows() throws {
        var view = Self.flights(10_000_000)
        var buffer = Buffer(columns: 60, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        let table = try #require(view.accessibility)
        #expect(table.role == .table && table.rowCount == 10_000_000 && table.columnCount == 2 && table.state.contains(.multiselectable))
        let headings = table.children.filter { $0.role == .columnHeader }
        #expect(headings.map(\.name) == ["Flight", "Gate"] && headings.map(\.columnIndex) == [0, 1])
        let rows = table.children.filter { $0.role == .row }
        #expect(rows.count == 11 && rows.first?.rowIndex == 0 && rows.last?.rowIndex == 10)
        #expect(rows[2].children.map(\.name) == ["2", "G2"] && rows[2].children.map(\.columnIndex) == [0, 1])
        #expect(rows[2].frame == Rect(x: 0, y: 48, width: 480, height: 16), "the row's place in points, as drawn")
        // Page Down: the rows on screen are further down, their indexes among all the rows.
        _ = view.handle(.key(KeyEvent(.pageDown)), at: 1)
        _ = view.tick(at: 5)
        view.render(in: buffer.area, into: &buffer, at: 5)
        let paged = try #require(view.accessibility).children.filter { $0.role == .row }
        #expect((paged.first?.rowIndex ?? 0) >= 10)
        // The focused row says so.
        _ = view.handle(.key(KeyEvent(.down)), at: 6)
        view.render(in: buffer.area, into: &buffer, at: 8)
        let focused = try #require(view.accessibility).first { $0.role == .row && $0.state.contains(.focused) }
        let cursor = view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0) }
        #expect(focused != nil && focused?.rowIndex == cursor?.row)
    }

    @Test("LT-12: any row of a ten-million-row table is read by its index, on screen or not; focus and selection stay with a row scrolled away")
    func LT_12_rowsOffScreen() throws {
        var view = Self.flights(10_000_000)
        var buffer = Buffer(columns: 60, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        _ = view.handle(.key(KeyEvent(.down)), at: 1)
        _ = view.handle(.key(KeyEvent(.down, .shift)), at: 1.1)
        view.render(in: buffer.area, into: &buffer, at: 2)
        let rows = try #require(view.accessibility?.rows)
        let far = try #require(rows.row(5_000_000))
        #expect(far.role == .row && far.rowIndex == 5_000_000 && far.name == "5000000, G0" && far.frame == .zero)
        #expect(far.children.map(\.name) == ["5000000", "G0"] && far.children.map(\.columnIndex) == [0, 1])
        #expect(rows.row(10_000_000) == nil && rows.row(-1) == nil && rows.row(Int.max) == nil && rows.row(Int.min) == nil)
        #expect(!rows.selectedRows().isEmpty && rows.selectedRows() == view.selectedRows.map(\.row).sorted())
        // Page keys scroll the table without moving the cursor: the focused row, now off
        // screen, is still the focused one, and reads so by its index.
        _ = view.handle(.key(KeyEvent(.pageDown)), at: 3)
        _ = view.tick(at: 5)
        view.render(in: buffer.area, into: &buffer, at: 5)
        let table = try #require(view.accessibility)
        #expect(table.focusedRow == 1 && !table.children.contains { $0.rowIndex == 1 })
        #expect(table.rows?.row(1)?.state.contains(.focused) == true)
    }

    @Test("LT-06: a screen reader's click on a heading sorts by it and on a row selects it, done by the input a person gives")
    func LT_06_actionsAsInput() throws {
        var view = Self.flights(1000)
        var buffer = Buffer(columns: 60, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        func perform(_ element: AccessibilityElement?, _ kind: AccessibilityAction.Kind, at time: Double) throws {
            let action = try #require(element?.actions.first { $0.kind == kind })
            for event in action.events { _ = view.handle(event, at: time) }
            view.render(in: buffer.area, into: &buffer, at: time + 0.5)
        }
        try perform(view.accessibility?.children.first { $0.role == .columnHeader && $0.name == "Gate" }, .click, at: 1)
        #expect(view.accessibility?.children.first { $0.name == "Gate" }?.state == .sortedAscending)
        // "sort descending" and "sort ascending" sort that way from any state, by as many clicks as it takes.
        try perform(view.accessibility?.children.first { $0.role == .columnHeader && $0.name == "Flight" }, .sortDescending, at: 1.5)
        #expect(view.accessibility?.children.first { $0.name == "Flight" }?.state == .sortedDescending)
        try perform(view.accessibility?.children.first { $0.role == .columnHeader && $0.name == "Flight" }, .sortAscending, at: 2)
        #expect(view.accessibility?.children.first { $0.name == "Flight" }?.state == .sortedAscending)
        try perform(view.accessibility?.children.first { $0.role == .columnHeader && $0.name == "Flight" }, .sortAscending, at: 2.5)
        #expect(view.accessibility?.children.first { $0.name == "Flight" }?.state == .sortedAscending, "already so: nothing changes")
        try perform(view.accessibility?.children.first { $0.role == .row && $0.rowIndex == 4 }, .click, at: 3)
        #expect(view.accessibility?.focusedRow == 4 && view.accessibility?.rows?.selectedRows() == [4])
        #expect(view.accessibility?.children.first { $0.rowIndex == 4 }?.actions.map(\.kind) == [.click, .menu])
    }

    @Test("LT-06: a heading says how the rows are sorted by it; the others say nothing of it")
    func LT_06_sortedHeading() throws {
        var view = Self.flights(1000)
        var buffer = Buffer(columns: 60, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        _ = view.sort(byColumn: 1, at: 1)
        _ = view.sort(byColumn: 1, at: 2)
        view.render(in: buffer.area, into: &buffer, at: 3)
        let headings = try #require(view.accessibility).children.filter { $0.role == .columnHeader }
        #expect(headings.map(\.state) == [[], .sortedDescending])
    }

    @Test("LT-05: a list's rows count every row above them across sections; the selected row says so")
    func LT_05_listRows() throws {
        var state = ListState(sections: [ListSection(["Wi-Fi", "Bluetooth"]), ListSection(["Sounds", "Focus", "Screen Time"])]) { RowContent($0, subtitle: $0 == "Focus" ? "On" : nil) }
        state.selectionMode = .single
        var view = ListView(state)
        var buffer = Buffer(columns: 30, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        _ = view.handle(.mouse(MouseEvent(.press, column: 3, row: 4)), at: 1)
        _ = view.handle(.mouse(MouseEvent(.release, column: 3, row: 4)), at: 1.05)
        view.render(in: buffer.area, into: &buffer, at: 2)
        let list = try #require(view.accessibility)
        #expect(list.role == .list && list.rowCount == 5)
        #expect(list.children.map(\.name) == ["Wi-Fi", "Bluetooth", "Sounds", "Focus", "Screen Time"])
        #expect(list.children.map(\.rowIndex) == [0, 1, 2, 3, 4])
        #expect(list.children.first { $0.name == "Focus" }?.value == "On")
        #expect(list.children.filter { $0.state.contains(.selected) }.count == 1)
    }

    @Test("LT-04: an option list's rows are checkable, and the chosen one is checked once its checkmark shows")
    func LT_04_checkedRows() throws {
        var state = ListState(rows: ["Small", "Medium", "Large"]) { RowContent($0) }
        state.selectionMode = .single
        state.selectionFeedback = .checkmark
        var view = ListView(state)
        var buffer = Buffer(columns: 30, rows: 6)
        view.render(in: buffer.area, into: &buffer, at: 0)
        _ = view.handle(.mouse(MouseEvent(.press, column: 3, row: 1)), at: 1)
        _ = view.handle(.mouse(MouseEvent(.release, column: 3, row: 1)), at: 1.05)
        _ = view.tick(at: 3)
        view.render(in: buffer.area, into: &buffer, at: 3)
        let rows = try #require(view.accessibility).children
        #expect(rows.allSatisfy { $0.state.contains(.checkable) })
        #expect(rows.filter { $0.state.contains(.checked) }.map(\.name) == ["Medium"])
    }

    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 2 ? 3 : 0 }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
    }

    @Test("LT-12: an outline's rows say their depth and whether they open and are open")
    func LT_12_outlineRows() throws {
        var view = OutlineView(OutlineState(source: Tree())) { $0.map(String.init).joined(separator: ".") }
        var buffer = Buffer(columns: 30, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        _ = view.handle(.key(KeyEvent(.down)), at: 0)
        _ = view.handle(.key(KeyEvent(.right)), at: 0)
        view.render(in: buffer.area, into: &buffer, at: 1)
        let outline = try #require(view.accessibility)
        #expect(outline.role == .outline && outline.rowCount == 6)
        #expect(outline.children.map(\.name) == ["0", "0.0", "0.1", "0.2", "1", "2"])
        #expect(outline.children.map(\.level) == [0, 1, 1, 1, 0, 0])
        #expect(outline.children[0].state.isSuperset(of: [.expandable, .expanded, .focused]))
        #expect(outline.children[4].state.contains(.expandable) && !outline.children[4].state.contains(.expanded))
        // Any row by its index, as a screen reader asks for rows not on screen; the cursor's row
        // is the focused and selected one.
        let rows = try #require(outline.rows)
        #expect(rows.row(2)?.name == "0.1" && rows.row(2)?.level == 1 && rows.row(2)?.frame == .zero && rows.row(2)?.actions == [])
        #expect(rows.row(6) == nil && rows.row(Int.max) == nil && rows.row(Int.min) == nil)
        #expect(outline.focusedRow == 0 && rows.selectedRows() == [0] && rows.row(0)?.state.contains(.focused) == true)
    }

    @Test("SV-01, PC-02: a scroll view says how far it is scrolled, page dots which page of how many, a field its prompt and text")
    func controls() throws {
        struct Blank: ScrollContent { func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {} }
        var scroll = ScrollView(Blank(), scroll: ScrollState(viewport: Size(width: 240, height: 160), content: Size(width: 240, height: 1760)))
        var buffer = Buffer(columns: 30, rows: 10)
        scroll.render(in: buffer.area, into: &buffer, at: 0)
        #expect(scroll.accessibility == AccessibilityElement(role: .scrollArea, value: "0% down", frame: Rect(x: 0, y: 0, width: 240, height: 160)))
        _ = scroll.handle(.key(KeyEvent(.end)), at: 0)
        _ = scroll.tick(at: 5)
        #expect(scroll.accessibility?.value == "100% down")
        var dots = PageControlView(PageControlState(clampingPageCount: 5))
        dots.render(in: buffer.area, into: &buffer, at: 0)
        _ = dots.handle(.key(KeyEvent(.right)), at: 0)
        #expect(dots.accessibility?.role == .pageControl && dots.accessibility?.value == "page 2 of 5")
        #expect(dots.accessibility?.range == AccessibilityRange(current: 2, minimum: 1, maximum: 5))
        // "increment" and "decrement" are clicks on the next and the previous dot: they turn one page.
        dots.render(in: buffer.area, into: &buffer, at: 1)
        #expect(dots.accessibility?.actions.map(\.kind) == [.increment, .decrement])
        for event in dots.accessibility?.actions.first?.events ?? [] { _ = dots.handle(event, at: 2) }
        #expect(dots.accessibility?.range?.current == 3)
        dots.render(in: buffer.area, into: &buffer, at: 3)
        for event in dots.accessibility?.actions.last?.events ?? [] { _ = dots.handle(event, at: 4) }
        #expect(dots.accessibility?.range?.current == 2)
        var field = TextField(prompt: "Find: ", text: "gate")
        field.render(in: CellRect(column: 0, row: 9, columns: 30, rows: 1), into: &buffer, at: 0)
        var expected = AccessibilityElement(role: .textField, name: "Find", value: "gate", state: .editable, frame: Rect(x: 0, y: 144, width: 240, height: 16))
        expected.actions = [.click(at: Point(x: 120, y: 152))]
        #expect(field.accessibility == expected)
    }

    struct Screen: WidgetGroup, Widget {
        var table = AccessibilityTests.flights(100)
        var field = TextField(prompt: "Go to: ")
        var routing = Routing()
        var frame = Rect.zero
        var children: [Child<Self>] { [Child(\.table), Child(\.field)] }
        mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
            frame = area
            let parts = area.rows([.fill, .fixed(16)])
            table.render(in: parts[0], into: &canvas, at: time)
            field.render(in: parts[1], into: &canvas, at: time)
        }
        mutating func handle(_ event: Event, at time: Double) -> Reply<ChildReport> { routeToChildren(event, at: time) }
    }

    @Test("a group says what its children say, back to front, the focused one marked focused")
    func groupOfWidgets() throws {
        var t = HeadlessDriver(Harness(content: Screen()), columns: 40, rows: 10)
        let first = t.app.content.accessibility
        var screen = try #require(first)
        #expect(screen.role == .group && screen.children.map(\.role) == [.table, .textField])
        #expect(screen.children[0].state.contains(.focused) && !screen.children[1].state.contains(.focused))
        t.app.content.focus(\.field)
        let second = t.app.content.accessibility
        screen = try #require(second)
        #expect(screen.children[1].state.contains(.focused))
    }

    @Test("LT-05: drawn in points, a table's rows are the idiom's height and its cells where the columns are")
    func LT_05_inPoints() throws {
        var canvas = Canvas(cells: Buffer(columns: 48, rows: 52), metrics: CellMetrics(), size: Size(width: 390, height: 844),
                            pointContext: PointContext(size: Size(width: 390, height: 844)) { scale in
            TextMeasurer(sizes: scale.sizes, lineHeights: scale.sizes.map { $0 * 1.2 }, ascents: scale.sizes, advances: [], wideAdvance: scale.sizes)
        })
        var view = Self.flights(1000)
        view.render(in: canvas.bounds, into: &canvas, at: 0)
        let rows = try #require(view.accessibility).children.filter { $0.role == .row }
        #expect(rows.first?.frame == Rect(x: 0, y: 28, width: 390, height: 44))
        #expect(rows.first?.children.first?.frame.width == view.table.columnWidths[0])
    }
}
