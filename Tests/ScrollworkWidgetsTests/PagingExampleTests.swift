import Scrollwork
import Testing
import ScrollworkWidgets

@Suite struct PagingExampleTests {
    @Test("SV-10, PC-14: the paging article's reader shows the first chapter with five dots, and → turns to the second")
    func SV_10_PC_14_readerRuns() {
        var t = HeadlessDriver(Reader(), columns: 40, rows: 12)
        #expect(t.text.contains("Overture") && t.text.filter { $0 == "●" }.count == 5)
        t.send(.key(KeyEvent(.right)))
        t.advance(by: 1)
        #expect(t.text.contains("Arrival") && !t.text.contains("Overture"))
        #expect(t.app.content.currentPage == 1)
    }
}
