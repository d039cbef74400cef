import Scrollwork
import ScrollworkTerminal
import Testing

@Suite struct ReadmeExampleTests {
    @Test("LT-01: the README example shows a million rows and scrolls to the end")
    func LT_01_readmeExampleRuns() {
        var t = HeadlessTerminal(Numbers(), columns: 40, rows: 10)
        #expect(t.text.hasPrefix(" Row 0"))
        t.send(.key(KeyEvent(.end)))
        t.advance(by: 1)
        #expect(t.text.contains("Row 999999"))
        t.send(.key(KeyEvent(.character("q"))))
        #expect(t.app.wantsQuit)
    }
}
