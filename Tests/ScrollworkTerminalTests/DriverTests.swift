import Scrollwork
import ScrollworkTestSupport
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal
import Testing

/// One driver for every host: tables sort themselves off the loop, work carries typed results,
/// and a session runs the same through the widget layer's headless driver and the terminal's.
@Suite struct DriverTests {
    struct Item: Sendable {
        var name: String
        var size: Int
    }

    /// Two tables side by side, each sorting itself: the app around them writes nothing for it.
    struct TwoTables: WidgetGroup, Widget {
        var left: TableView<Item>
        var right: TableView<Item>
        var routing = Routing()
        var frame = Rect.zero
        var children: [Child<Self>] { [Child(\.left), Child(\.right)] }

        init(rows: Int) {
            func table() -> TableView<Item> {
                let items = (0..<rows).map { Item(name: "item-\($0)", size: ($0 * 7919) % rows) }
                var state = TableState(rows: items, columns: [
                    TableColumn("Name", width: ColumnWidth.clamping(min: 64, ideal: 96)) { .string($0.name) },
                    TableColumn("Size", width: ColumnWidth.clamping(min: 48, ideal: 64), alignment: .trailing) { .int($0.size) },
                ])
                state.list.selectionMode = .single
                return TableView(state, theme: Theme())
            }
            left = table()
            right = table()
        }

        mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
            frame = area
            let halves = area.columns([.fill, .fill], spacing: 8)
            left.render(in: halves[0], into: &canvas, at: time)
            right.render(in: halves[1], into: &canvas, at: time)
        }

        mutating func handle(_ event: Event, at time: Double) -> Reply<ChildReport> { routeToChildren(event, at: time) }
    }

    typealias App = Harness<TwoTables>

    /// The column of the middle of `title` in the header row of `text`.
    func column(of title: String, in text: String, after start: Int = 0) throws -> Int {
        let header = Array(text.split(separator: "\n", omittingEmptySubsequences: false)[0])
        for i in start..<header.count where String(header[i..<Swift.min(header.count, i + title.count)]) == title { return i + 1 }
        throw TestFailure("no \(title) in \(String(header))")
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    func press(_ t: inout HeadlessTerminal<App>, column: Int, row: Int) {
        t.send(.mouse(MouseEvent(.press, button: .left, column: column, row: row)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: column, row: row)))
    }

    @Test("LT-12: a heading click on a plain TableView sorts in the background, shows how far in the heading, keeps the selection, and says when it is done")
    func LT_12_tablesSortThemselves() throws {
        var t = HeadlessTerminal(App(content: TwoTables(rows: 2_000)), columns: 60, rows: 12)
        // Select item-3 in the left table, then click its Size heading.
        press(&t, column: 2, row: 4)
        let chosen = try #require(t.app.content.left.table.list.selectedIndexPaths.first)
        #expect(try t.app.content.left.table.list.row(at: chosen).name == "item-3")
        press(&t, column: try column(of: "Size", in: t.text), row: 0)
        #expect(t.pendingWork.map(\.id.name) == ["sort"], "the sort was handed out as work, not run on the loop")
        #expect(t.app.content.left.table.sortOrder.isEmpty && t.app.content.left.sorting?.column == 1)
        #expect(t.text.split(separator: "\n")[0].contains("0%"), "the heading says how far the sort is")
        let ran = t.runWork("sort")
        #expect(ran)
        #expect(t.app.content.left.sorting == nil && t.app.content.left.table.sortOrder.first?.columnID == "Size")
        let after = try #require(t.app.content.left.table.list.selectedIndexPaths.first)
        #expect(try t.app.content.left.table.list.row(at: after).name == "item-3", "the same row stays selected")
        guard case let .sorted(column, _, seconds)? = t.app.reported.reports(from: \TwoTables.left).last else {
            Issue.record("no sorted event")
            return
        }
        #expect(column == 1 && seconds >= 0)
        #expect(t.hostStatus?.hasPrefix("sorted by Size ▲ · sort took") == true, "the host hears the status through the effects channel")
        #expect(t.app.content.right.table.sortOrder.isEmpty, "the other table's rows did not move")
    }

    @Test("LT-12: Esc cancels a table's own sort; the rows keep their order and the work is cancelled")
    func LT_12_escapeCancelsTheSort() throws {
        var t = HeadlessTerminal(App(content: TwoTables(rows: 500)), columns: 60, rows: 12)
        press(&t, column: try column(of: "Name", in: t.text), row: 0)
        #expect(t.pendingWork.count == 1)
        t.send(.key(KeyEvent(.escape)))
        #expect(t.pendingWork.isEmpty && t.app.content.left.sorting == nil && t.app.content.left.table.sortOrder.isEmpty)
        #expect(t.app.reported.reports(from: \TwoTables.left).contains(.sortCancelled(column: 0)))
        #expect(t.hostStatus == "sort cancelled")
    }

    @Test("typed work: each table's result reaches only the table that asked, even when both sort at once under the same name")
    func resultsReachTheirOwner() throws {
        var t = HeadlessTerminal(App(content: TwoTables(rows: 300)), columns: 60, rows: 12)
        let text = t.text
        let leftSize = try column(of: "Size", in: text)
        let rightName = try column(of: "Name", in: text, after: leftSize + 4)
        press(&t, column: leftSize, row: 0)
        press(&t, column: rightName, row: 0)
        #expect(t.pendingWork.count == 2, "two sorts called sort run side by side: their keys differ")
        let first = t.runWork(), second = t.runWork()
        #expect(first && second)
        #expect(t.app.content.left.table.sortOrder.first?.columnID == "Size")
        #expect(t.app.content.right.table.sortOrder.first?.columnID == "Name")
    }

    @Test("WorkUpdate.result(of:) reads a finished value typed, only with the key that made the work or its family")
    func typedResults() {
        let count = WorkKey<Int>("count"), other = WorkKey<Int>("count")
        let update = Work(count) { _ in 42 }.runHere()
        #expect(update.result(of: count) == 42)
        #expect(update.result(of: other) == nil, "a key of the same name is another key")
        let page = count.named("page-2")
        #expect(Work(page) { _ in 7 }.runHere().result(of: count) == 7, "a named key is of its family")
        #expect(page.id != count.id && page.id.isSameFamily(as: count.id))
        #expect(Work(count) { _ in nil }.runHere().isCancellation(of: count))
    }

    @Test("one driver: a scripted session gives the same states through the widget layer's headless driver and the terminal's")
    func sameSessionInEveryHost() throws {
        let script: [Event] = [
            .mouse(MouseEvent(.press, button: .left, column: 2, row: 5)),
            .mouse(MouseEvent(.release, button: .left, column: 2, row: 5)),
            .key(KeyEvent(.down)), .key(KeyEvent(.down, .shift)), .key(KeyEvent(.pageDown)),
            .mouse(MouseEvent(.wheel(.down), column: 40, row: 6)),
            .mouse(MouseEvent(.press, button: .left, column: 2, row: 0)),
            .mouse(MouseEvent(.release, button: .left, column: 2, row: 0)),
            .key(KeyEvent(.character("z"), .control)),
        ]
        var widgets = HeadlessDriver(App(content: TwoTables(rows: 1_000)), columns: 60, rows: 12)
        var terminal = HeadlessTerminal(App(content: TwoTables(rows: 1_000)), columns: 60, rows: 12)
        for event in script {
            widgets.send(event)
            terminal.send(event)
            widgets.advance(by: 0.05)
            terminal.advance(by: 0.05)
        }
        let ranInWidgets = widgets.runWork("sort"), ranInTerminal = terminal.runWork("sort")
        #expect(ranInWidgets && ranInTerminal)
        widgets.advance(by: 2)
        terminal.advance(by: 2)
        func state(_ app: App) -> [String] {
            [app.content.left, app.content.right].map { v in
                "\(v.table.list.scroll.offset) \(v.table.list.selectedIndexPaths.map(\.row)) \(v.table.sortOrder.map(\.columnID)) \(v.sorting == nil)"
            }
        }
        #expect(state(widgets.app) == state(terminal.app))
        #expect(widgets.suspensions == 1 && terminal.suspensions == 1, "Ctrl-Z suspends in both, as in a terminal")
        #expect(widgets.text == terminal.text, "the terminal shows what the widgets drew")
    }
}

