import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// One value an event: what a widget used it for, what it reports, the effects for the host
/// and every error, the same for every widget; the state under one name; short answers to the
/// common questions.
@Suite struct OutcomeTests {
    struct File: Sendable { var name: String; var size: Int }

    func table() -> TableView<File> {
        var view = TableView(TableState(rows: (0..<300).map { File(name: "file-\($0)", size: $0 % 7) }, columns: [
            TableColumn("Name") { .string($0.name) }, TableColumn("Size", alignment: .trailing) { .int($0.size) },
        ]))
        var buffer = Buffer(columns: 40, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    @Test("a heading click gives, in one value, that it was used, the click, and the sort's work for the host")
    func headingClick() throws {
        var view = table()
        let column = try #require(view.columnCells.last).column + 2
        #expect(view.respond(to: .mouse(MouseEvent(.press, column: column, row: 0)), at: 1).isHandled)
        let outcome = view.respond(to: .mouse(MouseEvent(.release, column: column, row: 0)), at: 1.05)
        #expect(outcome.isHandled && outcome.reports == [.headingClicked(column: 1)] && outcome.errors.isEmpty)
        #expect(outcome.effects.count == 1, "the background sort, handed to the host")
        // Nothing is handed out twice.
        let next = view.respond(to: .key(KeyEvent(.character("x"))), at: 2)
        #expect(!next.isHandled && next.reports.isEmpty && next.effects.isEmpty)
    }

    @Test("every error is kept until taken, not only the last")
    func everyError() {
        var view = TableView(TableState(rows: (0..<10).map { File(name: "f\($0)", size: $0) }, columns: [
            TableColumn("Name", isSortable: false) { .string($0.name) }, TableColumn("Size") { .int($0.size) },
        ]))
        var buffer = Buffer(columns: 40, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        // Sorting by a column that cannot sort, asked twice (a key the app bound, say).
        view.sort(byColumn: 0, at: 1)
        view.sort(byColumn: 0, at: 2)
        let errors = view.takeErrors()
        #expect(errors.count == 2 && errors.allSatisfy { "\($0)".contains("not sortable") }, "\(errors)")
        #expect(view.takeErrors().isEmpty)
        view.sort(byColumn: 0, at: 3)
        let outcome = view.respond(to: .key(KeyEvent(.down)), at: 4)
        #expect(outcome.isHandled && outcome.errors.count == 1, "what was left before the event comes with it")
    }

    @Test("the same names in every widget: state, and the common questions one hop away")
    func sameNames() {
        var view = table()
        _ = view.respond(to: .key(KeyEvent(.down)), at: 1)
        _ = view.respond(to: .key(KeyEvent(.down)), at: 2)
        #expect(view.numberOfRows == 300 && view.focusedRow == IndexPath(row: 1) && view.selectedRows == [IndexPath(row: 1)])
        view.state.pinnedColumns = 1
        #expect(view.table.pinnedColumns == 1)
        func stateName<W: StatefulWidget>(_ widget: W) -> String { "\(type(of: widget.state))" }
        #expect(stateName(view) == "TableState<File>")
        #expect(stateName(PageControlView(PageControlState(clampingPageCount: 3))) == "PageControlState")
        var field = TextField(prompt: "Find:")
        #expect(field.respond(to: .key(KeyEvent(.character("a"))), at: 0).reports == [.changed])
    }
}
