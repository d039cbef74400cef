import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// The label widget: text in a frame, one line cut to fit or wrapped over the lines it has.
@Suite struct LabelTests {
    @Test("one line is cut to the frame's width as its truncation says, and a newline reads as a space")
    func oneLine() {
        var grid = Canvas(cells: Buffer(columns: 12, rows: 2))
        var label = Label("scrollwork/Sources/Widgets\nnext", truncation: .middle)
        label.render(in: grid.bounds, into: &grid, at: 0)
        #expect(label.shownLines.count == 1)
        #expect(grid.cells.text(ofRow: 0) == label.shownLines[0] && label.shownLines[0].contains("…"))
        #expect(grid.cells.text(ofRow: 0).hasPrefix("scrol") && grid.cells.text(ofRow: 0).hasSuffix("next"))
        #expect(grid.cells.text(ofRow: 1).allSatisfy { $0 == " " })
    }

    @Test("wrapped, the text breaks at spaces over the lines the frame has; the last that fits ends in … when more remains")
    func wrapped() {
        var grid = Canvas(cells: Buffer(columns: 12, rows: 2))
        var label = Label("A scroll view has no look of its own at all.", style: Style(bold: true), wraps: true)
        label.render(in: grid.bounds, into: &grid, at: 0)
        #expect(grid.cells.text(ofRow: 0).hasPrefix("A scroll"))
        #expect(grid.cells.text(ofRow: 1).hasSuffix("…") || grid.cells.text(ofRow: 1).contains("…"))
        #expect(grid.cells[0, 0].style.bold)
        var tall = Canvas(cells: Buffer(columns: 12, rows: 6))
        label.render(in: tall.bounds, into: &tall, at: 0)
        #expect(!label.shownLines.joined().contains("…") && label.shownLines.joined(separator: " ") == "A scroll view has no look of its own at all.")
    }

    @Test("trailing alignment sets each line against the frame's end; a window records the same lines in the idiom's type")
    func alignedAndRecorded() {
        var grid = Canvas(cells: Buffer(columns: 10, rows: 1))
        var label = Label("42 rows", font: .footnote, alignment: .trailing)
        label.render(in: grid.bounds, into: &grid, at: 0)
        #expect(grid.cells.text(ofRow: 0) == "   42 rows")
        var window = CanvasDrawingTests.window()
        label.render(in: window.bounds, into: &window, at: 0)
        guard case let .drawing(d)? = window.pointMarks.first else { Issue.record("\(window.pointMarks)"); return }
        #expect(d.commands.contains { if case let .text(t, _, font, _) = $0 { return t == "42 rows" && font == .footnote }; return false })
    }

    @Test("a label takes no events and no focus, and a screen reader reads its text as static text")
    func passive() {
        var label = Label("Status")
        var grid = Canvas(cells: Buffer(columns: 10, rows: 1))
        label.render(in: grid.bounds, into: &grid, at: 0)
        #expect(label.handle(.mouse(MouseEvent(.press, at: Point(x: 4, y: 4))), at: 0).result == .ignored)
        #expect(!label.acceptsFocus)
        #expect(label.accessibility == AccessibilityElement(role: .staticText, name: "Status", frame: grid.bounds))
    }
}