/// A widget deep in an app can end the program through the effects channel.
@Suite struct QuitEffectTests {
    /// A text field whose Enter asks to quit.
    struct QuitOnSubmit: Widget {
        var field = TextField(prompt: "Quit? ")
        var frame: Rect { field.frame }
        mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) { field.render(in: area, into: &canvas, at: time) }
        mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
            let reply = field.handle(event, at: time)
            var mine: Reply<Never> = reply.passingOn()
            if reply.reports.contains(.submitted) { mine.ask(.quit) }
            return mine
        }
    }

    @Test("Effect.quit from a widget ends the loop: the driver wants to quit, though the app's own flag is false")
    func quitThroughEffects() {
        var t = HeadlessTerminal(Harness(content: QuitOnSubmit()), columns: 30, rows: 3)
        t.type("y")
        #expect(!t.wantsQuit)
        t.send(.key(KeyEvent(.enter)))
        #expect(t.wantsQuit && !t.app.wantsQuit)
    }
}

/// Optional and modal children are children like the others: a prompt that appears takes the
/// keys while it is there, and the list behind it gets none of them.
@Suite struct ModalChildTests {
    struct ListWithPrompt: WidgetGroup, Widget {
        var list = ListView(ListState(rows: (0..<100).map { "Row \($0)" }) { RowContent($0) })
        var prompt: TextField? = nil
        var routing = Routing()
        var frame = Rect.zero
        var children: [Child<Self>] { [Child(\.list), Child(\.prompt, modal: true)] }

        mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
            frame = area
            let parts = area.rows([.fill, .fixed(16)])
            list.render(in: parts[0], into: &canvas, at: time)
            prompt.render(in: parts[1], into: &canvas, at: time)
        }

        mutating func handle(_ event: Event, at time: Double) -> Reply<ChildReport> { routeToChildren(event, at: time) }
    }

    @Test("LT-01: without the prompt keys move the list; with it, the prompt takes them all and the list stays; nil children have no frame")
    func LT_01_modalPromptTakesTheKeys() {
        var t = HeadlessTerminal(Harness(content: ListWithPrompt()), columns: 30, rows: 10)
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.down)))
        let cursor = t.app.content.list.list.cursor
        #expect(cursor != nil)
        var group = t.app.content
        #expect(group.prompt.frame == .zero && !group.prompt.isPresent && group.modalChild == nil)
        t.app.content.prompt = TextField(prompt: "Find: ")
        t.advance(by: 0.1)
        t.type("ab")
        t.send(.key(KeyEvent(.down)))
        t.send(.mouse(MouseEvent(.wheel(.down), button: .none, column: 5, row: 3)))
        #expect(t.app.content.prompt?.text == "ab", "the prompt took the typing")
        #expect(t.app.content.list.list.cursor == cursor && t.app.content.list.list.scroll.offset.y == 0, "the list behind it moved not at all")
        t.app.content.prompt = nil
        t.send(.key(KeyEvent(.down)))
        #expect(t.app.content.list.list.cursor != cursor, "without the prompt the list has the keys again")
    }
}
