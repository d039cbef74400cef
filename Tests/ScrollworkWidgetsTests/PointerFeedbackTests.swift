import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// What the pointer shows as it moves, before anything is pressed: the row under it shaded, the
/// resize arrows over a column's divider, the hand over page dots, the I-beam over a field.
@Suite struct PointerFeedbackTests {
    typealias File = TableMultipleSelectionTests.File

    func table(theme: Theme = .standard(for: .trueColor)) throws -> TableView<File> {
        var view = try TableMultipleSelectionTests().view()
        view.theme = theme
        return view
    }

    func render(_ view: inout TableView<File>) -> Buffer {
        var buffer = Buffer(columns: 40, rows: 20)
        view.render(in: buffer.area, into: &buffer, at: 1)
        return buffer
    }

    @Test("LT-01: the row under the pointer is shaded in the theme's hover colour, a selected one keeps the selection's, and leaving takes the shade away")
    func LT_01_hoverShadesTheRow() throws {
        var view = try table()
        let hover = view.theme.hover.background
        #expect(hover != .default)
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 5, row: 4)), at: 1)
        var buffer = render(&view)
        #expect(view.hoveredRow != nil && buffer[5, 4].style.background == hover && buffer[5, 5].style.background != hover)
        _ = view.handle(.mouse(MouseEvent(.press, column: 5, row: 4)), at: 2)
        _ = view.handle(.mouse(MouseEvent(.release, column: 5, row: 4)), at: 2.05)
        buffer = render(&view)
        #expect(buffer[5, 4].style.background == view.theme.selection.background, "selected, the row shows the selection")
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 5, row: 0)), at: 3)
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 5, row: 7)), at: 3)
        buffer = render(&view)
        #expect(buffer[5, 7].style.background == hover && buffer[5, 4].style.background == view.theme.selection.background)
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 5, row: 0)), at: 4)
        buffer = render(&view)
        #expect(view.hoveredRow == nil && buffer[5, 7].style.background != hover, "on the header, no row is shaded")
        var plain = try table(theme: Theme())
        let before = render(&plain)[5, 4].style
        _ = plain.handle(.mouse(MouseEvent(.move, button: .none, column: 5, row: 4)), at: 1)
        #expect(render(&plain)[5, 4].style == before, "without colour, hovering draws nothing different")
    }

    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 2 ? 4 : 0 }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
    }

    @Test("LT-01, LT-12: a list's and an outline's row under the pointer is shaded too")
    func LT_01_LT_12_hoverInListsAndOutlines() throws {
        let theme = Theme.standard(for: .trueColor)
        var list = ListView(ListState(rows: (0..<30).map { "row \($0)" }) { RowContent($0) })
        list.theme = theme
        var buffer = Buffer(columns: 30, rows: 10)
        list.render(in: buffer.area, into: &buffer, at: 0)
        _ = list.handle(.mouse(MouseEvent(.move, button: .none, column: 4, row: 3)), at: 1)
        list.render(in: buffer.area, into: &buffer, at: 1)
        #expect(list.hoveredRow != nil && buffer[4, 3].style.background == theme.hover.background && buffer[4, 6].style.background != theme.hover.background)
        var outline = OutlineView(OutlineState(source: Tree()), theme: theme) { $0.map(String.init).joined(separator: ".") }
        outline.render(in: buffer.area, into: &buffer, at: 0)
        _ = outline.handle(.mouse(MouseEvent(.move, button: .none, column: 6, row: 2)), at: 1)
        outline.render(in: buffer.area, into: &buffer, at: 1)
        #expect(outline.hoveredRow == [2] && buffer[6, 2].style.background == theme.hover.background, "\(String(describing: outline.hoveredRow))")
        _ = outline.handle(.mouse(MouseEvent(.move, button: .none, column: 6, row: 40)), at: 2)
        #expect(outline.hoveredRow == nil)
    }

    @Test("LT-12: the resize arrows over a divider in the header, the arrow over a heading and the rows; the hand over page dots, the I-beam over a field")
    func LT_12_pointerShapes() throws {
        var view = try table()
        _ = render(&view)
        let divider = view.table.dividerPositions[0] - view.table.list.scroll.offset.x
        #expect(view.pointerShape(at: Point(x: divider - 2, y: 8)) == .resizeLeftRight)
        #expect(view.pointerShape(at: Point(x: divider + 40, y: 8)) == .arrow)
        #expect(view.pointerShape(at: Point(x: divider - 2, y: 60)) == .arrow, "on the rows a divider is not grabbed")
        var dots = PageControlView(try PageControlState(numberOfPages: 5))
        var buffer = Buffer(columns: 40, rows: 3)
        dots.render(in: buffer.area, into: &buffer, at: 0)
        #expect(dots.pointerShape(at: Point(x: dots.frame.midX, y: dots.frame.midY)) == .pointingHand)
        var field = TextField(prompt: "Find: ")
        field.render(in: CellRect(column: 0, row: 0, columns: 30, rows: 1), into: &buffer, at: 0)
        #expect(field.pointerShape(at: Point(x: 40, y: 8)) == .iBeam && field.pointerShape(at: Point(x: 40, y: 40)) == .arrow)
        var nothing: TextField? = nil
        #expect(nothing.pointerShape(at: .zero) == .arrow)
    }
}
