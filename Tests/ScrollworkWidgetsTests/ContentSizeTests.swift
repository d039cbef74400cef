import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Content that has no size of its own: the app's stays.
struct Unsized: ScrollContent {
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {}
}

@Suite struct ContentSizeTests {
    @Test("SV-01: content that knows its size sets the scroll view's, for the viewport and the host's type, and follows a resize")
    func SV_01_contentSizesItself() {
        var t = HeadlessDriver(Lines(), columns: 30, rows: 10)
        #expect(t.app.content.scroll.contentSize == Size(width: 240, height: 16_000))
        #expect(t.text.contains("Line 1") && t.text.contains("Line 10"))
        t.send(.key(KeyEvent(.end)))
        t.advance(by: 1)
        #expect(t.app.content.scroll.offset.y == 16_000 - 160 && t.text.contains("Line 1000"))
        t.resize(columns: 50, rows: 10)
        #expect(t.app.content.scroll.contentSize.width == 400)
    }

    @Test("content that says nothing keeps the size the app gave")
    func unsizedKeepsTheAppsSize() {
        var view = ScrollView(Unsized(), scroll: ScrollState(viewport: .zero, content: Size(width: 10, height: 999)))
        var canvas = Canvas(cells: Buffer(columns: 20, rows: 5))
        view.render(in: canvas.bounds, into: &canvas, at: 0)
        #expect(view.scroll.contentSize == Size(width: 10, height: 999))
    }
}
