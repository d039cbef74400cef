import Scrollwork
import ScrollworkTestSupport
import ScrollworkTerminal
import Testing
import ScrollworkWidgets

/// A text field edits as a desktop field and a shell's line do: a caret that ← → Home End move,
/// typing and pasting at the caret, Backspace and Delete on either side of it, Ctrl+Z and redo.
@Suite struct TextFieldEditingTests {
    static func key(_ key: Key, _ modifiers: Modifiers = []) -> Event { .key(KeyEvent(key, modifiers)) }

    /// Types `text` a key at a time; returns what the field reported.
    @discardableResult
    static func type(_ text: String, into field: inout TextField) -> [TextField.Action] {
        text.flatMap { field.handle(.key(KeyEvent(.character($0))), at: 0).reports }
    }

    @Test("← → Home End move the caret; typing, pasting, Backspace and Delete happen at it")
    func caretEdits() {
        var actions: [TextField.Action] = []
        var field = TextField(prompt: "Search: ")
        actions += Self.type("helo", into: &field)
        #expect(field.caret == 4)
        actions += field.handle(Self.key(.left), at: 0).reports
        actions += Self.type("l", into: &field)
        #expect(field.text == "hello" && field.caret == 4)
        actions += field.handle(Self.key(.home), at: 0).reports
        actions += field.handle(.paste("say \n"), at: 0).reports
        #expect(field.text == "say  hello" && field.caret == 5, "a paste goes in at the caret, its line break a space")
        actions += field.handle(Self.key(.backspace), at: 0).reports
        #expect(field.text == "say hello" && field.caret == 4)
        actions += field.handle(Self.key(.left), at: 0).reports
        actions += field.handle(Self.key(.delete), at: 0).reports
        #expect(field.text == "sayhello" && field.caret == 3)
        actions += field.handle(Self.key(.end), at: 0).reports
        actions += field.handle(Self.key(.right), at: 0).reports
        actions += field.handle(Self.key(.delete), at: 0).reports
        #expect(field.caret == 8 && field.text == "sayhello", "past the end nothing moves or goes")
        actions += field.handle(Self.key(.home), at: 0).reports
        actions += field.handle(Self.key(.left), at: 0).reports
        actions += field.handle(Self.key(.backspace), at: 0).reports
        #expect(field.caret == 0 && field.text == "sayhello", "before the start neither")
        #expect(actions.filter { $0 == .changed }.count == 8, "each edit says the text changed, each caret move does not: \(actions)")
    }

    @Test("a selected text (a prompt filled in) is replaced by typing, removed by Backspace or Delete, and → or ← collapse it to an end")
    func selection() {
        var field = TextField(prompt: "Save as: ", text: "view.csv", selected: true)
        #expect(field.caret == 8 && field.isTextSelected)
        _ = field.handle(Self.key(.left), at: 0)
        #expect(!field.isTextSelected && field.caret == 0, "← goes to the selection's start")
        Self.type("my-", into: &field)
        #expect(field.text == "my-view.csv")
        _ = field.handle(Self.key(.character("a"), .control), at: 0)
        _ = field.handle(Self.key(.delete), at: 0)
        #expect(field.text.isEmpty && field.caret == 0)
    }

    @Test("Shift with ← → Home End selects from where the caret was; Ctrl moves and selects a word at a time; typing replaces the selection; Ctrl+Backspace and Ctrl+Delete delete a word, as a GtkEntry does")
    func selectionByKeysAndWords() {
        var field = TextField(text: "flights from JFK_2013")
        _ = field.handle(Self.key(.left, [.control]), at: 0)
        #expect(field.caret == 13, "back to the word's start (an underscore and digits are in the word)")
        _ = field.handle(Self.key(.left, [.control]), at: 0)
        #expect(field.caret == 8)
        _ = field.handle(Self.key(.right, [.control, .shift]), at: 0)
        #expect(field.selection == 8..<12 && field.selectedText == "from")
        _ = field.handle(Self.key(.left, .shift), at: 0)
        #expect(field.selection == 8..<11 && field.caret == 11, "Shift+← takes a character back off the end it extends")
        Self.type("to", into: &field)
        #expect(field.text == "flights tom JFK_2013" && field.selection == nil && field.caret == 10)
        _ = field.handle(Self.key(.end, .shift), at: 0)
        #expect(field.selectedText == "m JFK_2013")
        _ = field.handle(Self.key(.home, .shift), at: 0)
        #expect(field.selection == 0..<10 && field.caret == 0, "the anchor stays where the selection began")
        _ = field.handle(Self.key(.right), at: 0)
        #expect(field.selection == nil && field.caret == 10, "→ collapses to the selection's end")
        _ = field.handle(Self.key(.backspace, .control), at: 0)
        #expect(field.text == "flights m JFK_2013" && field.caret == 8)
        _ = field.handle(Self.key(.delete, .control), at: 0)
        #expect(field.text == "flights  JFK_2013" && field.caret == 8)
        _ = field.handle(Self.key(.character("z"), .control), at: 0)
        #expect(field.text == "flights m JFK_2013", "a word's deletion undoes in one step")
    }

