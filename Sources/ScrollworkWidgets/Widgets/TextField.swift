import Scrollwork

/// A single-line text field (a search field, a type mode): it takes printable keys, Backspace
/// and pastes while it has focus; Enter submits and Esc cancels. Pasted line breaks and tabs
/// become spaces, and control characters are kept as text, drawn as pictures, never sent to the
/// terminal.
public struct TextField: ReportingWidget {
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
    /// Which keys do what: ``TextFieldCommand/keys`` unless rebound.
    public var keys = TextFieldCommand.keys
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
    /// The I-beam over the field.
    public mutating func pointerShape(at point: Point) -> PointerShape { frame.contains(point) ? .iBeam : .arrow }

    /// What happened since the last call, oldest first.
    public mutating func takeActions() -> [Action] {
        defer { actions = [] }
        return actions
    }

    /// Draws the prompt, the end of the text that fits, and a caret: on a bar tall enough, in a
    /// rounded field in the body type (a window's search field); on one row, the bar is the
    /// field, the prompt at its leading edge (a terminal's command line).
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
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
            let inset = c.drawsInPoints ? 8.0 : 0
            var x = field.minX + inset
            let end = field.maxX - inset
            var prompt = theme.secondary
            prompt.background = theme.focus.background
            x += c.text(self.prompt, at: Point(x: x, y: top), width: end - x, font: font, style: prompt)
            var style = isTextSelected ? theme.selection : theme.text
            if !isTextSelected { style.background = theme.focus.background }
            // The caret keeps its room at the end: what does not fit before it is cut at the head.
            let caretRoom = c.caretWidth
            x += c.text(text, at: Point(x: x, y: top), width: Swift.max(0, end - x - caretRoom), font: font, style: style, truncation: .head)
            caret = Point(x: x, y: top)
            c.caret(at: caret, height: lineHeight, theme.accent)
        }
        let cell = canvas.metrics.cell(at: Point(x: caret.x + 1e-6, y: caret.y + 1e-6))
        let area = canvas.cells(in: bounds)
        cursorPosition = canvas.metrics.origin(of: CellPosition(column: Swift.min(cell.column, area.maxColumn - 1), row: cell.row))
    }

    /// Printable keys, Backspace, pastes, Enter and Esc.
    public mutating func handle(_ event: Event, at time: Double) -> EventResult {
        switch event {
        case let .key(key):
            guard let command = keys.command(for: key) else { return .ignored }
            switch command {
            case .submit: actions.append(.submitted)
            case .cancel: actions.append(.cancelled)
            case .deleteBackward:
                guard !text.isEmpty else { return .handled }
                if isTextSelected { text = "" } else { text.removeLast() }
                isTextSelected = false
                actions.append(.changed)
            case .selectAll:
                isTextSelected = !text.isEmpty
            case .clear:
                isTextSelected = false
                guard !text.isEmpty else { return .handled }
                text = ""
                actions.append(.changed)
            case let .insert(c):
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

extension TextField {
    /// What happened to the text (``takeActions()``), as ``respond(to:at:)`` reports it.
    public mutating func takeReports() -> [Action] { takeActions() }
    /// A text field meets no errors.
    public mutating func takeErrors() -> [any Error] { [] }
}
