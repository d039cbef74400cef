// The example of the "Testing an app" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them); it is a test itself.

// BEGIN TESTING EXAMPLE
import Scrollwork
import ScrollworkWidgets
import Testing

@Suite struct ReaderTests {
    @Test("→ turns to the next chapter, and a click on the dots to the one after")
    func turnsPages() {
        var t = HeadlessDriver(Reader(), columns: 40, rows: 12)   // the first frame is drawn
        #expect(t.text.contains("Overture"))
        t.send(.key(KeyEvent(.right)))             // a key, as a person presses it
        t.advance(by: 1)                           // the virtual clock: the turn's animation ends
        #expect(t.text.contains("Arrival"))
        // A click is a press and a release at a cell: here on the third dot (a dot is every other cell).
        let dots = t.app.content.frame.maxY / 16 - 1
        let column = (40 - 11) / 2 + 5
        t.send(.mouse(MouseEvent(.press, button: .left, column: column, row: Int(dots))))
        t.send(.mouse(MouseEvent(.release, button: .left, column: column, row: Int(dots))))
        t.advance(by: 1)
        // A call that changes the driver goes on a line of its own; #expect reads what it gave.
        let page = t.app.content.takeChange()
        #expect(page == 2 && t.text.contains("The Storm"))
        #expect(t.diagnostics.isEmpty, "no guideline is broken")
    }
}
// END TESTING EXAMPLE