    @Test("with a desktop's keys Ctrl+C copies the selection and Ctrl+X cuts it (Ctrl+Insert, Shift+Delete too); nothing selected copies nothing; a terminal's field leaves Ctrl+C to the app")
    func copyAndCut() {
        var field = TextField(text: "carrier=UA")
        field.keys = TextFieldCommand.desktopKeys
        var asked: [Effect] = []
        /// The copies the field asked for since the last look.
        func copied() -> [String] {
            defer { asked = [] }
            return asked.compactMap { if case let .copy(text) = $0 { text } else { nil } }
        }
        asked += field.handle(Self.key(.character("c"), .control), at: 0).effects
        #expect(copied().isEmpty && field.text == "carrier=UA")
        asked += field.handle(Self.key(.left, [.control, .shift]), at: 0).effects
        asked += field.handle(Self.key(.character("c"), .control), at: 0).effects
        #expect(copied() == ["UA"] && field.text == "carrier=UA")
        asked += field.handle(Self.key(.insert, .control), at: 0).effects
        #expect(copied() == ["UA"])
        asked += field.handle(Self.key(.character("x"), .control), at: 0).effects
        #expect(copied() == ["UA"] && field.text == "carrier=" && field.selection == nil)
        asked += field.handle(Self.key(.home, .shift), at: 0).effects
        asked += field.handle(Self.key(.delete, .shift), at: 0).effects
        #expect(copied() == ["carrier="] && field.text.isEmpty)
        var terminal = TextField(text: "abc", selected: true)
        #expect(terminal.handle(Self.key(.character("c"), .control), at: 0).result == .ignored, "a terminal's Ctrl+C is the app's")
    }

    @Test("text newly selected is offered as the primary selection (what a middle click pastes), as a desktop's entry offers it; a caret move or the same selection again offers nothing")
    func primarySelection() {
        var field = TextField(text: "carrier=UA")
        field.keys = TextFieldCommand.desktopKeys
        func offered(_ event: Event) -> [String] {
            field.handle(event, at: 0).effects.compactMap { if case let .select(text) = $0 { text } else { nil } }
        }
        #expect(offered(Self.key(.left, .shift)) == ["A"])
        #expect(offered(Self.key(.left, .shift)) == ["UA"])
        #expect(offered(Self.key(.character("c"), .control)).isEmpty, "a copy leaves the selection as it was")
        #expect(offered(Self.key(.left)).isEmpty && field.selection == nil)
        #expect(offered(Self.key(.character("a"), .control)) == ["carrier=UA"])
        #expect(offered(.paste("JFK")).isEmpty && field.text == "JFK")
    }

    @Test("a click places the caret before the character clicked, a drag selects from the press to the pointer, a double click selects the word, as a desktop's entry does")
    func mouseSelection() {
        var field = TextField(prompt: "> ", text: "carrier=UA jfk")
        var canvas = Canvas(cells: Buffer(columns: 30, rows: 1))
        field.render(in: canvas.bounds, into: &canvas, at: 0)
        /// A pointer event on column `column` of the one-row field (the text starts at column 2).
        func at(_ kind: MouseEvent.Kind, _ column: Int, _ button: MouseEvent.Button = .left) -> Event { .mouse(MouseEvent(kind, button: button, column: column, row: 0)) }
        func redraw() { field.render(in: canvas.bounds, into: &canvas, at: 0) }
        #expect(field.handle(at(.press, 10), at: 0).result == .handled)
        _ = field.handle(at(.release, 10), at: 0.05)
        #expect(field.caret == 8 && field.selection == nil, "before the = clicked")
        redraw()
        _ = field.handle(at(.press, 2), at: 1)
        redraw()
        let dragged = field.handle(at(.drag, 9), at: 1.1)
        _ = field.handle(at(.release, 9), at: 1.2)
        #expect(field.selectedText == "carrier" && field.caret == 7)
        #expect(dragged.effects.contains { if case .select("carrier") = $0 { true } else { false } }, "a drag's text is offered as the primary selection")
        redraw()
        _ = field.handle(at(.press, 14), at: 2)
        _ = field.handle(at(.release, 14), at: 2.05)
        redraw()
        _ = field.handle(at(.press, 14), at: 2.1)
        #expect(field.selectedText == "jfk", "a double click selects the word")
        // Typing replaces what was selected; a click outside the field is not the field's.
        _ = field.handle(.key(KeyEvent(.character("L"))), at: 3)
        #expect(field.text == "carrier=UA L")
        #expect(field.handle(.mouse(MouseEvent(.press, column: 5, row: 3)), at: 4).result == .ignored)
    }

