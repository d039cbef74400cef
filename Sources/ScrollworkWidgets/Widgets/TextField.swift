import Scrollwork

/// A single-line text field (a search field, a type mode): it takes printable keys, Backspace
/// and Delete, pastes, ← → Home End to move its caret (Ctrl a word at a time, Shift selecting as
/// it goes), Ctrl+Backspace and Ctrl+Delete to delete a word, Ctrl+A to select all, and Ctrl+Z
/// to undo while it has focus; with ``TextFieldCommand/desktopKeys`` Ctrl+C and Ctrl+X copy and
/// cut the selection, as a GtkEntry does. Enter submits and Esc cancels. Typing, a paste or a
/// deletion replaces the selection. Pasted line breaks and tabs
/// become spaces, and control characters are kept as text, drawn as pictures, never sent to the
/// terminal.
public struct TextField: Widget {
    /// What the last key did, for the owner to act on.
    public enum Action: Sendable, Hashable {
        /// The text changed.
        case changed
        /// Enter was pressed.
        case submitted
        /// Esc was pressed.
        case cancelled
    }

    /// The text typed so far. Set from outside, the caret goes to its end and nothing is selected.
    public var text: String {
        didSet {
            caretOffset = text.count
            selection = nil
        }
    }
    /// Where the caret is: the number of characters before it (clamped to the text).
    public var caret: Int {
        get { caretOffset }
        set { caretOffset = newValue.clamped(to: 0...text.count) }
    }
    private var caretOffset = 0
    /// The changes made, for Ctrl+Z, and those undone, for redo: each the text before and after
    /// it, and where the caret was before and after.
    private var undone: [Change] = []
    private var redone: [Change] = []

    /// One change of the text, both ways.
    private struct Change {
        var before: String, caretBefore: Int
        var after: String, caretAfter: Int
    }
    /// The most changes Ctrl+Z goes back through.
    public static let undoLimit = 100
    /// Shown before the text ("Search: ").
    public var prompt: String
    /// Styles.
    public var theme: Theme
    /// The idiom whose type a pixel host draws the field in.
    public var idiom: ScrollIdiom = .iOS
    /// The area of the last render.
    public private(set) var frame = Rect.zero
    /// Where the caret was drawn.
    public private(set) var cursorPosition: Point? = nil
    /// Where the caret was drawn across, and how the text was measured: a click is placed by them.
    private var drawnText: DrawnText? = nil
    /// The clear button's frame, where one was drawn (a window's field with text in it).
    public private(set) var clearFrame: Rect? = nil
    /// The character a press began a drag at, while the button is down.
    private var dragAnchor: Int? = nil
    /// The last press: when, and at which character, for a double click.
    private var lastPress: (time: Double, offset: Int)? = nil
    /// The selected characters (offsets into the text, never empty), with the caret at one end;
    /// nil when nothing is selected. The next typed character, paste or deletion replaces it.
    public private(set) var selection: Range<Int>? = nil
    /// True while the whole text is selected, as a field a dialog fills in is. Set true, it
    /// selects the whole text (an empty text has nothing to select); false, it selects nothing.
    public var isTextSelected: Bool {
        get { !text.isEmpty && selection == 0..<text.count }
        set {
            selection = newValue && !text.isEmpty ? 0..<text.count : nil
            if newValue { caretOffset = text.count }
        }
    }
    /// Which keys do what: ``TextFieldCommand/keys`` unless rebound.
    public var keys = TextFieldCommand.keys
    /// How many edits and undos there have been, so that an event that made any reports one
    /// ``Action/changed`` (text compared as Swift strings would miss a change between two
    /// spellings of one character).
    private var editCount = 0

    /// A field showing `prompt` before `text`, the text selected (typing replaces it) when
    /// `selected`.
    public init(prompt: String = "", text: String = "", selected: Bool = false, theme: Theme = Theme()) {
        self.prompt = prompt
        self.text = text
        self.theme = theme
        caretOffset = text.count
        if selected && !text.isEmpty { selection = 0..<text.count }
    }

    /// The selected text; empty when nothing is.
    public var selectedText: String {
        guard let range = selection?.clamped(to: 0..<text.count), !range.isEmpty else { return "" }
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        return String(text[start..<text.index(start, offsetBy: range.count)])
    }

