import Scrollwork
import ScrollworkWidgets

/// A question answered yes or no (a save's "replace the file?"), shown where the prompt is: its
/// text, then a button for each answer, the one that keeps things as they are first. Answered
/// by a key alone, as a dialog is (y, or n, Enter and Esc, which keep), or by a click on a
/// button; nothing is typed, so there is no text field and no caret.
struct ViewerQuestion {
    /// What the question decides, answered as a prompt is (``TableOverlay/Outcome/submits(_:_:)``).
    var asking: ViewerPrompt
    /// The question.
    var text: String
    /// The answer that changes something ("Replace"): drawn as a destructive button.
    var yes: String
    /// The answer that keeps things as they are ("Keep"): Enter and Esc give it.
    var no: String
    /// The colours.
    var theme: Theme
    /// The frames of the last render: the whole bar, and the no and yes buttons.
    private(set) var frame = Rect.zero
    private(set) var noButton = Rect.zero
    private(set) var yesButton = Rect.zero

    /// A question about `asking`, its buttons named `yes` and `no`.
    init(_ asking: ViewerPrompt, _ text: String, yes: String, no: String, theme: Theme) {
        self.theme = theme
        self.asking = asking
        self.text = text
        self.yes = yes
        self.no = no
    }

    /// The answer `event` gives: true for y or a click on the yes button, false for n, Enter,
    /// Esc or a click on the no button, nil for anything else (the question stays).
    func answer(to event: Event) -> Bool? {
        switch event {
        case let .key(key) where key.modifiers.isSubset(of: .shift):
            switch key.key {
            case .character("y"), .character("Y"): return true
            case .character("n"), .character("N"), .enter, .escape: return false
            default: return nil
            }
        case let .mouse(mouse) where mouse.kind == .release && mouse.button == .left:
            let at = Point(x: mouse.x, y: mouse.y)
            if yesButton.contains(at) { return true }
            if noButton.contains(at) { return false }
            return nil
        default: return nil
        }
    }

    /// Draws the question across `bounds`, the buttons at its trailing end: rounded, in the
    /// body type of a desktop's status bar, on a bar tall enough for them (a window's); on one
    /// row, each as its name in the control colours (a terminal's).
    mutating func render(in bounds: Rect, into canvas: inout Canvas) {
        frame = bounds
        var buttons = (no: Rect.zero, yes: Rect.zero)
        let (text, yes, no, theme, idiom) = (text, yes, no, theme, ScrollIdiom.macOS)
        canvas.draw(bounds, idiom: idiom) { c in
            let measurer = c.measurer(for: idiom)
            c.fill(bounds, theme.focus)
            let rounded = bounds.height >= 24
            let font: FontRole = measurer.lineHeight(.body) <= bounds.height ? .body : .footnote
            let lineHeight = measurer.lineHeight(font)
            let top = bounds.minY + (bounds.height - lineHeight) / 2
            // A button is its name with room either side: a cell a side on a grid, more in a window.
            let pad = rounded ? 12.0 : measurer.width(of: " ", font: font)
            let gap = rounded ? 8.0 : measurer.width(of: " ", font: font)
            func width(_ name: String) -> Double { measurer.width(of: name, font: font) + 2 * pad }
            let yesWidth = width(yes), noWidth = width(no)
            let inset = rounded ? 6.0 : 0
            let yesFrame = Rect(x: bounds.maxX - inset - yesWidth, y: rounded ? bounds.minY + 3 : bounds.minY, width: yesWidth,
                                height: rounded ? bounds.height - 6 : bounds.height)
            let noFrame = Rect(x: yesFrame.minX - gap - noWidth, y: yesFrame.minY, width: noWidth, height: yesFrame.height)
            // The buttons only where the question keeps some room before them.
            let fits = noFrame.minX - bounds.minX >= Swift.min(bounds.width / 3, measurer.width(of: text, font: font))
            var style = theme.text
            style.background = theme.focus.background
            // As far in as the status line it stands in for.
            let textInset = rounded ? 8.0 : c.metrics.cellWidth
            c.text(text, at: Point(x: bounds.minX + textInset, y: top), width: Swift.max(0, (fits ? noFrame.minX - gap : bounds.maxX) - bounds.minX - textInset),
                   font: font, style: style)
            guard fits else { return }
            for (frame, name, look) in [(noFrame, no, theme.controlBackground), (yesFrame, yes, theme.destructive)] {
                if rounded {
                    c.fill(frame, theme.groupedRow, radius: 6)
                    c.stroke(frame, theme.separator, width: 1, radius: 6)
                    var label = look
                    label.background = theme.groupedRow.background
                    c.text(name, at: Point(x: frame.minX, y: top), width: frame.width, font: font, style: label, alignment: .center)
                } else {
                    // A pill of the control colour (reversed cells on a grid), the name on it.
                    c.fill(frame, theme.controlBackground, radius: frame.height / 2)
                    var label = look
                    label.background = theme.controlBackground.background
                    label.reverse = theme.controlBackground.reverse
                    c.text(name, at: Point(x: frame.minX, y: top), width: frame.width, font: font, style: label, alignment: .center)
                }
            }
            buttons = (noFrame, yesFrame)
        }
        (noButton, yesButton) = buttons
    }

    /// The question for a screen reader: an alert-like group named by its text, focused, with
    /// a button for each answer that a click on it gives.
    var accessibility: AccessibilityElement {
        var element = AccessibilityElement(role: .group, name: text, state: [.focused], frame: frame)
        element.children = [(no, noButton), (yes, yesButton)].filter { $0.1.width > 0 }.map { name, frame in
            var button = AccessibilityElement(role: .button, name: name, frame: frame)
            button.actions = [.click(at: frame.center)]
            return button
        }
        return element
    }
}