    @Test("a window's search field with text in it ends in a clear button: a click empties the field (Ctrl+Z brings the text back); an empty field and a terminal's have none")
    func clearButton() throws {
        var field = TextField(prompt: "Find: ", text: "JFK")
        field.keys = TextFieldCommand.desktopKeys
        let size = Size(width: 300, height: 32)
        var window = Canvas(cells: Buffer(columns: 37, rows: 2), metrics: CellMetrics(), size: size,
                            pointContext: PointContext(size: size) { _ in CanvasDrawingTests.measurer })
        field.render(in: window.bounds, into: &window, at: 0)
        let clear = try #require(field.clearFrame)
        #expect(clear.maxX <= 300 && clear.minX > 250 && field.pointerShape(at: clear.center) == .arrow)
        let reply = field.handle(.mouse(MouseEvent(.press, at: clear.center)), at: 1)
        #expect(field.text.isEmpty && reply.reports == [.changed])
        _ = field.handle(.key(KeyEvent(.character("z"), .control)), at: 2)
        #expect(field.text == "JFK")
        var empty = TextField(prompt: "Find: ")
        empty.render(in: window.bounds, into: &window, at: 3)
        #expect(empty.clearFrame == nil)
        var terminal = Canvas(cells: Buffer(columns: 30, rows: 1))
        field.render(in: terminal.bounds, into: &terminal, at: 4)
        #expect(field.clearFrame == nil)
    }

    @Test("the selection is drawn in the selection's colours, the rest of the text in the field's")
    func selectionDrawn() {
        var field = TextField(prompt: "> ", text: "abcdef", theme: .standard(for: .trueColor))
        _ = field.handle(Self.key(.left, .shift), at: 0)
        _ = field.handle(Self.key(.left, .shift), at: 0)
        var canvas = Canvas(cells: Buffer(columns: 20, rows: 1))
        field.render(in: canvas.bounds, into: &canvas, at: 0)
        let selection = Theme.standard(for: .trueColor).selection.background
        let selected = (0..<20).filter { canvas.cells[$0, 0].style.background == selection }.map { canvas.cells[$0, 0].text }
        #expect(selected == ["e", "f"], "\(canvas.cells.text(ofRow: 0))")
    }

    @Test("Ctrl+Z undoes each change back to the start, the caret where it was; redo goes forward again; a new edit ends the redo")
    func undoAndRedo() {
        var field = TextField()
        Self.type("ab", into: &field)
        _ = field.handle(Self.key(.left), at: 0)
        Self.type("X", into: &field)
        #expect(field.text == "aXb" && field.caret == 2)
        _ = field.handle(Self.key(.character("z"), .control), at: 0)
        #expect(field.text == "ab" && field.caret == 1)
        _ = field.handle(Self.key(.character("z"), .control), at: 0)
        _ = field.handle(Self.key(.character("z"), .control), at: 0)
        #expect(field.text.isEmpty && field.caret == 0)
        _ = field.handle(Self.key(.character("z"), .control), at: 0)
        #expect(field.text.isEmpty, "nothing left to undo")
        _ = field.handle(Self.key(.character("y"), .control), at: 0)
        _ = field.handle(Self.key(.character("z"), [.control, .shift]), at: 0)
        #expect(field.text == "ab" && field.caret == 2)
        Self.type("c", into: &field)
        _ = field.handle(Self.key(.character("y"), .control), at: 0)
        #expect(field.text == "abc", "an edit after undoing ends the redo")
        // The undo history is bounded.
        for _ in 0..<(TextField.undoLimit + 50) { Self.type("x", into: &field) }
        for _ in 0..<(TextField.undoLimit + 50) { _ = field.handle(Self.key(.character("z"), .control), at: 0) }
        #expect(field.text.count == 3 + 50, "undo goes back \(TextField.undoLimit) changes")
    }

    @Test("the caret is drawn where it is: the text before it, then the caret, then the rest")
    func drawnCaret() {
        var t = HeadlessDriver(Harness(content: TextField(prompt: "Find: ", text: "needle")), columns: 30, rows: 1)
        t.send(.key(KeyEvent(.left)))
        t.send(.key(KeyEvent(.left)))
        t.advance(by: 0.1)
        #expect(t.text.hasPrefix("Find: needle"), "the text whole, the terminal's cursor on the l: \(t.text)")
        let caret = t.app.content.cursorPosition
        let origin = t.app.content.frame.origin
        #expect(caret == Point(x: origin.x + Double("Find: need".count) * 8, y: origin.y), "\(String(describing: caret))")
        #expect(t.app.content.caret == 4)
    }
}
