import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Terminal screen readers read where the cursor is: every widget puts it on the first
/// character of what has focus, in the frame it drew.
@Suite struct CursorOnFocusTests {
    /// The text of `buffer` from the cell under `point` to the end of its row.
    func text(at point: Point?, in buffer: Buffer) -> String {
        guard let point else { return "(no cursor)" }
        let cell = CellMetrics().cell(at: point)
        guard cell.row >= 0, cell.row < buffer.rows, cell.column >= 0, cell.column < buffer.columns else { return "(off the buffer)" }
        return (cell.column..<buffer.columns).map { buffer[cell.column == $0 ? cell.column : $0, cell.row].text }.joined()
    }

    @Test("LT-01: a table's, a list's and an outline's cursor is on the focused row's first character")
    func LT_01_rows() {
        var buffer = Buffer(columns: 50, rows: 10)
        var table = TableView(TableState(rows: GeneratedRows(count: 100) { $0 }, columns: [
            TableColumn("Name", width: .clamping(ideal: 160)) { .string("item \($0)") },
            TableColumn("Size", width: .clamping(ideal: 80)) { .int($0) },
        ]))
        table.render(in: buffer.area, into: &buffer, at: 0)
        for _ in 0..<3 { _ = table.handle(.key(KeyEvent(.down)), at: 1) }
        table.render(in: buffer.area, into: &buffer, at: 2)
        #expect(text(at: table.cursorPosition, in: buffer).hasPrefix("item 2"), "\(text(at: table.cursorPosition, in: buffer))")

        buffer = Buffer(columns: 50, rows: 10)
        var list = ListView(ListState(rows: ["Wi-Fi", "Bluetooth", "Sounds"]) { RowContent($0) })
        list.render(in: buffer.area, into: &buffer, at: 0)
        for _ in 0..<2 { _ = list.handle(.key(KeyEvent(.down)), at: 1) }
        list.render(in: buffer.area, into: &buffer, at: 2)
        #expect(text(at: list.cursorPosition, in: buffer).hasPrefix("Bluetooth"), "\(text(at: list.cursorPosition, in: buffer))")

        struct Tree: OutlineSource, Sendable {
            func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 2 ? 3 : 0 }
            func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
        }
        buffer = Buffer(columns: 50, rows: 10)
        var outline = OutlineView(OutlineState(source: Tree())) { "node " + $0.map(String.init).joined(separator: ".") }
        outline.render(in: buffer.area, into: &buffer, at: 0)
        for key in [KeyEvent(.down), KeyEvent(.right), KeyEvent(.down)] { _ = outline.handle(.key(key), at: 1) }
        outline.render(in: buffer.area, into: &buffer, at: 2)
        #expect(text(at: outline.cursorPosition, in: buffer).hasPrefix("node 0.0"), "\(text(at: outline.cursorPosition, in: buffer))")
    }

    @Test("a field's cursor is at its caret, after its text; a menu's on its highlighted item's first character")
    func fieldAndMenu() {
        var buffer = Buffer(columns: 40, rows: 10)
        var field = TextField(prompt: "Find: ", text: "gate")
        field.render(in: CellRect(column: 0, row: 0, columns: 40, rows: 1), into: &buffer, at: 0)
        #expect(text(at: field.cursorPosition.map { Point(x: $0.x - 4 * 8, y: $0.y) }, in: buffer).hasPrefix("gate"))
        var menu = MenuView([MenuItem("Copy", action: 1), MenuItem("Select All", action: 2)], at: Point(x: 16, y: 16))
        menu.render(in: buffer.area, into: &buffer, at: 0)
        _ = menu.handle(.key(KeyEvent(.down)), at: 1)
        _ = menu.handle(.key(KeyEvent(.down)), at: 1)
        menu.render(in: buffer.area, into: &buffer, at: 2)
        #expect(text(at: menu.cursorPosition, in: buffer).hasPrefix("Select All"), "\(text(at: menu.cursorPosition, in: buffer))")
    }
}
