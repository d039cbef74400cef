import Scrollwork
import ScrollworkWidgets

/// What each of `scrollwork open`'s screens tells a screen reader: its table, list or text, and
/// the prompt or question open over it, in reading order.
extension AccessibilityElement {
    /// A screen of `parts` (those that are there), the last one focused when it is a prompt.
    static func screen(_ parts: AccessibilityElement?...) -> AccessibilityElement {
        var shown = parts.compactMap { $0 }
        // A question over the table says itself focused.
        if shown.contains(where: { $0.state.contains(.focused) }) {}
        else if let last = shown.indices.last, shown.count > 1, shown[last].role == .textField { shown[last].state.insert(.focused) }
        else if !shown.isEmpty { shown[0].state.insert(.focused) }
        return AccessibilityElement(role: .group, frame: shown.reduce(Rect.zero) { $0.union($1.frame) }, children: shown)
    }
}

extension ResultSheet {
    /// The sheet's table, and its prompt (or the prompt of the table under it) while one is open.
    var accessibility: AccessibilityElement? { mutating get { .screen(view.accessibility, overlay?.accessibility) } }
}

extension TextPager {
    /// The text, and the prompt or the menu over it while one is open. The text read is the
    /// lines on screen and those above them from the start of their block of a hundred, the
    /// caret on the top line: a scroll moves the caret from line to line, and a screen reader
    /// reads the line scrolled to (read here, only when a screen reader's bridge asks).
    public var accessibility: AccessibilityElement? {
        mutating get {
            var text = view.accessibility
            if let shown = text, let d = shown.children.firstIndex(where: { $0.role == .document }) {
                let first = view.content.first
                let above = (first / 100 * 100..<first).map(line)
                let lines = above + view.content.shown
                // Unwrapped, each line is a row of cells after the numbers' gutter, cut at the
                // view's edge and scrolled sideways; wrapped, where a line lies is left unsaid.
                let window = view.window, cell = window.metrics.cellWidth, row = window.metrics.cellHeight
                let frames = view.content.wraps ? [] : lines.indices.map { k in
                    Rect(x: window.box.minX + Double(view.content.gutter + 3 - window.firstColumn) * cell,
                         y: window.box.minY + Double(first - above.count + k) * row - window.offset.y,
                         width: Double(displayWidth(lines[k])) * cell, height: row)
                }
                text?.children[d] = .document(AccessibleText(lines: lines, firstShown: above.count, lineFrames: frames), frame: shown.children[d].frame)
            }
            return .screen(text, field?.accessibility, menu?.accessibility)
        }
    }
}

extension TableScreen {
    /// The database table, and the prompt over it while one is open.
    var accessibility: AccessibilityElement? {
        mutating get { sheet != nil ? sheet?.accessibility ?? nil : .screen(view.accessibility, overlay?.accessibility) }
    }
}

extension DatabaseViewer {
    /// The table open, or the list of the database's tables.
    public var accessibility: AccessibilityElement? {
        mutating get { pages.accessibility }
    }
}

extension DirectoryViewer {
    /// The file open from the listing, or the listing.
    public var accessibility: AccessibilityElement? {
        mutating get { pages.accessibility }
    }
}
