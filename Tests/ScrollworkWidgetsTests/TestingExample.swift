// The example of the "Testing an app" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them); it is a test itself.

// BEGIN TESTING EXAMPLE
import ScrollworkTesting
import Testing

@Suite struct ReaderTests {
    @Test("→ turns to the next chapter, and a click on the dots to the one after")
    func turnsPages() throws {
        let reader = Pilot(Reader(), columns: 40, rows: 12)   // the first frame is drawn
        #expect(reader.contains("Overture"))
        // A key, as a person presses it; then the virtual clock, until the turn has settled.
        #expect(reader.press(.right).advance(by: 1).contains("Arrival"))
        // The dots, found as a screen reader finds them.
        #expect(reader.element(.pageControl)?.value == "page 2 of 5")
        // A click on what the screen shows: the third dot (the current one differs by its colour).
        try reader.click("●", occurrence: 3).advance(by: 1)
        #expect(reader.contains("The Storm"))
        #expect(reader.app.content.currentPage == 2)
        #expect(reader.diagnostics.isEmpty, "no guideline is broken")
    }
}
// END TESTING EXAMPLE
