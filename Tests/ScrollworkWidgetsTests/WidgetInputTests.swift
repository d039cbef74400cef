import Scrollwork
import Testing
@testable import ScrollworkWidgets

@Suite struct TextFieldTests {
    @Test("a text field takes printable keys, Backspace and pastes, and reports Enter and Esc")
    func typing() {
        var field = TextField(prompt: "Find: ")
        var actions: [TextField.Action] = []
        for c in "ab" { actions += field.handle(.key(KeyEvent(.character(c))), at: 0).reports }
        #expect(field.handle(.key(KeyEvent(.character("x"), .control)), at: 0).result == .ignored)
        #expect(field.handle(.key(KeyEvent(.character("x"), .alt)), at: 0).result == .ignored)
        actions += field.handle(.key(KeyEvent(.backspace)), at: 0).reports
        actions += field.handle(.paste("c\nd\te\u{1B}"), at: 0).reports
        #expect(field.text == "ac d e\u{1B}")
        actions += field.handle(.key(KeyEvent(.enter)), at: 0).reports
        actions += field.handle(.key(KeyEvent(.escape)), at: 0).reports
        #expect(actions == [.changed, .changed, .changed, .changed, .submitted, .cancelled])
        #expect(field.handle(.key(KeyEvent(.right)), at: 0).reports.isEmpty)
        #expect(field.isEditingText)
    }

    @Test("a long text shows its end, control characters as pictures, and the caret where the cursor goes")
    func rendering() {
        var field = TextField(prompt: "Find: ", text: String(repeating: "x", count: 30) + "\u{1B}end")
        var buffer = Buffer(columns: 20, rows: 1)
        field.render(in: buffer.area, into: &buffer, at: 0)
        let text = buffer.text(ofRow: 0)
        #expect(text.hasPrefix("Find: …"))
        #expect(text.contains("␛end▏"))
        #expect(field.cursorPosition == Point(x: 19 * 8, y: 0), "the caret's cell, in points")
        #expect(drawnWidth(text) == 20)
    }
}

@Suite struct PageControlViewTests {
    func control(pages: Int = 5) -> (PageControlView, Buffer) {
        var view = PageControlView(PageControlState(clampingPageCount: pages))
        var buffer = Buffer(columns: 30, rows: 3)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return (view, buffer)
    }

    @Test("PC-04: the dots sit centred at the bottom of the area")
    func PC_04_placement() {
        let (view, _) = control()
        #expect(view.frame == Rect(x: 9 * 8, y: 2 * 16, width: 11 * 8, height: 16), "columns 9 to 19 of row 2, in points")
    }

    @Test("PC-12: a mouse click on a dot goes to its page; ← → move a page; a drag scrubs")
    func PC_12_input() {
        var (view, _) = control()
        let frame = CellMetrics().cells(in: view.frame)
        let dot3 = frame.column + 1 + 2 * 3
        _ = view.handle(.mouse(MouseEvent(.press, column: dot3, row: 2)), at: 0)
        #expect(view.handle(.mouse(MouseEvent(.release, column: dot3, row: 2)), at: 0.05).reports.last?.page == 3)
        #expect(view.handle(.key(KeyEvent(.left)), at: 1).reports.last?.page == 2 && view.state.currentPage == 2)
        #expect(view.handle(.key(KeyEvent(.up)), at: 1).result == .ignored)
        // Scrub from the first dot to the last.
        _ = view.handle(.mouse(MouseEvent(.press, column: frame.column + 1, row: 2)), at: 2)
        for (i, c) in stride(from: frame.column + 1, through: frame.maxColumn - 1, by: 2).enumerated() {
            _ = view.handle(.mouse(MouseEvent(.drag, column: c, row: 2)), at: 2.1 + 0.05 * Double(i))
        }
        _ = view.handle(.mouse(MouseEvent(.release, column: frame.maxColumn - 1, row: 2)), at: 3)
        #expect(view.state.currentPage == 4)
        // A press outside the dots is not the control's.
        #expect(view.handle(.mouse(MouseEvent(.press, column: 0, row: 0)), at: 4).result == .ignored)
    }
}

@Suite struct ListViewInputTests {
    func contacts() -> ListView<String> {
        var view = ListView(ListState(rows: ["Ada", "Bob", "Cy"]) { RowContent($0, accessory: .detailDisclosureButton) })
        var buffer = Buffer(columns: 30, rows: 6)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    @Test("LT-10: a click on ⓘ shows details, a click elsewhere on the row navigates, Enter activates the cursor row")
    func LT_10_detailButtonFromGeometry() {
        var view = contacts()
        let row = view.frameCells.row + 1
        let info = view.frameCells.maxColumn - 4
        var replies = Reply<ListEvent>()
        for (event, time) in [(MouseEvent(.press, column: info, row: row), 0.0), (MouseEvent(.release, column: info, row: row), 0.05),
                              (MouseEvent(.press, column: 3, row: row), 1), (MouseEvent(.release, column: 3, row: row), 1.05)] {
            replies.merge(view.handle(.mouse(event), at: time))
        }
        replies.merge(view.handle(.key(KeyEvent(.enter)), at: 2))
        #expect(replies.reports == [.showDetails(IndexPath(row: 1)), .navigate(IndexPath(row: 1)), .navigate(IndexPath(row: 1))])
        #expect(replies.errors.isEmpty)
    }

    @Test("LT-01: the cursor row is where the terminal's cursor goes; Alt with an arrow is left to the app")
    func LT_01_cursorPositionAndAlt() {
        var view = contacts()
        _ = view.handle(.key(KeyEvent(.down)), at: 0)
        _ = view.handle(.key(KeyEvent(.down)), at: 0)
        var buffer = Buffer(columns: 30, rows: 6)
        view.render(in: buffer.area, into: &buffer, at: 0)
        #expect(view.cursorCell?.row == 1 && view.cursorPosition?.y == 16)
        #expect(view.handle(.key(KeyEvent(.down, .alt)), at: 0).result == .ignored)
    }
}
