import Scrollwork

/// A single-line text field (a search field, a type mode): it takes printable keys, Backspace
/// and pastes while it has focus; Enter submits and Esc cancels. Pasted line breaks and tabs
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

    /// The text typed so far.
    public var text: String
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
    /// True while the whole text is selected, as a field a dialog fills in is: the next typed
    /// character or paste replaces it, Backspace removes it; any edit ends the selection.
    public var isTextSelected = false
    private var actions: [Action] = []

    /// A field showing `prompt` before `text`, the text selected (typing replaces it) when
    /// `selected`.
    public init(prompt: String = "", text: String = "", selected: Bool = false, theme: Theme = Theme()) {
        self.prompt = prompt
        self.text = text
        self.theme = theme
        isTextSelected = selected && !text.isEmpty
    }

    /// A text field always takes printable keys as text.
    public var isEditingText: Bool { true }

    /// What happened since the last call, oldest first.
    public mutating func takeActions() -> [Action] {
        defer { actions = [] }
        return actions
    }

    /// Draws the prompt, the end of the text that fits, and a caret.
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        let area = canvas.cells(in: bounds)
        guard !area.isEmpty else { cursorPosition = nil; return }
        if let context = canvas.pointContext {
            canvas.cells.fill(area)
            canvas.record(.drawing(drawing(in: canvas.points(area), measurer: context.measurer(for: idiom))))
            cursorPosition = nil
            return
        }
        canvas.cells.fill(area, with: .blank(theme.focus))
        var promptStyle = theme.header
        promptStyle.background = theme.focus.background
        let end = canvas.cells.draw(prompt, column: area.column, row: area.row, style: promptStyle, clip: area)
        var style = isTextSelected ? theme.selection : theme.text
        if !isTextSelected { style.background = theme.focus.background }
        let room = Swift.max(0, area.maxColumn - end - 1)
        let shown = text.truncated(toWidth: room, .head)
        let caret = canvas.cells.draw(shown, column: end, row: area.row, style: style, clip: area)
        canvas.cells.draw("▏", column: caret, row: area.row, style: theme.accent, clip: area)
        cursorPosition = canvas.metrics.origin(of: CellPosition(column: Swift.min(caret, area.maxColumn - 1), row: area.row))
    }

    /// In a window: a rounded field on the bar, the prompt in the secondary colour, the end of
    /// the text that fits and a caret, in the body type where the bar is tall enough for it.
    private func drawing(in box: Rect, measurer: TextMeasurer) -> PointDrawing {
        var d = PointDrawing(frame: box, measurer: measurer)
        d.fill(box, theme.focus)
        // A bar tall enough holds a rounded field; a one-row bar is the field itself.
        let rounded = box.height >= 24
        let field = rounded ? Rect(x: box.minX + 6, y: box.minY + 3, width: Swift.max(0, box.width - 12), height: box.height - 6) : box
        if rounded {
            d.fill(field, theme.groupedRow, radius: 6)
            d.stroke(field, theme.separator, width: 1, radius: 6)
        }
        let font: FontRole = measurer.lineHeight(.body) <= field.height ? .body : .footnote
        let top = d.lineTop(font, centredIn: field.minY, height: field.height)
        var x = field.minX + 8
        let end = field.maxX - 8
        x += d.text(prompt, at: Point(x: x, y: top), width: end - x, font: font, theme.secondary)
        var style = isTextSelected ? theme.selection : theme.text
        if !isTextSelected { style.background = .default }
        let caretRoom = 3.0
        x += d.text(text, at: Point(x: x, y: top), width: Swift.max(0, end - x - caretRoom), font: font, style, truncation: .head)
        d.line(from: Point(x: x + 1, y: top + 1), to: Point(x: x + 1, y: top + measurer.lineHeight(font) - 1), theme.accent, width: 1.5)
        return d
    }

    /// Printable keys, Backspace, pastes, Enter and Esc.
    public mutating func handle(_ event: Event, at time: Double) -> EventResult {
        switch event {
        case let .key(key):
            guard let command = TextFieldCommand.keys.command(for: key) else { return .ignored }
            switch command {
            case .submit: actions.append(.submitted)
            case .cancel: actions.append(.cancelled)
            case .deleteBackward:
                guard !text.isEmpty else { return .handled }
                if isTextSelected { text = "" } else { text.removeLast() }
                isTextSelected = false
                actions.append(.changed)
            case .clear:
                isTextSelected = false
                guard !text.isEmpty else { return .handled }
                text = ""
                actions.append(.changed)
            case .insert:
                guard case let .character(c) = key.key else { return .ignored }
                if isTextSelected { text = "" }
                isTextSelected = false
                text.append(c)
                actions.append(.changed)
            }
            return .handled
        case let .paste(pasted):
            if isTextSelected { text = "" }
            isTextSelected = false
            text += String(pasted.map { $0.isNewline || $0 == "\t" ? " " : $0 })
            actions.append(.changed)
            return .handled
        case let .mouse(mouse):
            return frame.contains(mouse.location) && mouse.kind == .press ? .handled : .ignored
        default:
            return .ignored
        }
    }
}
