import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// One value a call: what a widget used an event for, what it reports, the effects for the host
/// and every error, returned by the call that caused them, the same for every widget and group;
/// the state under one name; short answers to the common questions.
@Suite struct ReplyTests {
    struct File: Sendable { var name: String; var size: Int }

    func table() -> TableView<File> {
        var view = TableView(TableState(rows: (0..<300).map { File(name: "file-\($0)", size: $0 % 7) }, columns: [
            TableColumn("Name") { .string($0.name) }, TableColumn("Size", alignment: .trailing) { .int($0.size) },
        ]))
        var buffer = Buffer(columns: 40, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    @Test("a heading click returns, in one value, that it was used, the click, and the sort's work for the host")
    func headingClick() throws {
        var view = table()
        let column = try #require(view.columnCells.last).column + 2
        #expect(view.handle(.mouse(MouseEvent(.press, column: column, row: 0)), at: 1).isHandled)
        let reply = view.handle(.mouse(MouseEvent(.release, column: column, row: 0)), at: 1.05)
        #expect(reply.isHandled && reply.reports == [.headingClicked(column: 1)] && reply.errors.isEmpty)
        #expect(reply.effects.count == 1, "the background sort, handed to the host")
        // Nothing is handed out twice.
        let next = view.handle(.key(KeyEvent(.character("x"))), at: 2)
        #expect(!next.isHandled && next.reports.isEmpty && next.effects.isEmpty)
    }

    @Test("every error comes back from the call that met it, not only the last, and from no other call")
    func everyError() {
        var view = TableView(TableState(rows: (0..<10).map { File(name: "f\($0)", size: $0) }, columns: [
            TableColumn("Name", isSortable: false) { .string($0.name) }, TableColumn("Size") { .int($0.size) },
        ]))
        var buffer = Buffer(columns: 40, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        // Sorting by a column that cannot sort (a key the app bound, say).
        let first = view.sort(byColumn: 0, at: 1)
        #expect(first.errors.count == 1 && first.errors.allSatisfy { "\($0)".contains("not sortable") }, "\(first.errors)")
        #expect(view.sort(byColumn: 9, ascending: true, at: 2).errors.count == 1, "a column out of range")
        let reply = view.handle(.key(KeyEvent(.down)), at: 4)
        #expect(reply.isHandled && reply.errors.isEmpty, "errors of earlier calls do not come again")
    }

    @Test("a sort started by a call asks the host for its work in that call's reply, and its end reports back")
    func sortByCall() throws {
        var view = table()
        let started = view.sort(byColumn: 1, at: 1)
        let work = try #require(started.effects.compactMap { effect -> WorkRequest? in if case let .work(request) = effect { request } else { nil } }.first)
        var scheduler = ImmediateWork()
        scheduler.perform(work)
        var reports: [TableEvent] = []
        var statuses: [String] = []
        for update in scheduler.takeUpdates() {
            let reply = view.handle(.work(update), at: 2)
            reports += reply.reports
            statuses += reply.effects.compactMap { if case let .status(text) = $0 { text } else { nil } }
        }
        #expect(reports.contains { if case .sorted(column: 1, _, _) = $0 { true } else { false } }, "\(reports)")
        #expect(statuses.count == 1 && statuses[0].hasPrefix("sorted by Size"), "\(statuses)")
        #expect(view.cancelSort().result == .ignored, "nothing left to cancel")
    }

    /// Two lists in a group: a click on one reports its activation as that list's, in its own type.
    struct Pair: Widget, WidgetGroup {
        var left = ListView(ListState(sections: [ListSection(["a", "b"])]) { RowContent($0) })
        var right = ListView(ListState(sections: [ListSection(["c", "d"])]) { RowContent($0) })
        var routing = Routing()
        var frame = Rect.zero
        var children: [Child<Pair>] { [Child(\.left), Child(\.right)] }
        mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
            frame = area
            let halves = canvas.cells(in: area).columns([.fill, .fill])
            left.render(in: canvas.points(halves[0]), into: &canvas, at: time)
            right.render(in: canvas.points(halves[1]), into: &canvas, at: time)
        }
        mutating func handle(_ event: Event, at time: Double) -> Reply<ChildReport> { routeToChildren(event, at: time) }
    }

    @Test("a group's reply keeps each report with its child, read back in the child's own type")
    func groupReports() {
        var pair = Pair()
        var buffer = Buffer(columns: 40, rows: 6)
        pair.render(in: buffer.area, into: &buffer, at: 0)
        _ = pair.handle(.mouse(MouseEvent(.press, column: 25, row: 1)), at: 1)
        let reply = pair.handle(.mouse(MouseEvent(.release, column: 25, row: 1)), at: 1.05)
        #expect(reply.isHandled)
        #expect(reply.reports(from: \Pair.right).count == 1, "\(reply.reports)")
        #expect(reply.reports(from: \Pair.left).isEmpty)
    }

    @Test("the same names in every widget: state, and the common questions one hop away")
    func sameNames() {
        var view = table()
        _ = view.handle(.key(KeyEvent(.down)), at: 1)
        _ = view.handle(.key(KeyEvent(.down)), at: 2)
        #expect(view.numberOfRows == 300 && view.focusedRow == IndexPath(row: 1) && view.selectedRows == [IndexPath(row: 1)])
        view.state.pinnedColumns = 1
        #expect(view.table.pinnedColumns == 1)
        func stateName<W: StatefulWidget>(_ widget: W) -> String { "\(type(of: widget.state))" }
        #expect(stateName(view) == "TableState<File>")
        #expect(stateName(PageControlView(PageControlState(clampingPageCount: 3))) == "PageControlState")
        var field = TextField(prompt: "Find:")
        #expect(field.handle(.key(KeyEvent(.character("a"))), at: 0).reports == [.changed])
    }
}
