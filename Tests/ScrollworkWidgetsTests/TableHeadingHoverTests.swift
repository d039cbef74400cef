import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A heading under the pointer is shaded, as a desktop's column headers are: a click there sorts.
@Suite struct TableHeadingHoverTests {
    static func table() -> TableView<Int> {
        var theme = Theme.standard(for: .trueColor)
        theme.hover = Style(background: .rgb(1, 2, 3))
        return TableView(TableState(rows: GeneratedRows(count: 100) { $0 }, columns: [
            TableColumn("Name", width: .clamping(ideal: 160)) { .string("item \($0)") },
            TableColumn("Size", width: .clamping(ideal: 160)) { .int($0) },
        ]), theme: theme)
    }

    @Test("LT-06: the heading under the pointer is drawn in the hover colour, and only while the pointer is over it")
    func LT_06_headingHover() {
        var view = Self.table()
        var buffer = Buffer(columns: 40, rows: 8)
        view.render(in: buffer.area, into: &buffer, at: 0)
        func shaded() -> [Int] { (0..<buffer.columns).filter { buffer[$0, 0].style.background == .rgb(1, 2, 3) } }
        #expect(shaded().isEmpty)
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 25, row: 0)), at: 1)
        view.render(in: buffer.area, into: &buffer, at: 1)
        #expect(view.hoveredHeading == 1)
        #expect(!shaded().isEmpty && shaded().allSatisfy { $0 >= 20 }, "the Size heading only: \(shaded())")
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 3, row: 0)), at: 2)
        view.render(in: buffer.area, into: &buffer, at: 2)
        #expect(view.hoveredHeading == 0 && !shaded().isEmpty && shaded().allSatisfy { $0 < 20 })
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 3, row: 4)), at: 3)
        view.render(in: buffer.area, into: &buffer, at: 3)
        #expect(view.hoveredHeading == nil && shaded().isEmpty, "over a row, no heading is shaded")
    }
}
