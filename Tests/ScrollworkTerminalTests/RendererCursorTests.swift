import Testing
import ScrollworkWidgets
@testable import ScrollworkTerminal

@Suite struct RendererCursorTests {
    @Test("the renderer leaves the terminal's cursor on the focused cell, and an unchanged frame with it in place writes nothing")
    func cursorPlacement() {
        var renderer = Renderer(colorMode: .none)
        var frame = Buffer(columns: 10, rows: 3)
        frame.draw("hello", column: 0, row: 1)
        _ = renderer.render(frame, cursorPosition: CellPosition(column: 2, row: 1))
        #expect(renderer.render(frame, cursorPosition: CellPosition(column: 2, row: 1)).isEmpty)
        let move = renderer.render(frame, cursorPosition: CellPosition(column: 4, row: 2))
        #expect(String(decoding: move, as: UTF8.self).contains("\u{1B}[3;5H"))
        #expect(renderer.render(frame, cursorPosition: CellPosition(column: 99, row: 99)).isEmpty, "outside the frame: no move")
    }
}