    /// A text field always takes printable keys as text.
    public var isEditingText: Bool { true }
    /// The I-beam over the field's text, the arrow over its clear button.
    public mutating func pointerShape(at point: Point) -> PointerShape {
        clearFrame?.contains(point) != true && frame.contains(point) ? .iBeam : .arrow
    }

    /// Draws the prompt, the end of the text that fits, and a caret: on a bar tall enough, in a
    /// rounded field in the body type (a window's search field); on one row, the bar is the
    /// field, the prompt at its leading edge (a terminal's command line).
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        clearFrame = nil
        guard !canvas.cells(in: bounds).isEmpty else { cursorPosition = nil; return }
        var caret = Point.zero
        canvas.draw(bounds, idiom: idiom) { c in
            let measurer = c.measurer(for: idiom)
            c.fill(bounds, theme.focus)
            // A bar tall enough holds a rounded field; a one-row bar is the field itself.
            let rounded = bounds.height >= 24
            let field = rounded ? Rect(x: bounds.minX + 6, y: bounds.minY + 3, width: Swift.max(0, bounds.width - 12), height: bounds.height - 6) : bounds
            if rounded {
                c.fill(field, theme.groupedRow, radius: 6)
                c.stroke(field, theme.separator, width: 1, radius: 6)
            }
            let font: FontRole = measurer.lineHeight(.body) <= field.height ? .body : .footnote
            let lineHeight = measurer.lineHeight(font)
            let top = field.minY + (field.height - lineHeight) / 2
            // A window's field keeps its text off the edge; a grid's starts at it.
            let inset = c.across(points: 8, cells: 0)
            var x = field.minX + inset
            // A window's search field with text in it ends in a clear button, as GTK's does.
            let clears = rounded && c.drawsPushButtons && !text.isEmpty
            let clearWidth = clears ? measurer.width(of: "✕", font: font) + 8 : 0
            let end = field.maxX - inset - clearWidth
            clearFrame = clears ? Rect(x: end, y: field.minY, width: clearWidth + inset, height: field.height) : nil
            if clears {
                var symbol = theme.secondary
                symbol.background = theme.groupedRow.background
                c.text("✕", at: Point(x: end + 8, y: top), font: font, style: symbol)
            }
            var prompt = theme.secondary
            prompt.background = theme.focus.background
            x += c.text(self.prompt, at: Point(x: x, y: top), width: end - x, font: font, style: prompt)
            var style = theme.text
            style.background = theme.focus.background
            // The caret keeps its room: what does not fit before it is cut at the head, what
            // follows it at the tail, the text before the caret having the room it needs first.
            let caretRoom = c.caretWidth
            let split = text.index(text.startIndex, offsetBy: self.caret.clamped(to: 0...text.count))
            let before = text[..<split], after = text[split...]
            let room = Swift.max(0, end - x - caretRoom)
            let afterRoom = after.isEmpty ? 0 : Swift.min(measurer.width(of: after, font: font), room / 2)
            x += c.text(String(before), at: Point(x: x, y: top), width: room - afterRoom, font: font, style: style, truncation: .head)
            caret = Point(x: x, y: top)
            // The text after the caret starts where it stands; the caret is drawn over it.
            if !after.isEmpty { _ = c.text(String(after), at: caret, width: Swift.max(0, end - x), font: font, style: style, truncation: .tail) }
            // The selection, drawn again over what was drawn: it ends at the caret on one side.
            let chosen = selectedText
            if !chosen.isEmpty {
                let width = measurer.width(of: chosen, font: font)
                if selection?.upperBound == self.caret {
                    let shown = Swift.min(width, caret.x - field.minX - inset)
                    c.text(chosen, at: Point(x: caret.x - shown, y: top), width: shown, font: font, style: theme.selection, truncation: .head)
                } else {
                    c.text(chosen, at: caret, width: Swift.min(width, Swift.max(0, end - caret.x)), font: font, style: theme.selection, truncation: .tail)
                }
            }
            c.caret(at: caret, height: lineHeight, theme.accent)
            drawnText = DrawnText(caretX: caret.x, measurer: measurer, font: font)
        }
        let cell = canvas.metrics.cell(at: Point(x: caret.x + 1e-6, y: caret.y + 1e-6))
        let area = canvas.cells(in: bounds)
        cursorPosition = canvas.metrics.origin(of: CellPosition(column: Swift.min(cell.column, area.maxColumn - 1), row: cell.row))
    }

    /// Printable keys, Backspace and Delete, pastes, the caret's keys, undo, Enter and Esc. The
    /// reply reports what happened to the text (``Action``), asks the host to copy what Ctrl+C
    /// and Ctrl+X took, and offers text newly selected as the primary selection
    /// (``Effect/select(_:)``), as a desktop's entry does.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Action> {
        let edits = editCount, selected = selection
        var reply = Reply<Action>(.handled)
        switch event {
        case let .key(key):
            guard let command = keys.command(for: key) else { return .ignored }
            perform(command, into: &reply)
        case let .paste(pasted):
            replaceSelection(with: String(pasted.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
        case let .mouse(mouse):
            guard handle(mouse, at: time) else { return .ignored }
        default:
            return .ignored
        }
        if editCount != edits { reply.reports.insert(.changed, at: 0) }
        if selection != nil, selection != selected { reply.ask(.select(selectedText)) }
        return reply
    }

    /// A press on the clear button empties the field (undone as any edit is); elsewhere a press
    /// places the caret at the character boundary nearest the pointer (a second press
    /// there soon after selects the word), a drag selects from the press to the pointer, as a
    /// desktop's entry does; a middle press places the caret where its paste goes. False for a
    /// pointer event the field does not take.
    private mutating func handle(_ mouse: MouseEvent, at time: Double) -> Bool {
        switch mouse.kind {
        case .press where mouse.button == .left && clearFrame?.contains(mouse.location) == true:
            selection = nil
            if !text.isEmpty { edit(removing: 0..<text.count, inserting: "", caretAfter: 0) }
            return true
        case .press where frame.contains(mouse.location) && (mouse.button == .left || mouse.button == .middle):
            let offset = offset(at: mouse.x)
            if mouse.button == .left, let last = lastPress, time - last.time <= 0.4, last.offset == offset {
                let start = wordBoundary(from: offset, forward: false), end = wordBoundary(from: start, forward: true)
                caret = end
                selection = start < end ? start..<end : nil
                lastPress = nil
                return true
            }
            caret = offset
            selection = nil
            if mouse.button == .left { (dragAnchor, lastPress) = (offset, (time, offset)) }
            return true
        case .drag where dragAnchor != nil:
            let anchor = dragAnchor ?? caret
            caret = offset(at: mouse.x)
            selection = anchor == caret ? nil : Swift.min(anchor, caret)..<Swift.max(anchor, caret)
            return true
        case .release where dragAnchor != nil:
            dragAnchor = nil
            return true
        default:
            return frame.contains(mouse.location) && mouse.kind == .press
        }
    }

    /// The character boundary nearest `x`, counted from where the caret was drawn (the text
    /// shown may be cut at its head): a point on a character's leading half is before it.
    private func offset(at x: Double) -> Int {
        guard let drawn = drawnText else { return caret }
        let characters = Array(text)
        var offset = caret.clamped(to: 0...characters.count), at = drawn.caretX
        while offset > 0 {
            let width = drawn.measurer.width(of: characters[offset - 1], font: drawn.font)
            guard x <= at - width / 2 else { break }
            at -= width
            offset -= 1
        }
        while offset < characters.count {
            let width = drawn.measurer.width(of: characters[offset], font: drawn.font)
            guard x > at + width / 2 else { break }
            at += width
            offset += 1
        }
        return offset
    }

    /// Carries out `command`, adding what it reports or asks to `reply`.
    private mutating func perform(_ command: TextFieldCommand, into reply: inout Reply<Action>) {
        switch command {
        case .submit: reply.report(.submitted)
        case .cancel: reply.report(.cancelled)
        case .deleteBackward:
            if selection != nil { return replaceSelection(with: "") }
            guard caret > 0 else { return }
            edit(removing: caret - 1..<caret, inserting: "", caretAfter: caret - 1)
        case .deleteForward:
            if selection != nil { return replaceSelection(with: "") }
            guard caret < text.count else { return }
            edit(removing: caret..<caret + 1, inserting: "", caretAfter: caret)
        case let .deleteWord(forward):
            if selection != nil { return replaceSelection(with: "") }
            let other = wordBoundary(from: caret, forward: forward)
            guard other != caret else { return }
            let range = Swift.min(other, caret)..<Swift.max(other, caret)
            edit(removing: range, inserting: "", caretAfter: range.lowerBound)
        case .selectAll:
            isTextSelected = !text.isEmpty
        case .clear:
            selection = nil
            guard !text.isEmpty else { return }
            edit(removing: 0..<text.count, inserting: "", caretAfter: 0)
        case let .insert(c): replaceSelection(with: String(c))
        case let .moveCaret(forward):
            // A selection collapses to the end the caret moves toward, as a desktop field's does.
            if let range = selection {
                caret = forward ? range.upperBound : range.lowerBound
            } else {
                caret += forward ? 1 : -1
            }
            selection = nil
        case let .moveCaretToEnd(forward):
            caret = forward ? text.count : 0
            selection = nil
        case let .moveWord(forward):
            caret = wordBoundary(from: caret, forward: forward)
            selection = nil
        case let .extendSelection(forward): extend(to: caret + (forward ? 1 : -1))
        case let .extendWord(forward): extend(to: wordBoundary(from: caret, forward: forward))
        case let .extendToEnd(forward): extend(to: forward ? text.count : 0)
        case .copy:
            guard selection != nil else { return }
            reply.ask(.copy(selectedText))
        case .cut:
            guard selection != nil else { return }
            reply.ask(.copy(selectedText))
            replaceSelection(with: "")
        case .undo: step(back: true)
        case .redo: step(back: false)
        }
    }

    /// Moves the caret to `offset` (clamped), the selection running from where it was anchored
    /// (the end of the selection the caret is not at, or the caret) to there.
    private mutating func extend(to offset: Int) {
        let anchor = selection.map { $0.lowerBound == caret ? $0.upperBound : $0.lowerBound } ?? caret
        caret = offset
        selection = anchor == caret ? nil : Swift.min(anchor, caret)..<Swift.max(anchor, caret)
    }

    /// Where a word move from `offset` lands: forward, past the spaces and punctuation after it
    /// and then the word (its end); back, past those before it and then the word (its start).
    /// Letters, digits and `_` make words, as GTK's entry reads them.
    func wordBoundary(from offset: Int, forward: Bool) -> Int {
        let characters = Array(text)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var i = offset.clamped(to: 0...characters.count)
        if forward {
            while i < characters.count, !isWord(characters[i]) { i += 1 }
            while i < characters.count, isWord(characters[i]) { i += 1 }
        } else {
            while i > 0, !isWord(characters[i - 1]) { i -= 1 }
            while i > 0, isWord(characters[i - 1]) { i -= 1 }
        }
        return i
    }

    /// Puts `inserted` where the caret is, or in place of the selection.
    private mutating func replaceSelection(with inserted: String) {
        let range = selection?.clamped(to: 0..<text.count) ?? caret..<caret
        selection = nil
        guard !(range.isEmpty && inserted.isEmpty) else { return }
        edit(removing: range, inserting: inserted, caretAfter: range.lowerBound + inserted.count)
    }

    /// Replaces the characters in `range` with `inserted`, keeping the change for undo.
    private mutating func edit(removing range: Range<Int>, inserting inserted: String, caretAfter: Int) {
        let before = text, caretBefore = caret
        let start = text.index(text.startIndex, offsetBy: range.lowerBound), end = text.index(start, offsetBy: range.count)
        text.replaceSubrange(start..<end, with: inserted)
        caret = caretAfter
        undone.append(Change(before: before, caretBefore: caretBefore, after: text, caretAfter: caret))
        if undone.count > Self.undoLimit { undone.removeFirst() }
        redone = []
        editCount &+= 1
    }

    /// Undo (`back`) the last change, the caret where it was before it; or redo the last undone,
    /// the caret where the change left it.
    private mutating func step(back: Bool) {
        guard let change = back ? undone.popLast() : redone.popLast() else { return }
        if back { redone.append(change) } else { undone.append(change) }
        text = back ? change.before : change.after
        caret = back ? change.caretBefore : change.caretAfter
        editCount &+= 1
    }
}

/// Where a field's caret was drawn across, and what measured its text.
private struct DrawnText {
    var caretX: Double
    var measurer: TextMeasurer
    var font: FontRole
}
